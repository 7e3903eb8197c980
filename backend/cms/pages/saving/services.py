"""Writes to pages: create, update and move. Each owns its transaction.

A write checks every rule before it changes anything, and raises ValidationFailed listing all
the broken ones, so a refused save stores nothing.
"""

from collections.abc import Callable, Mapping
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from cms.accounts.permissions import CREATE, EDIT
from cms.core.exceptions import Conflict, NotFound, ValidationFailed
from cms.core.locales import get_locale
from cms.core.messages import DOES_NOT_EXIST, message
from cms.pages import locks, rights, visibility
from cms.pages.addresses import stored_paths
from cms.pages.models import Page, PageLocalization, Status
from cms.pages.revisions import recording
from cms.pages.saving import deletions, history, links, redirects, reserved_segments, segments, tree_writes, validation
from cms.pages.saving import rules as save_rules
from cms.pages.saving.payload import UNSENT, PageChanges
from cms.pages.saving.tags import TagChange, save_tags, tag_change, tag_order
from cms.pages.saving.unit import ROW_FIELDS, PageWrite, Record
from cms.pages.templates_registry import registry
from cms.pages.text_links.services import linked_into
from cms.pages.tree import services as tree

CONFLICT_MESSAGE = _("Someone else changed this page after you opened it.")
INTO_ITSELF_MESSAGE = _("A page can't be moved into itself or one of its own subpages.")


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
        if parent_id is not None:
            depth = len(tree.lineage_ids(parent_id))
            if depth == 0:
                raise ValidationFailed([("parent_page_id", DOES_NOT_EXIST)])
            if depth + 1 > tree.MAX_DEPTH:
                raise ValidationFailed([("parent_page_id", tree.DEPTH_MESSAGE)])
        rights.require(actor, CREATE, parent_id, rights.CREATE_REFUSED)
        if visibility.may_be_seen(changes.scalars.get("status", Status.DRAFT)) and parent_id is not None:
            _refuse_submit_only(actor, parent_id)
        page = Page(parent_id=parent_id, template=registry().default.template_name, user=actor)
        page.published_at = save_rules.now_to_the_millisecond()
        localization = PageLocalization(locale=locale)
        write = PageWrite(page, [localization], new=True)
        tags = tag_change(page, changes.tags) if changes.tags is not None else None  # lock 5 before 6
        plans = save_rules.apply_checked(page, localization, changes)
        generated = segments.fill_segment(page, localization)
        page.position = tree.insertion_position(parent_id, deleted=page.status == Status.DELETED)
        tree_writes.open_gap(parent_id, page.position)
        tree_writes.children_changed(parent_id)
        write.insert()
        localization.page = page
        segments.save_localization(page, localization, generated=generated, segment_was="")
        relations = save_relations(page, tags, plans)
        if changes.position is not None:
            _move(write, actor=actor, parent_id=parent_id, position=changes.position)
        details = {"locale": locale, "parent_page_id": parent_id}
        record = Record("create", details, revision_kind=recording.CREATE, summary={"locale": locale})
        write.commit(actor, record, relations=relations, tags=tag_names(tags), plans=plans)
        return page


# How often a save reads the page again when it changed between the first read and the lock.
# Five, not three: workers applying scheduled changes to one page at once used up three about
# once in 30 rounds of four (test_workers_racing_apply_each_change_once on PostgreSQL).
READ_ATTEMPTS = 5


class _ChangedMeanwhile(Exception):
    """The page changed between the save's first read and its lock: read it again."""


# A last check of a write beside the editor's, given the page (its row locked) and its
# localization as they are before the save changes them; it raises to refuse the save.
SaveCheck = Callable[[Page, PageLocalization], None]


def page_update(
    *,
    actor: User,
    page_id: int,
    locale: str,
    changes: PageChanges,
    origin: str = recording.UPDATE,
    check: SaveCheck | None = None,
    approved_by: User | None = None,
    submitting: bool = False,
    other_locales: Mapping[str, PageChanges] | None = None,
) -> Page:
    """Apply a partial change; refuse it with Conflict when `lock_version` is stale.

    Locks only what the save changes (cms.pages.locks): the page's row; its sibling list when
    its path segment changes or it is deleted or restored; the move lock when it moves. Stores
    one revision when anything changed (`origin` "scheduled": a scheduled change went live).
    `check` runs under the page's lock before anything changes (a scheduled change compares
    the fields it sets with what they held when it was scheduled). `approved_by`: a reviewer
    approved this change of its author's (cms.pages.reviews): the log and revision name them,
    and the author's `submit` suffices for a page visitors see. `submitting`: the trial of a
    change being submitted for review (the caller rolls it back): `submit` suffices too.
    `other_locales`: the same write changes these locales too, each with the fields a locale
    has of its own (name, path segment, localized blocks; a change under review covering several
    locales): one revision and one audit entry for all; a rule broken in one of them answers 422
    naming the field as `locales.{locale}.{field}`, nothing written; `check` runs for each.
    """
    get_locale(locale)
    for _attempt in range(READ_ATTEMPTS):
        try:
            with transaction.atomic():
                return _update(
                    actor, page_id, locale, changes, origin, check, approved_by, submitting, other_locales or {}
                )
        except _ChangedMeanwhile:
            continue
    current = Page.objects.filter(pk=page_id).values_list("lock_version", flat=True).first()
    raise Conflict(CONFLICT_MESSAGE, current_version=current or 0)


def _update(
    actor: User,
    page_id: int,
    locale: str,
    changes: PageChanges,
    origin: str,
    check: SaveCheck | None,
    approved_by: User | None,
    submitting: bool = False,
    other_locales: Mapping[str, PageChanges] | None = None,
) -> Page:
    other_locales = other_locales or {}
    page, localization = _read(page_id, locale)
    others = _other_localizations(page, locale, other_locales)
    new_parent = page.parent_id if changes.parent_page_id is UNSENT else changes.parent_page_id
    page = _lock_what_changes(page, localization, changes, new_parent=new_parent, others=others)
    seen = visibility.may_be_seen(page.status) or visibility.may_be_seen(changes.scalars.get("status", page.status))
    rights.require_write(actor, page.pk, seen=seen, approved_by=approved_by, submitting=submitting)
    if changes.lock_version is not None and changes.lock_version != page.lock_version:
        raise Conflict(CONFLICT_MESSAGE, current_version=page.lock_version)
    if check is not None:
        for checked in (localization, *(other for other, _changes in others.values())):
            check(page, checked)
    was_deleted, status_was = page.status == Status.DELETED, page.status
    write = PageWrite(page, [localization, *(other for other, _changes in others.values())])
    old_segment = localization.path_segment
    tags = tag_change(page, changes.tags) if changes.tags is not None else None  # lock 5 before 6
    plans = save_rules.apply_checked(page, localization, changes)
    generated = segments.fill_segment(page, localization)
    if old_segment and localization.path_segment != old_segment:
        segments.remember_old_address(page, localization, old_segment)
    segments.save_localization(page, localization, generated=generated, segment_was=old_segment)
    for code, (other, other_changes) in others.items():
        _save_other_locale(page, code, other, other_changes)
    relations = save_relations(page, tags, plans)
    if new_parent != page.parent_id:
        # A tree action may re-parent through update; it lands last under the new parent.
        _move(write, actor=actor, parent_id=new_parent, position=tree.LAST)
    elif was_deleted != (page.status == Status.DELETED):
        # Deleted pages wait after the shown ones; a restored page comes back last of those.
        tree_writes.place(page, page.parent_id, tree.LAST)
        tree_writes.children_changed(page.parent_id)
    if was_deleted != (page.status == Status.DELETED):  # who deleted it, when (cms.pages.saving.trash)
        if was_deleted:
            deletions.forget_deletion(page)
        else:
            deletions.record_deletion(page, actor, status_before=status_was)
    record = history.update_record(locale, origin=origin, approved_by=approved_by, others=list(others))
    write.commit(actor, record, relations=relations, fields=ROW_FIELDS, tags=tag_names(tags), plans=plans)
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


def _other_localizations(
    page: Page, locale: str, other_locales: Mapping[str, PageChanges]
) -> dict[str, tuple[PageLocalization, PageChanges]]:
    """The page's localizations in the other locales a write changes (one statement), each with
    its changes; a locale not stored yet gets a new localization."""
    codes = [code for code in other_locales if code != locale]
    for code in codes:
        get_locale(code)
    stored = {row.locale: row for row in PageLocalization.objects.filter(page_id=page.pk, locale__in=codes)}
    return {code: (stored.get(code) or PageLocalization(page=page, locale=code), other_locales[code]) for code in codes}


def _save_other_locale(page: Page, code: str, localization: PageLocalization, changes: PageChanges) -> None:
    """Apply and save one other locale's fields of a write (after the address's locale's)."""
    old_segment = localization.path_segment
    try:
        save_rules.apply_checked(page, localization, changes)
        generated = segments.fill_segment(page, localization)
        if old_segment and localization.path_segment != old_segment:
            segments.remember_old_address(page, localization, old_segment)
        segments.save_localization(page, localization, generated=generated, segment_was=old_segment)
    except ValidationFailed as refused:
        raise ValidationFailed([(f"locales.{code}.{field}", text) for field, text in refused.errors]) from refused


def _lock_what_changes(
    page: Page,
    localization: PageLocalization,
    changes: PageChanges,
    *,
    new_parent: int | None,
    others: Mapping[str, tuple[PageLocalization, PageChanges]] | None = None,
) -> Page:
    """Take the locks the save needs, from what its fields' values change (cms.pages.locks, in
    its order), then the page's row; return the page as locked.

    The editor sends every field, changed or not: a value equal to the stored one takes no lock,
    so an ordinary save never waits for a move or a create anywhere else on the site."""
    status = changes.scalars.get("status", page.status)
    deleting_or_restoring = (status == Status.DELETED) != (page.status == Status.DELETED)
    segment = changes.path_segment
    if new_parent != page.parent_id:
        locks.lock_moves_and_rewrites()
        locks.lock_parents(page.parent_id, new_parent)
    elif deleting_or_restoring:
        locks.lock_moves(shared=True)
        locks.lock_parents(page.parent_id)
    elif (segment is not None and segment != localization.path_segment) or any(
        other_changes.path_segment is not None and other_changes.path_segment != other.path_segment
        for other, other_changes in (others or {}).values()
    ):
        if locks.takes_locks() and linked_into(page.pk):
            locks.lock_rewrites()
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
    for other, _changes in (others or {}).values():
        other.page = locked
    return locked


def page_move(*, actor: User, page_id: int, parent_id: int | None, position: int) -> Page:
    """Move a page to a 1-based position among the shown children of `parent_id` (None: the root).

    Siblings stay numbered 1..n without gaps; a position past the end appends. Shifts are one
    UPDATE per sibling list, so the statement count does not grow with the number of siblings.
    """
    with transaction.atomic():
        locks.lock_moves_and_rewrites()
        pages = Page.objects.filter(pk=page_id)
        if (parent_lock := locks.locking_own_parent()) is not None:
            pages = pages.annotate(parent_locked=parent_lock)  # its sibling list, in the same statement
        page = pages.first()
        if page is None:
            raise NotFound(message(validation.PAGE_MISSING, id=page_id))
        rights.require_write(actor, page.pk, seen=visibility.may_be_seen(page.status))
        if parent_id != page.parent_id:
            locks.lock_parents(parent_id)
        origin = {"parent_page_id": page.parent_id, "position": page.position}
        write = PageWrite(page)
        _move(write, actor=actor, parent_id=parent_id, position=position)
        target = {"parent_page_id": page.parent_id, "position": page.position}
        write.commit(actor, Record("move", {"from": origin, "to": target}))
        return page


def _move(write: PageWrite, *, actor: User, parent_id: int | None, position: int) -> None:
    """Move a stored page (the caller holds the transaction, the move lock and the parent locks),
    as a step of its write.

    Among its own siblings nothing needs checking: the parent exists and is not the page's
    descendant, the depth stays, and the siblings' path segments already differ from its own.
    """
    page = write.page
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
    moving = parent_id != page.parent_id
    old_addresses = stored_paths(page.pk) if moving else {}
    write.place(parent_id, position)
    if moving:  # its old addresses, and so its descendants', answer 301 (cms.pages.saving.redirects)
        redirects.remember(page.pk, old_addresses, stored_paths(page.pk))


def _refuse_submit_only(actor: User, parent_id: int) -> None:
    """A new page visitors would see, made by a holder of `create` and `submit` without `edit`
    under its parent: refused like the save of a seen page (a holder of `create` alone keeps
    what spec §6 gives it: nobody's rights change)."""
    held = rights.held_on(actor, parent_id)
    if rights.SUBMIT in held and EDIT not in held:
        raise rights.PermissionDenied(rights.SEEN_REFUSED)


def page_held_for_edit(actor: User, page_id: int, lock_version: int) -> Page:
    """The page's row, held until the transaction ends (its row lock on PostgreSQL), for a write
    that needs `edit` and the version the editor read: NotFound, PermissionDenied or Conflict
    otherwise. For writes beside the save (scheduling, marking a translation checked); call it
    inside their transaction."""
    pages = Page.objects.filter(pk=page_id)
    page = (pages.select_for_update() if locks.takes_locks() else pages).first()
    if page is None:
        raise NotFound(message(validation.PAGE_MISSING, id=page_id))
    rights.require(actor, EDIT, page.pk, rights.EDIT_REFUSED)
    if lock_version != page.lock_version:
        raise Conflict(CONFLICT_MESSAGE, current_version=page.lock_version)
    return page


def tag_names(tags: TagChange | None) -> list[str] | None:
    """The page's tag names after a save that changes them (None: they stay)."""
    return [tag.name for tag in tags.wanted] if tags is not None and tags.changed else None


def save_relations(page: Page, tags: TagChange | None, plans: list[links.LinkPlan]) -> dict[str, dict[str, Any]]:
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
