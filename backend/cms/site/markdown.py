"""Block text to safe HTML: Markdown rendered by markdown-it, sanitised by nh3, embeds expanded.

Raw HTML in the text is escaped by markdown-it and anything that still looks like markup is
removed by nh3 (which also drops `javascript:` and other unsafe link schemes). Embed codes of
spec §9 — `[image:{id}]` and `[attachment:{id}]` — are expanded after sanitising, into HTML built
here from the records with every value escaped; a code naming no record renders nothing.
"""

import re
from collections.abc import Callable, Mapping
from typing import Any

import nh3
from django.utils.html import escape
from markdown_it import MarkdownIt

# breaks: a single line break in the text is a line break on the page (editors type addresses).
_markdown = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False, "breaks": True})
ALLOWED_TAGS = {"p", "br", "strong", "em", "a", "ul", "ol", "li", "blockquote", "h2", "h3", "h4", "code", "pre", "hr"}
URL_SCHEMES = {"http", "https", "mailto", "tel"}
EMBED_PARAGRAPH = re.compile(r"<p>\s*\[(image|attachment):(\d{1,18})\]\s*</p>")
EMBED_INLINE = re.compile(r"\[(image|attachment):(\d{1,18})\]")

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
    html = EMBED_PARAGRAPH.sub(lambda match: embed(match[1], int(match[2]), False), html)
    return EMBED_INLINE.sub(lambda match: embed(match[1], int(match[2]), True), html)


def render_plain(text: str) -> str:
    """Return a plain block's text as HTML: escaped, its line breaks kept."""
    return "<br>".join(escape(line) for line in (text or "").splitlines())


def plain(markdown: str) -> str:
    """Markdown as one line of plain text, for descriptions, lists and feeds (no markup)."""
    markdown = EMBED_INLINE.sub("", markdown)
    for mark in ("**", "__", "*", "_", "#", ">", "`"):
        markdown = markdown.replace(mark, "")
    return " ".join(markdown.split())


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
