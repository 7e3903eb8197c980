"""Scheduled changes going live: once each, however many processes try (issue 20, item 6).

Due changes are applied by the task engine's workers (cms.pages.scheduling.tasks: a task at each
change's time and a round at least every CMS_SCHEDULE_POLL_SECONDS), and by a read of a page
(admin or public) in a process that knows something is due (`apply_if_due`). A change is claimed
in the transaction that applies it: on PostgreSQL its row is locked with SKIP LOCKED (another
process passes over it) and its state read again under the lock (one that went live meanwhile is
no longer waiting); SQLite's transactions take the write lock as they begin, so they run one
after the other. It goes live as a save by its author (services.page_update, every rule of a
save checked, one revision and one audit entry); a save refused becomes a failed change, kept
with why.

A change never goes live over newer work (issue 28, item 3): under the page's lock, within the
save, each field it sets must still hold what it held when the change was scheduled (or what
another scheduled change set since); a field changed meanwhile fails the change, naming it. A
save racing the change either committed first (and is seen) or waits for the page's lock and
then meets a new lock_version.

A read applies only what it shows: a page's read that page's due changes, the public site's
at most a few (READ_ROUND); the workers the rest.
"""

import logging
from datetime import datetime, timedelta

from django.db import InterfaceError, OperationalError, transaction
from django.db.models import Min
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cms.core.exceptions import DomainError, ValidationFailed
from cms.core.messages import Errors, frozen
from cms.core.types import User
from cms.pages import locks
from cms.pages.models import Page, PageLocalization, PageRevision, ScheduledChange, ScheduledState
from cms.pages.models.scheduled import FailedBecause
from cms.pages.revisions.recording import SCHEDULED
from cms.pages.saving import services
from cms.pages.saving.payload import PageChanges
from cms.pages.scheduling.fingerprints import Fingerprints, changed_since, fingerprints

logger = logging.getLogger(__name__)

AUTHOR_GONE = _("its author no longer exists: nobody can save it")
UNEXPECTED = _("could not be applied because of an error on the server")
NEWER_WORK = _("was changed after this change was scheduled")
# The most changes one round applies; the next round (or read) goes on with the rest, so a read
# that happens to find many due never waits for them all.
ROUND = 50
# The most a read of the public site applies of any page's due changes (a visitor's request
# does not wait for many saves; the workers do the rest).
READ_ROUND = 3
# The most changes of one page a read of it applies (the cap of waiting changes per page).
PAGE_ROUND = 50
# After a round that failed outright (the database unreachable …), reads leave applying to the
# workers for this long instead of trying on every request.
BACK_OFF = timedelta(seconds=10)

# This process's idea of when the next waiting change is due (None: none is waiting, as far as it
# knows). Refreshed after each round and when this process schedules one; a read compares the
# time with it and asks the database nothing until then. Other processes' changes are the
# workers' to apply (cms.pages.scheduling.tasks).
_next_due: datetime | None = None


def apply_if_due(now: datetime | None = None, *, page_id: int | None = None) -> None:
    """Apply the changes that are due, if this process knows of any: a read calls this first, so
    a page read after its change's time shows the change. With `page_id` (a read of that page)
    only that page's, else at most READ_ROUND of any page's. Never raises: a read must not fail
    because a change could not go live (the workers try again)."""
    global _next_due
    due = _next_due
    now = now or timezone.now()
    if due is None or now < due:
        return
    try:
        if page_id is None:
            apply_due(now, limit=READ_ROUND)
        else:
            _apply_round(now, PAGE_ROUND, page_id)
            # Even when none was left: a worker may have applied it, and nothing else in this
            # process moves the time on (reads would otherwise ask on every request).
            refresh_next_due()
    except Exception:
        logger.exception("Applying due scheduled changes failed; the workers will try again")
        _next_due = now + BACK_OFF


def apply_due(now: datetime | None = None, *, limit: int = ROUND) -> int:
    """Apply (or fail) every waiting change whose time has come, at most `limit` of them; return
    how many. Raises only when the database itself fails (the changes then stay waiting)."""
    now = now or timezone.now()
    done = _apply_round(now, limit)
    refresh_next_due()
    return done


def _apply_round(now: datetime, limit: int, page_id: int | None = None) -> int:
    """Apply at most `limit` due changes (of one page, when given), earliest first."""
    done = 0
    due = ScheduledChange.objects.filter(state=ScheduledState.WAITING, at__lte=now)
    if page_id is not None:
        due = due.filter(page_id=page_id)
    # Asked outside a transaction: on SQLite a transaction takes the write lock at once.
    if due.exists():
        while done < limit and _apply_next(now, page_id):
            done += 1
    return done


def _apply_next(now: datetime, page_id: int | None = None) -> bool:
    """Claim the earliest due change and apply it, in one transaction; False when none is left."""
    with transaction.atomic():
        due = ScheduledChange.objects.filter(state=ScheduledState.WAITING, at__lte=now).order_by("at", "id")
        if page_id is not None:
            due = due.filter(page_id=page_id)
        if locks.takes_locks():
            due = due.select_for_update(skip_locked=True, of=("self",))  # not the author's row
        change = due.select_related("user", "approved_by").first()
        if change is None:
            return False
        _apply(change)
        return True


def _apply(change: ScheduledChange) -> None:
    """Save the change as its author within the claiming transaction; mark it applied with its
    revision, or failed with the save's refusal."""
    author = change.user
    errors: Errors = []
    because = FailedBecause.REFUSED
    started = timezone.now()
    if author is None:
        errors = [("page", AUTHOR_GONE)]
    else:
        try:
            with transaction.atomic():  # a savepoint: a refused save leaves nothing behind
                change.outcome = _save(change, author)
        except NewerWork as exc:
            errors = [(name, NEWER_WORK) for name in exc.fields]
            because = FailedBecause.NEWER_WORK
        except ValidationFailed as exc:
            errors = list(exc.errors)
        except DomainError as exc:  # Conflict, PermissionDenied (the author lost `edit`), NotFound
            errors = [("page", exc.message)]
        except (OperationalError, InterfaceError):
            raise  # the database failed (a deadlock, a lost connection): stay waiting, try again
        except Exception:  # a fault of ours (or the data's): it would fail again, keep it failed
            logger.exception("Scheduled change %s could not be applied", change.pk)
            errors = [("page", UNEXPECTED)]
    change.applied_at = timezone.now()
    if errors:
        change.state = ScheduledState.FAILED
        change.failed_because = because
        change.errors = [[attribute, frozen(text)] for attribute, text in errors]
        logger.info("Scheduled change %s failed: %s", change.pk, change.errors)
    else:
        change.state = ScheduledState.APPLIED
        # None when the page already held every value (a save that changes nothing stores none).
        revisions = PageRevision.objects.filter(page_id=change.page_id, kind=SCHEDULED, at__gte=started)
        change.revision_id = revisions.order_by("-id").values_list("pk", flat=True).first()
    change.save(update_fields=["state", "errors", "failed_because", "applied_at", "revision", "outcome"])


class NewerWork(Exception):
    """Fields the change sets were changed after it was scheduled: it does not go live."""

    def __init__(self, fields: list[str]) -> None:
        super().__init__(fields)
        self.fields = fields


def _save(change: ScheduledChange, author: User) -> Fingerprints:
    """Save the change as its author unless a field it sets holds newer work; return what the
    fields it set hold after it."""
    changes = PageChanges.from_payload(change.payload)

    def no_newer_work(page: Page, localization: PageLocalization) -> None:
        # Under the page's lock: another change of the page that went live meanwhile is seen.
        now = fingerprints(page, localization, list(change.base))
        if changed := changed_since(change.base, now, _set_by_other_changes(change)):
            raise NewerWork(changed)

    page = services.page_update(
        actor=author,
        page_id=change.page_id,
        locale=change.locale,
        changes=changes,
        origin=SCHEDULED,
        check=no_newer_work,
        approved_by=change.approved_by,
    )
    localization = PageLocalization.objects.filter(page=page, locale=change.locale).first()
    return fingerprints(page, localization or PageLocalization(page=page, locale=change.locale), list(change.payload))


def _set_by_other_changes(change: ScheduledChange) -> list[Fingerprints]:
    """What the page's scheduled changes that went live since this one was scheduled set."""
    since = ScheduledChange.objects.filter(
        page_id=change.page_id, state=ScheduledState.APPLIED, applied_at__gte=change.created_at
    ).exclude(pk=change.pk)
    return list(since.order_by("-applied_at").values_list("outcome", flat=True)[:PAGE_ROUND])


def note_due(at: datetime) -> None:
    """This process scheduled a change due at `at`: reads from then on apply it at once."""
    global _next_due
    due = _next_due
    if due is None or at < due:
        _next_due = at


def refresh_next_due() -> datetime | None:
    """Read when the next waiting change is due (one indexed read), and answer it."""
    global _next_due
    _next_due = ScheduledChange.objects.filter(state=ScheduledState.WAITING).aggregate(next=Min("at"))["next"]
    return _next_due


def forget_next_due() -> None:
    """Forget what this process knows of due changes (tests start from nothing)."""
    global _next_due
    _next_due = None
