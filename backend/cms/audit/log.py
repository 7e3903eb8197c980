"""Writing and reading the audit log. Services call `record` inside their own transaction, so
an entry exists exactly when its change does: a refused or failed action leaves none."""

from typing import Any

from cms.audit.models import AuditEntry

MAX_ENTRIES = 200  # per answer: a page's history newest first


def record(
    actor: Any, action: str, subject: str, subject_id: int | None, details: dict[str, Any] | None = None
) -> None:
    """Record one accepted action of `actor` (None: the system, e.g. a management command)."""
    name = (actor.get_full_name() or actor.get_username()) if actor is not None else "system"
    AuditEntry.objects.create(
        user=actor, user_name=name[:150], action=action, subject=subject, subject_id=subject_id, details=details or {}
    )


def history(subject: str, subject_id: int) -> list[dict[str, Any]]:
    """Return what was done to one thing, newest first."""
    entries = AuditEntry.objects.filter(subject=subject, subject_id=subject_id).order_by("-at", "-id")
    return [entry_record(entry) for entry in entries[:MAX_ENTRIES]]


def entry_record(entry: AuditEntry) -> dict[str, Any]:
    return {
        "id": entry.pk,
        "action": entry.action,
        "user": {"id": entry.user_id, "name": entry.user_name},
        "at": entry.at,
        "subject": entry.subject,
        "subject_id": entry.subject_id,
        "details": entry.details,
    }


PER_PAGE = 50


def log_page(
    *, user_id: int | None = None, action: str | None = None, since: Any = None, until: Any = None, page: int = 1
) -> dict[str, Any]:
    """One page of the whole log, newest first, filtered by user, action and time."""
    entries = AuditEntry.objects.order_by("-at", "-id")
    if user_id is not None:
        entries = entries.filter(user_id=user_id)
    if action:
        entries = entries.filter(action=action)
    if since is not None:
        entries = entries.filter(at__gte=since)
    if until is not None:
        entries = entries.filter(at__lt=until)
    start = (page - 1) * PER_PAGE
    return {
        "entries": [entry_record(entry) for entry in entries[start : start + PER_PAGE]],
        "page": page,
        "per_page": PER_PAGE,
        "total": entries.count(),
    }
