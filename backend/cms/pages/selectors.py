"""Reads of pages in the shape the admin and its API answer (spec §3 Page)."""

from typing import Any

from django.db.models import Exists, OuterRef

from cms.accounts.permissions import page_permissions
from cms.core.exceptions import NotFound
from cms.core.locales import get_locale, locale_codes
from cms.pages import tree
from cms.pages.models import Page, PageFile, PageImage, PageLocalization, Tag
from cms.pages.templates_registry import NAME_BLOCK, registry


def public_path(locale: str, segments: list[str]) -> str | None:
    """Return the public address for a chain of path segments, or None if one is missing."""
    if not segments or not all(segments):
        return None
    return f"/{locale}/" + "/".join(segments)


def page_detail(*, page: Page, locale: str, user: Any, errors: list[tuple[str, str]] | None = None) -> dict[str, Any]:
    """Return the full Page shape of spec §3 for one page, in a constant number of queries."""
    get_locale(locale)
    localizations = list(PageLocalization.objects.filter(page_id=page.pk)) if page.pk else []
    blocks = _merged_blocks(page, localizations)
    lineage = tree.lineage_localizations(page.parent_id) if page.parent_id else []
    own = {loc.locale: loc for loc in localizations}
    ancestors = _ancestors(lineage)
    urls = {}
    for code in locale_codes():
        chain = [a["path_segment"].get(code, "") for a in ancestors]
        chain.append(own[code].path_segment if code in own else "")
        if url := public_path(code, chain):
            urls[code] = url
    tags = _tags(page)
    return {
        "id": page.pk,
        "locale": locale,
        "parent_page_id": page.parent_id,
        "position": page.position,
        "status": page.status,
        "published_at": page.published_at,
        "starts_at": page.starts_at,
        "ends_at": page.ends_at,
        "all_day": page.all_day,
        "pinned": page.pinned,
        "template": page.template,
        "unique_name": page.unique_name,
        "feed_enabled": page.feed_enabled,
        "news_page": page.news_page,
        "user_id": page.user_id,
        "redirect_to": page.redirect_to,
        "path_segment": own[locale].path_segment if locale in own else "",
        "meta_image": _meta_image(page),
        "skip_index": page.skip_index,
        "blocks": blocks,
        "ancestors": ancestors,
        "urls": urls,
        "page_files": _page_files(page),
        "page_images": _page_images(page),
        "tags_and_suggestions": [name for name, _ in tags],
        "enabled_tags": [name for name, enabled in tags if enabled],
        "errors": [list(e) for e in (errors or [])],
        "permissions": page_permissions(user),
        "lock_version": page.lock_version,
    }


def get_page(page_id: int) -> Page:
    try:
        return Page.objects.select_related("meta_image").get(pk=page_id)
    except Page.DoesNotExist:
        raise NotFound(f"Page {page_id} does not exist.") from None


def _merged_blocks(page: Page, localizations: list[PageLocalization]) -> dict[str, Any]:
    """Return block name -> text (not localized) or -> {locale: text} (localized)."""
    known = registry().blocks
    blocks: dict[str, Any] = {}
    for name, value in page.blocks.items():
        if name in known and known[name].localized:
            continue  # a block that became localized: its old shared value is not shown
        blocks[name] = value
    for loc in localizations:
        localized = {NAME_BLOCK: loc.name, **loc.blocks}
        for name, value in localized.items():
            if name in known and not known[name].localized:
                continue
            blocks.setdefault(name, {})[loc.locale] = value
    blocks.setdefault(NAME_BLOCK, {})
    return blocks


def _ancestors(lineage: list[tuple[int, str | None, str, str]]) -> list[dict[str, Any]]:
    by_id: dict[int, dict[str, Any]] = {}
    for page_id, loc, name, segment in lineage:
        entry = by_id.setdefault(page_id, {"id": page_id, "path_segment": {}, "name": {}})
        if loc is not None:
            entry["name"][loc] = name
            if segment:
                entry["path_segment"][loc] = segment
    return list(by_id.values())


def _tags(page: Page) -> list[tuple[str, bool]]:
    """Return every known tag with whether this page has it, in one query."""
    if not page.pk:
        return [(name, False) for name in Tag.objects.values_list("name", flat=True)]
    through = Page.tags.through
    enabled = Exists(through.objects.filter(page_id=page.pk, tag_id=OuterRef("pk")))
    return list(Tag.objects.annotate(enabled=enabled).values_list("name", "enabled"))


def _meta_image(page: Page) -> dict[str, Any] | None:
    if page.meta_image_id is None:
        return None
    image = page.meta_image
    assert image is not None
    return {
        "id": image.pk,
        "filename": image.filename,
        "thumbnail_url": image.file.url,
        "real_width": image.real_width,
        "real_height": image.real_height,
    }


def _page_images(page: Page) -> list[dict[str, Any]]:
    if not page.pk:
        return []
    links = PageImage.objects.filter(page_id=page.pk).select_related("image")
    return [
        {"id": link.pk, "image_id": link.image_id, "primary": link.primary, "position": link.position} for link in links
    ]


def _page_files(page: Page) -> list[dict[str, Any]]:
    if not page.pk:
        return []
    links = PageFile.objects.filter(page_id=page.pk).select_related("attachment")
    return [
        {
            "id": link.pk,
            "attachment_id": link.attachment_id,
            "position": link.position,
            "attachment": {
                "id": link.attachment.pk,
                "filename": link.attachment.filename,
                "name": link.attachment.name,
                "description": link.attachment.description,
                "url": link.attachment.file.url,
            },
        }
        for link in links
    ]


def tree_page(*, page_id: int, locale: str, user: Any) -> dict[str, Any]:
    """Return one page as the tree lists it (what a move answers)."""
    detail = page_detail(page=get_page(page_id), locale=locale, user=user)
    return {
        **detail,
        "blocks": {NAME_BLOCK: detail["blocks"][NAME_BLOCK]},
        "tags_and_suggestions": detail["enabled_tags"],
    }
