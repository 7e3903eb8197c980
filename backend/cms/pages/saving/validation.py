"""Rules a page's fields must satisfy; each returns (attribute, message) pairs, never raises.

The messages are lazy (cms.core.messages): worded in the interface language when answered.
"""

import re
import unicodedata
from datetime import datetime

from django.utils.translation import gettext_lazy as _

from cms.core.input_types import unstorable_text_message
from cms.core.messages import CANT_BE_BLANK, Errors, too_long

# The start of a tag-like construct ("<p", "</p", "<!--", "<?xml"); it is a tag when a ">"
# follows anywhere later. Markup is written in Markdown, raw HTML is refused (DESIGN.md §4).
TAG_START = re.compile(r"</?[a-zA-Z!?]")
UNIQUE_NAME = re.compile(r"^[A-Za-z0-9_-]+$")
MAX_BLOCK_LENGTH = 200_000

PATH_SEGMENT_MESSAGE = _("can only contain letters, digits and dashes")
PATH_SEGMENT_TAKEN_MESSAGE = _("is already used by another page at the same level")
NAME_REQUIRED_MESSAGE = CANT_BE_BLANK
HTML_MESSAGE = _("can't contain HTML; use Markdown for formatting")
UNIQUE_NAME_MESSAGE = _("can only contain letters, digits, dashes and underscores")
REDIRECT_MESSAGE = _("must be an address starting with /, http:// or https://")
DATE_ORDER_MESSAGE = _("can't be before the start")
PAGE_MISSING = _("Page %(id)s does not exist.")  # a NotFound's, for any read or write of one page


MAX_SEGMENT_LENGTH = 255
MAX_NAME_LENGTH = 255
MAX_UNIQUE_NAME_LENGTH = 100
MAX_REDIRECT_LENGTH = 2048
# Letters (with their combining marks, which Arabic and Indic scripts need) and decimal digits.
SEGMENT_CATEGORIES = frozenset({"Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Nd"})


def is_valid_path_segment(segment: str) -> bool:
    """Letters and digits of any script (so 'blåbær' and Arabic work) and dashes; nothing else."""
    if segment.isascii():  # most addresses, on every public request: one match in C, not a category per letter
        return ASCII_SEGMENT.fullmatch(segment) is not None
    return bool(segment) and all(ch == "-" or unicodedata.category(ch) in SEGMENT_CATEGORIES for ch in segment)


# The same rule for ASCII alone: its letters are A-Z and a-z, its decimal digits 0-9.
ASCII_SEGMENT = re.compile(r"[A-Za-z0-9-]+")


def path_segment_errors(segment: str) -> Errors:
    if len(segment) > MAX_SEGMENT_LENGTH:
        return [("path_segment", too_long(MAX_SEGMENT_LENGTH))]
    if segment and not is_valid_path_segment(segment):
        return [("path_segment", PATH_SEGMENT_MESSAGE)]
    return []


def name_errors(name: str) -> Errors:
    if len(name) > MAX_NAME_LENGTH:
        return [("name", too_long(MAX_NAME_LENGTH))]
    return []


def contains_html(text: str) -> bool:
    """Return whether the text has a tag: a tag start with a ">" somewhere after it.

    Linear in the length: only the first tag start matters, since a ">" after any later one is
    also after the first. (A pattern like `<[a-z][^>]*>` rescans the rest of the text from
    every "<a" and takes seconds on 200,000 characters of "<a<a<a…".)
    """
    start = TAG_START.search(text)
    return start is not None and text.rfind(">") >= start.end()


def text_errors(attribute: str, value: str) -> Errors:
    if len(value) > MAX_BLOCK_LENGTH:
        return [(attribute, too_long(MAX_BLOCK_LENGTH))]
    if message := unstorable_text_message(value):
        return [(attribute, message)]
    if contains_html(value):
        return [(attribute, HTML_MESSAGE)]
    return []


def unique_name_errors(unique_name: str) -> Errors:
    if len(unique_name) > MAX_UNIQUE_NAME_LENGTH:
        return [("unique_name", too_long(MAX_UNIQUE_NAME_LENGTH))]
    if unique_name and not UNIQUE_NAME.match(unique_name):
        return [("unique_name", UNIQUE_NAME_MESSAGE)]
    return []


def redirect_errors(redirect_to: str) -> Errors:
    if len(redirect_to) > MAX_REDIRECT_LENGTH:
        return [("redirect_to", too_long(MAX_REDIRECT_LENGTH))]
    if redirect_to and followed_redirect(redirect_to) is None:
        return [("redirect_to", REDIRECT_MESSAGE)]
    return []


def followed_redirect(target: str) -> str | None:
    """The address the site sends visitors of a page with `redirect_to` to, or None when it
    follows none: a path on this site or an http(s) address with a host; never `javascript:` or
    another scheme, "//host" or "/\\host" (which browsers take for another site), nor anything
    with spaces, control characters or backslashes. Saves and the site ask this same rule."""
    target = target.strip()
    if not target or any(ord(char) < 33 or char in "\\\x7f" for char in target):
        return None
    if target.startswith("/") and not target.startswith("//"):
        return target
    scheme, _, rest = target.partition("://")
    if scheme.lower() in ("http", "https") and rest and not rest.startswith("/"):
        return target
    return None


def date_range_errors(starts_at: datetime | None, ends_at: datetime | None) -> Errors:
    if starts_at and ends_at and ends_at < starts_at:
        return [("ends_at", DATE_ORDER_MESSAGE)]
    return []
