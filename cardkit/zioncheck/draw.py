"""Pictures of a Zion Check table and its melds, built on `cardkit.render`'s cards and hands."""

from __future__ import annotations

from cardkit.render import meld_html
from cardkit.render import zion_table_html as table_html

__all__ = ["meld_html", "table_html"]
