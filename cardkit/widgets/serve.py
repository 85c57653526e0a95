"""``cardkit serve``: serve the Voila apps, and what an app notebook reads from its page address.

    cardkit serve                       http://127.0.0.1:8866/voila/render/index.ipynb
    cardkit serve --port 9000 --no-browser
    cardkit serve --class               a class on the local network, behind a printed token
    cardkit serve --students 25 --pool 4

Where the notebooks come from: the apps live in ``notebooks/`` at the top of the source tree
(the layout in DESIGN.md). cardkit is installed editable (``pip install -e``, as ``make demo``
does), so the directory beside the package is found from the installed package. Other places
can be named with ``--notebooks DIR`` or the ``CARDKIT_NOTEBOOKS`` environment variable, and an
installation that copies the notebooks to ``<prefix>/share/cardkit/notebooks`` is found too.

Voila runs in tree mode on that directory, so every app is at ``/voila/render/<name>.ipynb`` and
the gallery (``index.ipynb``) links its siblings by their bare file names. Pages use cardkit's
Voila template (``share/voila/templates/cardkit`` beside this module): Voila's "lab" template
without its Font Awesome CDN links, so that nothing is fetched from the internet.

What an app notebook reads from its page's address (`page_options`, `option_int`, `show_app`
and the rest) lives in `cardkit.widgets.page_options`; it is offered here too, where the app
notebooks have always imported it from. ``--class`` (the class board's data, the teacher's
address, preheating for the whole class) is `cardkit.widgets.class_serve`.
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import webbrowser
from pathlib import Path

from cardkit.widgets import limits
from cardkit.widgets.page_options import (
    BOT_DELAY_ENV,
    default_bot_delay,
    option_choice,
    option_flag,
    option_float,
    option_int,
    page_options,
    show_app,
)

__all__ = [
    "BOT_DELAY_ENV",
    "add_parser",
    "app_url",
    "available_mb",
    "class_address",
    "default_bot_delay",
    "default_students",
    "find_notebooks",
    "option_choice",
    "option_flag",
    "option_float",
    "option_int",
    "page_options",
    "qr_text",
    "show_app",
    "voila_command",
    "voila_env",
]

GALLERY = "index.ipynb"
NOTEBOOKS_ENV = "CARDKIT_NOTEBOOKS"
TEMPLATE = "cardkit"
SHARE_DIR = Path(__file__).resolve().parent / "share"
# Fresh kernels (no preheated one waiting) starting at once: one per core keeps the server
# and the students already playing responsive (measured on 2 cores, docs/serving.md).
FRESH_STARTS = max(1, os.cpu_count() or 1)

# The apps a class opens together get preheated kernels (`cardkit serve --pool`).
POOL_APPS = ("xeri_table.ipynb", "zion_table.ipynb")
FILL_DELAY = 15.0
DEFAULT_POOL = 2
MAX_STUDENTS = 60
IDENTITY = "cardkit.widgets.class_voila.ClassIdentityProvider"  # the two tokens


def find_notebooks(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The directory holding the app notebooks (it must contain ``index.ipynb``).

    Looked for in order: ``explicit``, ``$CARDKIT_NOTEBOOKS``, ``notebooks/`` beside the installed
    package (a source checkout or an editable install), ``<sys.prefix>/share/cardkit/notebooks``.
    """
    package_dir = Path(__file__).resolve().parent.parent
    candidates: list[Path] = []
    if explicit:
        candidates.append(Path(explicit))
    if os.environ.get(NOTEBOOKS_ENV):
        candidates.append(Path(os.environ[NOTEBOOKS_ENV]))
    candidates += [
        package_dir.parent / "notebooks",
        Path(sys.prefix) / "share" / "cardkit" / "notebooks",
    ]
    for candidate in candidates:
        if (candidate / GALLERY).is_file():
            return candidate.resolve()
    tried = ", ".join(str(c) for c in candidates)
    raise ValueError(
        f"cannot find the app notebooks (a directory with {GALLERY}); tried: {tried}. "
        f"Install cardkit editable from its source tree (make demo), or pass --notebooks DIR "
        f"or set {NOTEBOOKS_ENV}."
    )


def app_url(host: str, port: int, name: str = "index") -> str:
    """The address of one app: ``http://127.0.0.1:8866/voila/render/index.ipynb``."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/voila/render/{name}.ipynb"


def voila_command(
    notebooks: Path, port: int, host: str = "127.0.0.1", *, cull_idle: int = limits.IDLE_CULL_S,
    students: int = 0, pool: int = 0, fill_delay: float = FILL_DELAY, token: str | None = None,
    fresh_starts: int = FRESH_STARTS, teacher_token: str | None = None,
    pool_apps: tuple[str, ...] = POOL_APPS,
) -> list[str]:
    """The command line of cardkit's Voila server (`cardkit.widgets.class_voila`, which is
    `cardkit.widgets.voila_app` with a teacher) for
    ``notebooks``: tree mode, no browser, a fixed port, hardened for a class.

    - Page address overrides (``?template=``, ``?theme=``) are off, and refused.
    - The kernel websocket speaks only the v1 protocol and checks every frame first.
    - ``students`` caps the students' kernels (0: no cap); past it a page says the class is
      full. ``pool`` kernels per app of ``pool_apps`` (`POOL_APPS`) are started ahead and
      wait, already past their imports (Voila's ``preheat_kernel``); a used one is replaced after
      ``fill_delay`` seconds, so a class arriving at once does not also start the refills.
    - A page that finds no preheated kernel starts its own, ``fresh_starts`` pages at a time
      (0: no limit); later pages wait their turn, and the pool's refills wait for them.
    - Kernels talk to the server over local (ipc) sockets; kernels whose page is gone are
      culled after ``cull_idle`` seconds (idle) or `limits.ABANDONED_S` (busy).
    - ``token``: every page needs ``?token=...`` once (``cardkit serve --class``);
      ``teacher_token`` is the teacher's, which the class board's page needs.
    """
    command = [
        sys.executable, "-m", "cardkit.widgets.class_voila", str(notebooks),
        f"--port={port}",
        f"--Voila.ip={host}",
        "--Voila.port_retries=0",  # the printed address must be the real one
        "--no-browser",
        f"--VoilaConfiguration.template={TEMPLATE}",
        "--VoilaConfiguration.allow_template_override=NO",
        "--VoilaConfiguration.allow_theme_override=NO",
        # The page's Accept-Language reaches its kernel as $HTTP_ACCEPT_LANGUAGE: an app
        # without ?lang= speaks the browser's language (page_options.page_language).
        "--VoilaConfiguration.http_header_envs=Accept-Language",  # a list: one item a flag
        # The static site's build tools (cardkit[lite], in the test extra) install the Pyodide
        # kernel's JupyterLab extension; loaded into a Voila page it fails ("reading
        # 'LicensesClient'") and logs an error on every page, so Voila must not load it.
        "--VoilaConfiguration.extension_denylist=@jupyterlite/pyodide-kernel-extension",
        "--KernelManager.transport=ipc",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={max(1, min(60, cull_idle // 2))}",
        "--MappingKernelManager.cull_connected=False",
        f"--CardkitVoila.max_students={students}",
        f"--CardkitVoila.fresh_starts={fresh_starts}",
        f"--CardkitVoila.abandoned_after={min(limits.ABANDONED_S, cull_idle)}",
        # Voila 0.5.13 shuts a page's kernel down on unload with a POST whose _xsrf cookie the
        # page never got (403: the kernel lingers until culled). The POST needs the kernel's
        # unguessable id, and Voila serves no other form, so the xsrf check is off.
        "--Voila.tornado_settings=disable_check_xsrf=True",
    ]
    if pool > 0:
        command += [f"--CardkitVoila.pool_size={pool}",
                    *(f"--CardkitVoila.pool_apps={app}" for app in pool_apps),
                    f"--VoilaKernelManager.fill_delay={fill_delay}"]
    if token:
        command.append(f"--Voila.token={token}")
    command.append(f"--Voila.identity_provider_class={IDENTITY}")
    if teacher_token:
        command.append(f"--ClassIdentityProvider.teacher_token={teacher_token}")
    return command


def voila_env(base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for Voila: our template first, then this environment's Jupyter data.

    Putting ``<sys.prefix>/share/jupyter`` before the user's directories makes kernels run in
    this environment (where cardkit is installed), not in a user-wide "python3" kernelspec.
    """
    env = dict(os.environ if base is None else base)
    paths = [str(SHARE_DIR), str(Path(sys.prefix) / "share" / "jupyter"), env.get("JUPYTER_PATH")]
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in paths if p)
    return env


def _port_is_free(host: str, port: int) -> bool:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        # As the server itself will: a port whose last connections wait in TIME_WAIT (a server
        # just stopped) is free to listen on again, only a listening socket makes it busy.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def available_mb() -> int:
    """Memory this machine has free for kernels, in MB (from /proc/meminfo where there is one)."""
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) // 1024
    except OSError:
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2**20
    except (ValueError, OSError, AttributeError):
        return 4000


def default_students(pool: int, memory_mb: int | None = None) -> int:
    """How many students this machine holds: 70 % of its free memory, one kernel each
    (`limits.KERNEL_MB`), after the preheated pool, and no more than `MAX_STUDENTS`."""
    budget = int((available_mb() if memory_mb is None else memory_mb) * 0.7)
    return min(MAX_STUDENTS, limits.students_for_memory(budget, pool * len(POOL_APPS)))


def class_address() -> str:
    """This machine's address on its network (the one a route out would use; nothing is sent).
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))  # UDP connect: picks a route, sends nothing
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def qr_text(url: str) -> str:
    """``url`` as a QR code drawn with text blocks, for students' phones (needs ``segno``)."""
    try:
        import segno
    except ImportError:
        return ""
    import io

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def _open_when_ready(url: str, host: str, port: int, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((host, port), timeout=1):
                webbrowser.open(url, new=2)
                return
        except OSError:
            time.sleep(0.3)


def _has_display() -> bool:
    # Without a desktop, webbrowser may pick a text browser that takes over the terminal.
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run(args: argparse.Namespace) -> int:
    if not 0 < args.port < 65536:
        raise ValueError(f"--port must be between 1 and 65535, not {args.port}")
    if args.pool < 0 or args.students < 0 or args.fresh_starts < 0:
        raise ValueError("--students, --pool and --fresh-starts are 0 or more")
    notebooks = find_notebooks(args.notebooks)
    host = args.host or ("0.0.0.0" if args.classroom else "127.0.0.1")
    if not _port_is_free(host, args.port):
        raise ValueError(
            f"port {args.port} on {host} is already in use; choose another with --port "
            f"(make demo PORT=...)"
        )
    # imported here: the app notebooks import this module, and the board's store needs pandas,
    # which the static site (cardkit lite) cannot load
    from cardkit.widgets import class_serve

    students = args.students or default_students(args.pool)
    token = args.token or (secrets.token_urlsafe(9) if args.classroom else None)
    setup = class_serve.class_setup(args, token, notebooks)
    shown = class_address() if host in ("0.0.0.0", "::") else host
    url = app_url(shown, args.port) + (f"?token={token}" if token else "")
    print(f"cardkit apps: {url}", flush=True)
    print(f"(serving {notebooks} for up to {students} students; press Ctrl-C to stop)",
          flush=True)
    print(setup.said, flush=True)
    if args.classroom:
        print("Students open the address above (the token lets them in), or scan:", flush=True)
        print(qr_text(url), flush=True)
    if setup.teacher_token:
        teacher = app_url(shown, args.port, "class_board") + f"?token={setup.teacher_token}"
        print(f"teacher's class board (keep this address to yourself): {teacher}", flush=True)
    local_host = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    if not args.no_browser and _has_display():
        threading.Thread(
            target=_open_when_ready,
            args=(app_url(local_host, args.port) + (f"?token={token}" if token else ""),
                  shown, args.port), daemon=True,
        ).start()
    pool, apps = (setup.preheat, (setup.app,)) if setup.preheat else (args.pool, POOL_APPS)
    command = voila_command(notebooks, args.port, host, students=students, pool=pool,
                            token=token, fresh_starts=args.fresh_starts,
                            teacher_token=setup.teacher_token, pool_apps=apps)
    lab = app_url(shown, args.port, "probability_lab") + (f"?token={token}" if token else "")
    server = subprocess.Popen(command, env=voila_env({**os.environ, **setup.env(lab)}))
    # Stopping `cardkit serve` (Ctrl-C, or a SIGTERM from a process manager) stops Voila too.
    previous = signal.signal(signal.SIGTERM, lambda *_: server.terminate())
    try:
        if setup.preheat:
            local = f"http://{local_host}:{args.port}"
            class_serve.wait_until_ready(local, token, setup, server)
        return server.wait()
    except KeyboardInterrupt:
        server.terminate()
        return server.wait()
    finally:
        signal.signal(signal.SIGTERM, previous)


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add ``cardkit serve`` to the command line."""
    parser = sub.add_parser(
        "serve",
        help="serve the Voila apps (Xeri table, Zion Check table, meld checker, replay viewer)",
        description="Serve the cardkit apps with Voila and print the address of the gallery.",
    )
    parser.add_argument("--port", type=int, default=8866, help="port to listen on (8866)")
    parser.add_argument("--host", default=None,
                        help="address to listen on (127.0.0.1; with --class, every address)")
    parser.add_argument("--class", dest="classroom", action="store_true",
                        help="serve the class network: listen on every address, behind a "
                             "token printed with the address and a QR code")
    parser.add_argument("--token", default=None,
                        help="the token pages need (--class makes one up when not given)")
    parser.add_argument("--students", type=int, default=0,
                        help="most students at once; more see 'the class is full' "
                             "(default: what 70%% of the free memory holds). With --class, "
                             "that many kernels of --app are preheated before the server says "
                             "it is ready")
    parser.add_argument("--pool", type=int, default=DEFAULT_POOL,
                        help=f"preheated kernels waiting for each class app ({DEFAULT_POOL}; "
                             "0: none): a student gets one in a fraction of a second")
    parser.add_argument("--fresh-starts", type=int, default=FRESH_STARTS,
                        help=f"students past the pool whose kernels start at once; the next "
                             f"wait their turn ({FRESH_STARTS}: one per core; 0: no limit)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    parser.add_argument("--notebooks", default=None, help="directory of app notebooks to serve")
    from cardkit.widgets import class_serve  # (see run)

    class_serve.add_arguments(parser)
    parser.set_defaults(run=run)
    return parser
