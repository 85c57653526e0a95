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

import posixpath
import re
import shutil
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms.post_transforms import SphinxPostTransform

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


def _english_uri(app, refdoc: str, target: str) -> str:
    page, _, anchor = target.partition("#")
    page = page.removesuffix(".md").removesuffix(".ipynb").removesuffix(".html").lstrip("/")
    here = posixpath.dirname(app.builder.get_target_uri(refdoc))
    if not page.startswith("../"):
        page = "../" + page  # the English site is one folder up from the Japanese one
    return posixpath.normpath(posixpath.join(here, page)) + ".html" + (f"#{anchor}" if anchor
                                                                       else "")


def _english_page(app, env, node, contnode):
    """In the Japanese build, a ``{doc}`` link to a page that is only in English goes to the
    English site one folder up (``ja/teachers.html`` links ``../tutorials.html``)."""
    if app.config.language != "ja" or node.get("reftype") != "doc":
        return None
    uri = _english_uri(app, node.get("refdoc", env.docname), node["reftarget"])
    return nodes.reference("", "", contnode, internal=False, refuri=uri)


class PagesOfTheOtherSite(SphinxPostTransform):
    """Markdown links to the other language's site (``[…](ja/ja.html)``) are plain links, and in
    the Japanese build a link to a page that is only in English goes to the English site, before
    MyST would resolve them (and warn)."""

    default_priority = 5  # MyST's own resolver runs at 9

    def run(self, **kwargs) -> None:
        japanese = self.app.config.language == "ja"
        for node in list(self.document.findall(addnodes.pending_xref)):
            if node.get("reftype") != "myst":
                continue
            target = node["reftarget"]
            refdoc = node.get("refdoc", self.env.docname)
            if node.get("refdomain") == "doc":
                if not japanese or target in self.env.all_docs:
                    continue
                if node.get("reftargetid"):
                    target += "#" + node["reftargetid"]
                uri = _english_uri(self.app, refdoc, target)
            elif target.partition("#")[0].endswith(".html"):
                uri = (_english_uri(self.app, refdoc, target) if japanese else target)
            else:
                continue
            node.replace_self(nodes.reference("", "", *node.children, internal=False,
                                              refuri=uri))


# The pages that are on the site in both languages, and the other language's link on each.
BOTH_LANGUAGES = ("rules", "teachers", "glossary")


def _other_language(app, doctree, docname) -> None:
    if docname not in BOTH_LANGUAGES or app.builder.format != "html":
        return
    here = posixpath.dirname(app.builder.get_target_uri(docname))
    if app.config.language == "ja":
        uri, words, lang = posixpath.join(here, "..", f"{docname}.html"), "English", "en"
        before = "このページの英語版："
    else:
        uri, words, lang = posixpath.join(here, "ja", f"{docname}.html"), "日本語", "ja"
        before = "This page in Japanese: "
    link = nodes.reference("", words, internal=False, refuri=posixpath.normpath(uri))
    link["classes"].append(f"lang-{lang}")
    paragraph = nodes.paragraph("", "", nodes.Text(before), link, classes=["other-language"])
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is not None:
        title = section.next_node(nodes.title)
        section.insert(section.index(title) + 1 if title is not None else 0, paragraph)


def _japanese_index(app, exception) -> None:
    # The Japanese site's first page is ja.html; index.html opens it too (`/ja/`).
    if exception is None and app.config.language == "ja" and app.builder.format == "html":
        out = Path(app.outdir)
        shutil.copyfile(out / "ja.html", out / "index.html")


def setup(app):
    app.connect("doctree-resolved", _other_language)
    app.connect("build-finished", _japanese_index)
    app.connect("missing-reference", _english_page)
    app.add_post_transform(PagesOfTheOtherSite)
    app.connect("include-read", _rewrite_links)
    app.connect("doctree-read", _anchor_rules)
    app.connect("source-read", _widget_members)
    app.connect("doctree-resolved", _link_rule_ids)
    app.connect("html-page-context", _plotly_pages)
    app.connect("builder-inited", _copy_plotly)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
