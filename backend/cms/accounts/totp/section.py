"""The account page's two-step sign-in section (accounts/_two_factor.html)."""

from typing import Any

from django.http import HttpRequest
from django.utils.safestring import mark_safe

from cms.accounts.totp import services
from cms.accounts.totp.require import covers
from cms.accounts.two_step import factors
from cms.core.types import User


def section(request: HttpRequest) -> dict[str, Any]:
    user: User = request.user  # type: ignore[assignment]
    on = services.has_totp(user)
    secret = None if on else services.pending_secret(user)
    return {
        "two_factor_on": on,
        "two_factor_secret": secret,
        # segno's SVG of our own URL (base32 and the username, which it escapes): safe markup.
        "two_factor_qr": mark_safe(services.qr_svg(services.otpauth_url(user, secret))) if secret else "",
        "recovery_codes_left": services.recovery_codes_left(user) if on else 0,
        "two_factor_required": covers(user) and not factors.has_second_factor(user),
    }
