"""Types for request schemas that only admit what every supported database can store.

A value that passes these is safe to write on SQLite and on PostgreSQL alike: no integer a
64-bit column cannot hold, no boolean taken for an id, no date whose UTC value leaves the
years 1-9999, no text with NUL (PostgreSQL refuses it) or lone surrogates (no encoding has them).
"""

import re
from datetime import UTC, datetime
from typing import Annotated, Any

from django.utils.translation import gettext_lazy as _
from pydantic import AfterValidator, BeforeValidator, Field, Strict
from pydantic_core import PydanticCustomError

from cms.core.messages import Message

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
INT32_MAX = 2**31 - 1
NUL_MESSAGE = _("can't contain NUL characters")
SURROGATE_MESSAGE = _("can't contain unpaired surrogate characters")
DATE_RANGE_MESSAGE = _("must lie between the years 1 and 9999 in UTC")


def _json_integer(value: Any) -> Any:
    """Take what JSON Schema calls an integer (2 and 2.0), never true/false or "2".

    Refused in pydantic's own words, as every other schema error is (those stay English).
    """
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PydanticCustomError("int_type", "Input should be a valid integer")
    return value


def _json_integer_type(minimum: int, maximum: int) -> Any:
    return Annotated[int, Strict(), Field(ge=minimum, le=maximum), BeforeValidator(_json_integer)]


Int64 = _json_integer_type(INT64_MIN, INT64_MAX)
# A place among siblings: from 1, and past the end means last.
TreePosition = _json_integer_type(1, INT64_MAX)
# Positions of links are stored in 32-bit columns.
Position = _json_integer_type(1, INT32_MAX)


# Embedding, override and isolate marks make text display in another order than it is stored
# ("gnp.exe" as "exe.png", a name as someone else's): never kept in names, tags, alt texts or
# user names (issue 18, item 4).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_BIDI_TABLE = dict.fromkeys(map(ord, BIDI_CONTROLS))


def shown_text(text: str) -> str:
    """A one-line text as it is kept: without bidirectional controls, without surrounding space."""
    return text.translate(_BIDI_TABLE).strip()


def unstorable_text_message(text: str) -> Message | None:
    """Return why a text can't be stored, or None when it can."""
    if "\x00" in text:
        return NUL_MESSAGE
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return SURROGATE_MESSAGE
    return None


def _storable_datetime(value: datetime) -> datetime:
    """Return the datetime as aware UTC, refusing one outside the years 1-9999 in UTC."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)  # the API speaks UTC; a naive time means UTC
    try:
        return value.astimezone(UTC)
    except OverflowError:
        # Worded now (pydantic keeps text): schemas are checked while the request's language is active.
        raise PydanticCustomError("datetime_range", str(DATE_RANGE_MESSAGE)) from None


_NUMBER = re.compile(r"\s*[-+]?[0-9]+(\.[0-9]*)?\s*")


def _datetime_text(value: Any) -> Any:
    """Take a date as ISO 8601 text (or a datetime), never a bare number: pydantic reads one as
    seconds or milliseconds by its size (253402300800 became 1978), which no editor means."""
    if isinstance(value, int | float) or (isinstance(value, str) and _NUMBER.fullmatch(value)):
        raise PydanticCustomError("datetime_type", "Input should be a date and time as ISO 8601 text")
    return value


StorableDateTime = Annotated[datetime, BeforeValidator(_datetime_text), AfterValidator(_storable_datetime)]


def _storable_text(text: str) -> str:
    if (problem := unstorable_text_message(text)) is not None:
        raise ValueError(str(problem))
    return text


# A free text a call keeps as it is (a message, a comment): no NUL, no lone surrogate.
StorableText = Annotated[str, AfterValidator(_storable_text)]
