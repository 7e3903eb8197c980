"""Deleted pages as page writes (issue 31, item 1): the record a delete keeps, the restore of a
deleted page with the pages deleted with it, and its removal for good.

A delete changes one row, the page's status (its descendants keep theirs: the tree hides them
through it), so a restore changes one row back, however many pages come back with it: one
audit entry and one revision. Where it comes back, what may clash there and who may do it are
checked before anything changes; a refused restore stores nothing."""

from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from cms.accounts.permissions import EDIT
from cms.audit import log as audit
from cms.core.exceptions import Conflict, NotFound, PermissionDenied, ValidationFailed
from cms.core.locales import get_locale
from cms.core.messages import DOES_NOT_EXIST, message
from cms.core.types import User
from cms.pages import locks, rights
from cms.pages.models import Page, PageDeletion, PageLocalization, Status
from cms.pages.revisions import recording
from cms.pages.saving import tree_writes, validation
from cms.pages.saving.deletions import deleted_with, forget_deletion
from cms.pages.saving.payload import UNSENT
from cms.pages.saving.services import _move
from cms.pages.saving.unit import PageWrite, Record
from cms.pages.tree import services as tree

NOT_DELETED = _("This page is not deleted: someone may have restored it already.")
UNDELETE_REFUSED = _("You don't have permission to restore pages here.")
PURGE_REFUSED = _("Only superusers can remove pages for good.")
PARENT_DELETED = _("is deleted: restore it first or choose another page")


def _shown(parent_id: int) -> bool:
    """Whether the page exists and neither it nor any page above it is deleted."""
    lineage = tree.lineage_ids(parent_id)
    return bool(lineage) and not Page.objects.filter(pk__in=lineage, status=Status.DELETED).exists()


def page_undelete(*, actor: User, page_id: int, locale: str, parent_page_id: Any = UNSENT) -> Page:
    """Bring a deleted page back, with the pages deleted with it, at the end of the shown children
    of `parent_page_id` (None: the top level; unsent: its old parent, the top level when that is
    gone or deleted), with the status it had before the delete."""
    get_locale(locale)
    with transaction.atomic():
        # It may move and rewrite the links to it: the tree's and the rewrites' exclusive locks.
        locks.lock_moves_and_rewrites()
        pages = Page.objects.filter(pk=page_id)
        page = (pages.select_for_update() if locks.takes_locks() else pages).first()
        if page is None:
            raise NotFound(message(validation.PAGE_MISSING, id=page_id))
        if page.status != Status.DELETED:
            raise Conflict(NOT_DELETED, current_version=page.lock_version)
        if parent_page_id is UNSENT:
            parent = page.parent_id if page.parent_id is not None and _shown(page.parent_id) else None
        else:
            parent = parent_page_id
            if parent is not None and not Page.objects.filter(pk=parent).exists():
                raise ValidationFailed([("parent_page_id", DOES_NOT_EXIST)])
            if parent is not None and not _shown(parent):
                raise ValidationFailed([("parent_page_id", PARENT_DELETED)])
        locks.lock_parents(page.parent_id, parent)
        # The rights a delete needs, where it comes back: `edit` on the page in its old place,
        # on the new parent elsewhere (and `create` there, as for any move: `_move`).
        rights.require(actor, EDIT, page.pk if parent == page.parent_id else parent, UNDELETE_REFUSED)
        deletion = PageDeletion.objects.filter(page=page).first()
        localization = PageLocalization.objects.filter(page=page, locale=locale).first()
        write = PageWrite(page, [localization] if localization is not None else [])
        was_parent = page.parent_id
        page.status = deletion.status_before if deletion is not None else Status.DRAFT
        if parent != page.parent_id:
            _move(write, actor=actor, parent_id=parent, position=tree.LAST)  # checks the segment, depth, rights
        else:
            tree_writes.place(page, page.parent_id, tree.LAST)  # last of the shown siblings
            tree_writes.children_changed(page.parent_id)
        forget_deletion(page)
        details = {
            "locale": locale,
            "fields": ["status"],
            "status": {"from": Status.DELETED, "to": page.status},
            "parent_page_id": {"from": was_parent, "to": parent},
            "pages": 1 + (deletion.descendants if deletion is not None else 0),
        }
        summary = {"locale": locale, "fields": ["status"], "status": details["status"]}
        record = Record("restore", details, revision_kind=recording.UNDELETE, summary=summary)
        write.commit(actor, record, fields=["status"])
        return page


def page_purge(*, actor: User, page_id: int) -> int:
    """Remove a deleted page and the pages deleted with it for good (superusers only); return how
    many went. Pages below it deleted on their own stay deleted, at the top level."""
    if not actor.is_superuser:
        raise PermissionDenied(PURGE_REFUSED)
    with transaction.atomic():
        locks.lock_moves()
        pages = Page.objects.filter(pk=page_id)
        page = (pages.select_for_update() if locks.takes_locks() else pages).first()
        if page is None:
            raise NotFound(message(validation.PAGE_MISSING, id=page_id))
        if page.status != Status.DELETED:
            raise Conflict(NOT_DELETED, current_version=page.lock_version)
        going = deleted_with(page.pk)
        ids = [page_id for page_id, _depth in going]
        kept_apart = Page.objects.filter(parent_id__in=ids, status=Status.DELETED).exclude(pk__in=ids)
        for other in kept_apart:
            tree_writes.place(other, None, tree.LAST)
        tree_writes.close_gap(page.parent_id, page.position)
        tree_writes.children_changed(page.parent_id)
        audit.record(actor, "purge", "page", page.pk, {"pages": len(ids)})
        # Deepest first: a page's parent is protected while it has children.
        for depth in sorted({depth for _id, depth in going}, reverse=True):
            Page.objects.filter(pk__in=[pid for pid, d in going if d == depth]).delete()
        return len(ids)
