"""The Voila server that ``cardkit serve`` runs: Voila 0.5 with a class's safety rails.

``python -m cardkit.widgets.voila_app NOTEBOOKS [Voila options]`` is ``python -m voila`` with:

- **a guarded kernel websocket** (`GuardedKernelWebsocketHandler`, in place of Voila's handler
  at ``/api/kernels/<id>/channels``): only the v1 subprotocol is accepted (a socket that does
  not offer it is refused before the upgrade, so the legacy binary decoder never runs), and
  each frame passes `cardkit.widgets.guard.SocketGuard` (shape, size, JSON nesting, message
  rate, ``comm_open`` count) before jupyter_server decodes it. A refused frame closes that
  socket only (code 1008) and is logged; the server goes on serving everyone else.
- **no page overrides** (`ClassVoilaHandler`): an address with ``?template=`` or ``?theme=``
  is refused with a plain 400 page (Voila would honour it, or hang on an unknown template),
  so nothing from the address reaches the page's HTML.
- **a cap on students** (``--CardkitVoila.max_students=N``): while N students' kernels are
  live, a new page gets a plain 503 "the class is full, try again in a minute" page instead
  of one more kernel. Kernels waiting in the preheated pool do not count.
- **fresh kernels in turns** (``--CardkitVoila.fresh_starts=N``, 2 by default): a page that
  finds no preheated kernel waiting starts its own, at most N at once; later pages wait their
  turn (their page loads a little later), so that a class arriving past the pool does not
  stall the students already playing, or the server.
- **preheated kernels** (``--CardkitVoila.pool_size=P --CardkitVoila.pool_apps=NAME.ipynb``,
  the option repeated for each app): P kernels per app run its notebook ahead and wait for a
  page (Voila's ``preheat_kernel``, whose pools are set here rather than as a dict on the
  command line, a form traitlets deprecates). A kernel a page takes is replaced
  ``--VoilaKernelManager.fill_delay`` s later, and replacements start
  ``--CardkitVoila.refill_every`` s apart, so that a class arriving at once is not slowed by
  its own refills. Every page's templates are compiled once (`CachedTemplatesExporter`).
- **culling of abandoned kernels**: a kernel whose page has been gone
  ``--CardkitVoila.abandoned_after`` seconds (busy or not), or which is older than
  ``--CardkitVoila.max_lifetime`` seconds since its page connected, is shut down. Voila's own
  culling (``MappingKernelManager.cull_idle_timeout``) still ends idle kernels; it cannot see
  a kernel kept busy by a page that is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any, ClassVar

import jinja2
import jinja2.bccache
import tornado.web
from tornado.ioloop import PeriodicCallback
from traitlets import Float, Int, List, Unicode
from voila import notebook_renderer
from voila.app import Voila
from voila.exporter import VoilaExporter
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from cardkit.widgets import limits
from cardkit.widgets.guard import V1, FrameRefused, SocketGuard
from cardkit.widgets.server_pages import class_full_page, override_refused, request_language

__all__ = ["CardkitVoila", "ClassVoilaHandler", "GuardedKernelWebsocketHandler", "main"]

REFUSED_OVERRIDES = ("template", "theme")
REFILL_WAIT_S = 1.0  # how often a pool refill looks whether pages still wait to start


@dataclass
class _Seen:
    first: float
    last: float
    connections: int = 0


class KernelWatch:
    """When each kernel's page connected and left, for culling abandoned kernels."""

    kernels: ClassVar[dict[str, _Seen]] = {}

    @classmethod
    def opened(cls, kernel_id: str) -> None:
        now = time.monotonic()
        seen = cls.kernels.setdefault(kernel_id, _Seen(now, now))
        seen.connections += 1
        seen.last = now

    @classmethod
    def closed(cls, kernel_id: str) -> None:
        seen = cls.kernels.get(kernel_id)
        if seen is not None:
            seen.connections = max(0, seen.connections - 1)
            seen.last = time.monotonic()

    @classmethod
    def due(cls, live: set[str], abandoned_after: float, max_lifetime: float) -> list[str]:
        """Kernels to shut down: page gone for ``abandoned_after`` s, or too old."""
        now = time.monotonic()
        for gone in set(cls.kernels) - live:
            del cls.kernels[gone]
        return [kid for kid, seen in cls.kernels.items()
                if (seen.connections == 0 and now - seen.last > abandoned_after)
                or now - seen.first > max_lifetime]


class GuardedKernelWebsocketHandler(VoilaKernelWebsocketHandler):
    """Voila's kernel websocket, v1 only, with every frame checked before it is decoded."""

    _guard: SocketGuard | None = None
    _refused = False

    async def get(self, kernel_id: str) -> None:
        offered = [p.strip() for p in self.request.headers.get("Sec-WebSocket-Protocol", "")
                   .split(",")]
        if V1 not in offered:
            self.set_status(400)
            self.finish(f"this server speaks only the {V1} kernel protocol")
            return
        await super().get(kernel_id)

    def select_subprotocol(self, subprotocols: list[str]) -> str | None:
        return V1 if V1 in subprotocols else None

    async def open(self, kernel_id: str) -> None:
        self._guard = SocketGuard()
        KernelWatch.opened(kernel_id)
        await super().open(kernel_id)

    def on_message(self, ws_message: Any) -> None:
        # A socket the server has closed (e.g. replaced by a newer one of the same session)
        # reports no subprotocol, and jupyter_server would then decode its frames with the
        # legacy decoder: drop them.
        if self._refused or getattr(self.ws_connection, "selected_subprotocol", None) != V1:
            return
        try:
            (self._guard or SocketGuard()).admit(ws_message)
        except FrameRefused as refusal:
            self._refused = True
            self.log.warning("kernel %s: frame refused, socket closed: %s",
                             getattr(self, "kernel_id", "?"), refusal)
            self.close(1008, str(refusal)[:120])
            return
        super().on_message(ws_message)

    def on_close(self) -> None:
        KernelWatch.closed(getattr(self, "kernel_id", ""))
        if getattr(self, "connection", None) is not None:
            super().on_close()


class ClassVoilaHandler(TornadoVoilaHandler):
    """Voila's page handler, refusing address overrides and pages past the class's size."""

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        overrides = [name for name in REFUSED_OVERRIDES if name in self.request.arguments]
        if overrides:
            self.set_status(400)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish(override_refused(overrides[0], request_language(self)))
            return
        app: CardkitVoila | None = self.settings.get("cardkit_app")
        notebook = str(path or "")
        if app is None or not notebook.endswith(".ipynb"):
            await super().get(path)
            return
        if app.class_is_full():
            self._class_full(app)
            return
        if app.has_ready_kernel(notebook):
            await super().get(path)  # a preheated kernel: no start-up to queue for
            return
        async with app.fresh_start_turn():
            if self._gone:  # the student left while waiting: start nothing for nobody
                return
            if app.class_is_full():  # others started kernels while this page waited
                self._class_full(app)
                return
            await super().get(path)

    _gone = False

    def on_connection_close(self) -> None:
        self._gone = True
        super().on_connection_close()

    def _class_full(self, app: CardkitVoila) -> None:
        self.set_status(503)
        self.set_header("Retry-After", "60")
        self.finish(class_full_page(app.max_students, request_language(self)))


class _MemoryBytecodeCache(jinja2.BytecodeCache):
    """Compiled page templates kept in memory for every page the server renders.

    Voila builds a new Jinja environment for each page it renders (each kernel of the pool
    too), so it parsed and compiled the same dozen templates every time: measured with py-spy
    during `benchmarks/bench_class.py`, that was about 40 % of the server's busy time, all of it
    on the event loop that answers everyone. Jinja checks each template's source checksum
    against its cached code, so an edited template is compiled afresh.
    """

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


_TEMPLATE_CODE = _MemoryBytecodeCache()


class CachedTemplatesExporter(VoilaExporter):
    """Voila's page exporter, its compiled templates shared by every page (see above)."""

    def _create_environment(self) -> jinja2.Environment:
        environment = super()._create_environment()
        environment.bytecode_cache = _TEMPLATE_CODE
        return environment


# Voila's renderer makes its exporter by this name, for fresh and preheated pages alike.
notebook_renderer.VoilaExporter = CachedTemplatesExporter


class CardkitVoila(Voila):
    """Voila with cardkit's guard, overrides refused, a student cap and abandoned-kernel culling."""

    name = "cardkit-voila"
    max_students = Int(0, config=True, help="Most students' kernels at once (0: no cap).")
    abandoned_after = Float(limits.ABANDONED_S, config=True,
                            help="Shut a kernel down this many s after its page left.")
    max_lifetime = Float(limits.MAX_KERNEL_LIFETIME_S, config=True,
                         help="Shut any kernel down this many s after its page connected.")
    reap_interval = Float(15.0, config=True, help="How often to look for kernels to shut.")
    pool_size = Int(0, config=True, help="Preheated kernels waiting for each of pool_apps.")
    pool_apps = List(Unicode(), config=True, help="The notebooks that get preheated kernels.")
    refill_every = Float(5.0, config=True,
                         help="Start the pool's replacement kernels at least this many s apart.")
    fresh_starts = Int(2, config=True,
                       help="Pages whose kernel starts afresh (none waiting in the pool) at "
                            "once; more wait their turn (0: no limit).")
    _next_refill = 0.0
    _fresh_turns: asyncio.Semaphore | None = None
    _fresh_pages = 0  # pages waiting for, or holding, a turn to start a fresh kernel

    def init_settings(self) -> dict[str, Any]:
        if self.pool_size > 0:
            # Voila takes its pools as a dict setting; given on the command line that form is
            # deprecated (traitlets 5), so the pools are set here from two plain options.
            pools = {"default": {"pool_size": 0},
                     **{app: {"pool_size": self.pool_size} for app in self.pool_apps}}
            self.config.VoilaKernelManager.kernel_pools_config = pools
            self.voila_configuration.preheat_kernel = True
        settings = super().init_settings()
        if self.pool_size > 0:
            self._stagger_refills()
        settings["websocket_max_message_size"] = limits.MAX_FRAME_BYTES
        settings["cardkit_app"] = self
        return settings

    def _stagger_refills(self) -> None:
        """Start the pool's replacements one by one, ``refill_every`` s apart, and give pages
        only kernels that have started.

        Voila replaces each kernel a page takes ``fill_delay`` s later; a class arriving at
        once then started a replacement per student at the same moment, each importing the
        apps on the 2 cores the class's own kernels need. Here the n-th replacement waits
        ``fill_delay + n * refill_every`` s (counted from the last one scheduled).
        """
        manager = self.kernel_manager
        fill = manager.fill_if_needed

        def staggered_fill(delay: float | None = None, *args: Any, **kwargs: Any) -> None:
            if delay is None:  # a refill after a page took a kernel (start-up passes 0)
                now = time.monotonic()
                start = max(now + manager.fill_delay, self._next_refill)
                self._next_refill = start + self.refill_every
                delay = start - now
            fill(delay, *args, **kwargs)

        manager.fill_if_needed = staggered_fill

        # A refill is a kernel for a student yet to come: students already waiting go first.
        initialize = manager._initialize

        async def initialize_after_pages(*args: Any, **kwargs: Any) -> Any:
            while self._fresh_pages > 0:
                await asyncio.sleep(REFILL_WAIT_S)
            return await initialize(*args, **kwargs)

        manager._initialize = initialize_after_pages

        # Voila hands a page the pool's first kernel even while it is a replacement still
        # waiting for its start: a student arriving then waited for the whole refill queue
        # (measured: 149 s at p95 in a class of 30 with a pool of 10). A page takes a
        # started kernel when there is one, else gets a fresh kernel of its own at once.
        def started(task: Any) -> bool:
            return task.done() and not task.cancelled() and task.exception() is None

        def ready_pool_size(notebook_name: str) -> int:
            return sum(started(task) for task in manager._pools.get(notebook_name, []))

        take = manager.get_rendered_notebook

        async def take_started(notebook_name: str, *args: Any, **kwargs: Any) -> Any:
            manager._pools.get(notebook_name, []).sort(key=lambda task: not started(task))
            return await take(notebook_name, *args, **kwargs)

        manager.get_pool_size = ready_pool_size
        manager.get_rendered_notebook = take_started

    def init_handlers(self) -> list[Any]:
        swap = {VoilaKernelWebsocketHandler: GuardedKernelWebsocketHandler,
                TornadoVoilaHandler: ClassVoilaHandler}
        return [(spec[0], swap.get(spec[1], spec[1]), *spec[2:]) for spec in
                super().init_handlers()]

    def has_ready_kernel(self, notebook: str) -> bool:
        """Whether a page of ``notebook`` would now get a preheated kernel (as Voila decides)."""
        manager = self.kernel_manager
        try:
            return manager.get_pool_size(notebook) > 0 and bool(manager.notebook_data.get(notebook))
        except AttributeError:  # no preheating
            return False

    @contextlib.asynccontextmanager
    async def fresh_start_turn(self) -> AsyncIterator[None]:
        """A page's turn to start a fresh kernel, `fresh_starts` pages at a time.

        A fresh kernel costs a few CPU-seconds: importing the apps and running the notebook
        in the kernel, rendering its outputs in this server. A class arriving past the pool
        started them all at once, and the 2 cores then served nobody: the preheated students
        waited 13 s for a table that was ready, and the server took 4 s to answer anyone
        (`benchmarks/bench_class.py`, 30 students, pool 10). In turns, the late students
        queue for their table instead, and everyone else goes on playing. The pool's
        refills wait while any page waits or starts (`_stagger_refills`).
        """
        self._fresh_pages += 1
        try:
            if self.fresh_starts <= 0:
                yield
                return
            if self._fresh_turns is None:
                self._fresh_turns = asyncio.Semaphore(self.fresh_starts)
            async with self._fresh_turns:
                yield
        finally:
            self._fresh_pages -= 1

    def pool_kernel_ids(self) -> set[str]:
        """Kernels started for the preheated pool and not yet given to a page."""
        ids: set[str] = set()
        for pool in getattr(self.kernel_manager, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    ids.add(task.result()["kernel_id"])
        return ids

    def student_kernels(self) -> int:
        return len(set(self.kernel_manager.list_kernel_ids()) - self.pool_kernel_ids())

    def class_is_full(self) -> bool:
        return self.max_students > 0 and self.student_kernels() >= self.max_students

    async def _reap(self) -> None:
        live = set(self.kernel_manager.list_kernel_ids())
        for kernel_id in KernelWatch.due(live, self.abandoned_after, self.max_lifetime):
            self.log.info("shutting down kernel %s: its page is gone or it is too old",
                          kernel_id)
            KernelWatch.kernels.pop(kernel_id, None)
            try:
                await self.kernel_manager.shutdown_kernel(kernel_id, now=True)
            except Exception as error:  # a kernel that died meanwhile is no reason to stop
                self.log.warning("could not shut kernel %s down: %s", kernel_id, error)

    def listen(self) -> None:
        PeriodicCallback(self._reap, self.reap_interval * 1000).start()
        super().listen()


main = CardkitVoila.launch_instance

if __name__ == "__main__":
    main()
