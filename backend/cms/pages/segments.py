"""Path segments made from a page's name (issue 12): a page saved without one gets one.

A segment is letters and digits of any script and dashes (DESIGN.md §3), so Arabic and Norwegian
names keep their letters; Latin letters lose their accents the way people type addresses
("Café Åsane" → "cafe-asane"), everything else becomes a dash.
"""

import unicodedata

from cms.pages.models import PageLocalization
from cms.pages.reserved_segments import reserved_segments
from cms.pages.validation import MAX_SEGMENT_LENGTH, SEGMENT_CATEGORIES

MAX_GENERATED_LENGTH = 80
# Latin letters NFKD does not take apart.
SPELLED_OUT = {"æ": "ae", "ø": "o", "œ": "oe", "ß": "ss", "þ": "th", "ð": "d", "đ": "d", "ł": "l", "\u0131": "i"}
FALLBACK = "page"


def slug(text: str) -> str:
    """Return `text` as a path segment (possibly empty): lower case, words joined by dashes."""
    out: list[str] = []
    for char in unicodedata.normalize("NFKC", text).lower():
        char = SPELLED_OUT.get(char, char)
        if char.isascii():
            out.append(char if char.isalnum() else "-")
            continue
        if unicodedata.category(char[0]) not in SEGMENT_CATEGORIES:
            out.append("-")
            continue
        base = unicodedata.normalize("NFKD", char)
        # A Latin letter with accents: keep the letter. Other scripts keep their marks.
        out.append(base[0] if base[0].isascii() and base[0].isalpha() else char)
    words = "".join(out).split("-")
    return "-".join(word for word in words if word)[:MAX_GENERATED_LENGTH].strip("-")


def generated_segment(name: str, *, locale: str, parent_id: int | None, page_id: int | None, fallback: str) -> str:
    """Return a segment for a page named `name`, unique among its siblings in `locale`."""
    base = slug(name) or slug(fallback) or FALLBACK
    siblings = PageLocalization.objects.filter(locale=locale, page__parent_id=parent_id, path_segment__startswith=base)
    if page_id is not None:
        siblings = siblings.exclude(page_id=page_id)
    taken = set(siblings.values_list("path_segment", flat=True)) | _reserved_at(parent_id)
    candidate, number = base, 1
    while candidate in taken:
        number += 1
        suffix = f"-{number}"
        candidate = base[: MAX_SEGMENT_LENGTH - len(suffix)] + suffix
    return candidate


def _reserved_at(parent_id: int | None) -> frozenset[str]:
    """The segments the site's own routes take at this level (the top level only)."""
    return reserved_segments() if parent_id is None else frozenset()
