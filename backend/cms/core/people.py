"""How an answer names a person: by their name; by their username only to those who may know it.

A username is half of a login. Every editor reads who saved, scheduled or has a page open
(revisions, history, presence, scheduled changes), and those are often administrators: an
editor must not learn their usernames from it. So the username of another user is shown only
to superusers (who manage the accounts anyway); everyone may see their own. A user without a
name is then named by their number, never by the username the name would otherwise fall back
to. This is the one rule; the people shape of every answer applies it (cms.audit.schemas.ActorOut,
by the reader of the request), as does every list that names users to editors.
"""

from typing import Any

from django.utils.translation import gettext_lazy as _

from cms.core.types import User, Visitor

# A user without a name, to a reader who may not know their username.
UNNAMED = _("User %(id)s")


def may_know_username(reader: Visitor | None, user_id: int | None) -> bool:
    """Whether `reader` may be told the username of the user `user_id`."""
    if reader is None or not reader.is_authenticated:
        return False
    return bool(reader.is_superuser) or (user_id is not None and reader.pk == user_id)


def display_name(user: User, reader: Visitor | None) -> str:
    """The user's name as `reader` may see it: their name, else their username to a reader who
    may know it, else their number."""
    return user.get_full_name() or shown_fallback(user.pk, user.get_username(), reader)


def shown_fallback(user_id: int | None, username: str, reader: Visitor | None) -> str:
    if may_know_username(reader, user_id):
        return username
    return str(UNNAMED % {"id": user_id}) if user_id is not None else ""


def reader_of(context: Any) -> Visitor | None:
    """The signed-in user of the request a schema is being written for (django-ninja hands the
    request to the serializers in their context), or None."""
    request = context.get("request") if isinstance(context, dict) else None
    if request is None:
        return None
    return getattr(request, "auth", None) or getattr(request, "user", None)
