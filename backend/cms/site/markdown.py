"""What the public site makes of block text: embeds as HTML, plain text for descriptions.

Markdown and its embed codes are read by cms.core.markdown (the one rule, shared with the
record of what a page shows); this module renders the codes from the records a page shows.
"""

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.html import escape

from cms.core.embed_codes import EMBED_INLINE, EmbedCode
from cms.core.markdown import markdown_parser


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
    """Expands embed codes (cms.core.embed_codes: options already checked) from the records a
    page shows, in one locale."""

    def __init__(
        self,
        *,
        images: Mapping[int, dict[str, Any]],
        attachments: Mapping[int, dict[str, Any]],
        locale: str,
        picture: Callable[[dict[str, Any], tuple[int, int] | None], dict[str, Any]],
        download_label: str,
    ) -> None:
        self.images, self.attachments, self.locale = images, attachments, locale
        self.picture, self.download_label = picture, download_label

    def __call__(self, code: EmbedCode, inline: bool) -> str:
        if code.kind == "image":
            image = self.images.get(code.id)
            return self._image(image, code, inline) if image else ""
        files = [self.attachments[i] for i in code.ids if i in self.attachments]
        if len(code.ids) == 1:
            return self._attachment(files[0], inline) if files else ""
        return self._attachment_list(files, inline) if files else ""

    def _image(self, image: dict[str, Any], code: EmbedCode, inline: bool) -> str:
        p = self.picture(image, (code.width, code.height) if code.sized else None)
        img = (
            f'<img src="{escape(p["src"])}" srcset="{escape(p["srcset"])}" sizes="{escape(p["sizes"])}"'
            f' width="{p["width"]}" height="{p["height"]}" alt="{escape(p["alt"])}" loading="lazy" decoding="async">'
        )
        if code.link:
            img = f'<a class="embed__link" href="{escape(code.link)}" rel="noopener">{img}</a>'
        classes = " ".join(filter(None, ("embed embed-image", "embed-sized" if code.sized else "", code.css_class)))
        if inline:
            return f'<span class="{classes}">{img}</span>'
        caption = f"<figcaption>{escape(p['caption'])}</figcaption>" if p["caption"] else ""
        return f'<figure class="{classes}">{img}{caption}</figure>'

    def _attachment(self, attachment: dict[str, Any], inline: bool) -> str:
        link = self._download(attachment)
        return link if inline else f'<p class="embed embed-attachment">{link}</p>'

    def _attachment_list(self, files: list[dict[str, Any]], inline: bool) -> str:
        """`[attachment:1,2,3]`: the files as one list; in a sentence, one after another."""
        if inline:
            return f'<span class="embed embed-attachments">{", ".join(map(self._download, files))}</span>'
        items = "".join(f"<li>{self._download(attachment)}</li>" for attachment in files)
        return f'<ul class="embed embed-attachments">{items}</ul>'

    def _download(self, attachment: dict[str, Any]) -> str:
        names = attachment.get("name") or {}
        name = names.get(self.locale) or next((n for n in names.values() if n), "") or attachment.get("filename", "")
        return (
            f'<a class="download" href="{escape(attachment["url"])}" download>'
            f'<span class="download__label">{escape(self.download_label)}</span> {escape(name)}</a>'
        )
