"""What the calls answer of scheduled changes (issue 20, item 6; issue 28, items 3 and 11): a
page's list, one page of it at a time and without the payloads; one change with its payload;
the site's waiting and failed ones for the tree's marks."""

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from cms.core.exceptions import NotFound
from cms.core.locales import get_locale
from cms.core.messages import message, thawed
from cms.pages.models import Page, ScheduledChange, ScheduledState
from cms.pages.models.scheduled import FailedBecause
from cms.pages.saving import validation
from cms.pages.scheduling.services import SCHEDULED_MISSING

PER_PAGE = 50
NEWER_WORK_REASON = _("Not applied: a field it sets was changed after it was scheduled, and that newer work was kept.")
REFUSED_REASON = _("Not applied: the page could not be saved with it.")


def changes_of_page(
    *, page_id: int, locale: str, page: int = 1, state: str | None = None
) -> tuple[list[ScheduledChange], int]:
    """One page (PER_PAGE) of the page's scheduled changes, newest first: waiting, applied and
    failed (or those in `state` alone); and how many it has in all."""
    get_locale(locale)
    _require_page(page_id)
    listed = ScheduledChange.objects.filter(page_id=page_id).select_related("user").defer("base", "outcome")
    if state is not None:
        listed = listed.filter(state=state)
    start = (page - 1) * PER_PAGE
    return list(listed.order_by("-id")[start : start + PER_PAGE]), listed.count()


def change_of_page(*, page_id: int, locale: str, scheduled_id: int) -> ScheduledChange:
    """One scheduled change of the page, with its payload."""
    get_locale(locale)
    change = ScheduledChange.objects.filter(pk=scheduled_id, page_id=page_id).select_related("user").first()
    if change is None:
        _require_page(page_id)
        raise NotFound(message(SCHEDULED_MISSING, id=scheduled_id))
    return change


def site_marks(*, page: int = 1) -> tuple[list[dict[str, Any]], int]:
    """One page (PER_PAGE) of the site's waiting or failed changes, newest first, for the tree's
    row marks: {id, page_id, at, state, reason}; and how many there are in all."""
    pending: QuerySet[ScheduledChange] = ScheduledChange.objects.exclude(state=ScheduledState.APPLIED)
    start = (page - 1) * PER_PAGE
    rows = pending.order_by("-id").values("id", "page_id", "at", "state", "failed_because")[start : start + PER_PAGE]
    marks = [
        {"id": row["id"], "page_id": row["page_id"], "at": row["at"], "state": row["state"],
         "reason": reason(row["state"], row["failed_because"])}
        for row in rows
    ]  # fmt: skip
    return marks, pending.count()


def reason(state: str, failed_because: str) -> str | None:
    """Why a change did not go live, in one sentence in the interface language (None: it did
    not fail)."""
    if state != ScheduledState.FAILED:
        return None
    return str(NEWER_WORK_REASON if failed_because == FailedBecause.NEWER_WORK else REFUSED_REASON)


def change_record(change: ScheduledChange, *, with_payload: bool = True) -> dict[str, Any]:
    """A scheduled change as the calls answer it, its errors worded in the interface language;
    `fields` names what it changes, `page` (one change's answers only) holds the values."""
    user = change.user
    record = {
        "id": change.pk,
        "at": change.at,
        "user": None
        if user is None
        else {"id": user.pk, "username": user.get_username(), "name": user.get_full_name() or user.get_username()},
        "state": change.state,
        "locale": change.locale,
        "fields": sorted(change.payload),
        "reason": reason(change.state, change.failed_because),
        "errors": [[attribute, thawed(stored)] for attribute, stored in change.errors],
        "applied_at": change.applied_at,
        "revision_id": change.revision_id,
    }
    if with_payload:
        record["page"] = change.payload
    return record


def _require_page(page_id: int) -> None:
    if not Page.objects.filter(pk=page_id).exists():
        raise NotFound(message(validation.PAGE_MISSING, id=page_id))
