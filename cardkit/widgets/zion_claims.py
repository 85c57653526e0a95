"""The claim window for a learner (ZC-8): what a claim is, said once a game, and passing for a
beginner who asked not to be asked.

Claim prompts are off by default: a beginner's claim windows pass by themselves (`passes_for`).
With "Ask me whether to claim" on, the first claim window or claim of a game explains what a
claim is (`ClaimHelp`), in a box the learner closes with "Got it".
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from cardkit.i18n import Domain
from cardkit.widgets.common import N_
from cardkit.widgets.zion_controls import button
from cardkit.zioncheck import Pass, Phase

_ = Domain("apps").gettext

__all__ = ["ClaimHelp", "passes_for"]


def passes_for(game: Any, seat: int, *, asked: bool) -> bool:
    """Whether to pass for the learner at ``seat`` now: a claim window where they may pass,
    and they asked not to be ``asked`` about claims (ZC-8.2)."""
    return (not asked and game.current_player == seat and game.phase is Phase.CLAIM
            and bool(game.check(Pass(), seat=seat)))



class ClaimHelp:
    """What a claim is, in a box the learner closes with "Got it" (ZC-8), said once a game."""

    def __init__(self) -> None:
        self.view = widgets.HTML().add_class("ck-zion-claim-help")
        self.button = button(N_("Got it"), N_("hide the explanation of claims"))
        self.box = widgets.VBox(
            [self.view, self.button],
            layout=widgets.Layout(display="none", border="2px solid #d9822b",
                                  padding="4px 10px", margin="4px 0"),
        ).add_class("ck-zion-claim-box")
        self.explained = False
        self.button.on_click(lambda _b: self.hide())

    def hide(self) -> None:
        self.box.layout.display = "none"

    def reset(self) -> None:
        """A new game: the next claim is explained again."""
        self.explained = False
        self.hide()

    def explain(self, *, asked: bool) -> None:
        """Say what a claim is, the first time in this game (``asked``: the learner is asked
        about claims, and the words say why)."""
        if self.explained:
            return
        self.explained = True
        why = _("You are asked because “Ask me whether to claim” is on. ") if asked else ""
        self.view.value = (
            '<div class="ck-claim-help" role="note" style="font-size:14px;line-height:1.4">'
            + _("<b>What is a claim? (ZC-8, also called “May I”)</b><br>"
                "A discarded card may be claimed by any other player. "
                "The claimer takes it even out of turn. "
                "The next player decides first. Then the others are asked in turn (ZC-8.2). "
                "{why}Press Claim to take the card, or Pass to let it go.").format(why=why)
            + "</div>")
        self.box.layout.display = ""
