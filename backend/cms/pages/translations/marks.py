"""The bookkeeping behind a translation's state, kept per block by the saves (issues 22 and 28).

A page keeps `translation_marks`: {block: {locale: mark}}, a mark being
- "r": the revision in which the locale's text of the block last changed (for a translation: or
  was marked checked), where the source's text it was made against can be read back;
- "t": a fingerprint of the locale's text now ("" when empty);
- "b" (translations only): the fingerprint of the default locale's text (the source, the first
  of CMS_LOCALES) when the translation was last saved or checked;
- "c" (translations only): the locale this text is a copy of, while it is one.

States are judged by the text, never by revision numbers (issue 28, item 5): a translation is
*outdated* when the source's text is not the one it was made against (a source changed and then
changed back is not), *missing* when it is empty while the source has text, *copied* while it is
the very text of another locale (item 6): the save sees that itself, whatever client sent the
text (the editor's copy button, a paste, the API), and the mark stays until the text is edited
or marked checked. Only localized blocks have marks (the name included).

Saves set the marks in the UPDATE of the page's row they send anyway, with what they derive for
the readers (`translation_outdated`, `translation_todo`, `outdated_locales`,
`untranslated_locales`, `source_revision`): a save sends no statement more for them.
"""

import hashlib
from collections.abc import Iterable, Mapping
from typing import Any

from cms.core.locales import locale_codes
from cms.pages.models import Page

Mark = dict[str, Any]
Marks = dict[str, dict[str, Mark]]
REVISION, TEXT, BASIS, COPIED = "r", "t", "b", "c"


def fingerprint(value: Any) -> str:
    """A short fingerprint of a block's text, "" for none (surrounding white space ignored)."""
    stripped = text(value).strip()
    return hashlib.blake2b(stripped.encode(), digest_size=8).hexdigest() if stripped else ""


def record_changes(page: Page, changes: Mapping[str, Mapping[str, str]], *, revision_id: int) -> None:
    """Mark the blocks whose text a save changed (locale -> {block: text now}) with the revision
    it made, on the page object (its row is written after). The source's first: a translation
    saved with it is made against its new text."""
    source = locale_codes()[0]
    marks = _copy(page.translation_marks)
    for locale in sorted(changes, key=lambda code: code != source):
        for block, value in changes[locale].items():
            stamps = marks.setdefault(block, {})
            written = fingerprint(value)
            if locale == source:
                if not stamps.get(source, {}).get(TEXT):
                    _first_source_text(stamps, source, written)
                stamps[source] = {REVISION: revision_id, TEXT: written}
                continue
            mark: Mark = {REVISION: revision_id, TEXT: written, BASIS: stamps.get(source, {}).get(TEXT, "")}
            copied_from = _copy_of(stamps, locale, written, source)
            if copied_from:
                mark[COPIED] = copied_from
            stamps[locale] = mark
    set_marks(page, marks)


def _first_source_text(stamps: Mapping[str, Mark], source: str, written: str) -> None:
    """The source's block gets its first text while translations already have theirs (a page
    begun in another locale): it is written from them, not ahead of them."""
    for code, mark in stamps.items():
        if code != source and mark.get(TEXT) and not mark.get(BASIS) and not mark.get(COPIED):
            mark[BASIS] = written


def _copy_of(stamps: Mapping[str, Mark], locale: str, written: str, source: str) -> str:
    """The locale whose text this one is (the source first; a copy of a copy is the first
    one's), or "" when it is its own."""
    if not written:
        return ""
    for code in sorted(stamps, key=lambda code: code != source):
        mark = stamps[code]
        if code != locale and mark.get(TEXT) == written:
            return str(mark.get(COPIED) or code)
    return ""


def mark_checked(page: Page, locale: str, blocks: Iterable[str]) -> None:
    """Mark a locale's blocks "checked, still right": made against the source as it is now, and
    no copy (a name such as "Blog" may rightly be the same in both)."""
    source = locale_codes()[0]
    marks = _copy(page.translation_marks)
    for block in blocks:
        stamps = marks.setdefault(block, {})
        own, theirs = stamps.get(locale, {}), stamps.get(source, {})
        stamps[locale] = {
            REVISION: max(own.get(REVISION, 0), theirs.get(REVISION, 0)),
            TEXT: own.get(TEXT, ""),
            BASIS: theirs.get(TEXT, ""),
        }
    set_marks(page, marks)


def follow_rewrites(page: Page, rewrites: Mapping[str, Mapping[str, tuple[str, str]]]) -> None:
    """Texts the system rewrote (locale -> {block: (before, after)}: a link's new address, no new
    words) keep their states: each mark's fingerprint follows its text, and so does a
    translation's basis where it was the source's text before. No revision is named: the text a
    translation was made against is still the one in the mark's revision, but for addresses."""
    source = locale_codes()[0]
    marks = _copy(page.translation_marks)
    for locale, blocks in rewrites.items():
        for block, (before, after) in blocks.items():
            stamps = marks.get(block, {})
            old, new = fingerprint(before), fingerprint(after)
            for code, mark in stamps.items():
                if code == locale and mark.get(TEXT) == old:
                    mark[TEXT] = new
                if locale == source and code != source and mark.get(BASIS) == old:
                    mark[BASIS] = new
    set_marks(page, marks)


def set_marks(page: Page, marks: Marks) -> None:
    """Set the marks and what the readers read instead of them."""
    source = locale_codes()[0]
    outdated, missing, copied = block_states(marks)
    page.translation_marks = marks
    page.translation_outdated = outdated or None
    todo = {key: value for key, value in (("missing", missing), ("copied", copied)) if value}
    page.translation_todo = todo or None
    page.outdated_locales = _listed(outdated)
    page.untranslated_locales = _listed(missing.keys() | copied.keys())
    page.source_revision = max((stamps.get(source, {}).get(REVISION, 0) for stamps in marks.values()), default=0)


def block_states(
    marks: Mapping[str, Mapping[str, Mark]],
) -> tuple[dict[str, list[str]], dict[str, list[str]], dict[str, dict[str, str]]]:
    """({locale: outdated blocks}, {locale: missing blocks}, {locale: {copied block: from}}) for
    every block with marks, each locale but the source (which of them count depends on the
    page's template when read: cms.pages.translations.states). A block is in one of them at
    most: copied, else missing, else outdated."""
    source, *others = locale_codes()
    outdated: dict[str, list[str]] = {}
    missing: dict[str, list[str]] = {}
    copied: dict[str, dict[str, str]] = {}
    for block in sorted(marks):
        stamps = marks[block]
        now = stamps.get(source, {}).get(TEXT, "")
        for code in others:
            mark = stamps.get(code, {})
            if not mark.get(TEXT):
                if now:
                    missing.setdefault(code, []).append(block)
            elif mark.get(COPIED):
                copied.setdefault(code, {})[block] = str(mark[COPIED])
            elif mark.get(BASIS, "") != now:
                outdated.setdefault(code, []).append(block)
    return (
        {code: outdated[code] for code in others if code in outdated},
        {code: missing[code] for code in others if code in missing},
        {code: copied[code] for code in others if code in copied},
    )


def _listed(codes: Iterable[str]) -> str:
    """Locales as ",nb,ar," (in the configured order), "" for none: one LIKE finds a locale."""
    chosen = set(codes)
    listed = [code for code in locale_codes() if code in chosen]
    return f",{','.join(listed)}," if listed else ""


def readable(marks: Any) -> Marks:
    """The stored marks, each of the form above (see _copy)."""
    return _copy(marks)


def _copy(marks: Any) -> Marks:
    """A copy of the stored marks to change. Marks of another form (an archive exported before
    migration 0019, or made by hand) are read as a revision with no text known: the next save of
    the block gives it its text."""
    if not isinstance(marks, dict):
        return {}
    copied: Marks = {}
    for block, stamps in marks.items():
        if isinstance(stamps, dict):
            copied[block] = {code: _mark(mark) for code, mark in stamps.items()}
    return copied


def _mark(mark: Any) -> Mark:
    if isinstance(mark, dict):
        return dict(mark)
    return {REVISION: mark if isinstance(mark, int) else 0, TEXT: ""}


STORED_FIELDS = (
    "translation_marks",
    "translation_outdated",
    "translation_todo",
    "outdated_locales",
    "untranslated_locales",
    "source_revision",
)


def stored(page: Page) -> dict[str, Any]:
    """The page's bookkeeping fields and values, for an UPDATE of its row."""
    return {name: getattr(page, name) for name in STORED_FIELDS}


def text(value: Any) -> str:
    """A block's stored value as text ('' for none)."""
    return "" if value is None else str(value)
