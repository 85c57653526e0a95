"""``cardkit serve``: serve the Voila apps, and what an app notebook reads from its page address.

    cardkit serve                       http://127.0.0.1:8866/voila/render/index.ipynb
    cardkit serve --port 9000 --no-browser

Where the notebooks come from: the apps live in ``notebooks/`` at the top of the source tree
(the layout in DESIGN.md). cardkit is installed editable (``pip install -e``, as ``make demo``
does), so the directory beside the package is found from the installed package. Other places
can be named with ``--notebooks DIR`` or the ``CARDKIT_NOTEBOOKS`` environment variable, and an
installation that copies the notebooks to ``<prefix>/share/cardkit/notebooks`` is found too.

Voila runs in tree mode on that directory, so every app is at ``/voila/render/<name>.ipynb`` and
the gallery (``index.ipynb``) links its siblings by their bare file names. Pages use cardkit's
Voila template (``share/voila/templates/cardkit`` beside this module): Voila's "lab" template
without its Font Awesome CDN links, so that nothing is fetched from the internet.

An app notebook reads options from its page's query string (Voila passes the query string to the
kernel): ``?seed=7&bot_delay=0`` gives ``{"seed": "7", "bot_delay": "0"}``. `page_options`
refuses an option the app does not know, and `option_int`, `option_float`, `option_flag` and
`option_choice` refuse a malformed value, each with a ValueError that names what is accepted.
`show_app` builds the app from the options and, when they are wrong, shows that reason in the
page (with a link to the app's defaults) instead of a Python traceback::

    show_app(lambda options: XeriTable(seed=option_int(options, "seed", 1)), accepted=("seed",))

The environment variable ``CARDKIT_BOT_DELAY`` sets the default bot pause for every app served
(the browser tests set it to a small value).
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import webbrowser
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

__all__ = [
    "add_parser",
    "app_url",
    "default_bot_delay",
    "find_notebooks",
    "option_choice",
    "option_flag",
    "option_float",
    "option_int",
    "page_options",
    "show_app",
    "voila_command",
    "voila_env",
]

GALLERY = "index.ipynb"
NOTEBOOKS_ENV = "CARDKIT_NOTEBOOKS"
BOT_DELAY_ENV = "CARDKIT_BOT_DELAY"
TEMPLATE = "cardkit"
SHARE_DIR = Path(__file__).resolve().parent / "share"


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
    notebooks: Path, port: int, host: str = "127.0.0.1", *, cull_idle: int = 300
) -> list[str]:
    """The Voila command line that serves ``notebooks`` (tree mode, no browser, fixed port).

    Kernels whose page is gone are culled after ``cull_idle`` seconds: Voila keeps one kernel
    (about 110 MB) per page load, and a class opening the apps at once adds up.
    """
    return [
        sys.executable, "-m", "voila", str(notebooks),
        f"--port={port}",
        f"--Voila.ip={host}",
        "--Voila.port_retries=0",  # the printed address must be the real one
        "--no-browser",
        f"--VoilaConfiguration.template={TEMPLATE}",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={max(1, min(60, cull_idle // 2))}",
        "--MappingKernelManager.cull_connected=False",
        # Voila 0.5.13 shuts a page's kernel down on unload with a POST whose _xsrf cookie the
        # page never got (403: the kernel lingers until culled). The POST needs the kernel's
        # unguessable id, and Voila serves no other form, so the xsrf check is off.
        "--Voila.tornado_settings=disable_check_xsrf=True",
    ]


def voila_env(base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for Voila: our template first, then this environment's Jupyter data.

    Putting ``<sys.prefix>/share/jupyter`` before the user's directories makes kernels run in
    this environment (where cardkit is installed), not in a user-wide "python3" kernelspec.
    """
    env = dict(os.environ if base is None else base)
    paths = [str(SHARE_DIR), str(Path(sys.prefix) / "share" / "jupyter"), env.get("JUPYTER_PATH")]
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in paths if p)
    return env


def page_options(
    query: str | None = None, accepted: Iterable[str] | None = None
) -> dict[str, str]:
    """The options in the page's query string (``?seed=7&bot_delay=0``), for app notebooks.

    ``accepted`` names the options the app understands; any other gives a ValueError (a typo
    such as ``?sed=7`` would otherwise be ignored without a word).

    >>> page_options("seed=7&bot_delay=0")
    {'seed': '7', 'bot_delay': '0'}
    >>> page_options("")
    {}
    >>> page_options("sed=7", accepted=("seed",))
    Traceback (most recent call last):
    ...
    ValueError: this page has no option 'sed'; it understands: seed
    """
    if query is None:
        query = os.environ.get("QUERY_STRING", "")
    options = dict(parse_qsl(query.lstrip("?")))
    if accepted is not None:
        known = list(accepted)
        unknown = [name for name in options if name not in known]
        if unknown:
            names = ", ".join(repr(name) for name in unknown)
            plural = "s" if len(unknown) > 1 else ""
            raise ValueError(
                f"this page has no option{plural} {names}; it understands: {', '.join(known)}"
            )
    return options


def option_int(
    options: dict[str, str], name: str, default: int, *, low: int | None = None,
    high: int | None = None,
) -> int:
    """A whole number from ``options`` or the default; a malformed or out-of-range value gives
    a clear ValueError.

    >>> option_int({"seed": "7"}, "seed", 1)
    7
    >>> option_int({"seed": "abc"}, "seed", 1)
    Traceback (most recent call last):
    ...
    ValueError: seed must be a whole number such as 7, not 'abc'
    """
    text = options.get(name)
    if text is None or text.strip() == "":
        return default
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{name} must be a whole number such as 7, not {text!r}") from None
    if (low is not None and value < low) or (high is not None and value > high):
        lowest = "" if low is None else f" from {low}"
        highest = "" if high is None else f" to {high}"
        raise ValueError(f"{name} must be a whole number{lowest}{highest}, not {value}")
    return value


def option_float(options: dict[str, str], name: str, default: float) -> float:
    """A number (0 or more) from ``options`` or the default; a malformed value gives a clear
    ValueError.

    >>> option_float({"bot_delay": "0.1"}, "bot_delay", 0.6)
    0.1
    """
    text = options.get(name)
    if text is None or text.strip() == "":
        return default
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{name} must be a number such as 0.5, not {text!r}") from None
    if not 0 <= value < float("inf"):
        raise ValueError(f"{name} must be a number of 0 or more such as 0.5, not {text!r}")
    return value


_YES = ("1", "true", "yes", "on")
_NO = ("", "0", "false", "no", "off")


def option_flag(options: dict[str, str], name: str) -> bool:
    """A yes/no option: ``1``, ``true``, ``yes``, ``on`` or ``0``, ``false``, ``no``, ``off``.

    >>> option_flag({"hot_seat": "1"}, "hot_seat"), option_flag({}, "hot_seat")
    (True, False)
    """
    text = options.get(name, "").strip().lower()
    if text in _YES:
        return True
    if text in _NO:
        return False
    raise ValueError(f"{name} is 1 (yes) or 0 (no), not {options[name]!r}")


def option_choice(options: dict[str, str], name: str, default: str, choices: Iterable[str]) -> str:
    """One of ``choices`` from ``options``, or the default.

    >>> option_choice({"game": "xeri"}, "game", "xeri", ("xeri", "zioncheck"))
    'xeri'
    """
    allowed = list(choices)
    text = options.get(name)
    if text is None or text == "":
        return default
    if text not in allowed:
        raise ValueError(f"{name} is one of {', '.join(allowed)}, not {text!r}")
    return text


def show_app(build: Callable[[dict[str, str]], Any], accepted: Iterable[str]) -> Any:
    """The app that ``build(options)`` makes from the page's options, or, when an option is
    wrong (a ValueError), a message in the page saying which and why, with a link to the app
    with its default options. What a teacher who mistyped an address sees, instead of a
    traceback.
    """
    import html

    import ipywidgets as widgets

    known = list(accepted)
    try:
        return build(page_options(accepted=known))
    except ValueError as error:
        understood = (f"Options it understands: {', '.join(known)} (for example "
                      f"<code>?{known[0]}=…</code> after the address)." if known
                      else "It takes no options.")
        message = widgets.HTML(
            '<div role="alert" class="cardkit-msg cardkit-msg-error cardkit-option-error" '
            'style="background:#fdecec;border-left:4px solid #c0392b;padding:8px 12px;'
            'margin:4px 0;border-radius:4px;font-size:15px">'
            f"<b>This app cannot start from this address:</b> {html.escape(str(error))}."
            f"<br>{understood} "
            '<a href="?" style="color:#1d4ed8;text-decoration:underline">Open the app with '
            "its default options</a>.</div>"
        )
        message.add_class("cardkit-app")
        message.add_class("cardkit-app-error")
        return message


def default_bot_delay(fallback: float = 0.6, options: dict[str, str] | None = None) -> float:
    """The bot pause: the page's ``?bot_delay=`` (or ``options``), else ``$CARDKIT_BOT_DELAY``,
    else ``fallback``."""
    env = {"bot_delay": os.environ.get(BOT_DELAY_ENV, "")}
    page = page_options() if options is None else options
    return option_float(page, "bot_delay", option_float(env, "bot_delay", fallback))


def _port_is_free(host: str, port: int) -> bool:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


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
    notebooks = find_notebooks(args.notebooks)
    if not _port_is_free(args.host, args.port):
        raise ValueError(
            f"port {args.port} on {args.host} is already in use; choose another with --port "
            f"(make demo PORT=...)"
        )
    url = app_url(args.host, args.port)
    print(f"cardkit apps: {url}", flush=True)
    print(f"(serving {notebooks}; press Ctrl-C to stop)", flush=True)
    if not args.no_browser and _has_display():
        threading.Thread(
            target=_open_when_ready, args=(url, args.host, args.port), daemon=True
        ).start()
    server = subprocess.Popen(voila_command(notebooks, args.port, args.host), env=voila_env())
    # Stopping `cardkit serve` (Ctrl-C, or a SIGTERM from a process manager) stops Voila too.
    previous = signal.signal(signal.SIGTERM, lambda *_: server.terminate())
    try:
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
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    parser.add_argument("--notebooks", default=None, help="directory of app notebooks to serve")
    parser.set_defaults(run=run)
    return parser
