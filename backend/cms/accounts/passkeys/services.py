"""Passkeys kept for a user: added, renamed, removed, and used (as a second step or to sign in),
each accepted change with its audit entry (who, from where; never a key or a challenge).

Adding and removing change how the account can be entered, so they need a recent proof that the
person at the keyboard is its owner (`recently_verified`): a sign-in, or the password typed again,
within RECENT. A browser left signed in must not let a passer-by add their own passkey (a way in
for ever) or remove the owner's.
"""

import re
import time
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone
from webauthn.helpers import bytes_to_base64url

from cms.accounts.passkeys import ceremony
from cms.accounts.passkeys.models import Passkey
from cms.audit import log as audit
from cms.core.types import User

MAX_PASSKEYS = 20
CREDENTIAL_ID = re.compile(r"[A-Za-z0-9_-]{1,1400}")
NAME_LENGTH = 100
RECENT = timedelta(minutes=10)
# When this session last proved its owner (a sign-in or the password again), epoch seconds.
VERIFIED_AT_KEY = "cms_verified_at"


class PasskeyError(Exception):
    """A request about a passkey that cannot be done; `code` says which rule refused it."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def mark_verified(request: HttpRequest) -> None:
    request.session[VERIFIED_AT_KEY] = time.time()


def recently_verified(request: HttpRequest) -> bool:
    at = request.session.get(VERIFIED_AT_KEY)
    return isinstance(at, int | float) and time.time() - at <= RECENT.total_seconds()


def clean_name(name: Any) -> str:
    """A name the user gives: text, one line, no control characters, at most NAME_LENGTH."""
    if not isinstance(name, str):
        raise PasskeyError("name")
    name = " ".join(name.split())
    if not name or len(name) > NAME_LENGTH or any(ord(c) < 32 or 0xD800 <= ord(c) <= 0xDFFF for c in name):
        raise PasskeyError("name")
    return name


def passkeys_of(user: User) -> list[Passkey]:
    return list(Passkey.objects.filter(user=user))


def has_passkey(user: User) -> bool:
    """The factor check (cms.accounts.two_step.factors)."""
    return Passkey.objects.filter(user=user).exists()


def _known(user: User) -> list[tuple[str, list[str]]]:
    return list(Passkey.objects.filter(user=user).values_list("credential_id", "transports"))


def registration_options(request: HttpRequest, user: User) -> str:
    if not recently_verified(request):
        raise PasskeyError("not_recent")
    if Passkey.objects.filter(user=user).count() >= MAX_PASSKEYS:
        raise PasskeyError("too_many")
    return ceremony.registration_options(request, user, _known(user))


def passkey_add(request: HttpRequest, user: User, credential: dict[str, Any], name: Any, *, client: str) -> Passkey:
    """Verify the browser's answer to the registration options and keep the new passkey."""
    challenge = ceremony.take_challenge(request, ceremony.REGISTER)  # used up, whatever follows
    name = clean_name(name)
    if not recently_verified(request):
        raise PasskeyError("not_recent")
    credential_id, public_key, sign_count, transports = ceremony.verify_registration(request, challenge, credential)
    try:
        with transaction.atomic():
            # The user's row, locked: two adds at once must not both fit under the limit.
            get_user_model().objects.select_for_update().filter(pk=user.pk).first()
            if Passkey.objects.filter(user=user).count() >= MAX_PASSKEYS:
                raise PasskeyError("too_many")
            passkey = Passkey.objects.create(
                user=user,
                credential_id=credential_id,
                public_key=public_key,
                sign_count=sign_count,
                transports=transports,
                name=name,
            )
            audit.record(user, "passkey_added", "user", user.pk, {"address": client, "passkey": name})
    except IntegrityError as error:  # that key is already someone's (or this user's)
        raise PasskeyError("known") from error
    return passkey


def passkey_rename(user: User, passkey_id: int, name: Any) -> Passkey:
    name = clean_name(name)
    passkey = Passkey.objects.filter(user=user, pk=passkey_id).first()
    if passkey is None:
        raise PasskeyError("not_found")
    passkey.name = name
    passkey.save(update_fields=["name"])
    return passkey


def passkey_remove(request: HttpRequest, user: User, passkey_id: int, *, client: str) -> None:
    if not recently_verified(request):
        raise PasskeyError("not_recent")
    with transaction.atomic():
        passkey = Passkey.objects.filter(user=user, pk=passkey_id).first()
        if passkey is None:
            raise PasskeyError("not_found")
        passkey.delete()
        audit.record(user, "passkey_removed", "user", user.pk, {"address": client, "passkey": passkey.name})


def assertion_options(request: HttpRequest, purpose: str, user: User | None) -> str:
    """Options to prove a passkey: of `user` (the second step), or any discoverable one (sign-in)."""
    return ceremony.authentication_options(request, purpose, _known(user) if user is not None else [])


def credential_owner(credential: Any) -> User | None:
    """Whose passkey an assertion claims to be made with (None: no such passkey), for throttling
    and audit before it is checked."""
    passkey = _claimed(credential)
    return passkey.user if passkey is not None else None


def _claimed(credential: Any) -> Passkey | None:
    credential_id = credential.get("id") if isinstance(credential, dict) else None
    # base64url only: anything else (a NUL PostgreSQL can't even compare) names no passkey.
    if not isinstance(credential_id, str) or not CREDENTIAL_ID.fullmatch(credential_id):
        return None
    return Passkey.objects.select_related("user").filter(credential_id=credential_id).first()


def passkey_authenticate(request: HttpRequest, purpose: str, credential: Any, *, user: User | None) -> User:
    """The user an assertion proves, after every check: the challenge issued for `purpose` in this
    session (used up, whatever follows), a passkey of `user` when one is waiting (the second
    step) or of any active user (a sign-in), and a sign count above the one stored."""
    challenge = ceremony.take_challenge(request, purpose)
    passkey = _claimed(credential)
    if passkey is None or not passkey.user.is_active or (user is not None and passkey.user_id != user.pk):
        raise ceremony.Refused
    handle = credential["response"].get("userHandle") if isinstance(credential.get("response"), dict) else None
    # A discoverable passkey names its user too: it must be the passkey's own.
    if (
        purpose == ceremony.SIGN_IN
        and handle is not None
        and handle != bytes_to_base64url(ceremony.user_handle(passkey.user))
    ):
        raise ceremony.Refused
    new_count = ceremony.verify_assertion(
        request, purpose, challenge, credential, public_key=bytes(passkey.public_key), sign_count=passkey.sign_count
    )
    # Only if nobody used the count since it was read: two copies of one assertion can't both pass.
    updated = Passkey.objects.filter(pk=passkey.pk, sign_count=passkey.sign_count).update(
        sign_count=new_count, last_used_at=timezone.now()
    )
    if not updated:
        raise ceremony.Refused
    authenticated = passkey.user
    authenticated.backend = "cms.accounts.backends.AccountBackend"  # type: ignore[attr-defined]
    return authenticated


def on_sign_in_verified(sender: Any, request: HttpRequest | None, **kwargs: Any) -> None:
    """user_logged_in: a sign-in is a fresh proof of the owner (see `recently_verified`)."""
    if request is not None and hasattr(request, "session"):
        mark_verified(request)


def section(request: HttpRequest) -> dict[str, Any]:
    """The account page's passkey section."""
    return {
        "passkeys": passkeys_of(request.user),  # type: ignore[arg-type]
        "passkeys_recently_verified": recently_verified(request),
        "passkeys_max": MAX_PASSKEYS,
    }


def passkeys_remove_all(actor: User, user: User, *, client: str) -> int:
    """Remove every passkey of `user` (a superuser turning their second step off: the sign-in's
    owner may call this beside turning TOTP off); one audit entry, how many went."""
    with transaction.atomic():
        names = list(Passkey.objects.filter(user=user).values_list("name", flat=True))
        if names:
            Passkey.objects.filter(user=user).delete()
            audit.record(actor, "passkeys_removed", "user", user.pk, {"address": client, "passkeys": names})
    return len(names)
