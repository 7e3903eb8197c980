"""Scheduled changes going live: once each, however many processes try (issue 20, item 6).

Every app process applies due changes: its ticker thread every few seconds
(cms.pages.scheduling.ticker), and a read of a page (admin or public) once something is due
(`apply_if_due`). A change is claimed in the transaction that applies it: on PostgreSQL its row
is locked with SKIP LOCKED (another process passes over it) and its state read again under the
lock (one that went live meanwhile is no longer waiting); SQLite's transactions take the write
lock as they begin, so they run one after the other. It goes live as a save by its author
(services.page_update, every rule of a save checked, one revision and one audit entry); a save
refused becomes a failed change, kept with why.
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
from cms.pages import locks, services
from cms.pages.changes import PageChanges
from cms.pages.models import PageRevision, ScheduledChange, ScheduledState
from cms.pages.revisions.recording import SCHEDULED

logger = logging.getLogger(__name__)

AUTHOR_GONE = _("its author no longer exists: nobody can save it")
UNEXPECTED = _("could not be applied because of an error on the server")
# The most changes one round applies; the next round (or read) goes on with the rest, so a read
# that happens to find many due never waits for them all.
ROUND = 50
# After a round that failed outright (the database unreachable …), reads leave applying to the
# ticker for this long instead of trying on every request.
BACK_OFF = timedelta(seconds=10)

# This process's idea of when the next waiting change is due (None: none is waiting, as far as it
# knows). Refreshed after each round and when this process schedules one; a read compares the
# time with it and asks the database nothing until then. Other processes' new changes are seen
# at the next tick.
_next_due: datetime | None = None


def apply_if_due(now: datetime | None = None) -> None:
    """Apply the changes that are due, if this process knows of any: a read calls this first, so
    a page read after its change's time shows the change. Never raises: a read must not fail
    because a change could not go live (the ticker logs and tries again)."""
    global _next_due
    due = _next_due
    now = now or timezone.now()
    if due is None or now < due:
        return
    try:
        apply_due(now)
    except Exception:
        logger.exception("Applying due scheduled changes failed; the ticker will try again")
        _next_due = now + BACK_OFF


def apply_due(now: datetime | None = None) -> int:
    """Apply (or fail) every waiting change whose time has come, at most ROUND of them; return
    how many. Raises only when the database itself fails (the changes then stay waiting)."""
    now = now or timezone.now()
    done = 0
    # Asked outside a transaction: on SQLite a transaction takes the write lock at once.
    if ScheduledChange.objects.filter(state=ScheduledState.WAITING, at__lte=now).exists():
        while done < ROUND and _apply_next(now):
            done += 1
    refresh_next_due()
    return done


def _apply_next(now: datetime) -> bool:
    """Claim the earliest due change and apply it, in one transaction; False when none is left."""
    with transaction.atomic():
        due = ScheduledChange.objects.filter(state=ScheduledState.WAITING, at__lte=now).order_by("at", "id")
        if locks.takes_locks():
            due = due.select_for_update(skip_locked=True, of=("self",))  # not the author's row
        change = due.select_related("user").first()
        if change is None:
            return False
        _apply(change)
        return True


def _apply(change: ScheduledChange) -> None:
    """Save the change as its author within the claiming transaction; mark it applied with its
    revision, or failed with the save's refusal."""
    author = change.user
    errors: Errors = []
    started = timezone.now()
    if author is None:
        errors = [("page", AUTHOR_GONE)]
    else:
        try:
            with transaction.atomic():  # a savepoint: a refused save leaves nothing behind
                _save(change, author)
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
        change.errors = [[attribute, frozen(text)] for attribute, text in errors]
        logger.info("Scheduled change %s failed: %s", change.pk, change.errors)
    else:
        change.state = ScheduledState.APPLIED
        # None when the page already held every value (a save that changes nothing stores none).
        revisions = PageRevision.objects.filter(page_id=change.page_id, kind=SCHEDULED, at__gte=started)
        change.revision_id = revisions.order_by("-id").values_list("pk", flat=True).first()
    change.save(update_fields=["state", "errors", "applied_at", "revision"])


def _save(change: ScheduledChange, author: User) -> None:
    changes = PageChanges.from_payload(change.payload)
    services.page_update(
        actor=author,
        page_id=change.page_id,
        locale=change.locale,
        changes=changes,
        origin=SCHEDULED,
    )


def note_due(at: datetime) -> None:
    """This process scheduled a change due at `at`: reads from then on apply it at once."""
    global _next_due
    due = _next_due
    if due is None or at < due:
        _next_due = at


def refresh_next_due() -> None:
    """Read when the next waiting change is due (one indexed read)."""
    global _next_due
    _next_due = ScheduledChange.objects.filter(state=ScheduledState.WAITING).aggregate(next=Min("at"))["next"]


def forget_next_due() -> None:
    """Forget what this process knows of due changes (tests start from nothing)."""
    global _next_due
    _next_due = None
