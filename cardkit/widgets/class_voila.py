"""The Voila server of ``cardkit serve``: `cardkit.widgets.voila_app` with a teacher.

``python -m cardkit.widgets.class_voila NOTEBOOKS [options]`` is `CardkitVoila` (the guard, the
cap, the pool) with:

- **two tokens** (`ClassIdentityProvider`): the students' (``--Voila.token``) and the
  teacher's (``--ClassIdentityProvider.teacher_token``). Either lets a browser in, once (a
  signed cookie remembers it); the teacher's marks that browser as the teacher's.
- **the teacher's pages** (`TEACHER_PAGES`: the class board, with its Start, Reveal, Close and
  Export): while there is a teacher's token, a student's browser asking for one gets a plain
  403 page, and a kernel started for one refuses a student's websocket, so a student can
  neither open, reveal nor close an experiment, nor read the board's controls.
- **who the student is**: the probability lab's page is given ``class_student=<this browser's
  id>`` (any such option in the address is dropped first), so the class board counts each
  browser's results; the token is taken out of what the app sees.
- **readiness** (`ReadyHandler`, ``/cardkit/ready``): how many preheated kernels of each pool
  app are ready, for ``cardkit serve --class --students N`` to say when the class can come. A
  kernel is ready once it has run its notebook up to the page's request (an app waits there
  for the page's address, `cardkit.widgets.page_options`) or to its end: a kernel that has
  only *started* is still importing the app, seconds of CPU that would land on the class.
- **a cheaper watch on kernel activity** (`cardkit.widgets.kernel_activity`): the same record of
  each kernel's activity, without a full decoding of every message a page's first view makes;
  and the notebook's output read in batches (`cardkit.widgets.render_executor`).
"""

from __future__ import annotations

import hmac
import json
import os
import uuid
from typing import Any
from urllib.parse import parse_qsl, urlencode

import tornado.web
from jupyter_server.auth.identity import PasswordIdentityProvider, User
from jupyter_server.base.handlers import JupyterHandler
from traitlets import Unicode
from voila.request_info_handler import RequestInfoSocketHandler

from cardkit.widgets import kernel_activity, render_executor
from cardkit.widgets.server_pages import request_language, teacher_only_page
from cardkit.widgets.voila_app import CardkitVoila, ClassVoilaHandler, GuardedKernelWebsocketHandler

__all__ = ["LAB_PAGE", "TEACHER_PAGES", "ClassIdentityProvider", "ClassroomVoila",
           "ReadyHandler", "is_teacher", "main", "ready_kernels"]

render_executor.install()

TEACHER_PAGES = ("class_board.ipynb",)
LAB_PAGE = "probability_lab.ipynb"
STUDENT_OPTION = "class_student"
_TEACHER = "teacher-"


def is_teacher(user: Any) -> bool:
    """Whether a server user came in with the teacher's token."""
    return str(getattr(user, "username", "")).startswith(_TEACHER)


class ClassIdentityProvider(PasswordIdentityProvider):
    """The students' token, or the teacher's: the teacher's makes the browser the teacher's."""

    teacher_token = Unicode("", config=True, help="The teacher's token (empty: no teacher).")

    def _is_teacher_token(self, text: str | None) -> bool:
        return bool(self.teacher_token and text) and hmac.compare_digest(
            str(text).encode(), self.teacher_token.encode())

    def _teacher(self, handler: tornado.web.RequestHandler) -> User:
        known = self.get_user_cookie(handler)
        if not isinstance(known, User) or not is_teacher(known):
            known = User(f"{_TEACHER}{uuid.uuid4().hex}", "Teacher", "Teacher", "T", None, None)
        return known

    async def get_user_token(self, handler: tornado.web.RequestHandler) -> User | None:
        if self._is_teacher_token(self.get_token(handler)):
            return self._teacher(handler)
        return await super().get_user_token(handler)

    def process_login_form(self, handler: tornado.web.RequestHandler) -> User | None:
        if self._is_teacher_token(handler.get_argument("password", default="")):
            return self._teacher(handler)
        return super().process_login_form(handler)


def _teacher_required(handler: JupyterHandler) -> bool:
    provider = handler.identity_provider
    return bool(getattr(provider, "teacher_token", "")) and not is_teacher(handler.current_user)


class ClassPageHandler(ClassVoilaHandler):
    """Pages: the teacher's pages for the teacher only; the lab told who the student is."""

    async def get(self, path: str | None = None) -> None:
        notebook = os.path.basename(str(path or ""))
        if self.current_user is not None:  # (without a user, Voila sends the login page)
            if notebook in TEACHER_PAGES and _teacher_required(self):
                self.set_status(403)
                self.finish(teacher_only_page(request_language(self)))
                return
            pairs = [(k, v) for k, v in parse_qsl(self.request.query, keep_blank_values=True)
                     if k not in ("token", STUDENT_OPTION)]
            if notebook == LAB_PAGE:
                pairs.append((STUDENT_OPTION, str(self.current_user.username)[:64]))
            self.request.query = urlencode(pairs)
        await super().get(path)  # type: ignore[misc]  # voila's handler is untyped


class TeacherKernelSocket(GuardedKernelWebsocketHandler):
    """The guarded kernel websocket; a teacher's page's kernel refuses a student."""

    async def get(self, kernel_id: str) -> None:
        app: ClassroomVoila | None = self.settings.get("cardkit_app")
        if app is not None and kernel_id in app.teacher_kernels and _teacher_required(self):
            self.set_status(403)
            self.finish("this kernel is the teacher's")
            return
        await super().get(kernel_id)


def ready_kernels(pool: list[Any], waiting: Any) -> int:
    """How many kernels of a preheated ``pool`` (Voila's tasks) are ready for a page: started,
    and their notebook run up to the page's request (the kernel's id among ``waiting``, the
    kernels Voila's request-info socket holds) or to its end without an error."""
    def ran(task: Any) -> bool:
        return bool(task.done() and not task.cancelled() and task.exception() is None)

    count = 0
    for task in pool:
        if ran(task) and (task.result()["kernel_id"] in waiting or ran(task.result()["task"])):
            count += 1
    return count


class ReadyHandler(JupyterHandler):
    """``GET /cardkit/ready``: preheated kernels ready (`ready_kernels`) and wanted, for each
    pool app."""

    @tornado.web.authenticated
    def get(self) -> None:
        app: ClassroomVoila = self.settings["cardkit_app"]
        pools = getattr(app.kernel_manager, "_pools", {})
        waiting = RequestInfoSocketHandler._waiters
        ready = {name: (ready_kernels(pools.get(name, []), waiting) if app.pool_size > 0 else 0)
                 for name in app.pool_apps}
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"ready": ready, "wanted": app.pool_size}))


class ClassroomVoila(CardkitVoila):
    """`CardkitVoila` with the teacher's token, the teacher's pages and ``/cardkit/ready``."""

    name = "cardkit-class-voila"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.teacher_kernels: set[str] = set()

    def init_settings(self) -> dict[str, Any]:
        settings = super().init_settings()
        manager = self.kernel_manager
        kernel_activity.install(manager)
        start = manager.start_kernel

        async def start_kernel(*args: Any, **kwargs: Any) -> str:
            kernel_id = await start(*args, **kwargs)
            page = os.path.basename((kwargs.get("env") or {}).get("SCRIPT_NAME", ""))
            if page in TEACHER_PAGES:
                self.teacher_kernels.add(kernel_id)
            return str(kernel_id)

        manager.start_kernel = start_kernel
        return settings

    def init_handlers(self) -> list[Any]:
        swap = {ClassVoilaHandler: ClassPageHandler,
                GuardedKernelWebsocketHandler: TeacherKernelSocket}
        handlers = [(spec[0], swap.get(spec[1], spec[1]), *spec[2:])
                    for spec in super().init_handlers()]
        return [(f"{self.server_url.rstrip('/')}/cardkit/ready", ReadyHandler), *handlers]


main = ClassroomVoila.launch_instance

if __name__ == "__main__":
    main()
