"""Rich text (Markdown) to safe HTML, with the embed codes of spec §9 found where they count.

Raw HTML in the text is escaped by markdown-it and anything that still looks like markup is
removed by nh3 (which also drops `javascript:` and other unsafe link schemes). Embed codes —
`[image:{id}]` and `[attachment:{id}]` — are expanded after sanitising, by a renderer the caller
gives (the public site's builds HTML from the records: cms.site.markdown); a code naming no
record renders nothing.

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
from collections.abc import Callable
from functools import partial
from typing import Any

import nh3
from markdown_it import MarkdownIt

# breaks: a single line break in the text is a line break on the page (editors type addresses).
markdown_parser = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False, "breaks": True})
ALLOWED_TAGS = {"p", "br", "strong", "em", "a", "ul", "ol", "li", "blockquote", "h2", "h3", "h4", "code", "pre", "hr"}
URL_SCHEMES = {"http", "https", "mailto", "tel"}
# 18 digits at most: every such id fits the database's 64-bit keys; a longer one is plain text.
EMBED_INLINE = re.compile(r"\[(image|attachment):(\d{1,18})\]")
EMBED_ALONE = re.compile(r"\s*\[(image|attachment):(\d{1,18})\]\s*")
# A tag of nh3's output (html5ever serialises every attribute value in double quotes, with `"`
# escaped inside): whatever lies between two tags is a text node.
_TAGS = re.compile(r'(<[^>"]*(?:"[^"]*"[^>"]*)*>)')
_TAG_NAME = re.compile(r"<(/?)([a-zA-Z0-9]+)")
# Inside these, codes stay literal (see the module's docstring).
_LITERAL = {"code", "pre"}

# (kind, id, inline) -> the HTML of the embed, "" when there is no such record.
EmbedRenderer = Callable[[str, int, bool], str]


def render_markdown(text: str, embed: EmbedRenderer | None = None) -> str:
    """Return sanitised HTML for a block's Markdown, with its embed codes expanded by `embed`."""
    html = markdown_parser.render(text or "")
    html = nh3.clean(
        html, tags=ALLOWED_TAGS, attributes={"a": {"href", "title"}}, link_rel="noopener", url_schemes=URL_SCHEMES
    )
    if embed is None:
        return html
    return _expand(html, embed)


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
        elif literal > 0 or not part:
            out.append(part)
        elif (
            (alone := EMBED_ALONE.fullmatch(part))
            and not links
            and out
            and out[-1] == "<p>"
            and index + 1 < len(parts)
            and parts[index + 1] == "</p>"
        ):
            out[-1] = embed(alone[1], int(alone[2]), False)  # the paragraph becomes the block
            index += 1  # and its </p> goes with it
        else:
            out.append(EMBED_INLINE.sub(partial(_inline, embed=embed, in_link=links > 0), part))
        index += 1
    return "".join(out)


def _inline(match: re.Match[str], embed: EmbedRenderer, *, in_link: bool) -> str:
    if in_link and match[1] == "attachment":
        return match[0]  # a download link can't sit inside a link
    return embed(match[1], int(match[2]), True)


def expanded_codes(text: str) -> set[tuple[Any, int]]:
    """The (kind, id) of every embed code a Markdown text expands when rendered (what the page
    shows: not a code in code, nor a file's inside a link)."""
    found: set[tuple[Any, int]] = set()

    def note(kind: str, record_id: int, inline: bool) -> str:
        found.add((kind, record_id))
        return ""

    render_markdown(text, note)
    return found
