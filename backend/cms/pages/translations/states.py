"""A page's translation state per locale, as every page answer carries it (DESIGN §3), for every
locale but the default one: `translations` {locale: "missing" | "current" | "outdated"},
`outdated_blocks` and `missing_blocks` {locale: [blocks]} (every such locale present, [] when
none). Which blocks are copies, and of which locale, the report, the editor (source_changes.json)
and the website read apart: the Page shape is the contract's.

The one rule of a page's state in a locale (issue 28, item 5):
- *missing* when the page has no name there;
- else *outdated* when a translated block is behind its source (the source's text is not the
  one the translation was made against);
- else *missing* when a block is still to translate: empty while the source has text, or the
  very text of another locale, copied and not yet translated;
- else *current*.

Read from what saves derive (cms.pages.translations.marks) and the page's names, with the page's
template as it is now: a block the template no longer has, or that is no longer localized, does
not count. Built for 10,000 pages at a time (the tree): a page with nothing outdated parses
nothing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from cms.core.locales import locale_codes
from cms.pages.templates_registry import registry

MISSING, CURRENT, OUTDATED = "missing", "current", "outdated"
State = Literal["missing", "current", "outdated"]
STATES = (MISSING, CURRENT, OUTDATED)


def counted_blocks(template_name: str) -> frozenset[str]:
    """The blocks of a template that can fall behind: its localized ones (the name included)."""
    template = registry().shown(template_name)
    return frozenset(block.name for block in template.all_blocks if block.localized)


class StateReader:
    """Translation states of many pages; what it works out per template, it works out once."""

    def __init__(self) -> None:
        self.others = locale_codes()[1:]
        self._counted: dict[str, frozenset[str]] = {}

    def states(
        self,
        template: str,
        names: Mapping[str, str],
        outdated: Mapping[str, list[str]] | None,
        todo: Mapping[str, Any] | None = None,
    ) -> PageStates:
        """The states of a page with these names per locale, the outdated blocks its saves
        derived (None: none) and its blocks to translate (None: none)."""
        answer = PageStates({}, {}, {}, {})
        missing_stored = _mapping((todo or {}).get("missing"))
        copied_stored = _mapping((todo or {}).get("copied"))
        counted = self._counted_blocks(template) if outdated or todo else frozenset()
        for code in self.others:
            missing = [block for block in _names(missing_stored.get(code)) if block in counted]
            copied = {block: origin for block, origin in _mapping(copied_stored.get(code)).items() if block in counted}
            listed: list[str] = []
            if not names.get(code):
                state = MISSING
            else:
                listed = [block for block in _names((outdated or {}).get(code)) if block in counted]
                state = OUTDATED if listed else MISSING if missing or copied else CURRENT
            answer.translations[code] = state
            answer.outdated_blocks[code] = listed
            answer.missing_blocks[code] = missing
            answer.copied_blocks[code] = copied
        return answer

    def _counted_blocks(self, template: str) -> frozenset[str]:
        counted = self._counted.get(template)
        if counted is None:
            counted = self._counted[template] = counted_blocks(template)
        return counted


@dataclass
class PageStates:
    """A page's translation states per locale: the Page shape's fields, and its copies."""

    translations: dict[str, str]
    outdated_blocks: dict[str, list[str]]
    missing_blocks: dict[str, list[str]]
    copied_blocks: dict[str, dict[str, str]]

    def fields(self) -> dict[str, Any]:
        """The fields of the Page shape (which blocks are copies is read apart: copied_blocks below)."""
        return {
            "translations": self.translations,
            "outdated_blocks": self.outdated_blocks,
            "missing_blocks": self.missing_blocks,
        }


def copied_blocks(template: str, todo: Mapping[str, Any] | None, locale: str) -> dict[str, str]:
    """{block: the locale it is a copy of} of a page's blocks in `locale` that count."""
    copied = _mapping(_mapping((todo or {}).get("copied")).get(locale))
    if not copied:
        return {}
    counted = counted_blocks(template)
    return {block: origin for block, origin in copied.items() if block in counted}


def decoded(value: Any) -> dict[str, Any] | None:
    """A stored JSON column of the states (JSON text on SQLite, decoded on PostgreSQL; None for
    none, and for anything but an object: an imported archive may hold anything)."""
    if not value:
        return None
    if isinstance(value, str):
        value = json.loads(value)
    return value if isinstance(value, dict) and value else None


def outdated_in(outdated: Mapping[str, Any] | None, locale: str) -> list[str]:
    """The stored outdated blocks of a locale (before the template is applied)."""
    return _names((outdated or {}).get(locale))


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _names(value: Any) -> list[str]:
    return [name for name in value if isinstance(name, str)] if isinstance(value, list) else []
