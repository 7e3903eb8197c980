"""The index of a user's signed-in sessions: kept at sign-in, refreshed at most every SEEN_EVERY,
listed on the account page, and ended one by one or all but this one.

Django cycles a session's key at sign-in and at a password change. The row of the old key is no
longer listed (rows are read joined to Django's live sessions) and is pruned at the user's next
sign-in; `touch` indexes the new key at the next request under /admin/, or `record` at once
where we cycle it ourselves.
"""

import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.auth import logout
from django.contrib.sessions.models import Session
from django.http import HttpRequest
from django.utils import timezone

from cms.accounts.forms import client_address
from cms.accounts.user_sessions.agents import describe
from cms.accounts.user_sessions.models import SignedInSession
from cms.audit import log as audit
from cms.core.types import User

# How stale "last seen" may be: one write per session per this, never one per request.
SEEN_EVERY = timedelta(minutes=5)
SEEN_KEY = "cms_seen_at"
SIGNED_IN_AT_KEY = "cms_signed_in_at"
USER_AGENT_LENGTH = 300


def _printable(text: str) -> str:
    """Header text as stored: no control characters (PostgreSQL refuses NUL in text)."""
    return "".join(c for c in text if c.isprintable())


def _store_class() -> Any:
    return import_module(settings.SESSION_ENGINE).SessionStore


def _indexable(request: HttpRequest) -> bool:
    """Sessions kept in the database (db, cached_db) can be listed; signed cookies cannot."""
    return hasattr(_store_class(), "get_model_class") and bool(request.session.session_key)


def record(request: HttpRequest, user: User) -> None:
    """Index this session as `user`'s (at sign-in, or after its key was cycled)."""
    if not _indexable(request):
        return
    now = time.time()
    signed_in = request.session.setdefault(SIGNED_IN_AT_KEY, now)
    request.session[SEEN_KEY] = now
    SignedInSession.objects.update_or_create(
        session_id=request.session.session_key,
        defaults={
            "user": user,
            "user_agent": _printable(request.META.get("HTTP_USER_AGENT", ""))[:USER_AGENT_LENGTH],
            "address": _printable(client_address(request))[:64],
            "signed_in_at": datetime.fromtimestamp(float(signed_in), tz=UTC),
            "last_seen_at": timezone.now(),
        },
    )


def on_sign_in(sender: Any, request: HttpRequest | None, user: User, **kwargs: Any) -> None:
    """user_logged_in: a new sign-in, so a new "signed in at"; and the user's rows of sessions
    that are gone (signed out, cycled, expired) are pruned."""
    if request is None or not hasattr(request, "session"):
        return
    request.session.pop(SIGNED_IN_AT_KEY, None)
    record(request, user)
    SignedInSession.objects.filter(user=user).exclude(session_id__in=_live()).delete()


def _live() -> Any:
    """The keys of Django's sessions that have not expired, as a subquery."""
    return Session.objects.filter(expire_date__gt=timezone.now()).values("session_key")


def touch(request: HttpRequest) -> None:
    """Refresh "last seen" if it is older than SEEN_EVERY; a request in between writes nothing."""
    seen = request.session.get(SEEN_KEY)
    if isinstance(seen, int | float) and time.time() - seen < SEEN_EVERY.total_seconds():
        return
    record(request, request.user)  # type: ignore[arg-type]


@dataclass(frozen=True)
class SessionRow:
    id: int
    description: str
    address: str
    signed_in_at: datetime
    last_seen_at: datetime
    current: bool


def sessions_of(user: User, current_key: str | None) -> list[SessionRow]:
    rows = SignedInSession.objects.filter(user=user, session__expire_date__gt=timezone.now()).order_by(
        "-last_seen_at", "-id"
    )
    listed = [
        SessionRow(
            id=row.pk,
            description=describe(row.user_agent),
            address=row.address,
            signed_in_at=row.signed_in_at,
            last_seen_at=row.last_seen_at,
            current=row.session_id == current_key,
        )
        for row in rows
    ]
    return sorted(listed, key=lambda row: not row.current)  # this session first


def _delete_session(key: str) -> None:
    # The store's own delete: the database row and, with cached_db, the cache's copy.
    _store_class()(session_key=key).delete()
    SignedInSession.objects.filter(session_id=key).delete()


def end_session(request: HttpRequest, user: User, row_id: int) -> bool | None:
    """End one of `user`'s sessions; True if it was this one (now signed out), None if there is
    no such session of theirs."""
    row = SignedInSession.objects.filter(user=user, pk=row_id).first()
    if row is None:
        return None
    current = row.session_id == request.session.session_key
    details = {"address": client_address(request), "session": describe(row.user_agent), "session_address": row.address}
    audit.record(user, "session_ended", "user", user.pk, details)
    if current:
        logout(request)
    else:
        _delete_session(row.session_id)
    return current


def end_other_sessions(request: HttpRequest, user: User) -> int:
    """End every indexed session of `user` but this one (a password change); how many ended."""
    others = SignedInSession.objects.filter(user=user).exclude(session_id=request.session.session_key)
    keys = list(others.filter(session_id__in=_live()).values_list("session_id", flat=True))
    for key in keys:
        _delete_session(key)
    others.delete()  # and the rows of sessions already gone
    return len(keys)


def after_password_change(request: HttpRequest, user: User) -> int:
    """After a password change on the account page (Django has cycled this session's key): index
    this session under its new key and end every other (a stolen session must not outlive the
    password it was stolen with). Logged, with how many ended."""
    record(request, user)
    ended = end_other_sessions(request, user)
    audit.record(
        user, "password_change", "user", user.pk, {"address": client_address(request), "sessions_ended": ended}
    )
    return ended


def section(request: HttpRequest) -> dict[str, Any]:
    """The account page's "Your sessions" section."""
    return {"user_sessions": sessions_of(request.user, request.session.session_key)}  # type: ignore[arg-type]
