"""A page's ordered image and file links, changed through `*_attributes` lists in a payload.

Each record either names an existing link by `id` (to reorder it, or to drop it with
`_destroy`) or adds a new link to an image or attachment.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy as _

from cms.core.messages import Errors, message
from cms.media.models import Attachment, Image
from cms.pages.models import Page, PageFile, PageImage
from cms.pages.saving.payload import FILE_LINKS, IMAGE_LINKS, FileLinkChange, ImageLinkChange, PageChanges

LinkChange = ImageLinkChange | FileLinkChange


@dataclass(frozen=True)
class LinkKind:
    key: str  # the payload's list, and the attribute its errors name
    link_model: Any
    media_model: Any
    media_field: str


IMAGE_KIND = LinkKind(IMAGE_LINKS, PageImage, Image, "image_id")
FILE_KIND = LinkKind(FILE_LINKS, PageFile, Attachment, "attachment_id")
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


@dataclass
class LinkPlan:
    """The link records a save sends, of one kind, beside the page's links as stored (read
    once, for the checks and the writes)."""

    kind: LinkKind
    records: Sequence[LinkChange]
    stored: dict[int, Any] = field(default_factory=dict)  # link id -> link
    final: list[Any] = field(default_factory=list)  # the page's links of this kind once written, in order

    def media_of(self, record: LinkChange) -> int | None:
        return getattr(record, self.kind.media_field)


def link_plans(page: Page, changes: PageChanges) -> list[LinkPlan]:
    """The link lists a save sends, each with the page's stored links of its kind (one read each)."""
    plans = []
    for kind, records in ((IMAGE_KIND, changes.image_links), (FILE_KIND, changes.file_links)):
        if records is None:
            continue
        stored = {link.pk: link for link in kind.link_model.objects.filter(page_id=page.pk)} if page.pk else {}
        plans.append(LinkPlan(kind, records, stored))
    return plans


def link_errors(plans: Iterable[LinkPlan]) -> Errors:
    """Return errors for link records that name unknown links or media, no media at all, or
    that would link one image or attachment to the page twice. Media the page links already
    exist (and a deletion waits for the save: cms.media); only the others are looked up."""
    errors: Errors = []
    for plan in plans:
        kind, records, stored = plan.kind, plan.records, plan.stored
        if not records:
            continue
        missing_media, repeated_media = MEDIA_MESSAGES[kind.key]
        named_links = [r.id for r in records if r.id]
        if any(link_id not in stored for link_id in named_links):
            errors.append((kind.key, FOREIGN_LINK_MESSAGE))
        if len(named_links) != len(set(named_links)):
            errors.append((kind.key, REPEATED_LINK_MESSAGE))
        if any(not r.id and not plan.media_of(r) and not r.destroy for r in records):
            errors.append((kind.key, message(_("a new link needs %(field)s"), field=kind.media_field)))
        linked_already = {getattr(link, kind.media_field) for link in stored.values()}
        wanted = {media for r in records if (media := plan.media_of(r)) and not r.destroy} - linked_already
        if wanted and len(held_media(kind.media_model, wanted)) != len(wanted):
            errors.append((kind.key, missing_media))
        linked = _linked_media(plan)
        if len(linked) != len(set(linked)):
            errors.append((kind.key, repeated_media))
        if kind is IMAGE_KIND and _primary_count(plan) > 1:
            errors.append((kind.key, PRIMARY_MESSAGE))
    return errors


def held_media(media_model: Any, ids: Iterable[int]) -> list[int]:
    """The ids of these images (attachments) that exist, locked until the save commits: a
    deletion in the meantime (which locks the row first and then looks for pages showing it)
    waits and then sees the page's link, instead of leaving a link to nothing."""
    return list(
        media_model.objects.select_for_update(no_key=True).filter(pk__in=list(ids)).values_list("pk", flat=True)
    )


PRIMARY_MESSAGE = _("marks more than one image as the primary image: a page has one primary image at most")


def _primary_count(plan: LinkPlan) -> int:
    """Return how many of the page's image links are primary once the records are applied."""
    named = {r.id for r in plan.records if r.id}
    # A link the records leave out keeps its flag; a listed one takes the record's (write_links).
    kept = sum(1 for pk, link in plan.stored.items() if link.primary and pk not in named)
    return kept + sum(1 for r in plan.records if isinstance(r, ImageLinkChange) and r.primary and not r.destroy)


def _linked_media(plan: LinkPlan) -> list[int]:
    """Return the media ids the page links to once the records are applied, repeats included."""
    final = {pk: getattr(link, plan.kind.media_field) for pk, link in plan.stored.items()}  # link id -> media id
    added = []
    for record in plan.records:
        link_id, media_id = record.id, plan.media_of(record)
        if link_id and record.destroy:
            final.pop(link_id, None)
        elif link_id and media_id:
            final[link_id] = media_id
        elif not link_id and media_id and not record.destroy:
            added.append(media_id)
    return [*final.values(), *added]


def write_links(page: Page, plans: Iterable[LinkPlan]) -> list[str]:
    """Write the link records of a payload; return the kinds of link (payload keys) whose stored
    state changed. Only the rows that change are written, in bulk: one DELETE, one UPDATE and
    one INSERT at most per kind, none for a list sent as it is stored."""
    changed = []
    for plan in plans:
        kind, links = plan.kind, plan.stored
        link_model, media_field = kind.link_model, kind.media_field
        # Removals first: a payload may drop a link and add the same image back in one go.
        removed = {r.id for r in plan.records if r.id and r.destroy} & links.keys()
        if removed:
            link_model.objects.filter(page=page, pk__in=removed).delete()
        new, moved = [], []
        for index, record in enumerate(plan.records, start=1):
            if record.destroy:
                continue
            link = links.get(record.id) if record.id else None
            if link is None:
                link = link_model(page=page, **{media_field: plan.media_of(record)})
            state = _link_state(link, media_field)
            if plan.media_of(record):
                setattr(link, media_field, plan.media_of(record))
            link.position = record.position or index
            if isinstance(record, ImageLinkChange):
                link.primary = record.primary
            if link.pk is None:
                new.append(link)
            elif _link_state(link, media_field) != state:
                moved.append(link)
        if moved:
            link_model.objects.bulk_update(
                moved, [media_field, "position", *(["primary"] if link_model is PageImage else [])]
            )
        if new:
            link_model.objects.bulk_create(new)
        kept = [link for link_id, link in links.items() if link_id not in removed]
        plan.final = sorted([*kept, *new], key=lambda link: (link.position, link.pk))
        if removed or new or moved:
            changed.append(kind.key)
    return changed


def _link_state(link: Any, media_field: str) -> tuple[Any, ...]:
    return getattr(link, media_field), link.position, getattr(link, "primary", None)
