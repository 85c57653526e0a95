"""Sphinx helpers for the cardkit site.

- Every rule of the rule book gets a page anchor named after its ID (``rules.html#xr-4-1``):
  a list item, table row or heading that *starts* with a rule ID (where the rule is stated,
  not where it is cited) gets the ID as an HTML id and as a label for ``{ref}`` links.
- Everywhere else (tutorials, the API, the teachers' page) a rule ID in the text links to its
  rule, so a learner who reads "(XR-4.1)" is one click from the rule.
- Included pages (the rule book, the decisions) link to each other by their site names.
- Pages that show plotly charts load plotly.js from the site itself (``_static``), never a CDN.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from docutils import nodes

from cardkit.rulebook import RULE_ID_PATTERN, rule_anchor

STATED = re.compile(rf"^\s*({RULE_ID_PATTERN})\b")
PLOTLY_JS = "plotly.min.js"


def _rewrite_links(app, relative_path, parent_docname, content) -> None:
    # Relative links written for GitHub (RULES.md, DECISIONS.md) point to the site's pages.
    content[0] = (content[0].replace("(RULES.md)", "(rules.md)")
                  .replace("(DECISIONS.md)", "(decisions.md)"))


def _anchor_rules(app, doctree) -> None:
    if app.env.docname != "rules":
        return
    std = app.env.get_domain("std")
    for node in doctree.findall(lambda n: isinstance(n, (nodes.list_item, nodes.section))):
        first = node.next_node(nodes.title if isinstance(node, nodes.section) else nodes.paragraph)
        if first is None:
            continue
        match = STATED.match(first.astext())
        if not match:
            continue
        anchor = rule_anchor(match.group(1))
        if anchor not in node["ids"]:
            node["ids"].insert(0, anchor)
        std.note_hyperlink_target(anchor, "rules", anchor, match.group(1))


def _widget_members(app, docname, source) -> None:
    # cardkit.widgets exports its names lazily (module __getattr__), which autodoc cannot list:
    # document each name of its __all__ where it is defined.
    if docname != "api/widgets":
        return
    import inspect

    import cardkit.widgets as widgets

    lines = []
    for name in widgets.__all__:
        obj = getattr(widgets, name)
        kind = "autoclass" if inspect.isclass(obj) else "autofunction"
        lines.append(f".. {kind}:: {obj.__module__}.{name}\n")
    source[0] = source[0].replace(".. cardkit-widgets-members\n", "\n".join(lines))


CITED = re.compile(rf"\b{RULE_ID_PATTERN}\b")
_NO_LINKS = (nodes.literal, nodes.literal_block, nodes.reference, nodes.title, nodes.raw)


def _link_rule_ids(app, doctree, docname) -> None:
    if docname == "rules" or app.builder.format != "html":
        return
    target = app.builder.get_relative_uri(docname, "rules")
    for text in list(doctree.findall(nodes.Text)):
        parent = text.parent
        if parent is None or any(isinstance(n, _NO_LINKS) for n in _ancestors(text)):
            continue
        value = str(text)
        if not CITED.search(value):
            continue
        pieces: list[nodes.Node] = []
        last = 0
        for match in CITED.finditer(value):
            pieces.append(nodes.Text(value[last:match.start()]))
            ref = nodes.reference("", match.group(0), internal=True,
                                  refuri=f"{target}#{rule_anchor(match.group(0))}")
            pieces.append(ref)
            last = match.end()
        pieces.append(nodes.Text(value[last:]))
        parent.replace(text, pieces)


def _ancestors(node):
    node = node.parent
    while node is not None:
        yield node
        node = node.parent


def _plotly_pages(app, pagename, templatename, context, doctree) -> None:
    if doctree is not None and "plotly-graph-div" in context.get("body", ""):
        app.add_js_file(PLOTLY_JS, priority=200)


def _copy_plotly(app) -> None:
    import plotly

    source = Path(plotly.__file__).parent / "package_data" / PLOTLY_JS
    target = Path(app.outdir) / "_static"
    target.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target / PLOTLY_JS)


def setup(app):
    app.connect("include-read", _rewrite_links)
    app.connect("doctree-read", _anchor_rules)
    app.connect("source-read", _widget_members)
    app.connect("doctree-resolved", _link_rule_ids)
    app.connect("html-page-context", _plotly_pages)
    app.connect("builder-inited", _copy_plotly)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
