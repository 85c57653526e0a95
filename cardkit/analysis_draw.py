"""Words and pictures of an `Analysis`: the sentences a learner reads and the intervals as an
inline SVG (no plotly, no network: it shows in the static site and offline apps alike)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from cardkit.i18n import DOMAINS, Domain

if TYPE_CHECKING:
    from cardkit.pimc import Analysis, MoveValue

__all__ = ["analysis_html", "analysis_text", "signed"]

_ = Domain("cardkit").gettext


def _stop_words(stopped: str, tolerance: float) -> str:
    """Why sampling stopped, as a clause after "stopped because"."""
    if stopped == "separated":
        return _("the best move is separated from every other (95% paired intervals)")
    if stopped == "close":
        return _("every other move is separated from the best or within {tolerance:g} points of "
                 "it").format(tolerance=tolerance)
    if stopped == "samples":
        return _("the sample budget was spent")
    return _("the time budget was spent")


def game_words(game: str, words: str) -> str:
    """``words`` a game's analyst profile gives (its ``chance_words``, marked with ``N_`` in the
    game's own catalog), in the language of the moment."""
    return Domain(game).gettext(words) if game in DOMAINS else words


def signed(value: float) -> str:
    """A number with its sign, one decimal: +3.1, −0.4, 0.0."""
    text = f"{abs(value):.1f}"
    if text == "0.0":
        return text
    return ("+" if value > 0 else "−") + text


def _value(analysis: Analysis, move: MoveValue) -> str:
    if analysis.better > 0:
        return signed(move.mean)
    return f"{move.mean:.1f}"


def analysis_text(analysis: Analysis) -> str:
    """"Play 4♠: on average +3.1 points for North–South by the end of the round (95% interval
    +2.7 to +3.5), 1.2 more than 7♦, the next best." and what the analysis stands on."""
    best = analysis.best
    words = analysis.words
    low, high = (signed(best.low), signed(best.high)) if analysis.better > 0 else \
        (f"{best.low:.1f}", f"{best.high:.1f}")
    said = {"move": words(best.action), "value": _value(analysis, best),
            "measure": analysis.measure, "low": low, "high": high}
    if len(analysis.moves) > 1:
        nxt = analysis.moves[1]
        said.update(loss=f"{nxt.loss:.1f}", next=_lower_first(words(nxt.action)))
        if analysis.better > 0:
            first = _("{move}: on average {value} {measure} (95% interval {low} to {high}), "
                      "{loss} more than {next}, the next best.").format(**said)
        else:
            first = _("{move}: on average {value} {measure} (95% interval {low} to {high}), "
                      "{loss} fewer than {next}, the next best.").format(**said)
    else:
        first = _("{move}: on average {value} {measure} (95% interval {low} to {high})."
                  ).format(**said)
    chance = _("Its {chance}: {percent}.").format(
        chance=game_words(analysis.game, analysis.chance_words), percent=f"{best.chance:.0%}")
    basis = {"samples": analysis.samples, "seat": analysis.seat_name, "rollout": analysis.rollout,
             "why": _stop_words(analysis.stopped.value, analysis.tolerance),
             "rules": ", ".join(analysis.rules)}
    if analysis.merged:
        rated = _("Rated over {samples} possible deals of the cards {seat} cannot see, every move "
                  "on the same deals, played out by {rollout} bots; stopped because {why}; "
                  "{merged} of the {legal} legal actions were the same move as another and were "
                  "merged ({rules}).").format(merged=analysis.merged, legal=analysis.legal,
                                              **basis)
    else:
        rated = _("Rated over {samples} possible deals of the cards {seat} cannot see, every move "
                  "on the same deals, played out by {rollout} bots; stopped because {why} "
                  "({rules}).").format(**basis)
    # TRANSLATORS: the analysis's three sentences, one after the other
    return _("{first} {chance} {rated}").format(first=first, chance=chance, rated=rated)


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def analysis_html(analysis: Analysis, width: int = 420) -> str:
    """The moves as rows of intervals (an inline SVG), with the sentences above."""
    moves = analysis.moves
    row, label_w, pad = 22, 150, 12
    lows = [m.low for m in moves]
    highs = [m.high for m in moves]
    lo, hi = min([*lows, 0.0]), max([*highs, 0.0])
    if hi - lo < 1e-9:
        lo, hi = lo - 1, hi + 1
    plot_w = width - label_w - 2 * pad

    def x(value: float) -> float:
        return label_w + pad + (value - lo) / (hi - lo) * plot_w

    height = row * len(moves) + 28
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'role="img" aria-label="{html.escape(analysis.measure)} by move">']
    parts.append(f'<line x1="{x(0):.1f}" y1="4" x2="{x(0):.1f}" y2="{height - 20}" '
                 'stroke="#999" stroke-dasharray="3,3"/>')
    for index, move in enumerate(moves):
        y = 14 + index * row
        colour = "#1a7f37" if index == 0 else "#555"
        label = html.escape(analysis.words(move.action))
        parts.append(f'<text x="{label_w}" y="{y + 4}" text-anchor="end" font-size="12">'
                     f'{label}</text>')
        parts.append(f'<line x1="{x(move.low):.1f}" y1="{y}" x2="{x(move.high):.1f}" y2="{y}" '
                     f'stroke="{colour}" stroke-width="3"/>')
        parts.append(f'<circle cx="{x(move.mean):.1f}" cy="{y}" r="4" fill="{colour}">'
                     f'<title>{label}: {move.mean:.2f} ({move.low:.2f} to {move.high:.2f}), '
                     f'{move.samples} samples</title></circle>')
    parts.append(f'<text x="{label_w + pad}" y="{height - 6}" font-size="11">{lo:.1f}</text>')
    parts.append(f'<text x="{width - pad}" y="{height - 6}" font-size="11" '
                 f'text-anchor="end">{hi:.1f}</text>')
    parts.append("</svg>")
    return (f'<div class="cardkit-analysis"><p>{html.escape(analysis.text)}</p>'
            + "".join(parts) + "</div>")
