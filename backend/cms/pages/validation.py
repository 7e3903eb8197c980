"""Rules a page's fields must satisfy; each returns (attribute, message) pairs, never raises."""

import re
from datetime import datetime

# Any tag-like construct: markup is written in Markdown, raw HTML is refused (DESIGN.md §4).
HTML_TAG = re.compile(r"</?[a-zA-Z!?][^>]*>")
UNIQUE_NAME = re.compile(r"^[A-Za-z0-9_-]+$")
MAX_BLOCK_LENGTH = 200_000

PATH_SEGMENT_MESSAGE = "can only contain letters, digits and dashes"
PATH_SEGMENT_TAKEN_MESSAGE = "is already used by another page at the same level"
HTML_MESSAGE = "can't contain HTML; use Markdown for formatting"


def is_valid_path_segment(segment: str) -> bool:
    """Letters and digits of any script (so 'blåbær' and Arabic work) and dashes; nothing else."""
    return bool(segment) and all(ch.isalnum() or ch == "-" for ch in segment)


def path_segment_errors(segment: str) -> list[tuple[str, str]]:
    if segment and not is_valid_path_segment(segment):
        return [("path_segment", PATH_SEGMENT_MESSAGE)]
    return []


def text_errors(attribute: str, value: str) -> list[tuple[str, str]]:
    if len(value) > MAX_BLOCK_LENGTH:
        return [(attribute, f"is too long (at most {MAX_BLOCK_LENGTH} characters)")]
    if HTML_TAG.search(value):
        return [(attribute, HTML_MESSAGE)]
    return []


def unique_name_errors(unique_name: str) -> list[tuple[str, str]]:
    if unique_name and not UNIQUE_NAME.match(unique_name):
        return [("unique_name", "can only contain letters, digits, dashes and underscores")]
    return []


def redirect_errors(redirect_to: str) -> list[tuple[str, str]]:
    if redirect_to and not redirect_to.startswith(("/", "http://", "https://")):
        return [("redirect_to", "must be an address starting with /, http:// or https://")]
    return []


def date_range_errors(starts_at: datetime | None, ends_at: datetime | None) -> list[tuple[str, str]]:
    if starts_at and ends_at and ends_at < starts_at:
        return [("ends_at", "can't be before the start")]
    return []
