"""TOTP and recovery codes: set up, confirm, check at sign-in, turn off; each accepted change
with its audit entry (who, from where; never a code or a secret).

A code is checked against the time steps just before, at and after now (clocks drift), and is
accepted only for a step later than the last one used: a code seen over a shoulder or in a proxy
log cannot be used again within its window. The "later than" is one conditional UPDATE, so two
requests with the same code cannot both pass.
"""

import hmac
import re
import secrets
import time
from typing import Any

import pyotp
import segno
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.crypto import salted_hmac

from cms.accounts.totp.models import RecoveryCode, TotpDevice
from cms.audit import log as audit
from cms.core.types import User

ISSUER = "Back office"
DIGITS = 6
STEP = 30
RECOVERY_CODES = 10
# Recovery codes: 10 characters of an alphabet without look-alikes (50 bits), shown as xxxxx-xxxxx.
RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
RECOVERY_LENGTH = 10
HASH_SALT = "cms.accounts.totp.recovery"
CODE = re.compile(r"[0-9]{6}")
# Anything longer than a code with spaces and dashes is not one: bound the work before hashing.
MAX_INPUT = 40


class TwoFactorError(Exception):
    """A request about TOTP that cannot be done; `code` says which rule refused it."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def has_totp(user: User) -> bool:
    """The factor check (cms.accounts.two_step.factors)."""
    return TotpDevice.objects.filter(user=user, confirmed=True).exists()


def otpauth_url(user: User, secret: str) -> str:
    return pyotp.TOTP(secret, digits=DIGITS, interval=STEP).provisioning_uri(
        name=user.get_username(), issuer_name=ISSUER
    )


def qr_svg(url: str) -> str:
    """The QR code of `url` as an inline SVG element (no XML declaration), drawn here: the secret
    never leaves for a third-party QR service."""
    return str(segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff", title=None))


def start(user: User) -> tuple[str, str]:
    """A new unconfirmed secret for `user` (replacing an unconfirmed one): (secret, otpauth URL)."""
    secret = pyotp.random_base32(32)  # 160 bits, as RFC 4226 recommends for SHA-1
    with transaction.atomic():
        _lock(user)
        device = TotpDevice.objects.filter(user=user).first()
        if device is not None and device.confirmed:
            raise TwoFactorError("already_on")
        TotpDevice.objects.update_or_create(
            user=user, defaults={"secret": secret, "confirmed": False, "last_counter": -1}
        )
    return secret, otpauth_url(user, secret)


def pending_secret(user: User) -> str | None:
    device = TotpDevice.objects.filter(user=user, confirmed=False).first()
    return device.secret if device is not None else None


def confirm(user: User, code: Any, *, client: str) -> list[str]:
    """Turn TOTP on with a code from the app; the ten recovery codes, in the clear this once."""
    with transaction.atomic():
        _lock(user)
        device = TotpDevice.objects.select_for_update().filter(user=user).first()
        if device is None:
            raise TwoFactorError("not_started")
        if device.confirmed:
            raise TwoFactorError("already_on")
        counter = _matching_counter(device.secret, code)
        if counter is None:
            raise TwoFactorError("wrong_code")
        device.confirmed, device.last_counter = True, counter
        device.save(update_fields=["confirmed", "last_counter"])
        codes = _new_recovery_codes(user)
        audit.record(user, "two_factor_on", "user", user.pk, {"address": client})
    return codes


def turn_off(user: User, code: Any, *, client: str) -> None:
    """Turn TOTP off; needs a current code (a browser left signed in is not enough)."""
    with transaction.atomic():
        device = TotpDevice.objects.select_for_update().filter(user=user, confirmed=True).first()
        if device is None:
            raise TwoFactorError("not_on")
        if not _use_totp(device, code):
            raise TwoFactorError("wrong_code")
        _remove(user)
        audit.record(user, "two_factor_off", "user", user.pk, {"address": client})


def turn_off_for(actor: User, user: User, *, client: str) -> bool:
    """A superuser turns `user`'s TOTP off (whether it was on: True when there was one)."""
    with transaction.atomic():
        had = TotpDevice.objects.filter(user=user, confirmed=True).exists()
        _remove(user)
        if had:
            audit.record(actor, "two_factor_off", "user", user.pk, {"address": client, "by_superuser": True})
    return had


def confirmed_device(user: User) -> TotpDevice | None:
    return TotpDevice.objects.filter(user=user, confirmed=True).first()


def second_step(user: User, code: Any, device: TotpDevice | None) -> str | None:
    """Check a code typed on the second step against `user`'s confirmed `device` (read once by
    the caller): "totp" or "recovery_code" when it passes (and is used up), None when not."""
    if not isinstance(code, str) or len(code) > MAX_INPUT:
        return None
    compact = "".join(code.split()).replace("-", "").lower()
    if CODE.fullmatch(compact):
        return "totp" if device is not None and _use_totp(device, compact) else None
    if len(compact) == RECOVERY_LENGTH and all(c in RECOVERY_ALPHABET for c in compact):
        used = RecoveryCode.objects.filter(user=user, code_hash=_hash(user, compact), used_at=None).update(
            used_at=timezone.now()
        )
        return "recovery_code" if used else None
    return None


def recovery_codes_left(user: User) -> int:
    return RecoveryCode.objects.filter(user=user, used_at=None).count()


def kind_of(code: Any) -> str:
    """Which method a refused code was meant for, for the audit entry (never the code itself)."""
    compact = "".join(code.split()).replace("-", "") if isinstance(code, str) and len(code) <= MAX_INPUT else ""
    return "totp" if compact.isdigit() else "recovery_code"


def _use_totp(device: TotpDevice, code: Any) -> bool:
    counter = _matching_counter(device.secret, code)
    if counter is None:
        return False
    # Accepted once: only if no code of this step or a later one was used meanwhile.
    return bool(TotpDevice.objects.filter(pk=device.pk, last_counter__lt=counter).update(last_counter=counter))


def _matching_counter(secret: str, code: Any) -> int | None:
    if not isinstance(code, str) or len(code) > MAX_INPUT:
        return None
    code = "".join(code.split())
    if not CODE.fullmatch(code):
        return None
    totp = pyotp.TOTP(secret, digits=DIGITS, interval=STEP)
    now = int(time.time()) // STEP
    for counter in (now - 1, now, now + 1):
        if hmac.compare_digest(totp.generate_otp(counter), code):
            return counter
    return None


def _new_recovery_codes(user: User) -> list[str]:
    RecoveryCode.objects.filter(user=user).delete()
    codes: list[str] = []
    while len(codes) < RECOVERY_CODES:
        raw = "".join(secrets.choice(RECOVERY_ALPHABET) for _ in range(RECOVERY_LENGTH))
        if raw not in codes:
            codes.append(raw)
    RecoveryCode.objects.bulk_create([RecoveryCode(user=user, code_hash=_hash(user, raw)) for raw in codes])
    return [f"{raw[:5]}-{raw[5:]}" for raw in codes]


def _hash(user: User, compact: str) -> str:
    # Keyed by SECRET_KEY and the user: a copied table alone does not reveal or reuse a code. 50
    # random bits per code make a slow password hash unnecessary.
    return salted_hmac(HASH_SALT, f"{user.pk}:{compact}", algorithm="sha256").hexdigest()


def _remove(user: User) -> None:
    TotpDevice.objects.filter(user=user).delete()
    RecoveryCode.objects.filter(user=user).delete()


def _lock(user: User) -> None:
    # The user's row: two set-ups or confirms at once take turns.
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
