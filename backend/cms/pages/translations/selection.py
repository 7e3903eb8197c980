"""Which pages are in a translation state in a locale, as SQL over the page table (alias p).

A superset the readers narrow: "outdated" asks the derived `outdated_locales` (through its
partial index, only the pages with some outdated locale), and the page's template as it is now
decides which of its outdated blocks count (cms.pages.translations.states); "missing" asks for a
name in the locale, one index probe per page, or for a block to translate there (likewise through
a partial index). Deleted pages are never in a state's lists.
"""

import re
from dataclasses import dataclass

from cms.core.locales import get_locale, locale_codes
from cms.pages.models import PageLocalization, Status
from cms.pages.translations.states import MISSING, OUTDATED

LOCALIZATION_TABLE = PageLocalization._meta.db_table
# A locale code as settings may give one: only these characters ever reach the SQL.
_CODE = re.compile(r"[A-Za-z0-9_-]{1,16}")


def state_condition(state: str, locale: str) -> str | None:
    """SQL over the page table as `p` for the pages that may be in `state` in `locale` (None:
    none can be, e.g. in the default locale, the source of every translation)."""
    parts = condition_parts(locale)
    if parts is None:
        return None
    if state == OUTDATED:
        return f"{parts.outdated} AND {parts.shown} AND {parts.named}"
    if state == MISSING:
        # No name there; or a block to translate (the page's outdated blocks, and its template,
        # decide when read: cms.pages.translations.states), through the partial index likewise.
        return f"{parts.shown} AND (NOT {parts.named} OR ({parts.untranslated}))"
    raise ValueError(f"unknown translation state {state!r}")


@dataclass(frozen=True)
class ConditionParts:
    """The parts of the states' conditions, over the page table as `p`."""

    shown: str  # not deleted
    named: str  # a name in the locale
    outdated: str  # an outdated block there (a superset: the template decides)
    untranslated: str  # a block to translate there (likewise)


def condition_parts(locale: str) -> ConditionParts | None:
    """The conditions' parts for `locale` (None for the default locale, the source)."""
    get_locale(locale)
    if locale == locale_codes()[0]:
        return None
    if not _CODE.fullmatch(locale):
        raise ValueError(f"locale code {locale!r} can't be used in SQL")
    # Each code between commas (",nb,ar,"). The range from '' is the partial indexes' own
    # condition: the database reads that index (the few pages with such a locale).
    # (A '_' in a code matches any character: a superset, which the readers narrow anyway.)
    return ConditionParts(
        shown=f"p.status != {int(Status.DELETED)}",
        named=(
            f"EXISTS (SELECT 1 FROM {LOCALIZATION_TABLE} l"
            f" WHERE l.page_id = p.id AND l.locale = '{locale}' AND l.name != '')"
        ),
        outdated=f"p.outdated_locales > '' AND p.outdated_locales LIKE '%,{locale},%'",
        untranslated=f"p.untranslated_locales > '' AND p.untranslated_locales LIKE '%,{locale},%'",
    )
