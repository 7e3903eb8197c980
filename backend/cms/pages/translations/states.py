"""A page's translation state per locale, as every page answer carries it (DESIGN §3):
`translations` {locale: "missing" | "current" | "outdated"} for every locale but the default one,
and `outdated_blocks` {locale: [blocks]} (every such locale present, [] when none is outdated).

Read from what saves derive (cms.pages.translations.marks) and the page's names, with the page's
template as it is now: a block the template no longer has, or that is no longer localized, does
not count. Built for 10,000 pages at a time (the tree): a page with nothing outdated parses
nothing.
"""

import json
from collections.abc import Mapping
from typing import Any, Literal

from cms.core.locales import locale_codes
from cms.pages.templates_registry import registry

MISSING, CURRENT, OUTDATED = "missing", "current", "outdated"
State = Literal["missing", "current", "outdated"]
STATES = (MISSING, CURRENT, OUTDATED)


def counted_blocks(template_name: str) -> frozenset[str]:
    """The blocks of a template that can fall behind: its localized ones (the name included)."""
    template = registry().get(template_name) or registry().default
    return frozenset(block.name for block in [*template.blocks, *template.metadata_blocks] if block.localized)


class StateReader:
    """Translation states of many pages; what it works out per template, it works out once."""

    def __init__(self) -> None:
        self.others = locale_codes()[1:]
        self._counted: dict[str, frozenset[str]] = {}

    def states(
        self, template: str, names: Mapping[str, str], outdated: Mapping[str, list[str]] | None
    ) -> tuple[dict[str, str], dict[str, list[str]]]:
        """(`translations`, `outdated_blocks`) of a page with these names per locale and the
        outdated blocks its saves derived (None: none)."""
        translations: dict[str, str] = {}
        blocks: dict[str, list[str]] = {}
        counted = None
        for code in self.others:
            listed: list[str] = []
            if not names.get(code):
                translations[code] = MISSING
            else:
                if outdated and code in outdated:
                    if counted is None:
                        counted = self._counted.get(template)
                        if counted is None:
                            counted = self._counted[template] = counted_blocks(template)
                    listed = [block for block in outdated[code] if block in counted]
                translations[code] = OUTDATED if listed else CURRENT
            blocks[code] = listed
        return translations, blocks


def decoded(value: Any) -> dict[str, list[str]] | None:
    """The stored outdated blocks (JSON text on SQLite, decoded on PostgreSQL; None for none)."""
    if not value:
        return None
    if isinstance(value, str):
        value = json.loads(value)
    return value or None
