"""Sphinx configuration of the cardkit site: ``make docs`` builds it into docs/_build/html.

The tutorials are shown with the outputs stored in the notebooks (nbval proves in ``make test``
that they match the code, so the build does not run them again). Nothing is fetched from the
internet: the theme's assets and plotly.js are served by the site itself.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

import cardkit  # noqa: E402

project = "cardkit"
author = "the cardkit authors"
copyright = "the cardkit authors, MIT licence"
version = release = cardkit.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "cardkit_docs",
]

exclude_patterns = [
    "_build", "RULES.md", "DECISIONS.md", "**/.ipynb_checkpoints", "tutorials/*.py",
    "tutorials/*.cfg", "README.md", "ja.md",
]
root_doc = "index"

# The Japanese pages (`make docs` builds them into _build/html/ja with `-t ja`): the rule book,
# the teachers' page and the glossary, translated in locale/ja/LC_MESSAGES/*.po (sphinx-intl:
# `make docs-catalogs` adds new paragraphs there). Their links to pages that are only in English
# go to the English site one folder up (_ext/cardkit_docs.py).
JAPANESE_PAGES = ("ja", "rules", "teachers", "glossary")
locale_dirs = ["locale/"]
gettext_compact = False
if tags.has("ja"):  # noqa: F821 (Sphinx gives conf.py its build tags)
    language = "ja"
    root_doc = "ja"
    exclude_patterns = [
        "_build", "**/.ipynb_checkpoints", "tutorials", "api", "screenshots", "*.ipynb", "RULES.md",
        *(f"{page}.md" for page in ("index", "tutorials", "apps", "serving", "analysis", "api",
                                   "ADDING_A_GAME", "decisions", "DECISIONS", "README")),
    ]

# MyST and myst-nb: stored outputs only.
nb_execution_mode = "off"
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
nb_merge_streams = True
# Charts are stored as plotly's data and an HTML div: the site shows the div (plotly.js comes
# from its own _static, see _ext/cardkit_docs.py), JupyterLab draws the data.
# myst-nb warns about the plotly data it does not draw; the div beside it is what it shows.
nb_mime_priority_overrides = [("*", "application/vnd.plotly.v1+json", None)]

# The API reference, from the docstrings.
autodoc_default_options = {"members": True, "show-inheritance": False}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_format = "fully-qualified"  # two games, two `Rules`: say which
default_role = "py:obj"  # `Card` in a docstring links to the API page when it can
# Both games have a `Rules` (and a `GreedyBot`, …): a docstring's bare `Rules` is ambiguous to
# Sphinx, which then links the first. Links to pages, documents and labels are still checked.
suppress_warnings = ["ref.python", "mystnb.unknown_mime_type"]

html_theme = "pydata_sphinx_theme"
html_title = "cardkit"
html_static_path: list[str] = []
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "footer_start": ["copyright"],
    "footer_end": [],
}
html_show_sourcelink = False


def _write_editions(app) -> None:
    """The tutorials' student and teacher editions, which tutorials.md offers for download."""
    from cardkit.editions import build

    build(HERE.parent / "tutorials", HERE.parent / "build" / "lessons")


def setup(app):
    if app.config.language != "ja":
        app.connect("builder-inited", _write_editions)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
