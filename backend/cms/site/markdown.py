"""Block text to safe HTML: Markdown rendered by markdown-it, sanitised by nh3, embeds expanded.

Raw HTML in the text is escaped by markdown-it and anything that still looks like markup is
removed by nh3 (which also drops `javascript:` and other unsafe link schemes). Embed codes of
spec §9 — `[image:{id}]` and `[attachment:{id}]` — are expanded after sanitising, into HTML built
here from the records with every value escaped; a code naming no record renders nothing.

Codes are expanded in text nodes only, never inside a tag (a link's title, say), so the markup
stays whole, and never in what an embed renders (an alt text, a caption or a file name may show a
code). A code alone in its paragraph becomes a block (a figure), elsewhere it is inline.
Two places keep a code as the text it is:
- code spans and code blocks (`<code>`, `<pre>`): the spec (§9) only names the two codes, and
  Markdown's code is the way to show text literally — a help page telling editors "type
  `[image:12]`" must show the code, not the image;
- an attachment code inside a link: its download link would nest one link in another, which
  HTML forbids (browsers split the outer link). An image code there is fine: an inline image.
"""

import re
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import nh3
from django.utils.html import escape
from markdown_it import MarkdownIt

# breaks: a single line break in the text is a line break on the page (editors type addresses).
_markdown = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False, "breaks": True})
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
    html = _markdown.render(text or "")
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


def render_plain(text: str) -> str:
    """Return a plain block's text as HTML: escaped, its line breaks kept."""
    return "<br>".join(escape(line) for line in (text or "").splitlines())


def plain(markdown: str) -> str:
    """Markdown as one line of plain text, for descriptions, lists and feeds: what a reader sees
    of it (a link's label, a picture's alt text, code as written), without marks or embeds."""
    words: list[str] = []
    for token in _markdown.parse(markdown or ""):
        if token.type == "inline":
            words += (_plain_inline(child) for child in token.children or ())
        elif token.type in ("code_block", "fence"):
            words.append(token.content)
        words.append(" ")  # blocks are apart
    return " ".join("".join(words).split())


def _plain_inline(token: Any) -> str:
    if token.type == "text":
        return EMBED_INLINE.sub("", token.content)
    if token.type == "code_inline":
        return token.content
    if token.type in ("softbreak", "hardbreak"):
        return " "
    if token.type == "image":
        return "".join(_plain_inline(child) for child in token.children or ())
    return ""  # the marks around emphasis, links …


class Embeds:
    """Expands embed codes from the records a page shows, in one locale."""

    def __init__(
        self,
        *,
        images: Mapping[int, dict[str, Any]],
        attachments: Mapping[int, dict[str, Any]],
        locale: str,
        picture: Callable[[dict[str, Any]], dict[str, Any]],
        download_label: str,
    ) -> None:
        self.images, self.attachments, self.locale = images, attachments, locale
        self.picture, self.download_label = picture, download_label

    def __call__(self, kind: str, record_id: int, inline: bool) -> str:
        if kind == "image":
            image = self.images.get(record_id)
            return self._image(image, inline) if image else ""
        attachment = self.attachments.get(record_id)
        return self._attachment(attachment, inline) if attachment else ""

    def _image(self, image: dict[str, Any], inline: bool) -> str:
        p = self.picture(image)
        img = (
            f'<img src="{escape(p["src"])}" srcset="{escape(p["srcset"])}" sizes="{escape(p["sizes"])}"'
            f' width="{p["width"]}" height="{p["height"]}" alt="{escape(p["alt"])}" loading="lazy" decoding="async">'
        )
        if inline:
            return f'<span class="embed embed-image">{img}</span>'
        caption = f"<figcaption>{escape(p['caption'])}</figcaption>" if p["caption"] else ""
        return f'<figure class="embed embed-image">{img}{caption}</figure>'

    def _attachment(self, attachment: dict[str, Any], inline: bool) -> str:
        names = attachment.get("name") or {}
        name = names.get(self.locale) or next((n for n in names.values() if n), "") or attachment.get("filename", "")
        link = (
            f'<a class="download" href="{escape(attachment["url"])}" download>'
            f'<span class="download__label">{escape(self.download_label)}</span> {escape(name)}</a>'
        )
        return link if inline else f'<p class="embed embed-attachment">{link}</p>'
