"""Checks of per-locale texts (alternative texts, captions, attachment names and descriptions).

The messages are lazy (cms.core.messages): worded in the interface language when answered.
"""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from cms.core.exceptions import ValidationFailed
from cms.core.input_types import unstorable_text_message
from cms.core.locales import locale_codes
from cms.core.messages import MUST_BE_TEXT, Errors, Message, message, too_long

SHOWN_CODE_LENGTH = 20  # of an unknown locale code quoted back in a message
UNKNOWN_LOCALES_MESSAGE = _("has texts for unknown locales: %(codes)s")


def unknown_locale_errors(attribute: str, texts: dict[str, Any]) -> Errors:
    """Return an error naming the locales of `texts` that the site does not have, if any."""
    unknown = sorted(_shown(code) for code in texts if code not in locale_codes())
    return [(attribute, message(UNKNOWN_LOCALES_MESSAGE, codes=", ".join(unknown)))] if unknown else []


def text_errors(attribute: str, texts: dict[str, Any], *, limit: int) -> Errors:
    """Return errors for per-locale texts that are not text, too long, or that no database can store."""
    errors: Errors = []
    for code, text in texts.items():
        if not isinstance(text, str):
            errors.append((attribute, _in_locale(code, MUST_BE_TEXT)))
        elif problem := unstorable_text_message(text):
            errors.append((attribute, _in_locale(code, problem)))
        elif len(text) > limit:
            errors.append((attribute, _in_locale(code, too_long(limit))))
    return errors


def checked_texts(changes: Mapping[str, Any], limits: Mapping[str, int]) -> dict[str, dict[str, Any]]:
    """The per-locale text fields of `limits` a change sends (absent or null: kept), checked:
    ValidationFailed lists every unknown locale, text that is not text, too long or unstorable."""
    texts = {field: changes[field] for field in limits if changes.get(field) is not None}
    errors: Errors = []
    for field, values in texts.items():
        errors += unknown_locale_errors(field, values) or text_errors(field, values, limit=limits[field])
    if errors:
        raise ValidationFailed(errors)
    return texts


def _in_locale(code: str, problem: Message) -> Message:
    """A problem of the text in one locale: "(nb) is too long (at most 2000 characters)"."""
    return message("(%(code)s) %(problem)s", code=code, problem=problem)


def _shown(code: str) -> str:
    """Return a code as it can be quoted back: no NUL or lone surrogate (which no answer can carry)."""
    code = code[:SHOWN_CODE_LENGTH]
    return code.encode("utf-8", "backslashreplace").decode("utf-8").replace("\x00", "\\x00")
