"""cardkit: rules engines, explanations and Jupyter apps for Zion Check and 4-Player Xeri.

>>> from cardkit import parse_cards
>>> [str(c) for c in parse_cards("7c 10d JK")]
['7♣', '10♦', 'JK']
"""

from cardkit.cards import Card, card_name, make_pack, parse_card, parse_cards, shuffled
from cardkit.engine import Bot, Game, IllegalAction, PeekError, Verdict, play_out
from cardkit.i18n import get_language, language, set_language

__all__ = [
    "Bot",
    "Card",
    "Game",
    "IllegalAction",
    "PeekError",
    "Verdict",
    "card_name",
    "get_language",
    "language",
    "make_pack",
    "parse_card",
    "parse_cards",
    "play_out",
    "set_language",
    "shuffled",
]
__version__ = "0.1.0"
