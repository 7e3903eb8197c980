"""The bookkeeping behind a translation's state, kept per block from the revisions (issue 22).

A page keeps `translation_marks`: {block: {locale: revision id}}. For the default locale (the
source, the first of CMS_LOCALES) a block's mark is the revision in which its text last changed;
for another locale, the revision in which its text last changed, or the source's mark when it
was marked "checked, still right". A locale's block is outdated when the source's mark is later
than its own: the source changed after the translation was last saved or checked.

Only localized blocks have marks (the name included): a block that is not localized has one
text for every locale and nothing to fall behind. Saves set the marks in the UPDATE of the page's
row they send anyway, with what they derive for the readers (`translation_outdated`,
`outdated_locales`, `source_revision`): a save sends no statement more for them.
"""

from collections.abc import Iterable, Mapping
from typing import Any

from cms.core.locales import locale_codes
from cms.pages.models import Page, PageLocalization
from cms.pages.templates_registry import NAME_BLOCK

Marks = dict[str, dict[str, int]]


def localized_texts(localization: PageLocalization) -> dict[str, str]:
    """A localization's texts that have marks: its name and its localized blocks (a block never
    set and an empty one are the same, as the audit log has them)."""
    texts = {NAME_BLOCK: localization.name or ""}
    texts.update({name: text(value) for name, value in (localization.blocks or {}).items()})
    return texts


def changed_blocks(before: Mapping[str, str], after: Mapping[str, str]) -> set[str]:
    return {block for block in before.keys() | after.keys() if before.get(block, "") != after.get(block, "")}


def record_changes(page: Page, changes: Mapping[str, Iterable[str]], *, revision_id: int) -> None:
    """Mark the blocks whose text a save changed (locale -> blocks) with the revision it made,
    on the page object (its row is written after)."""
    marks = _copy(page.translation_marks)
    for locale, blocks in changes.items():
        for block in blocks:
            marks.setdefault(block, {})[locale] = revision_id
    set_marks(page, marks)


def mark_checked(page: Page, locale: str, blocks: Iterable[str]) -> None:
    """Mark a locale's blocks "checked, still right": as if saved against the source as it is."""
    source = locale_codes()[0]
    marks = _copy(page.translation_marks)
    for block in blocks:
        stamps = marks.setdefault(block, {})
        stamps[locale] = max(stamps.get(locale, 0), stamps.get(source, 0))
    set_marks(page, marks)


def set_marks(page: Page, marks: Marks) -> None:
    """Set the marks and what the readers read instead of them."""
    source = locale_codes()[0]
    outdated = outdated_blocks(marks)
    page.translation_marks = marks
    page.translation_outdated = outdated or None
    page.outdated_locales = f",{','.join(outdated)}," if outdated else ""
    page.source_revision = max((stamps.get(source, 0) for stamps in marks.values()), default=0)


def outdated_blocks(marks: Mapping[str, Mapping[str, int]]) -> dict[str, list[str]]:
    """{locale: [blocks]} whose source changed after the locale's text, for every block with marks
    (which of them count depends on the page's template when read: cms.pages.translations.states)."""
    source, *others = locale_codes()
    found: dict[str, list[str]] = {}
    for block in sorted(marks):
        stamps = marks[block]
        changed_at = stamps.get(source, 0)
        for code in others:
            if stamps.get(code, 0) < changed_at:
                found.setdefault(code, []).append(block)
    return {code: found[code] for code in others if code in found}


def _copy(marks: Any) -> Marks:
    return {block: dict(stamps) for block, stamps in (marks or {}).items()}


STORED_FIELDS = ("translation_marks", "translation_outdated", "outdated_locales", "source_revision")


def stored(page: Page) -> dict[str, Any]:
    """The page's bookkeeping fields and values, for an UPDATE of its row."""
    return {name: getattr(page, name) for name in STORED_FIELDS}


def text(value: Any) -> str:
    """A block's stored value as text ('' for none)."""
    return "" if value is None else str(value)
