"""What one page write changed: worked out once, from the page as it was and as it is, and read
by every after-step (the audit log, the revision, the translations' marks, the media uses).

A page's state, per locale, is what a save can change and the log speaks of: its own fields,
its name and path segment in the locale, and its block texts (a block never set and an empty one
are the same; dates to the microsecond, as stored).
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from cms.pages import media_uses
from cms.pages.models import Page, PageLocalization
from cms.pages.saving.payload import SCALAR_FIELDS
from cms.pages.templates_registry import NAME_BLOCK, registry

BLOCK_PREFIX = "blocks."
# The relations whose change may change the media a page shows (cms.pages.media_uses).
LINK_RELATIONS = frozenset({"page_images_attributes", "page_files_attributes"})


@dataclass(frozen=True)
class PageState:
    """The page in one locale, as a write compares it before and after."""

    # What the audit log compares: the page's fields, `name`, `path_segment`, `blocks.{name}`
    # (shared and this locale's blocks that hold a text).
    values: Mapping[str, Any] = field(default_factory=dict)
    # The texts the translations' marks are kept for: the name and this locale's blocks.
    texts: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, page: Page, localization: PageLocalization) -> "PageState":
        values = {name: getattr(page, name) for name in SCALAR_FIELDS}
        values.update(name=localization.name, path_segment=localization.path_segment)
        for source in (page.blocks, localization.blocks):
            values.update({f"{BLOCK_PREFIX}{name}": value for name, value in (source or {}).items() if value})
        texts = {NAME_BLOCK: localization.name or ""}
        texts.update({name: _text(value) for name, value in (localization.blocks or {}).items()})
        stored = {name: value.isoformat() if isinstance(value, datetime) else value for name, value in values.items()}
        return cls(values=stored, texts=texts)

    def get(self, name: str, default: Any = None) -> Any:
        return self.values.get(name, default)


# A page not stored yet: nothing to compare with.
NOTHING = PageState()


@dataclass(frozen=True)
class LocaleChange:
    """What a write changed of the page in one locale."""

    before: PageState
    after: PageState
    fields: tuple[str, ...]  # the state's values that differ (sorted): fields, `name`, `blocks.{name}`
    texts: Mapping[str, str]  # {block: its text now} of the marked texts that differ

    @property
    def blocks(self) -> set[str]:
        """The blocks whose text changed (shared ones included)."""
        return {name.removeprefix(BLOCK_PREFIX) for name in self.fields if name.startswith(BLOCK_PREFIX)}

    def value_of(self, name: str) -> tuple[Any, Any]:
        """A changed value, before and after ("" for none)."""
        return self.before.get(name, ""), self.after.get(name, "")


@dataclass(frozen=True)
class Changed:
    """What one write changed: per locale written, and the relations (tags, links) it changed,
    each with its old and new value where the log shows one."""

    locales: Mapping[str, LocaleChange]
    relations: Mapping[str, Mapping[str, Any]]
    was_parent: int | None
    parent: int | None

    @property
    def fields(self) -> list[str]:
        """Every state value that changed in any locale written (sorted)."""
        return sorted({name for change in self.locales.values() for name in change.fields})

    @property
    def blocks(self) -> set[str]:
        return {name for change in self.locales.values() for name in change.blocks}

    @property
    def texts(self) -> dict[str, Mapping[str, str]]:
        """{locale: {block: text now}} of the marked texts that changed (the translations' marks)."""
        return {code: change.texts for code, change in self.locales.items()}

    @property
    def moved(self) -> bool:
        return self.was_parent != self.parent

    @property
    def shows_other_media(self) -> bool:
        """Whether the write may have changed what the page shows: its links, its sharing image,
        its template, or a rich text that names a medium before or after. Most saves (a text
        without embed codes, a rename, a status) change none, and need not read or write the
        media uses."""
        if LINK_RELATIONS & self.relations.keys():
            return True
        blocks = registry().blocks
        for change in self.locales.values():
            before, after = change.before, change.after
            if before.get("template", after.get("template")) != after.get("template"):
                return True
            if before.get("meta_image_id") != after.get("meta_image_id"):
                return True
            for name in change.blocks:
                block = blocks.get(name)
                if block is not None and media_uses.is_rich(block):
                    key = f"{BLOCK_PREFIX}{name}"
                    if media_uses.names_media(before.get(key)) or media_uses.names_media(after.get(key)):
                        return True
        return False


def compare(
    before: Mapping[str, PageState],
    after: Mapping[str, PageState],
    relations: Mapping[str, Mapping[str, Any]],
    *,
    was_parent: int | None,
    parent: int | None,
) -> Changed:
    """What changed between the states of the locales written, and the relations' changes."""
    return Changed(
        locales={code: _locale_change(before[code], after[code]) for code in after},
        relations=dict(relations),
        was_parent=was_parent,
        parent=parent,
    )


def _locale_change(before: PageState, after: PageState) -> LocaleChange:
    return LocaleChange(
        before=before,
        after=after,
        fields=tuple(sorted(_differing(before.values, after.values))),
        texts={name: after.texts.get(name, "") for name in _differing(before.texts, after.texts)},
    )


def _differing(before: Mapping[str, Any], after: Mapping[str, Any]) -> Iterable[str]:
    return (name for name in before.keys() | after.keys() if before.get(name, "") != after.get(name, ""))


def _text(value: Any) -> str:
    return "" if value is None else str(value)
