"""Scheduling a change, cancelling one, and listing them (issue 20, item 6).

Scheduling keeps the fields a payload changes against the page as stored (cms.pages.scheduling.kept)
and adds no revision: the page stays as it is until the change goes live
(cms.pages.scheduling.applying), as a save by its author.
"""

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cms.accounts.permissions import EDIT
from cms.core.exceptions import Conflict, NotFound, ValidationFailed
from cms.core.locales import get_locale
from cms.core.messages import message, thawed
from cms.core.types import User
from cms.pages import locks, rights, validation
from cms.pages.changes import PageChanges
from cms.pages.models import Page, PageLocalization, ScheduledChange, ScheduledState
from cms.pages.scheduling import applying
from cms.pages.scheduling.kept import changed_fields
from cms.pages.schemas import PageFieldsIn
from cms.pages.services import page_held_for_edit

NOTHING_CHANGES = _("changes nothing: the page already holds every value sent")
SCHEDULED_MISSING = _("Scheduled change %(id)s does not exist.")
NOT_WAITING = _("This change has already gone live.")


def schedule(
    *, actor: User, page_id: int, locale: str, fields: PageFieldsIn, at: datetime, lock_version: int
) -> ScheduledChange:
    """Keep the fields of `fields` that change the page (as stored now, in `locale`) to go live
    at `at` (a time past goes live at the applier's next round). Refused like a save: 404, 403
    without `edit`, 409 when `lock_version` is stale, 422 when the payload breaks a rule that
    needs no database or changes nothing; the rules that need the database are the save's when
    it goes live."""
    get_locale(locale)
    payload = fields.model_dump(mode="json", by_alias=True, exclude_unset=True)
    changes = PageChanges.from_input(fields)
    with transaction.atomic():
        # The page's row, so that no save comes between the version's check and the comparison.
        page = page_held_for_edit(actor, page_id, lock_version)
        localization = PageLocalization.objects.filter(page=page, locale=locale).first()
        localization = localization or PageLocalization(page=page, locale=locale)
        kept = changed_fields(page, localization, payload, changes)
        if not kept:
            raise ValidationFailed([("page", NOTHING_CHANGES)])
        change = ScheduledChange.objects.create(
            page=page, user=actor, locale=locale, payload=kept, at=at, created_at=timezone.now()
        )
    applying.note_due(at)
    return change


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


def changes_of_page(*, page_id: int, locale: str) -> list[ScheduledChange]:
    """The page's scheduled changes, newest first: waiting, applied and failed."""
    get_locale(locale)
    if not Page.objects.filter(pk=page_id).exists():
        raise NotFound(message(validation.PAGE_MISSING, id=page_id))
    return list(ScheduledChange.objects.filter(page_id=page_id).select_related("user").order_by("-id"))


def site_marks() -> list[dict[str, Any]]:
    """Every waiting or failed change of the site, for the tree's row marks: {id, page_id, at, state}."""
    pending = ScheduledChange.objects.exclude(state=ScheduledState.APPLIED).order_by("at", "id")
    return [dict(mark) for mark in pending.values("id", "page_id", "at", "state")]


def change_record(change: ScheduledChange) -> dict[str, Any]:
    """A scheduled change as the calls answer it, its errors worded in the interface language."""
    user = change.user
    return {
        "id": change.pk,
        "at": change.at,
        "user": None
        if user is None
        else {"id": user.pk, "username": user.get_username(), "name": user.get_full_name() or user.get_username()},
        "state": change.state,
        "locale": change.locale,
        "page": change.payload,
        "errors": [[attribute, thawed(stored)] for attribute, stored in change.errors],
        "applied_at": change.applied_at,
        "revision_id": change.revision_id,
    }
