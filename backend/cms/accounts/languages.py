"""The admin's interface language: the user's choice, else the browser's, else English.

Apart from the content locale in an address (DESIGN.md "two languages, never mixed"): an editor
may edit the Arabic page in a Norwegian interface. The languages shipped are settings.LANGUAGES,
each with a catalogue under backend/locale/ and one in frontend/src/i18n/.
"""

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.http import HttpRequest
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header

from cms.accounts.models import Preferences

# Attribute of a request that caches the user's stored choice ("" for none).
_CHOICE_ATTRIBUTE = "_interface_language_choice"


def interface_languages() -> list[tuple[str, str]]:
    """The shipped interface languages: (code, name in its own language)."""
    return list(settings.LANGUAGES)


def is_interface_language(code: str) -> bool:
    return any(code == known for known, _name in settings.LANGUAGES)


def stored_choice(user: AbstractBaseUser | AnonymousUser) -> str:
    """The language the user chose on the account page, or "" when they chose none."""
    if not user.is_authenticated:
        return ""
    try:
        # Read with the user (cms.accounts.backends): no query of its own on a request.
        code = user.preferences.interface_language  # type: ignore[attr-defined]
    except Preferences.DoesNotExist:
        return ""
    return code if is_interface_language(code) else ""


def request_choice(request: HttpRequest) -> str:
    """The signed-in user's stored choice, read once per request."""
    if not hasattr(request, _CHOICE_ATTRIBUTE):
        setattr(request, _CHOICE_ATTRIBUTE, stored_choice(request.user))
    choice: str = getattr(request, _CHOICE_ATTRIBUTE)
    return choice


def browser_language(request: HttpRequest) -> str:
    """The best shipped language the browser asks for (Accept-Language), English without one."""
    accept = request.headers.get("Accept-Language", "")
    for code, _quality in parse_accept_lang_header(accept):
        if code == "*":
            break
        try:
            supported = translation.get_supported_language_variant(code)
        except LookupError:
            continue
        if is_interface_language(supported):
            return supported
    return settings.LANGUAGE_CODE


def interface_language(request: HttpRequest) -> str:
    """The request's interface language: the user's choice, else the browser's."""
    return request_choice(request) or browser_language(request)


def set_interface_language(user: AbstractBaseUser, code: str) -> None:
    """Store the user's choice; "" goes back to the browser's language."""
    if code and not is_interface_language(code):
        raise ValueError(f"unknown interface language {code!r}")
    preferences, _created = Preferences.objects.update_or_create(user_id=user.pk, defaults={"interface_language": code})
    user.preferences = preferences  # type: ignore[attr-defined]  # what this request reads from now on
