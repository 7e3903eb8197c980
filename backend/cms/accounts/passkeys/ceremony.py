"""WebAuthn's side of a passkey: who we are to the browser (relying party ID and origin), the
single-use challenges kept in the session, and the `webauthn` package's options and checks.

Every check the package makes is strict (challenge, origin, RP ID hash, user presence, signature,
sign count); anything it refuses, or fails to parse, is one refusal here (`Refused`), never an
error: the bytes come from whoever sent the request.
"""

import secrets
import time
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest
from django.http.request import split_domain_port
from django.utils.crypto import salted_hmac
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    AuthenticatorTransport,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from cms.core.types import User

CHALLENGE_KEY = "cms_passkey_challenge"
# Long enough to find the key and touch it or type a PIN; the browser's own timeout is the same.
CHALLENGE_SECONDS = 300
TIMEOUT_MS = CHALLENGE_SECONDS * 1000
RP_NAME = "Back office"
TRANSPORTS = {transport.value for transport in AuthenticatorTransport}

REGISTER = "register"
SECOND_STEP = "second_step"
SIGN_IN = "sign_in"


class Refused(Exception):
    """A ceremony that did not prove what it had to; says nothing more to the sender."""


def relying_party(request: HttpRequest) -> tuple[str, str]:
    """(RP ID, origin): CMS_BASE_URL's when set (the address the site is known by), else the
    address this request came to (its host was checked against ALLOWED_HOSTS)."""
    base = settings.CMS_BASE_URL
    if base:
        parts = urlsplit(base)
        return (parts.hostname or "").lower(), f"{parts.scheme}://{parts.netloc.lower()}"
    host = request.get_host().lower()
    domain, _port = split_domain_port(host)
    return domain, f"{request.scheme}://{host}"


def user_handle(user: User) -> bytes:
    """The opaque id the authenticator keeps with a discoverable passkey (not the username, not
    the database id: both would leak to whoever reads the authenticator)."""
    return salted_hmac("cms.accounts.passkeys.user_handle", str(user.pk), algorithm="sha256").digest()


def _issue(request: HttpRequest, purpose: str) -> bytes:
    challenge = secrets.token_bytes(32)
    # One challenge per session at a time: a new ceremony replaces the one before.
    request.session[CHALLENGE_KEY] = {
        "purpose": purpose,
        "challenge": bytes_to_base64url(challenge),
        "expires": time.time() + CHALLENGE_SECONDS,
    }
    return challenge


def take_challenge(request: HttpRequest, purpose: str) -> bytes:
    """The challenge issued for `purpose`, removed from the session whatever comes next (single
    use: a failed answer needs a new ceremony)."""
    issued: Any = request.session.pop(CHALLENGE_KEY, None)
    if not isinstance(issued, dict) or issued.get("purpose") != purpose:
        raise Refused
    if time.time() > float(issued.get("expires", 0)):
        raise Refused
    try:
        return base64url_to_bytes(str(issued["challenge"]))
    except Exception as error:
        raise Refused from error


def _descriptors(credentials: list[tuple[str, list[str]]]) -> list[PublicKeyCredentialDescriptor]:
    return [
        PublicKeyCredentialDescriptor(
            id=base64url_to_bytes(credential_id),
            transports=[AuthenticatorTransport(t) for t in transports if t in TRANSPORTS],
        )
        for credential_id, transports in credentials
    ]


def registration_options(request: HttpRequest, user: User, existing: list[tuple[str, list[str]]]) -> str:
    """The options for navigator.credentials.create, as JSON. A discoverable key with user
    verification, so the same passkey can later sign in without a password."""
    rp_id, _origin = relying_party(request)
    options = generate_registration_options(
        rp_id=rp_id,
        rp_name=RP_NAME,
        user_name=user.get_username(),
        user_id=user_handle(user),
        user_display_name=user.get_full_name() or user.get_username(),
        challenge=_issue(request, REGISTER),
        timeout=TIMEOUT_MS,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.REQUIRED,
        ),
        exclude_credentials=_descriptors(existing),
    )
    return options_to_json(options)


def verify_registration(
    request: HttpRequest, challenge: bytes, credential: dict[str, Any]
) -> tuple[str, bytes, int, list[str]]:
    """Check a new passkey against the challenge taken for it; (credential id, public key, sign
    count, transports)."""
    rp_id, origin = relying_party(request)
    try:
        verified = verify_registration_response(
            credential=credential,
            expected_challenge=challenge,
            expected_rp_id=rp_id,
            expected_origin=origin,
            require_user_verification=True,
        )
    except Exception as error:  # any malformed or unproven part: the sender's bytes, refused
        raise Refused from error
    response = credential.get("response")
    sent = response.get("transports") if isinstance(response, dict) else None
    transports = sorted({t for t in sent if isinstance(t, str) and t in TRANSPORTS}) if isinstance(sent, list) else []
    return bytes_to_base64url(verified.credential_id), verified.credential_public_key, verified.sign_count, transports


def authentication_options(request: HttpRequest, purpose: str, allowed: list[tuple[str, list[str]]]) -> str:
    """Options for navigator.credentials.get. The second step names the waiting user's passkeys
    and asks for the key alone (the password was the other factor); a sign-in names none (the
    authenticator offers its discoverable ones) and requires user verification: the key plus the
    user's PIN or biometric, never weaker than a password plus a second step."""
    rp_id, _origin = relying_party(request)
    options = generate_authentication_options(
        rp_id=rp_id,
        challenge=_issue(request, purpose),
        timeout=TIMEOUT_MS,
        allow_credentials=_descriptors(allowed),
        user_verification=(
            UserVerificationRequirement.REQUIRED if purpose == SIGN_IN else UserVerificationRequirement.PREFERRED
        ),
    )
    return options_to_json(options)


def verify_assertion(
    request: HttpRequest,
    purpose: str,
    challenge: bytes,
    credential: dict[str, Any],
    *,
    public_key: bytes,
    sign_count: int,
) -> int:
    """Check an assertion by a known passkey against the challenge taken for it; the new sign
    count."""
    rp_id, origin = relying_party(request)
    try:
        verified = verify_authentication_response(
            credential=credential,
            expected_challenge=challenge,
            expected_rp_id=rp_id,
            expected_origin=origin,
            credential_public_key=public_key,
            credential_current_sign_count=sign_count,
            require_user_verification=purpose == SIGN_IN,
        )
    except Exception as error:
        raise Refused from error
    return int(verified.new_sign_count)
