"""A page's record (cms.site.public_pages) to what its Django template shows, and the rendering.

Each page template of backend/page_templates.toml renders with `site/templates/{name}.html`
(`site/templates/page.html` for a template without its own file); all extend `site/base.html`.

The one fallback rule for untranslated text: a localized block (the name too) that is empty in
the page's locale shows the default locale's text (the first of CMS_LOCALES), marked with that
locale's `lang` and `dir` so screen readers and the layout follow it. A block whose text is a
copy of another locale's, not translated yet (the page's `copied`, issue 28), is that
locale's text too, and marked with its `lang` and `dir` likewise.
"""

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from django.template.loader import select_template
from django.utils import translation

from cms.core.locales import Locale, get_locale, locale_codes
from cms.core.markdown import render_markdown
from cms.media.records import rendition_url
from cms.pages.templates_registry import NAME_BLOCK, Block, Template, registry
from cms.pages.visibility import as_datetime
from cms.site.markdown import Embeds, plain, render_plain
from cms.site.public_pages import PublicPage, home_entry
from cms.site.words import words

WIDTHS = (400, 800, 1200, 1600)
DEFAULT_WIDTH = 800
SIZES = "(min-width: 50rem) 46rem, 100vw"
SHARE_SIZE = (1200, 630)  # spec §9: recommended share image at least 1200x630
# Search engines show about this much of a description (Lighthouse asks for one on every page).
DESCRIPTION_LENGTH = 155


@dataclass
class ShownBlock:
    html: str
    written: str  # the text as the editor wrote it (Markdown in a rich block)
    rich: bool = False
    lang: str = ""  # set when the text is the default locale's (the fallback rule)
    dir: str = ""

    @cached_property
    def text(self) -> str:
        """The block as plain text. Worked out when asked for: of a page's rich blocks usually
        only the first is (for the description), and reading Markdown again costs."""
        return plain(self.written) if self.rich else self.written


def picture(image: dict[str, Any], locale: str, box: tuple[int, int] | None = None) -> dict[str, Any]:
    """Return a responsive picture of an image: `src`, `srcset` of signed renditions, its size,
    alt text and caption in `locale` (no fallback: a wrong-language alt text misleads).

    `box` (an embed code's `size="WxH"`, 0 for a free side) sizes the picture to fit in it, never
    larger than the image. The renditions are still the fixed WIDTHS (and the image's own width
    below the largest): a box picks among them rather than asking for a rendition of its own, so
    an editor's made-up size can never make the server render, and keep, another file."""
    width = image.get("crop_width") or image.get("real_width") or DEFAULT_WIDTH
    height = image.get("crop_height") or image.get("real_height") or DEFAULT_WIDTH
    fmt = "png" if image.get("content_type") in ("image/png", "image/gif") else "jpeg"
    largest = min(width, WIDTHS[-1])
    widths = [w for w in WIDTHS if w < largest] + [largest]
    shown = min(width, DEFAULT_WIDTH)
    shown_width, shown_height, sizes = shown, max(1, round(height * shown / width)), SIZES
    if box:
        shown_width, shown_height = fitted_size(width, height, box)
        shown = next((w for w in widths if w >= shown_width), largest)  # the smallest that is sharp
        sizes = f"(max-width: {shown_width}px) 100vw, {shown_width}px"
    urls = {w: rendition_url(image, w, 0, "fit", fmt) for w in {*widths, shown}}  # `shown` is one of them, mostly
    return {
        "id": image["id"],
        "src": urls[shown],
        "srcset": ", ".join(f"{urls[w]} {w}w" for w in widths),
        "sizes": sizes,
        "width": shown_width,
        "height": shown_height,
        "alt": (image.get("alternative") or {}).get(locale, ""),
        "caption": (image.get("caption") or {}).get(locale, ""),
    }


def fitted_size(width: int, height: int, box: tuple[int, int]) -> tuple[int, int]:
    """The largest size of the image's proportions within `box` (0: that side is free), not
    larger than the image itself (enlarging only blurs)."""
    scale = min(1.0, box[0] / width if box[0] else 1.0, box[1] / height if box[1] else 1.0)
    return max(1, round(width * scale)), max(1, round(height * scale))


def page_context(
    page: PublicPage, *, origin: str, now: datetime, preview: bool = False, listing: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Return the template context of a page (a stored one, or the preview's unsaved one)."""
    record, code = page.record, page.locale
    locale = get_locale(code)
    template = registry().shown(record["template"])
    said = words(code)
    embeds = Embeds(
        images=page.images, attachments=page.attachments, locale=code,
        picture=lambda image, box: picture(image, code, box), download_label=said["download"],
    )  # fmt: skip
    blocks = _blocks(record, template, code, embeds, page.copied, page.unlinked)
    name = blocks.get(NAME_BLOCK) or ShownBlock("", "")
    links = sorted(record["page_images"], key=lambda link: (not link["primary"], link["position"]))
    pictures = [picture(link["image"], code) for link in links if link.get("image")] if template.images else []
    url = record["urls"].get(code, "")
    description = shortened(_description(blocks, template), DESCRIPTION_LENGTH)
    return {
        "locale": locale,
        "words": said,
        "template": template,
        "page": record,
        "preview": preview,
        "name": name,
        "title": _text_of(blocks, "meta_title") or name.text,
        "description": description,
        "blocks": blocks,
        "hero": pictures[0] if pictures else None,
        "gallery": pictures[1:],
        "files": _files(record, code) if template.files else [],
        "tags": record["enabled_tags"] if template.tags else [],
        "layout": record["blocks"].get("layout") if isinstance(record["blocks"].get("layout"), str) else "",
        "video_url": _safe_url(record["blocks"].get("video_url")),
        "menu": page.menu,
        "section_id": (record["ancestors"][0]["id"] if record["ancestors"] else record["id"]),
        "breadcrumbs": page.breadcrumbs,
        "url": url,
        "canonical": origin + url if url and not preview else "",
        "alternates": _alternates(record, code),
        "origin": origin,
        "home": home_entry(page.menu, code),
        "share_image": _share_image(record.get("meta_image"), code, origin),
        "noindex": preview or record["status"] == 3 or record["skip_index"],
        "feed_url": f"{url.rstrip('/')}/feed.xml" if record["feed_enabled"] and url and not preview else "",
        "listing": listing,
        "published_at": as_datetime(record["published_at"]),
        "starts_at": as_datetime(record["starts_at"]) if template.dates else None,
        "ends_at": as_datetime(record["ends_at"]) if template.dates else None,
        "now": now,
    }


def render_page(context: dict[str, Any]) -> str:
    """Render a page's context with its template, dates and numbers in the page's locale.

    Without the request: the site's templates show nothing the context processors add (the
    user, messages, the interface's languages, a CSRF token — the site posts no form), and
    running them cost every public page some 5 to 10 % of its rendering (measured, issue 29)."""
    names = [f"site/templates/{context['template'].template_name}.html", "site/templates/page.html"]
    with translation.override(context["locale"].code):
        return select_template(names).render(context)


def _blocks(
    record: dict[str, Any],
    template: Template,
    code: str,
    embeds: Embeds,
    copied: dict[str, str],
    unlinked: set[str],
) -> dict[str, ShownBlock]:
    shown: dict[str, ShownBlock] = {}
    for block, text, lang, direction in _block_texts(record, template, code, copied):
        rich = _is_rich(block)
        html = render_markdown(text, embeds, unlinked) if rich else render_plain(text)
        shown[block.name] = ShownBlock(html, text, rich, lang, direction)
    return shown


def _block_texts(
    record: dict[str, Any], template: Template, code: str, copied: dict[str, str]
) -> Iterator[tuple[Block, str, str, str]]:
    """The text each block of the template shows in locale `code`: (block, text, lang, dir),
    lang and dir set when it is another locale's (the fallback rule, or a copy); empty blocks left out."""
    default = locale_codes()[0]
    for block in template.all_blocks:
        value = record["blocks"].get(block.name)
        lang = direction = ""
        if isinstance(value, dict):
            text = value.get(code) or ""
            origin = copied.get(block.name, "") if text else ""
            if not text and value.get(default):
                text, origin = value[default], default
            if origin != code and origin in locale_codes():
                language = get_locale(origin)
                lang, direction = language.code, language.dir
        else:
            text = value if isinstance(value, str) else ""
        if text:
            yield block, text, lang, direction


def _is_rich(block: Block) -> bool:
    return "rich" in (block.css_class or "").split()


def _text_of(blocks: dict[str, ShownBlock], name: str) -> str:
    block = blocks.get(name)
    return " ".join(block.text.split()) if block else ""


def _description(blocks: dict[str, ShownBlock], template: Template) -> str:
    """The page's `meta_description`, else its first text: the first non-empty text block of the
    template (one with more than a line, name and headline aside) as plain text. The locale's own
    words come first; the default locale's (the one fallback rule) only when it has neither."""
    texts = [block.name for block in template.blocks if _is_text(block)]
    fallback = ""
    for name in ["meta_description", *texts]:
        block = blocks.get(name)
        if block is None or (block.lang and fallback):
            continue  # a block's text is only worked out when it may be the answer
        text = " ".join(block.text.split())
        if text and not block.lang:
            return text  # the locale's own words win
        fallback = fallback or text
    return fallback


def _is_text(block: Block) -> bool:
    return block.type == "text" and block.size != "field" and block.name != NAME_BLOCK


def shortened(text: str, limit: int) -> str:
    """The text cut where a word ends to at most `limit` characters, "…" marking the cut."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if text[limit - 1] != " " and " " in cut:
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:") + "…"


def _files(record: dict[str, Any], code: str) -> list[dict[str, Any]]:
    files = []
    for link in sorted(record["page_files"], key=lambda link: link["position"]):
        attachment = link["attachment"]
        names, descriptions = attachment.get("name") or {}, attachment.get("description") or {}
        files.append({
            "name": names.get(code) or names.get(locale_codes()[0]) or attachment["filename"],
            "description": descriptions.get(code, ""),
            "url": attachment["url"],
            "filename": attachment["filename"],
        })  # fmt: skip
    return files


def _alternates(record: dict[str, Any], code: str) -> list[dict[str, Any]]:
    urls = record["urls"]
    return [
        {"locale": get_locale(other), "url": urls[other], "current": other == code}
        for other in locale_codes()
        if other in urls
    ]


def _share_image(image: dict[str, Any] | None, code: str, origin: str) -> dict[str, Any] | None:
    if not image:
        return None
    width, height = SHARE_SIZE
    return {
        "url": origin + rendition_url(image, width, height, "fill", "jpeg"),
        "width": width,
        "height": height,
        "alt": (image.get("alternative") or {}).get(code, ""),
    }


def _safe_url(value: Any) -> str:
    return value if isinstance(value, str) and value.startswith(("https://", "http://")) else ""


def locale_of(code: str) -> Locale:
    return get_locale(code)
