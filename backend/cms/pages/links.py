"""A page's ordered image and file links, changed through `*_attributes` lists in a payload.

Each record either names an existing link by `id` (to reorder it, or to drop it with
`_destroy`) or adds a new link to an image or attachment.
"""

from typing import Any

from cms.media.models import Attachment, Image
from cms.pages.models import Page, PageFile, PageImage

LINK_KINDS: dict[str, tuple[Any, Any, str]] = {
    "page_images_attributes": (PageImage, Image, "image_id"),
    "page_files_attributes": (PageFile, Attachment, "attachment_id"),
}


def link_errors(page: Page, changes: dict[str, Any]) -> list[tuple[str, str]]:
    """Return errors for link records that name unknown links or media, or no media at all."""
    errors = []
    for key, (link_model, media_model, media_field) in LINK_KINDS.items():
        records = changes.get(key) or []
        if not records:
            continue
        own = set(link_model.objects.filter(page_id=page.pk).values_list("pk", flat=True)) if page.pk else set()
        media_name = media_model.__name__.lower()
        if any(r.get("id") and r["id"] not in own for r in records):
            errors.append((key, "names a link that does not belong to this page"))
        if any(not r.get("id") and not r.get(media_field) and not r.get("_destroy") for r in records):
            errors.append((key, f"a new link needs {media_field}"))
        wanted = {r[media_field] for r in records if r.get(media_field) and not r.get("_destroy")}
        if wanted and media_model.objects.filter(pk__in=wanted).count() != len(wanted):
            errors.append((key, f"names a {media_name} that does not exist"))
    return errors


def apply_link_changes(page: Page, changes: dict[str, Any]) -> None:
    for key, (link_model, _media_model, media_field) in LINK_KINDS.items():
        records = changes.get(key)
        if records is None:
            continue
        links = {link.pk: link for link in link_model.objects.filter(page=page)}
        for index, record in enumerate(records, start=1):
            link = links.get(record.get("id")) if record.get("id") else None
            if record.get("_destroy"):
                if link is not None:
                    link.delete()
                continue
            if link is None:
                link = link_model(page=page, **{media_field: record[media_field]})
            elif record.get(media_field):
                setattr(link, media_field, record[media_field])
            link.position = record.get("position") or index
            if link_model is PageImage:
                link.primary = bool(record.get("primary", False))
            link.save()
