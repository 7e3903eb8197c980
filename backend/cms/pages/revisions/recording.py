"""One revision for every accepted save (issue 20, item 1), written in the save's transaction.

A save builds its revision's manifest from the page's latest one (`Page.revision_head`, read
with the page) and what it changed: the blocks whose text changed are the only texts it sends
to be stored, the other locales' parts are referred to as they were. So a save reads nothing
more for its revision and writes two rows at most: its new texts (one statement) and the
revision. A page saved before revisions were kept has no head: its first revision is built from
what is stored (after the save's writes, so it holds them).
"""

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils import timezone

from cms.core.types import User
from cms.pages.models import Page, PageFile, PageImage, PageLocalization, PageRevision, Status, Tag
from cms.pages.revisions.storage import Manifest, TextBatch, locale_part, page_fields, shared_part
from cms.pages.saving.links import IMAGE_KIND, LinkPlan
from cms.pages.saving.tags import tag_order

# Kinds of revision (PageRevision.kind).
CREATE, UPDATE, DELETE, UNDELETE, RESTORE, SCHEDULED = "create", "update", "delete", "undelete", "restore", "scheduled"
REVIEWED = "reviewed"  # a submitted change a reviewer approved went live (cms.pages.reviews)
# Links rewritten to a moved page's new address (cms.pages.text_links.rewriting); its audit entry
# is an "update" naming the page that moved (`page_id`).
LINKS = "links"
# A revision after which visitors could see the page (prune_revisions keeps every one).
LIVE_STATUSES = (Status.PUBLISHED, Status.HIDDEN)


def next_manifest(
    page: Page, localizations: Iterable[PageLocalization], *, changed_blocks: Iterable[str] | None,
    tags: list[str] | None, plans: Iterable[LinkPlan],
) -> tuple[Manifest, TextBatch]:  # fmt: skip
    """The manifest of the page after a save in these localizations (written already or not: it
    is built from the objects), and the texts to store for it.

    `changed_blocks`: the blocks whose text the save changed (None: any may have); `tags`: the
    page's tag names when the save changed them; `plans`: the link lists it sent, written."""
    head = page.revision_head
    if not head:
        return stored_manifest(page)
    changed = None if changed_blocks is None else set(changed_blocks)
    batch = TextBatch()
    manifest = dict(head)
    manifest["template"] = page.template
    manifest["fields"] = page_fields(page)
    manifest["shared"] = shared_part(batch, page.blocks or {}, changed=changed)
    manifest["locales"] = dict(head.get("locales", {}))
    for localization in localizations:
        manifest["locales"][localization.locale] = locale_part(
            batch, name=localization.name, path_segment=localization.path_segment,
            blocks=localization.blocks or {}, changed=changed,
        )  # fmt: skip
    if tags is not None:
        manifest["tags"] = sorted(tags, key=tag_order)
    manifest.update(_links_of(plans))
    for unchanged in (head.get("shared", ""), *head.get("locales", {}).values()):
        batch.texts.pop(unchanged, None)  # parts stored already
    return manifest, batch


def first_manifest(
    page: Page, localization: PageLocalization, *, tags: list[str] | None, plans: Iterable[LinkPlan]
) -> tuple[Manifest, TextBatch]:
    """The manifest of a page just created (in one locale), from the objects the create wrote."""
    batch = TextBatch()
    manifest = {
        "template": page.template,
        "fields": page_fields(page),
        "shared": shared_part(batch, page.blocks or {}),
        "locales": {
            localization.locale: locale_part(
                batch, name=localization.name, path_segment=localization.path_segment, blocks=localization.blocks or {}
            )
        },
        "tags": sorted(tags or [], key=tag_order),
        "images": [],
        "files": [],
    }
    manifest.update(_links_of(plans))
    return manifest, batch


def stored_manifest(page: Page) -> tuple[Manifest, TextBatch]:
    """The manifest of the page as stored (a page without a head; "compare with current")."""
    batch = TextBatch()
    localizations = PageLocalization.objects.filter(page_id=page.pk).values_list(
        "locale", "name", "path_segment", "blocks"
    )
    tags = Tag.objects.filter(pages=page.pk).values_list("name", flat=True)
    images = PageImage.objects.filter(page_id=page.pk).order_by("position", "pk")
    files = PageFile.objects.filter(page_id=page.pk).order_by("position", "pk")
    manifest = {
        "template": page.template,
        "fields": page_fields(page),
        "shared": shared_part(batch, page.blocks or {}),
        "locales": {
            locale: locale_part(batch, name=name, path_segment=segment, blocks=blocks or {})
            for locale, name, segment, blocks in localizations
        },
        "tags": sorted(tags, key=tag_order),
        "images": [list(link) for link in images.values_list("pk", "image_id", "primary")],
        "files": [list(link) for link in files.values_list("pk", "attachment_id")],
    }
    return manifest, batch


def _links_of(plans: Iterable[LinkPlan]) -> dict[str, list]:
    links: dict[str, list] = {}
    for plan in plans:
        if plan.kind is IMAGE_KIND:
            links["images"] = [[link.pk, link.image_id, link.primary] for link in plan.final]
        else:
            links["files"] = [[link.pk, link.attachment_id] for link in plan.final]
    return links


def record(
    page: Page, *, actor: User | None, kind: str, summary: Mapping[str, Any], manifest: Manifest, batch: TextBatch
) -> PageRevision:
    """Store the revision: its new texts, then its row (the caller keeps `page.revision_head`)."""
    batch.write()
    return PageRevision.objects.create(
        page=page,
        user=actor,
        at=timezone.now(),
        kind=kind,
        summary=dict(summary),
        live=manifest["fields"]["status"] in LIVE_STATUSES,
        manifest=manifest,
    )


def kind_of_update(status_before: int, status_after: int, *, origin: str) -> str:
    if origin in (SCHEDULED, REVIEWED):
        return origin
    if status_before != status_after and Status.DELETED in (status_before, status_after):
        return DELETE if status_after == Status.DELETED else UNDELETE
    return UPDATE
