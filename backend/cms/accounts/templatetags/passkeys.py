"""What the login and second-step pages' passkey includes need to know, without their views
(owned by the sign-in) having to put it in their context."""

from typing import Any

from django import template
from django.conf import settings

from cms.accounts.passkeys.services import has_passkey
from cms.accounts.two_step import pending

register = template.Library()


@register.simple_tag
def passkey_sign_in_allowed() -> bool:
    return bool(settings.CMS_PASSKEY_SIGN_IN)


@register.simple_tag(takes_context=True)
def passkey_second_step_available(context: dict[str, Any]) -> bool:
    """Whether the user waiting for their second step has a passkey to offer."""
    request = context.get("request")
    user = pending.pending_user(request) if request is not None else None
    return user is not None and has_passkey(user)
