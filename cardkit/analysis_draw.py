"""Words and pictures of an `Analysis`: the sentences a learner reads and the intervals as an
inline SVG (no plotly, no network: it shows in the static site and offline apps alike)."""

from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING

from cardkit.i18n import Domain, game_words

if TYPE_CHECKING:
    from cardkit.pimc import Analysis

__all__ = ["analysis_html", "analysis_text", "signed"]

_ = Domain("cardkit").gettext
ngettext = Domain("cardkit").ngettext
pgettext = Domain("cardkit").pgettext


def _stop_words(stopped: str, tolerance: float) -> str:
    """Why sampling stopped, as a clause after "stopped because"."""
    if stopped == "separated":
        return _("the best move is separated from every other (paired intervals, widened for "
                 "every comparison and every look)")
    if stopped == "close":
        return _("every other move is separated from the best or within {tolerance:g} points of "
                 "it").format(tolerance=tolerance)
    if stopped == "samples":
        return _("the sample budget was spent")
    return _("the time budget was spent")


def rollout_words(kind: str) -> str:
    """The rollout bots' kind as the sentence names it ("played out by greedy bots"), in the
    language of the moment (a Japanese sentence said "greedyボット")."""
    if kind == "greedy":
        # TRANSLATORS: the kind of bots that play the sampled deals out: "by greedy bots"
        return pgettext("rollout bots", "greedy")
    if kind == "random":
        # TRANSLATORS: the kind of bots that play the sampled deals out: "by random bots"
        return pgettext("rollout bots", "random")
    return kind



def signed(value: float) -> str:
    """A number with its sign, one decimal: +3.1, −0.4, 0.0; an interval's end of one sample
    (no interval yet) is +∞ or −∞."""
    if math.isinf(value):
        return "+∞" if value > 0 else "−∞"
    text = f"{abs(value):.1f}"
    if text == "0.0":
        return text
    return ("+" if value > 0 else "−") + text


def _plain(value: float) -> str:
    """A number without a plus sign, one decimal, a true minus sign; ∞ for no bound."""
    if math.isinf(value):
        return "∞" if value > 0 else "−∞"
    return f"{value:.1f}".replace("-", "−")


def analysis_text(analysis: Analysis) -> str:
    """"Play 4♠: on average +3.1 points for North–South by the end of the round (95% interval
    +2.7 to +3.5), 1.2 more than the next best move, “Play 7♦”." and what the analysis stands
    on."""
    best = analysis.best
    words = analysis.words
    said = {"move": words(best.action), "value": _value_of(analysis, best.mean),
            "measure": analysis.measure, "low": _value_of(analysis, best.low),
            "high": _value_of(analysis, best.high)}
    if len(analysis.moves) > 1:
        nxt = analysis.moves[1]
        # the next move named as its chart row names it, quoted, so that it keeps its capital
        said.update(loss=f"{nxt.loss:.1f}", next=words(nxt.action))
        if analysis.better > 0:
            first = _("{move}: on average {value} {measure} (95% interval {low} to {high}), "
                      "{loss} more than the next best move, “{next}”.").format(**said)
        else:
            first = _("{move}: on average {value} {measure} (95% interval {low} to {high}), "
                      "{loss} fewer than the next best move, “{next}”.").format(**said)
    else:
        first = _("{move}: on average {value} {measure} (95% interval {low} to {high})."
                  ).format(**said)
    chance = _("Its {chance}: {percent}.").format(
        chance=game_words(analysis.game, analysis.chance_words), percent=f"{best.chance:.0%}")
    basis = {"samples": analysis.samples, "seat": analysis.seat_name,
             "rollout": rollout_words(analysis.rollout),
             "why": _stop_words(analysis.stopped.value, analysis.tolerance),
             "rules": ", ".join(analysis.rules)}
    if analysis.merged:
        rated = ngettext(
            "Rated over {samples} possible deals of the cards {seat} cannot see, every move on "
            "the same deals, played out by {rollout} bots; stopped because {why}; {merged} of the "
            "{legal} legal actions was the same move as another and was merged ({rules}).",
            "Rated over {samples} possible deals of the cards {seat} cannot see, every move on "
            "the same deals, played out by {rollout} bots; stopped because {why}; {merged} of the "
            "{legal} legal actions were the same move as another and were merged ({rules}).",
            analysis.merged).format(merged=analysis.merged, legal=analysis.legal, **basis)
    else:
        rated = _("Rated over {samples} possible deals of the cards {seat} cannot see, every move "
                  "on the same deals, played out by {rollout} bots; stopped because {why} "
                  "({rules}).").format(**basis)
    aside = sum(1 for move in analysis.moves if move.samples < analysis.samples)
    if aside:
        # TRANSLATORS: what the analysis stands on, then the sentence on the moves set aside
        rated = _("{rated} {aside}").format(rated=rated, aside=ngettext(
            "{count} move was set aside once it was shown worse than the best, so it was "
            "played out on fewer of these deals.",
            "{count} moves were set aside once they were shown worse than the best, so they "
            "were played out on fewer of these deals.", aside).format(count=aside))
    # TRANSLATORS: the analysis's three sentences, one after the other
    return _("{first} {chance} {rated}").format(first=first, chance=chance, rated=rated)


def _value_of(analysis: Analysis, value: float) -> str:
    """A value as the sentence writes it: signed where higher is better (a margin), else plain
    (penalty points), one decimal, a true minus sign."""
    return signed(value) if analysis.better > 0 else _plain(value)


def _caption(analysis: Analysis) -> str:
    """What the axis counts and which way is better: "points for North–South by the end of the
    round (higher is better)"."""
    if analysis.better > 0:
        return _("{measure} (higher is better)").format(measure=analysis.measure)
    return _("{measure} (lower is better)").format(measure=analysis.measure)


def analysis_html(analysis: Analysis, width: int = 420) -> str:
    """The moves as rows of intervals (an inline SVG), with the sentences above and, under the
    picture, what its axis counts and which way is better. The picture's name for a screen
    reader lists every move with its mean and interval, written as the sentence writes them."""
    moves = analysis.moves
    labels = [analysis.words(move.action) for move in moves]
    row, pad = 22, 12
    # the label column fits the longest label (about 7 px a character at 12 px), within half
    label_w = min(max(60, 7 * max(len(label) for label in labels) + 8), width // 2)
    # the scale from the finite values only: after one sample (a hint on a loaded machine) the
    # intervals are unbounded, and the picture was drawn at x="nan"
    finite = [v for m in moves for v in (m.low, m.mean, m.high) if math.isfinite(v)]
    lo, hi = min([*finite, 0.0]), max([*finite, 0.0])
    if hi - lo < 1e-9:
        lo, hi = lo - 1, hi + 1
    plot_w = width - label_w - 2 * pad

    def x(value: float) -> float:  # an unbounded end is drawn to the edge of the scale
        return label_w + pad + (min(max(value, lo), hi) - lo) / (hi - lo) * plot_w

    def number(value: float) -> str:
        return _value_of(analysis, value)

    caption = _caption(analysis)
    said = _("; ").join(
        _("{move}: {mean} ({low} to {high})").format(move=label, mean=number(m.mean),
                                                    low=number(m.low), high=number(m.high))
        for label, m in zip(labels, moves, strict=True))
    name = _("Expected {caption}, by move: {moves}").format(caption=caption, moves=said)
    height = row * len(moves) + 28
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'role="img" aria-label="{html.escape(name)}">']
    parts.append(f'<line x1="{x(0):.1f}" y1="4" x2="{x(0):.1f}" y2="{height - 20}" '
                 'stroke="#999" stroke-dasharray="3,3"/>')
    for index, (label, move) in enumerate(zip(labels, moves, strict=True)):
        y = 14 + index * row
        colour = "#1a7f37" if index == 0 else "#555"
        label = html.escape(label)
        parts.append(f'<text x="{label_w}" y="{y + 4}" text-anchor="end" font-size="12">'
                     f'{label}</text>')
        parts.append(f'<line x1="{x(move.low):.1f}" y1="{y}" x2="{x(move.high):.1f}" y2="{y}" '
                     f'stroke="{colour}" stroke-width="3"/>')
        title = ngettext("{move}: {mean} ({low} to {high}), {samples} sample",
                         "{move}: {mean} ({low} to {high}), {samples} samples",
                         move.samples).format(move=label, mean=number(move.mean),
                                              low=number(move.low), high=number(move.high),
                                              samples=move.samples)
        parts.append(f'<circle cx="{x(move.mean):.1f}" cy="{y}" r="4" fill="{colour}">'
                     f'<title>{title}</title></circle>')
    axis = height - 6
    parts.append(f'<text x="{label_w + pad}" y="{axis}" font-size="11">{number(lo)}</text>')
    if x(0) - label_w - pad > 30 and width - pad - x(0) > 30:  # 0 where it has room
        parts.append(f'<text x="{x(0):.1f}" y="{axis}" font-size="11" text-anchor="middle">'
                     "0</text>")
    parts.append(f'<text x="{width - pad}" y="{axis}" font-size="11" '
                 f'text-anchor="end">{number(hi)}</text>')
    parts.append("</svg>")
    axis_words = _("Axis: expected {caption}.").format(caption=caption)
    return (f'<div class="cardkit-analysis"><p>{html.escape(analysis.text)}</p>'
            + "".join(parts) + '<p class="cardkit-analysis-axis" style="margin:0;font-size:12px;'
            f'color:#444">{html.escape(axis_words)}</p></div>')
