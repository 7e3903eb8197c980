"""Path segments made from a page's name (issue 12): a page saved without one gets one.

A segment is letters and digits of any script and dashes (DESIGN.md §3), so Arabic and Norwegian
names keep their letters; Latin letters lose their accents the way people type addresses
("Café Åsane" → "cafe-asane"), everything else becomes a dash.
"""

import unicodedata

from django.db import IntegrityError, transaction

from cms.core.exceptions import ValidationFailed
from cms.pages.addresses import stored_paths
from cms.pages.models import Page, PageLocalization
from cms.pages.saving import redirects, validation
from cms.pages.saving.reserved_segments import reserved_segments
from cms.pages.saving.rules import ancestor_lacks_segment
from cms.pages.saving.validation import MAX_SEGMENT_LENGTH, SEGMENT_CATEGORIES

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


# --- A page's own segment, as a save keeps it ----------------------------------------------------


def fill_segment(page: Page, localization: PageLocalization) -> bool:
    """Give a named page without a path segment in this locale one made from its name (issue 12),
    so it is reachable and its children can have segments; not while a parent lacks one.

    Return whether it did: such a segment is made without the tree lock, so a sibling saved at
    the same moment may take it first (save_localization then makes another)."""
    if localization.path_segment or not localization.name:
        return False
    if page.parent_id and ancestor_lacks_segment(page, localization):
        return False
    localization.path_segment = generated_segment(
        localization.name, locale=localization.locale, parent_id=page.parent_id, page_id=page.pk,
        fallback=page.unique_name,
    )  # fmt: skip
    return True


GENERATION_ATTEMPTS = 5


def save_localization(page: Page, localization: PageLocalization, *, generated: bool, segment_was: str) -> None:
    """Save the localization; the database refuses a segment a sibling holds in its locale.

    A segment the editor chose was checked under the tree lock, so a refusal is a clash the check
    could not see: answered as one. A generated one is made again, seeing the sibling's."""
    localization.page = page  # its parent is what the row keeps (PageLocalization.parent_key)
    if localization.pk is not None and localization.path_segment == segment_was:
        localization.save()  # its segment stays: nothing the index could refuse
        return
    for _attempt in range(GENERATION_ATTEMPTS):
        try:
            with transaction.atomic():  # a savepoint: the page's transaction goes on after a refusal
                localization.save()
            return
        except IntegrityError:
            if not generated:
                break
            localization.path_segment = ""
            fill_segment(page, localization)
    raise ValidationFailed([("path_segment", validation.PATH_SEGMENT_TAKEN_MESSAGE)])


def remember_old_address(page: Page, localization: PageLocalization, old_segment: str) -> None:
    """The page's address in this locale changes with its segment: keep the old one answering."""
    above = stored_paths(page.parent_id).get(localization.locale) if page.parent_id else ""
    if above is None:
        return
    prefix = f"{above}/" if above else ""
    redirects.remember(
        page.pk,
        {localization.locale: prefix + old_segment},
        {localization.locale: prefix + localization.path_segment},
    )
