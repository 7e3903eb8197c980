"""What the public site makes of block text: embeds as HTML, plain text for descriptions.

Markdown and its embed codes are read by cms.core.markdown (the one rule, shared with the
record of what a page shows); this module renders the codes from the records a page shows.
"""

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.html import escape

from cms.core.markdown import EMBED_INLINE, markdown_parser


def render_plain(text: str) -> str:
    """Return a plain block's text as HTML: escaped, its line breaks kept."""
    return "<br>".join(escape(line) for line in (text or "").splitlines())


def plain(markdown: str) -> str:
    """Markdown as one line of plain text, for descriptions, lists and feeds: what a reader sees
    of it (a link's label, a picture's alt text, code as written), without marks or embeds."""
    words: list[str] = []
    for token in markdown_parser.parse(markdown or ""):
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
