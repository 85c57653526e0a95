"""The probability lab's "Send to the class": one student's finished run, onto the class board.

The lab joins an experiment by its code (``?class=CODE`` in the lab's address, or typed in the
Class code box): the lab then runs the experiment's question, option and number of samples,
with the student's own seed. **Send to the class** sends the last run the lab finished itself
(`LabRun`, recorded by the lab when a run ends in full, never read from the page's boxes), its
estimate and Wilson interval, with an optional nickname. What the board refuses (an unknown or
closed code, a sixth result, a run of other settings) is said in the lab in words.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from cardkit.classroom import MAX_NICKNAME, Board, BoardRefused, board_location
from cardkit.i18n import Domain
from cardkit.probability import wilson_interval
from cardkit.widgets.common import MessageArea, guarded

_ = Domain("apps").gettext

__all__ = ["LabRun", "SendToClass"]


@dataclass(frozen=True)
class LabRun:
    """A run the lab finished: its question, option, samples, seed and how many hits."""

    question: str
    option: Any
    n: int
    seed: int
    successes: int

    def interval(self) -> tuple[float, float, float]:
        """The estimate and its 95% Wilson interval."""
        low, high = wilson_interval(self.successes, self.n)
        estimate = self.successes / self.n
        return estimate, min(low, estimate), max(high, estimate)


class SendToClass(widgets.VBox):
    """The lab's class row: code, nickname, **Send to the class**, and what happened.

    ``lab`` is the `cardkit.widgets.probability_lab.ProbabilityLab` it sends from; ``student``
    names this student on the board (``cardkit serve`` gives each browser its own; without it,
    one is made up for this page); ``board`` the `cardkit.classroom.Board` (by default the one
    ``$CARDKIT_BOARD_DB`` names).
    """

    def __init__(self, lab: Any, *, code: str = "", student: str | None = None,
                 board: Board | None = None) -> None:
        self.lab = lab
        self.student = student or f"page-{secrets.token_hex(8)}"
        self._board = board
        self.experiment: dict[str, Any] | None = None
        self.code = widgets.Text(value=code[:12], description=_("Class code"),
                                 placeholder=_("e.g. K7QMP"),
                                 layout=widgets.Layout(width="210px"))
        self.nickname = widgets.Text(description=_("Nickname"), placeholder=_("(optional)"),
                                     layout=widgets.Layout(width="260px"))
        self.join_button = widgets.Button(description=_("Join"))
        self.send_button = widgets.Button(description=_("Send to the class"),
                                          button_style="primary", icon="paper-plane")
        self.status = MessageArea()
        self.status.add_class("ck-lab-class-status")
        shown = guarded(self.status)
        self.join_button.on_click(shown(lambda _b: self.join()))
        self.send_button.on_click(shown(lambda _b: self.send_result()))
        super().__init__([widgets.HBox([self.code, self.join_button, self.nickname,
                                        self.send_button]), self.status])
        self.add_class("ck-lab-class")
        if code:
            self.join()

    @property
    def board(self) -> Board:
        if self._board is None:
            self._board = Board(board_location())
        return self._board

    def join(self) -> bool:
        """Look the typed code up and set the lab to the experiment's settings."""
        try:
            experiment = self.board.experiment(self.code.value)
            if experiment["closed"]:
                raise BoardRefused(_("the experiment {code} is closed: the teacher has ended "
                                     "it, and it takes no more results").format(
                    code=experiment["code"]))
            question = experiment["question"]
            lab = self.lab
            lab.question.value = question
            option = experiment["rules"].get("option", lab.option.value)
            if option in [value for _label, value in lab.option.options]:
                lab.option.value = option
            lab.samples.value = experiment["n"]
        except (BoardRefused, KeyError, ValueError) as refusal:  # KeyError: not a lab question
            self.experiment = None
            self.status.show(_("Cannot join: {reason}.").format(reason=refusal), "refused")
            return False
        self.experiment = experiment
        self.status.show(_("Joined experiment {code}: {count} samples. Choose your own seed, "
                           "press Run, then Send to the class.").format(
            code=experiment["code"], count=f"{experiment['n']:,}"), "info")
        return True

    def send_result(self) -> bool:
        """Send the lab's last finished run; True when the board stored it."""
        typed = self.code.value.strip().upper()
        joined = self.experiment is not None and self.experiment["code"] == typed
        if not joined and not self.join():
            return False
        experiment = self.experiment
        assert experiment is not None
        run: LabRun | None = self.lab.finished
        wanted = (experiment["question"], experiment["rules"].get("option"), experiment["n"])
        if run is None or (run.question, run.option, run.n) != wanted:
            self.status.show(_("Run the experiment first: {count} samples of the class's "
                               "question, run to the end, are what the class board takes.")
                             .format(count=f"{experiment['n']:,}"), "refused")
            return False
        nickname = self.nickname.value.strip()
        if len(nickname) > MAX_NICKNAME:
            self.status.show(_("A nickname is at most {count} characters.").format(
                count=MAX_NICKNAME), "refused")
            return False
        estimate, low, high = run.interval()
        try:
            stored = self.board.submit(experiment["code"], student=self.student,
                                       estimate=estimate, low=low, high=high, n=run.n,
                                       seed=run.seed, nickname=nickname)
        except BoardRefused as refusal:
            self.status.show(_("Not sent: {reason}.").format(reason=refusal), "refused")
            return False
        said = (_("Sent: your estimate {estimate}, interval [{low}, {high}] (seed {seed}) is on "
                  "the class board.") if stored else
                _("Sent: your estimate {estimate}, interval [{low}, {high}] (seed {seed}) was "
                  "already on the class board."))
        self.status.show(said.format(estimate=f"{estimate:.4f}", low=f"{low:.4f}",
                                     high=f"{high:.4f}", seed=run.seed), "ok")
        return True
