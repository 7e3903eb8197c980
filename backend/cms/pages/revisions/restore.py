"""Restoring a revision (issue 20, item 3): a new save with that revision's content, checked by
the rules of any save, in one transaction with one audit entry and one new revision on top.

What a revision's content is: every locale's name, path segment and blocks, the template, the
tags, the image and file links, the sharing image and the page's other fields. The status, the
publication date and the page's place in the tree stay as they are: restoring an old text must
not take a published page off the site or move it (publishing is its own decision).

Which locales (issue 28, item 1): by default those the revision had a name in; a locale it had
none for keeps what it has now, so restoring a version saved before a translation existed never
takes that translation (its name, its address, its pages below) off the site. An editor may name
the locales instead; one the revision had no name in then loses its name, which the restore
dialog says before (cms.pages.revisions.plan).
"""

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from cms.accounts.permissions import EDIT
from cms.core.exceptions import Conflict, NotFound, ValidationFailed
from cms.core.locales import locale_codes
from cms.core.messages import message
from cms.core.types import User
from cms.media.models import Attachment, Image
from cms.pages import locks, rights
from cms.pages.models import Page, PageFile, PageImage, PageLocalization, PageRevision
from cms.pages.read_model.stored_content import PageContent
from cms.pages.revisions import recording
from cms.pages.revisions.storage import read_contents, texts_of
from cms.pages.saving import rules as save_rules
from cms.pages.saving import segments, services
from cms.pages.saving.changed import Changed
from cms.pages.saving.links import held_media
from cms.pages.saving.payload import FileLinkChange, ImageLinkChange, PageChanges
from cms.pages.saving.tags import tag_change, tag_order
from cms.pages.saving.unit import ROW_FIELDS, PageWrite, Record
from cms.pages.templates_registry import NAME_BLOCK, registry

REVISION_MISSING = _("Revision %(id)s of this page does not exist.")
# The most locales one call names: more than any site has.
MAX_LOCALES = 100
NONE_NAMED = _("must name at least one locale, or be left out for the locales the version has a name in")
NOT_A_LOCALE = _("entry %(number)d is not one of the site's locales (%(codes)s)")
NAMED_TWICE = _("entry %(number)d names a locale listed before: name each locale once")
# Fields a restore leaves as they are (see the module's docstring).
KEPT_AS_THEY_ARE = frozenset({"status", "published_at"})
DATE_FIELDS = frozenset({"starts_at", "ends_at"})


@dataclass
class Restored:
    page: Page
    missing_image_ids: list[int] = field(default_factory=list)
    missing_attachment_ids: list[int] = field(default_factory=list)


def find_revision(page_id: int, revision_id: int) -> PageRevision:
    """The page's revision; NotFound for an unknown one or another page's."""
    revision = PageRevision.objects.filter(pk=revision_id, page_id=page_id).first()
    if revision is None:
        if not Page.objects.filter(pk=page_id).exists():
            raise NotFound(message(services.validation.PAGE_MISSING, id=page_id))
        raise NotFound(message(REVISION_MISSING, id=revision_id))
    return revision


def check_locales(locales: Sequence[str] | None) -> None:
    """Refuse a list of locales that can't be right (before anything is read or locked)."""
    if locales is None:
        return
    if not locales:
        raise ValidationFailed([("locales", NONE_NAMED)])
    known, seen = locale_codes(), set()
    for number, code in enumerate(locales, 1):
        if code not in known:
            raise ValidationFailed([("locales", message(NOT_A_LOCALE, number=number, codes=", ".join(known)))])
        if code in seen:
            raise ValidationFailed([("locales", message(NAMED_TWICE, number=number))])
        seen.add(code)


def named_locales(manifest: Mapping[str, Any]) -> list[str]:
    """The configured locales in which a manifest's page had a name (one query: its parts)."""
    parts = texts_of(manifest.get("locales", {}).values())
    named = {code for code, key in manifest.get("locales", {}).items() if json.loads(parts.get(key, "{}")).get("name")}
    return [code for code in locale_codes() if code in named]


def restore_revision(
    *, actor: User, page_id: int, revision_id: int, lock_version: int, locales: Sequence[str] | None = None
) -> Restored:
    """Restore the revision's content in `locales` (None: those it had a name in) and its
    page-wide fields; see the module's docstring."""
    check_locales(locales)
    with transaction.atomic():
        revision = find_revision(page_id, revision_id)
        page = Page.objects.get(pk=page_id)
        # Its segments may change (its sibling list) and its unique name (cms.pages.locks' order).
        locks.lock_parents(page.parent_id)
        unique_name = revision.manifest.get("fields", {}).get("unique_name")
        if unique_name and unique_name != page.unique_name:
            locks.lock_unique_name(unique_name)
        if locks.takes_locks():
            page = Page.objects.select_for_update().get(pk=page_id)
        rights.require(actor, EDIT, page.pk, rights.EDIT_REFUSED)
        if lock_version != page.lock_version:
            raise Conflict(services.CONFLICT_MESSAGE, current_version=page.lock_version)
        chosen = list(locales) if locales is not None else named_locales(revision.manifest)
        # Only the chosen locales whose part differs from the page's are read and written again.
        head, manifest = page.revision_head or {}, revision.manifest
        theirs, ours = manifest.get("locales", {}), head.get("locales", {})
        restoring = [code for code in chosen if not head or theirs.get(code) != ours.get(code)]
        manifest = {**manifest, "locales": {code: key for code, key in theirs.items() if code in restoring}}
        content = read_contents([manifest])[0].as_flagged_now()
        return _restore(actor, page, revision, content, chosen, restoring)


def _restore(
    actor: User, page: Page, revision: PageRevision, content: PageContent, chosen: list[str], restoring: list[str]
) -> Restored:
    """Write the content: the page's own fields and links with the first locale restored (or,
    when no chosen locale's texts change, with the first stored one, its texts untouched)."""
    held = {localization.locale: localization for localization in PageLocalization.objects.filter(page=page)}
    # A locale neither the page nor the revision has a name or text in: nothing to restore.
    restoring = [code for code in restoring if code in held or code in content.names]
    codes = restoring or [next(code for code in locale_codes() if code in held)]
    localizations = {code: held.get(code) or PageLocalization(page=page, locale=code) for code in codes}
    write = PageWrite(page, localizations.values())
    head = page.revision_head or {}
    same_tags = bool(head) and sorted(head.get("tags", []), key=tag_order) == sorted(content.tags, key=tag_order)
    tags = None if same_tags else tag_change(page, content.tags)  # the tag lock before the media rows
    restored = Restored(page)
    first = _page_changes(page, content, restored, head)
    errors, plans, generated, was = [], [], {}, {}
    for index, (code, localization) in enumerate(localizations.items()):
        was[code] = localization.path_segment
        with_texts = code in restoring
        blocks = _blocks_of(code, content, localization) if with_texts else {}
        segment = content.segments.get(code, "") if with_texts else None
        if index == 0:  # the page's own fields and links go with the first locale's changes
            changes = replace(first, blocks={**first.blocks, **blocks}, path_segment=segment)
        else:
            changes = PageChanges(blocks=blocks, path_segment=segment)
        try:
            plans += save_rules.apply_checked(page, localization, changes)
        except ValidationFailed as exc:
            errors += exc.errors
            continue
        generated[code] = segments.fill_segment(page, localization)
    if errors:
        raise ValidationFailed(errors)
    for code, localization in localizations.items():
        if was[code] and localization.path_segment != was[code]:
            segments.remember_old_address(page, localization, was[code])
        if not write.unchanged(code):
            segments.save_localization(page, localization, generated=generated[code], segment_was=was[code])
    relations = services.save_relations(page, tags, plans)

    def record(changed: Changed) -> Record:
        fields = sorted({*changed.fields, *changed.relations})
        # The version by its time and author (its id is in no list an editor sees), and the locales restored.
        restored_from = {"revision": revision.pk, "at": revision.at.isoformat(), "user_id": revision.user_id}
        # The author's username only for the readers who may know it (cms.core.people, at read).
        author = revision.user
        summary = {"locales": chosen, "fields": fields, "revision": revision.pk, "revision_at": restored_from["at"],
                   "revision_by": author.get_full_name() if author else "", "revision_by_id": revision.user_id,
                   "revision_by_username": author.get_username() if author else ""}  # fmt: skip
        details = {"locales": chosen, "fields": fields, "restored": restored_from}
        return Record("update", details, revision_kind=recording.RESTORE, summary=summary)

    write.commit(actor, record, relations=relations, fields=ROW_FIELDS, tags=services.tag_names(tags), plans=plans)
    return restored


def _page_changes(page: Page, content: PageContent, restored: Restored, head: dict[str, Any]) -> PageChanges:
    """The page's own fields, its blocks that are not localized and its links, as the revision
    had them; media gone from the library since are left out and reported. Links the page holds
    as the revision did (by media, primary and order) are left as they are."""
    scalars: dict[str, Any] = {"template": content.template}
    for name, value in content.fields.items():
        if name in KEPT_AS_THEY_ARE:
            continue
        if name in DATE_FIELDS and value:
            value = datetime.fromisoformat(value)
        scalars[name] = value
    author = scalars.get("user_id")
    if author and author != page.user_id and not get_user_model().objects.filter(pk=author).exists():
        scalars.pop("user_id")  # an author deleted since: the page keeps its own
    meta_image = scalars.get("meta_image_id")
    image_ids = [image_id for _link, image_id, _primary in content.images]
    held_images = set(held_media(Image, [*image_ids, *([meta_image] if meta_image else [])]))
    held_files = set(held_media(Attachment, [attachment_id for _link, attachment_id in content.files]))
    if meta_image and meta_image not in held_images:
        scalars["meta_image_id"] = None
    restored.missing_image_ids = sorted({i for i in [*image_ids, meta_image] if i and i not in held_images})
    restored.missing_attachment_ids = sorted({i for _link, i in content.files if i not in held_files})
    same_images = [link[1:] for link in head.get("images", [])] == [link[1:] for link in content.images]
    same_files = [link[1] for link in head.get("files", [])] == [link[1] for link in content.files]
    known = registry().blocks
    shared = {name: content.shared.get(name, "") for name in {*(page.blocks or {}), *content.shared} if name in known}
    kept_images = [(image_id, primary) for _link, image_id, primary in content.images if image_id in held_images]
    kept_files = [attachment_id for _link, attachment_id in content.files if attachment_id in held_files]
    return PageChanges(
        scalars=scalars,
        blocks=shared,
        image_links=None
        if head and same_images and not restored.missing_image_ids
        else _image_links(page, kept_images),
        file_links=None
        if head and same_files and not restored.missing_attachment_ids
        else _file_links(page, kept_files),
    )


def _image_links(page: Page, kept: list[tuple[int, bool]]) -> tuple[ImageLinkChange, ...]:
    """The records that make the page's image links these (image id, primary), in order."""
    linked = dict(PageImage.objects.filter(page=page).values_list("image_id", "pk"))
    return (
        *(ImageLinkChange(id=pk, destroy=True) for image_id, pk in linked.items() if image_id not in dict(kept)),
        *(ImageLinkChange(id=linked.get(image_id), image_id=image_id, primary=bool(primary), position=index)
          for index, (image_id, primary) in enumerate(kept, start=1)),
    )  # fmt: skip


def _file_links(page: Page, kept: list[int]) -> tuple[FileLinkChange, ...]:
    """The records that make the page's file links these attachments, in order."""
    linked = dict(PageFile.objects.filter(page=page).values_list("attachment_id", "pk"))
    return (
        *(FileLinkChange(id=pk, destroy=True) for attachment_id, pk in linked.items() if attachment_id not in kept),
        *(FileLinkChange(id=linked.get(attachment_id), attachment_id=attachment_id, position=index)
          for index, attachment_id in enumerate(kept, start=1)),
    )  # fmt: skip


def _blocks_of(code: str, content: PageContent, localization: PageLocalization) -> dict[str, str]:
    """One locale's name and blocks as the revision had them; blocks it did not hold are emptied."""
    known = registry().blocks
    held = content.localized.get(code, {})
    names = {*(localization.blocks or {}), *held}
    blocks = {name: held.get(name, "") for name in names if name in known and known[name].localized}
    blocks[NAME_BLOCK] = content.names.get(code, "")
    return blocks
