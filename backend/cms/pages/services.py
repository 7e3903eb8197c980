"""Writes to pages: create, update and move. Each owns its transaction.

A write checks every rule before it changes anything, and raises ValidationFailed listing all
the broken ones, so a refused save stores nothing.
"""

from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cms.accounts.permissions import CREATE, EDIT
from cms.audit import log as audit
from cms.core.exceptions import Conflict, NotFound, ValidationFailed
from cms.core.input_types import shown_text
from cms.core.locales import get_locale, locale_codes
from cms.core.messages import DOES_NOT_EXIST, Errors, message
from cms.media.models import Image
from cms.pages import links, locks, redirects, reserved_segments, rights, tree, tree_cache, validation
from cms.pages.addresses import stored_paths
from cms.pages.changes import SCALAR_FIELDS, UNSENT, PageChanges
from cms.pages.links import held_media
from cms.pages.media_uses import record_shown_media, shows_other_media
from cms.pages.models import Page, PageLocalization, Status
from cms.pages.segments import generated_segment
from cms.pages.tags import TagChange, save_tags, tag_change, tag_order
from cms.pages.templates_registry import NAME_BLOCK, registry

CONFLICT_MESSAGE = _("Someone else changed this page after you opened it.")
INTO_ITSELF_MESSAGE = _("A page can't be moved into itself or one of its own subpages.")
STATUS_MESSAGE = _("must be one of 0 Draft, 1 Reviewed, 2 Published, 3 Hidden, 4 Deleted")
ANCESTOR_SEGMENT_MESSAGE = _("can't be set before every parent page has a path segment in this locale")


def page_create(*, actor: User, locale: str, changes: PageChanges) -> Page:
    """Create a page under `parent_page_id` (the root when absent), after its shown siblings."""
    get_locale(locale)
    parent_id = None if changes.parent_page_id is UNSENT else changes.parent_page_id
    with transaction.atomic():
        # Shifts positions under its parent (cms.pages.locks, in that order).
        locks.lock_moves(shared=True)
        locks.lock_parents(parent_id)
        if unique_name := changes.scalars.get("unique_name"):
            locks.lock_unique_name(unique_name)
        tree_cache.invalidate_on_commit()
        if parent_id is not None:
            depth = len(tree.lineage_ids(parent_id))
            if depth == 0:
                raise ValidationFailed([("parent_page_id", DOES_NOT_EXIST)])
            if depth + 1 > tree.MAX_DEPTH:
                raise ValidationFailed([("parent_page_id", tree.DEPTH_MESSAGE)])
        rights.require(actor, CREATE, parent_id, rights.CREATE_REFUSED)
        page = Page(parent_id=parent_id, template=registry().default.template_name, user=actor)
        page.published_at = now_to_the_millisecond()
        localization = PageLocalization(locale=locale)
        tags = tag_change(page, changes.tags) if changes.tags is not None else None  # lock 5 before 6
        plans = _apply(page, localization, changes)
        generated = _fill_segment(page, localization)
        page.position = tree.insertion_position(parent_id, deleted=page.status == Status.DELETED)
        tree.open_gap(parent_id, page.position)
        tree.children_changed(parent_id)
        page.save()
        localization.page = page
        _save_localization(page, localization, generated=generated, segment_was="")
        relations = _save_relations(page, tags, plans)
        if shows_other_media({}, _audited_state(page, localization), relations):
            record_shown_media(page)
        if changes.position is not None:
            _move(page, actor=actor, parent_id=parent_id, position=changes.position)
        audit.record(actor, "create", "page", page.pk, {"locale": locale, "parent_page_id": parent_id})
        return page


# How often a save reads the page again when it changed between the first read and the lock.
READ_ATTEMPTS = 3


class _ChangedMeanwhile(Exception):
    """The page changed between the save's first read and its lock: read it again."""


def page_update(*, actor: User, page_id: int, locale: str, changes: PageChanges) -> Page:
    """Apply a partial change; refuse it with Conflict when `lock_version` is stale.

    Locks only what the save changes (cms.pages.locks): the page's row; its sibling list when
    its path segment changes or it is deleted or restored; the move lock when it moves.
    """
    get_locale(locale)
    for _attempt in range(READ_ATTEMPTS):
        try:
            with transaction.atomic():
                return _update(actor, page_id, locale, changes)
        except _ChangedMeanwhile:
            continue
    current = Page.objects.filter(pk=page_id).values_list("lock_version", flat=True).first()
    raise Conflict(CONFLICT_MESSAGE, current_version=current or 0)


def _update(actor: User, page_id: int, locale: str, changes: PageChanges) -> Page:
    page, localization = _read(page_id, locale)
    new_parent = page.parent_id if changes.parent_page_id is UNSENT else changes.parent_page_id
    page = _lock_what_changes(page, localization, changes, new_parent=new_parent)
    rights.require(actor, EDIT, page.pk, rights.EDIT_REFUSED)
    if changes.lock_version is not None and changes.lock_version != page.lock_version:
        raise Conflict(CONFLICT_MESSAGE, current_version=page.lock_version)
    tree_cache.invalidate_on_commit()
    was_deleted = page.status == Status.DELETED
    before, was_parent = _audited_state(page, localization), page.parent_id
    old_segment = localization.path_segment
    tags = tag_change(page, changes.tags) if changes.tags is not None else None  # lock 5 before 6
    plans = _apply(page, localization, changes)
    generated = _fill_segment(page, localization)
    if old_segment and localization.path_segment != old_segment:
        _remember_old_address(page, localization, old_segment)
    page.lock_version += 1
    page.save()
    _save_localization(page, localization, generated=generated, segment_was=old_segment)
    relations = _save_relations(page, tags, plans)
    after = _audited_state(page, localization)
    if shows_other_media(before, after, relations):
        record_shown_media(page)
    if new_parent != page.parent_id:
        # A tree action may re-parent through update; it lands last under the new parent.
        _move(page, actor=actor, parent_id=new_parent, position=tree.LAST)
    elif was_deleted != (page.status == Status.DELETED):
        # Deleted pages wait after the shown ones; a restored page comes back last of those.
        tree.place(page, page.parent_id, tree.LAST)
        tree.children_changed(page.parent_id)
    _record_update(actor, page, locale, before, after, relations, was_parent)
    return page


def _read(page_id: int, locale: str) -> tuple[Page, PageLocalization]:
    """Read the page with its localization in the locale (one statement), without a lock."""
    localization = PageLocalization.objects.select_related("page").filter(page_id=page_id, locale=locale).first()
    if localization is not None:
        return localization.page, localization
    page = Page.objects.filter(pk=page_id).first()
    if page is None:
        raise NotFound(message(validation.PAGE_MISSING, id=page_id))
    return page, PageLocalization(page=page, locale=locale)


def _lock_what_changes(
    page: Page, localization: PageLocalization, changes: PageChanges, *, new_parent: int | None
) -> Page:
    """Take the locks the save needs, from what its fields' values change (cms.pages.locks, in
    its order), then the page's row; return the page as locked.

    The editor sends every field, changed or not: a value equal to the stored one takes no lock,
    so an ordinary save never waits for a move or a create anywhere else on the site."""
    status = changes.scalars.get("status", page.status)
    deleting_or_restoring = (status == Status.DELETED) != (page.status == Status.DELETED)
    segment = changes.path_segment
    if new_parent != page.parent_id:
        locks.lock_moves()
        locks.lock_parents(page.parent_id, new_parent)
    elif deleting_or_restoring:
        locks.lock_moves(shared=True)
        locks.lock_parents(page.parent_id)
    elif segment is not None and segment != localization.path_segment:
        locks.lock_parents(page.parent_id)
    unique_name = changes.scalars.get("unique_name")
    if unique_name and unique_name != page.unique_name:
        locks.lock_unique_name(unique_name)
    if not locks.takes_locks():
        return page  # SQLite: the transaction has held the database's write lock since it began
    locked = Page.objects.select_for_update().get(pk=page.pk)
    if (locked.lock_version, locked.parent_id) != (page.lock_version, page.parent_id):
        raise _ChangedMeanwhile  # the locks were chosen from values that are no more
    localization.page = locked
    return locked


def page_move(*, actor: User, page_id: int, parent_id: int | None, position: int) -> Page:
    """Move a page to a 1-based position among the shown children of `parent_id` (None: the root).

    Siblings stay numbered 1..n without gaps; a position past the end appends. Shifts are one
    UPDATE per sibling list, so the statement count does not grow with the number of siblings.
    """
    with transaction.atomic():
        locks.lock_moves()
        pages = Page.objects.filter(pk=page_id)
        if (parent_lock := locks.locking_own_parent()) is not None:
            pages = pages.annotate(parent_locked=parent_lock)  # its sibling list, in the same statement
        page = pages.first()
        if page is None:
            raise NotFound(message(validation.PAGE_MISSING, id=page_id))
        rights.require(actor, EDIT, page.pk, rights.EDIT_REFUSED)
        if parent_id != page.parent_id:
            locks.lock_parents(parent_id)
        origin = {"parent_page_id": page.parent_id, "position": page.position}
        _move(page, actor=actor, parent_id=parent_id, position=position)
        target = {"parent_page_id": page.parent_id, "position": page.position}
        audit.record(actor, "move", "page", page.pk, {"from": origin, "to": target})
        return page


def _move(page: Page, *, actor: User, parent_id: int | None, position: int) -> None:
    """Move a stored page (the caller holds the transaction, the move lock and the parent locks).

    Among its own siblings nothing needs checking: the parent exists and is not the page's
    descendant, the depth stays, and the siblings' path segments already differ from its own.
    """
    if parent_id != page.parent_id:
        if parent_id is not None:
            lineage = tree.lineage_ids(parent_id)
            if not lineage:
                raise ValidationFailed([("parent_id", DOES_NOT_EXIST)])
            if page.pk in lineage:
                raise ValidationFailed([("parent_id", INTO_ITSELF_MESSAGE)])
            if len(lineage) + tree.subtree_height(page.pk) > tree.MAX_DEPTH:
                raise ValidationFailed([("parent_id", tree.DEPTH_MESSAGE)])
        if tree.segment_clash(page.pk, parent_id):
            raise ValidationFailed([("path_segment", validation.PATH_SEGMENT_TAKEN_MESSAGE)])
        if parent_id is None and (reserved := reserved_segments.moved_to_top_errors(page.pk)):
            raise ValidationFailed(reserved)
        rights.require(actor, CREATE, parent_id, rights.MOVE_REFUSED)
    tree_cache.invalidate_on_commit()
    moving = parent_id != page.parent_id
    old_addresses = stored_paths(page.pk) if moving else {}
    tree.place(page, parent_id, position, lock_version=F("lock_version") + 1, updated_at=timezone.now())
    page.lock_version += 1
    if moving:  # its old addresses, and so its descendants', answer 301 (cms.pages.redirects)
        redirects.remember(page.pk, old_addresses, stored_paths(page.pk))


def _fill_segment(page: Page, localization: PageLocalization) -> bool:
    """Give a named page without a path segment in this locale one made from its name (issue 12),
    so it is reachable and its children can have segments; not while a parent lacks one.

    Return whether it did: such a segment is made without the tree lock, so a sibling saved at
    the same moment may take it first (_save_localization then makes another)."""
    if localization.path_segment or not localization.name:
        return False
    if page.parent_id and _ancestor_lacks_segment(page, localization):
        return False
    localization.path_segment = generated_segment(
        localization.name, locale=localization.locale, parent_id=page.parent_id, page_id=page.pk,
        fallback=page.unique_name,
    )  # fmt: skip
    return True


GENERATION_ATTEMPTS = 5


def _save_localization(page: Page, localization: PageLocalization, *, generated: bool, segment_was: str) -> None:
    """Save the localization; the database refuses a segment a sibling holds in its locale.

    A segment the editor chose was checked under the tree lock, so a refusal is a clash the check
    could not see: answered as one. A generated one is made again, seeing the sibling's."""
    localization.page = page  # its parent is what the row keeps (PageLocalization.parent_key)
    if localization.pk is not None and localization.path_segment == segment_was:
        localization.save()  # its segment stays: nothing the index could refuse
        return
    for _attempt in range(GENERATION_ATTEMPTS):
        try:
            with transaction.atomic():  # a savepoint: the page's transaction goes on after a refusal
                localization.save()
            return
        except IntegrityError:
            if not generated:
                break
            localization.path_segment = ""
            _fill_segment(page, localization)
    raise ValidationFailed([("path_segment", validation.PATH_SEGMENT_TAKEN_MESSAGE)])


def _remember_old_address(page: Page, localization: PageLocalization, old_segment: str) -> None:
    """The page's address in this locale changes with its segment: keep the old one answering."""
    above = stored_paths(page.parent_id).get(localization.locale) if page.parent_id else ""
    if above is None:
        return
    prefix = f"{above}/" if above else ""
    redirects.remember(
        page.pk,
        {localization.locale: prefix + old_segment},
        {localization.locale: prefix + localization.path_segment},
    )


def _audited_state(page: Page, localization: PageLocalization) -> dict[str, Any]:
    """What the audit log compares before and after a save: the page's fields and texts, as
    stored (a block never set and an empty one are the same; dates to the microsecond)."""
    state = {field: getattr(page, field) for field in SCALAR_FIELDS}
    state.update(name=localization.name, path_segment=localization.path_segment)
    for source in (page.blocks, localization.blocks):
        state.update({f"blocks.{name}": value for name, value in (source or {}).items() if value})
    return {field: value.isoformat() if isinstance(value, datetime) else value for field, value in state.items()}


# Old and new values are logged for fields this short; a longer text only by name.
LOGGED_VALUE_LENGTH = 200


def _record_update(
    actor: User, page: Page, locale: str, before: dict[str, Any], after: dict[str, Any],
    relations: dict[str, dict[str, Any]], was_parent: int | None,
) -> None:  # fmt: skip
    """One audit entry for one save: exactly the fields whose stored value changed, in which
    locale, with old and new values of short ones; a deletion or a restoration is named as such.
    A save that changed nothing stored records nothing (issue 18, item 6)."""
    changed = sorted(key for key in before.keys() | after.keys() if before.get(key, "") != after.get(key, ""))
    values = {
        field: {"from": before.get(field, ""), "to": after.get(field, "")}
        for field in changed
        if all(len(str(value)) <= LOGGED_VALUE_LENGTH for value in (before.get(field, ""), after.get(field, "")))
    }
    values.update({field: change for field, change in relations.items() if change})
    fields = changed + sorted(relations)
    if not fields and was_parent == page.parent_id:
        return
    details: dict[str, Any] = {"locale": locale, "fields": fields, "values": values}
    if before["status"] != after["status"]:
        details["status"] = {"from": before["status"], "to": after["status"]}
    if was_parent != page.parent_id:
        details["parent_page_id"] = {"from": was_parent, "to": page.parent_id}
    action = "update"
    if Status.DELETED in (before["status"], after["status"]) and before["status"] != after["status"]:
        action = "delete" if after["status"] == Status.DELETED else "restore"
    audit.record(actor, action, "page", page.pk, details)


def now_to_the_millisecond() -> datetime:
    """Now, as precise as the editor keeps a date (JavaScript's milliseconds): a date the server
    makes comes back unchanged from every later save, so history never shows it changing."""
    now = timezone.now()
    return now.replace(microsecond=now.microsecond // 1000 * 1000)


def _apply(page: Page, localization: PageLocalization, changes: PageChanges) -> list[links.LinkPlan]:
    """Check every change against the rules, then copy the valid set onto the page; return the
    link lists to write. Rules that read the database run only for values that change.

    Raises ValidationFailed with all broken rules before anything is written.
    """
    errors: Errors = []
    stored = {field: getattr(page, field) for field in ("unique_name", "user_id", "meta_image_id")}
    old_segment = localization.path_segment
    for field, value in changes.scalars.items():
        setattr(page, field, value)
    if page.published_at is None:
        page.published_at = now_to_the_millisecond()
    template = registry().get(page.template)
    if template is None:
        errors.append(("template", _("is not a known template")))
    elif not template.dates:
        page.starts_at, page.ends_at, page.all_day = None, None, False
    if page.status not in Status.values:
        errors.append(("status", STATUS_MESSAGE))
    errors += validation.unique_name_errors(page.unique_name)
    errors += validation.redirect_errors(page.redirect_to)
    errors += validation.date_range_errors(page.starts_at, page.ends_at)
    errors += _reference_errors(page, stored)
    errors += _block_changes(page, localization, changes)
    errors += _name_presence_errors(page, localization, changes)
    segment_changes = changes.path_segment is not None and (changes.path_segment != old_segment or page.pk is None)
    if segment_changes:
        localization.path_segment = changes.path_segment or ""
        errors += validation.path_segment_errors(localization.path_segment)
        errors += reserved_segments.reserved_segment_errors(localization.path_segment, parent_id=page.parent_id)
    errors += _uniqueness_errors(page, localization, name_changes=page.unique_name != stored["unique_name"],
                                 segment_changes=segment_changes)  # fmt: skip
    plans = links.link_plans(page, changes)
    errors += links.link_errors(plans)
    if errors:
        raise ValidationFailed(errors)
    return plans


def _block_changes(page: Page, localization: PageLocalization, changes: PageChanges) -> Errors:
    """Copy block values (for the localization's locale) from the payload (checked by PageChanges)."""
    errors = []
    blocks = registry().blocks
    for name, value in changes.blocks.items():
        if name == NAME_BLOCK:
            localization.name = shown_text(value)
            errors += validation.name_errors(localization.name)
        elif blocks[name].localized:
            localization.blocks = {**localization.blocks, name: value}
        else:
            page.blocks = {**page.blocks, name: value}
    return errors


def _name_presence_errors(page: Page, localization: PageLocalization, changes: PageChanges) -> Errors:
    """A page has a name in some locale, or the tree can't show it. In the default locale a name
    can't be left blank by a save that sends one, makes the page, or gives it an address there:
    the site shows that name wherever a translation has none, and a blank one went live as "New
    Page" (issue 18, item 5). A page may start in another locale (not translated yet)."""
    if localization.name:
        return []
    default = localization.locale == locale_codes()[0]
    segment = localization.path_segment if changes.path_segment is None else changes.path_segment
    if default and (NAME_BLOCK in changes.blocks or page.pk is None or segment):
        return [("name", validation.NAME_REQUIRED_MESSAGE)]
    others = PageLocalization.objects.filter(page_id=page.pk).exclude(locale=localization.locale).exclude(name="")
    if page.pk is not None and others.exists():
        return []
    return [("name", validation.NAME_REQUIRED_MESSAGE)]


def _reference_errors(page: Page, stored: dict[str, Any]) -> Errors:
    """The author and the sharing image a save gives the page exist (those it keeps do)."""
    errors: Errors = []
    author, image = page.user_id, page.meta_image_id
    if author is not None and author != stored["user_id"] and not get_user_model().objects.filter(pk=author).exists():
        errors.append(("user_id", _("is not a known author")))
    if image is not None and image != stored["meta_image_id"] and not held_media(Image, [image]):
        errors.append(("meta_image_id", _("is not a known image")))
    return errors


def _uniqueness_errors(
    page: Page, localization: PageLocalization, *, name_changes: bool, segment_changes: bool
) -> Errors:
    errors: Errors = []
    taken = Page.objects.filter(unique_name=page.unique_name).exclude(pk=page.pk)
    if page.unique_name and name_changes and taken.exists():
        errors.append(("unique_name", _("is already used by another page")))
    segment = localization.path_segment
    if segment and segment_changes and page.parent_id and _ancestor_lacks_segment(page, localization):
        errors.append(("path_segment", ANCESTOR_SEGMENT_MESSAGE))
    elif segment and segment_changes:
        clash = PageLocalization.objects.filter(
            locale=localization.locale,
            path_segment=segment,
            page__parent_id=page.parent_id,
        ).exclude(page_id=page.pk)
        if clash.exists():
            errors.append(("path_segment", validation.PATH_SEGMENT_TAKEN_MESSAGE))
    return errors


def _ancestor_lacks_segment(page: Page, localization: PageLocalization) -> bool:
    """Return whether an ancestor has no path segment in the localization's locale (spec §5)."""
    assert page.parent_id is not None
    segments: dict[int, str] = {}
    for ancestor_id, locale, _name, segment in tree.lineage_localizations(page.parent_id):
        segments.setdefault(ancestor_id, "")
        if locale == localization.locale:
            segments[ancestor_id] = segment
    return not all(segments.values())


def _save_relations(page: Page, tags: TagChange | None, plans: list[links.LinkPlan]) -> dict[str, dict[str, Any]]:
    """Save the tags and links a payload sends; return those that changed, each with its old and
    new value where the log shows one (tags), so a save that sends them unchanged logs nothing."""
    changed: dict[str, dict[str, Any]] = {}
    if tags is not None and tags.changed:
        save_tags(page, tags)
        changed["serialized_tags"] = {
            "from": sorted(tags.held.values(), key=tag_order),
            "to": sorted((tag.name for tag in tags.wanted), key=tag_order),
        }
    changed.update({kind: {} for kind in links.write_links(page, plans)})
    return changed
