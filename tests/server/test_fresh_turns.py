"""Fresh kernels start in turns (issue 12): a page that finds no preheated kernel waits for
its turn, and the class cap is checked again when the turn comes, so that pages arriving
together can neither start more kernels than the cap nor all start at once."""

from __future__ import annotations

import concurrent.futures

from server_helpers import get, start_server, stop_server


def test_pages_arriving_together_start_one_kernel_at_a_time_within_the_cap(tmp_path):
    # One place in the class, one fresh start at a time, two students at once: the first
    # starts a kernel; the second waits its turn and then finds the class full. Checked only
    # on arrival, both would have found the class empty and started a kernel each.
    server = start_server(tmp_path, students=1, fresh_starts=1)
    try:
        url = server.url("/voila/render/index.ipynb")
        with concurrent.futures.ThreadPoolExecutor(2) as students:
            pages = list(students.map(lambda _: get(url, timeout=120), range(2)))
        statuses = sorted(status for status, _ in pages)
        assert statuses == [200, 503], [(status, page[:200]) for status, page in pages]
        full = next(page for status, page in pages if status == 503)
        assert "The class is full" in full
        assert server.log.read_text().count("Kernel started") == 1
    finally:
        stop_server(server)
