"""Scheduling a change and cancelling one (issue 20, item 6; issue 28, items 3, 4 and 11).

Scheduling keeps the fields a payload changes against the page as stored (cms.pages.scheduling.kept)
and what each of them holds now (its base, cms.pages.scheduling.fingerprints), and adds no
revision: the page stays as it is until the change goes live (cms.pages.scheduling.applying),
as a save by its author, unless one of those fields was changed meanwhile. A change that could
never go live is refused now, not when due: it is tried as the save it will be, and rolled back.
"""

from dataclasses import replace
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cms.accounts.permissions import EDIT
from cms.core.exceptions import Conflict, NotFound, ValidationFailed
from cms.core.locales import get_locale
from cms.core.messages import message
from cms.core.types import User
from cms.pages import locks, rights
from cms.pages.models import Page, PageLocalization, ScheduledChange, ScheduledState
from cms.pages.revisions.recording import SCHEDULED
from cms.pages.saving import services, validation
from cms.pages.saving.payload import PageChanges
from cms.pages.scheduling import applying, tasks
from cms.pages.scheduling.fingerprints import fingerprints
from cms.pages.scheduling.kept import changed_fields
from cms.pages.scheduling.taken import take_from_working_copy
from cms.pages.schemas import PageFieldsIn

NOTHING_CHANGES = _("changes nothing: the page already holds every value sent")
SCHEDULED_MISSING = _("Scheduled change %(id)s does not exist.")
NOT_WAITING = _("This change has already gone live.")
# Bounds (issue 28, item 11): what one page and one user may have waiting at once.
MAX_WAITING_PER_PAGE = 50
MAX_WAITING_PER_USER = 200
PAGE_FULL = _(
    "This page already has %(count)s changes waiting to go live, the most it may have: cancel one before"
    " scheduling another."
)
USER_FULL = _(
    "You already have %(count)s changes waiting to go live, the most one person may have: cancel one before"
    " scheduling another."
)


def schedule(
    *, actor: User, page_id: int, locale: str, fields: PageFieldsIn, at: datetime, lock_version: int
) -> ScheduledChange:
    """Keep the fields of `fields` that change the page (as stored now, in `locale`) to go live
    at `at` (a time past goes live at the applier's next round), and take them out of the
    actor's working copy of the page. Refused like a save: 404, 403 without `edit` (or without
    the right a move it makes needs), 409 when `lock_version` is stale, 422 when the payload
    changes nothing, breaks a rule of a save (tried against the page as it would be), or passes
    the caps of waiting changes."""
    get_locale(locale)
    payload = fields.model_dump(mode="json", by_alias=True, exclude_unset=True)
    changes = PageChanges.from_input(fields)
    with transaction.atomic():
        page, localization = _read(actor, page_id, locale, lock_version)
        kept = changed_fields(page, localization, payload, changes)
        if not kept:
            raise ValidationFailed([("page", NOTHING_CHANGES)])
        _refuse_past_the_caps(actor, page)  # before the trial save's work; counted again under the locks
        _try_as_a_save(actor, page_id, locale, replace(PageChanges.from_payload(kept), lock_version=lock_version))
        # The page's row, so that no save comes between the version's check and the base; the
        # same version as read, so nothing changed since the fields were compared and tried.
        page = services.page_held_for_edit(actor, page_id, lock_version)
        _hold_the_author(actor)
        _refuse_past_the_caps(actor, page)
        change = ScheduledChange.objects.create(
            page=page, user=actor, locale=locale, payload=kept, at=at, created_at=timezone.now(),
            base=fingerprints(page, localization, list(kept)),
        )  # fmt: skip
        take_from_working_copy(actor, page, localization, kept)
        tasks.queue_for_change(at)  # goes live on the task engine at its time (tasks.py)
    applying.note_due(at)
    return change


def _read(actor: User, page_id: int, locale: str, lock_version: int) -> tuple[Page, PageLocalization]:
    """The page (unlocked) and its localization in `locale`: 404, 403 without `edit`, 409 stale."""
    page = Page.objects.filter(pk=page_id).first()
    if page is None:
        raise NotFound(message(validation.PAGE_MISSING, id=page_id))
    rights.require(actor, EDIT, page.pk, rights.EDIT_REFUSED)
    if lock_version != page.lock_version:
        raise Conflict(services.CONFLICT_MESSAGE, current_version=page.lock_version)
    localization = PageLocalization.objects.filter(page=page, locale=locale).first()
    return page, localization or PageLocalization(page=page, locale=locale)


class _Tried(Exception):
    """The trial save passed: roll it back."""


def _try_as_a_save(actor: User, page_id: int, locale: str, changes: PageChanges) -> None:
    """Run the save the change will be, every rule and right of it, against the page as it is,
    and roll it back: a change that could never go live (a blank name, a move without the
    right, an unknown template, a taken or invalid segment) is refused when it is scheduled.
    The save takes its locks in their order and gives them back with its savepoint."""
    try:
        with transaction.atomic():
            services.page_update(actor=actor, page_id=page_id, locale=locale, changes=changes, origin=SCHEDULED)
            raise _Tried
    except _Tried:
        pass


def _hold_the_author(actor: User) -> None:
    """Lock the author's row (lock 7 of cms.pages.locks), so that two of their changes scheduled
    at once on two pages (two page locks) count one after the other against the per-user cap.
    FOR NO KEY UPDATE: the author's other writes, which only refer to the row, never wait."""
    if locks.takes_locks():
        list(get_user_model().objects.select_for_update(no_key=True).filter(pk=actor.pk).values_list("pk"))


def _refuse_past_the_caps(actor: User, page: Page) -> None:
    waiting = ScheduledChange.objects.filter(state=ScheduledState.WAITING)
    if (count := waiting.filter(page=page).count()) >= MAX_WAITING_PER_PAGE:
        raise ValidationFailed([("page", message(PAGE_FULL, count=count))])
    if (count := waiting.filter(user=actor).count()) >= MAX_WAITING_PER_USER:
        raise ValidationFailed([("page", message(USER_FULL, count=count))])


def cancel(*, actor: User, page_id: int, locale: str, scheduled_id: int) -> None:
    """Cancel a waiting change, or dismiss a failed one; needs `edit` on the page. One that went
    live answers Conflict (its revision stays in the history)."""
    get_locale(locale)
    with transaction.atomic():
        found = ScheduledChange.objects.filter(pk=scheduled_id, page_id=page_id).select_related("page")
        # Locked: the applier claims a due change the same way (cms.pages.scheduling.applying).
        change = (found.select_for_update(of=("self",)) if locks.takes_locks() else found).first()
        if change is None:
            raise NotFound(message(SCHEDULED_MISSING, id=scheduled_id))
        rights.require(actor, EDIT, page_id, rights.EDIT_REFUSED)
        if change.state == ScheduledState.APPLIED:
            raise Conflict(NOT_WAITING, current_version=change.page.lock_version)
        change.delete()
