"""Checks of per-locale texts (alternative texts, captions, attachment names and descriptions)."""

from typing import Any

from cms.core.input_types import unstorable_text_message
from cms.core.locales import locale_codes

SHOWN_CODE_LENGTH = 20  # of an unknown locale code quoted back in a message


def unknown_locale_errors(attribute: str, texts: dict[str, Any]) -> list[tuple[str, str]]:
    """Return an error naming the locales of `texts` that the site does not have, if any."""
    unknown = sorted(_shown(code) for code in texts if code not in locale_codes())
    return [(attribute, f"has texts for unknown locales: {', '.join(unknown)}")] if unknown else []


def text_errors(attribute: str, texts: dict[str, Any], *, limit: int) -> list[tuple[str, str]]:
    """Return errors for per-locale texts that are not text, too long, or that no database can store."""
    errors = []
    for code, text in texts.items():
        if not isinstance(text, str):
            errors.append((attribute, f"({code}) must be text"))
        elif message := unstorable_text_message(text):
            errors.append((attribute, f"({code}) {message}"))
        elif len(text) > limit:
            errors.append((attribute, f"({code}) is too long (at most {limit} characters)"))
    return errors


def _shown(code: str) -> str:
    """Return a code as it can be quoted back: no NUL or lone surrogate (which no answer can carry)."""
    code = code[:SHOWN_CODE_LENGTH]
    return code.encode("utf-8", "backslashreplace").decode("utf-8").replace("\x00", "\\x00")
