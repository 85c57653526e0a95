"""Pictures of a Xeri table (HTML with SVG cards), built on `cardkit.render`'s cards and hands."""

from __future__ import annotations

from cardkit.render import xeri_table_html as table_html

__all__ = ["table_html"]
