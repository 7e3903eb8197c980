"""A page's ordered image and file links, changed through `*_attributes` lists in a payload.

Each record either names an existing link by `id` (to reorder it, or to drop it with
`_destroy`) or adds a new link to an image or attachment.
"""

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext_lazy as _

from cms.core.messages import Errors, message
from cms.media.models import Attachment, Image
from cms.pages.models import Page, PageFile, PageImage

LINK_KINDS: dict[str, tuple[Any, Any, str]] = {
    "page_images_attributes": (PageImage, Image, "image_id"),
    "page_files_attributes": (PageFile, Attachment, "attachment_id"),
}
# Per kind of link: (the media named does not exist, the same media linked twice). The English
# says "a image" and "a attachment", as it always has: clients may compare the texts.
MEDIA_MESSAGES = {
    "page_images_attributes": (
        _("names a image that does not exist"),
        _("links the same image to this page more than once"),
    ),
    "page_files_attributes": (
        _("names a attachment that does not exist"),
        _("links the same attachment to this page more than once"),
    ),
}
FOREIGN_LINK_MESSAGE = _("names a link that does not belong to this page")
REPEATED_LINK_MESSAGE = _("lists the same link more than once")


def link_errors(page: Page, changes: dict[str, Any]) -> Errors:
    """Return errors for link records that name unknown links or media, no media at all, or
    that would link one image or attachment to the page twice."""
    errors: Errors = []
    for key, (link_model, media_model, media_field) in LINK_KINDS.items():
        records = changes.get(key) or []
        if not records:
            continue
        own = dict(link_model.objects.filter(page_id=page.pk).values_list("pk", media_field)) if page.pk else {}
        missing_media, repeated_media = MEDIA_MESSAGES[key]
        named_links = [r["id"] for r in records if r.get("id")]
        if any(link_id not in own for link_id in named_links):
            errors.append((key, FOREIGN_LINK_MESSAGE))
        if len(named_links) != len(set(named_links)):
            errors.append((key, REPEATED_LINK_MESSAGE))
        if any(not r.get("id") and not r.get(media_field) and not r.get("_destroy") for r in records):
            errors.append((key, message(_("a new link needs %(field)s"), field=media_field)))
        wanted = {r[media_field] for r in records if r.get(media_field) and not r.get("_destroy")}
        if wanted and len(held_media(media_model, wanted)) != len(wanted):
            errors.append((key, missing_media))
        linked = _linked_media(own, records, media_field)
        if len(linked) != len(set(linked)):
            errors.append((key, repeated_media))
        if link_model is PageImage and _primary_count(page, records) > 1:
            errors.append((key, PRIMARY_MESSAGE))
    return errors


def held_media(media_model: Any, ids: Iterable[int]) -> list[int]:
    """The ids of these images (attachments) that exist, locked until the save commits: a
    deletion in the meantime (which locks the row first and then looks for pages showing it)
    waits and then sees the page's link, instead of leaving a link to nothing."""
    return list(
        media_model.objects.select_for_update(no_key=True).filter(pk__in=list(ids)).values_list("pk", flat=True)
    )


PRIMARY_MESSAGE = _("marks more than one image as the primary image: a page has one primary image at most")


def _primary_count(page: Page, records: list[dict[str, Any]]) -> int:
    """Return how many of the page's image links are primary once the records are applied."""
    named = {r["id"] for r in records if r.get("id")}
    # A link the records leave out keeps its flag; a listed one takes the record's (apply_link_changes).
    kept = PageImage.objects.filter(page_id=page.pk, primary=True).exclude(pk__in=named).count() if page.pk else 0
    return kept + sum(1 for r in records if r.get("primary") and not r.get("_destroy"))


def _linked_media(own: dict[int, int], records: list[dict[str, Any]], media_field: str) -> list[int]:
    """Return the media ids the page links to once the records are applied, repeats included."""
    final = dict(own)  # link id -> media id
    added = []
    for record in records:
        link_id, media_id = record.get("id"), record.get(media_field)
        if link_id and record.get("_destroy"):
            final.pop(link_id, None)
        elif link_id and media_id:
            final[link_id] = media_id
        elif not link_id and media_id and not record.get("_destroy"):
            added.append(media_id)
    return [*final.values(), *added]


def apply_link_changes(page: Page, changes: dict[str, Any]) -> list[str]:
    """Write the link records of a payload; return the kinds of link (payload keys) whose stored
    state changed. A link the payload leaves as it is is not written again."""
    changed = []
    for key, (link_model, _media_model, media_field) in LINK_KINDS.items():
        records = changes.get(key)
        if records is None:
            continue
        links = {link.pk: link for link in link_model.objects.filter(page=page)}
        # Removals first: a payload may drop a link and add the same image back in one go.
        removed = {r["id"] for r in records if r.get("id") and r.get("_destroy")} & links.keys()
        touched = bool(removed)
        if removed:
            link_model.objects.filter(page=page, pk__in=removed).delete()
        new, moved = [], []
        for index, record in enumerate(records, start=1):
            if record.get("_destroy"):
                continue
            link = links.get(record.get("id")) if record.get("id") else None
            if link is None:
                link = link_model(page=page, **{media_field: record[media_field]})
            state = _link_state(link, media_field)
            if record.get(media_field):
                setattr(link, media_field, record[media_field])
            link.position = record.get("position") or index
            if link_model is PageImage:
                link.primary = bool(record.get("primary", False))
            if link.pk is None:
                new.append(link)
            elif _link_state(link, media_field) != state:
                moved.append(link)
        # Written in two statements however many links a payload sends (up to MAX_LINKS each).
        link_model.objects.bulk_update(
            moved, [media_field, "position", *(["primary"] if link_model is PageImage else [])]
        )
        link_model.objects.bulk_create(new)
        if touched or new or moved:
            changed.append(key)
    return changed


def _link_state(link: Any, media_field: str) -> tuple[Any, ...]:
    return getattr(link, media_field), link.position, getattr(link, "primary", None)
