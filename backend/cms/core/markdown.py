"""Rich text (Markdown) to safe HTML, with the embed codes of spec §9 found where they count.

A single line break an editor types stays a line break (`<br>`, markdown-it's `breaks`), as in
pages_core (issue 31, item 4); a blank line still starts a paragraph, and lists, headings and
quotes begin on their own line as Markdown has them.

Raw HTML in the text is escaped by markdown-it and anything that still looks like markup is
removed by nh3 (which also drops `javascript:` and other unsafe link schemes). Embed codes —
`[image:{id}]` and `[attachment:{id}]`, with pages_core's options (read by cms.core.embed_codes) —
are expanded after sanitising, by a renderer the caller gives (the public site's builds HTML from
the records: cms.site.markdown); a code naming no record renders nothing.

Codes are expanded in text nodes only, never inside a tag (a link's title, say), so the markup
stays whole, and never in what an embed renders (an alt text, a caption or a file name may show a
code). A code alone in its paragraph becomes a block (a figure), elsewhere it is inline.
Two places keep a code as the text it is:
- code spans and code blocks (`<code>`, `<pre>`): the spec (§9) only names the two codes, and
  Markdown's code is the way to show text literally — a help page telling editors "type
  `[image:12]`" must show the code, not the image;
- an attachment code inside a link: its download link would nest one link in another, which
  HTML forbids (browsers split the outer link). An image code there is fine: an inline image.

The rule lives in core so that both the site (which renders) and pages (which records what a
page shows, cms.pages.media_uses) read codes the same way, with no registry between them.
"""

import re
from collections.abc import Callable, Collection
from dataclasses import replace
from functools import partial
from html import unescape
from typing import Any
from urllib.parse import unquote

import nh3
from markdown_it import MarkdownIt

from cms.core.embed_codes import EMBED_ALONE, EMBED_INLINE, EmbedCode, read_code

# breaks: a single line break in the text is a line break on the page (editors type addresses).
markdown_parser = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False, "breaks": True})
ALLOWED_TAGS = {"p", "br", "strong", "em", "a", "ul", "ol", "li", "blockquote", "h2", "h3", "h4", "code", "pre", "hr"}
URL_SCHEMES = {"http", "https", "mailto", "tel"}
# A tag of nh3's output (html5ever serialises every attribute value in double quotes, with `"`
# escaped inside): whatever lies between two tags is a text node.
_TAGS = re.compile(r'(<[^>"]*(?:"[^"]*"[^>"]*)*>)')
_TAG_NAME = re.compile(r"<(/?)([a-zA-Z0-9]+)")
# Inside these, codes stay literal (see the module's docstring).
_LITERAL = {"code", "pre"}

# (code, inline) -> the HTML of the embed, "" when there is no such record.
EmbedRenderer = Callable[[EmbedCode, bool], str]


def render_markdown(text: str, embed: EmbedRenderer | None = None, unlinked: Collection[str] = ()) -> str:
    """Return sanitised HTML for a block's Markdown, with its embed codes expanded by `embed`;
    the links to the addresses in `unlinked` (as written: a deleted or unpublished page's, say)
    become their label alone."""
    html = markdown_parser.render(text or "")
    html = nh3.clean(
        html, tags=ALLOWED_TAGS, attributes={"a": {"href", "title"}}, link_rel="noopener", url_schemes=URL_SCHEMES
    )
    if unlinked:
        html = _unlink(html, {unquote(url.strip()) for url in unlinked})
    if embed is None:
        return html
    return _expand(html, embed)


# A link of nh3's output (links never nest; its attributes are double-quoted, see _TAGS).
_LINK = re.compile(r'<a\b[^>"]*(?:"[^"]*"[^>"]*)*?\bhref="(?P<href>[^"]*)"[^>]*>(?P<label>.*?)</a>', re.DOTALL)


def _unlink(html: str, addresses: set[str]) -> str:
    """The links to `addresses` (percent-decoded) as their label alone. markdown-it writes the
    address percent-encoded and nh3 escapes it as HTML: both are undone before comparing."""

    def label(match: re.Match[str]) -> str:
        return match["label"] if unquote(unescape(match["href"])) in addresses else match[0]

    return _LINK.sub(label, html)


def _expand(html: str, embed: EmbedRenderer) -> str:
    """Expand the embed codes in the text nodes of sanitised HTML (tags are copied as they are)."""
    parts = _TAGS.split(html)  # text nodes at even positions, tags at odd ones
    out: list[str] = []  # what an embed renders is added here, never scanned for codes again
    literal = links = 0  # how many <code>/<pre>, and <a>, are open
    index = 0
    while index < len(parts):
        part = parts[index]
        if index % 2:  # a tag
            if name := _TAG_NAME.match(part):
                step = -1 if name[1] else 1
                if name[2].lower() in _LITERAL:
                    literal += step
                elif name[2].lower() == "a":
                    links += step
            out.append(part)
        elif literal > 0 or "[" not in part:
            out.append(part)
        elif (
            (alone := EMBED_ALONE.fullmatch(part))
            and not links
            and out
            and out[-1] == "<p>"
            and index + 1 < len(parts)
            and parts[index + 1] == "</p>"
        ):
            out[-1] = embed(read_code(alone), False)  # the paragraph becomes the block
            index += 1  # and its </p> goes with it
        else:
            out.append(EMBED_INLINE.sub(partial(_inline, embed=embed, in_link=links > 0), part))
        index += 1
    return "".join(out)


def _inline(match: re.Match[str], embed: EmbedRenderer, *, in_link: bool) -> str:
    code = read_code(match)
    if in_link and code.kind == "attachment":
        return match[0]  # a download link can't sit inside a link
    return embed(replace(code, link="") if in_link else code, True)  # nor can the picture's link


def expanded_codes(text: str) -> set[tuple[Any, int]]:
    """The (kind, id) of every record the embed codes of a Markdown text expand when rendered
    (what the page shows: not a code in code, nor a file's inside a link)."""
    found: set[tuple[Any, int]] = set()

    def note(code: EmbedCode, inline: bool) -> str:
        found.update((code.kind, record_id) for record_id in code.ids)
        return ""

    render_markdown(text, note)
    return found
