"""Which pages are in a translation state in a locale, exactly, as SQL over the page table (alias
p) with its parameters: the one condition the report and the tree's filter both ask.

Through the partial indexes first: "outdated" asks the derived `outdated_locales` (only the pages
with some outdated locale), "missing" asks for a name in the locale, one index probe per page, or
for a block to translate there (`untranslated_locales`, likewise); then the stored marks' JSON,
narrowed to the blocks the page's template counts (cms.pages.translations.counted_sql), decides
as states.StateReader does for the pages it reads. Deleted pages are never in a state's lists.
"""

import re

from cms.core.locales import get_locale, locale_codes
from cms.pages.translations import sql
from cms.pages.translations.counted_sql import outdated_sql, to_translate_sql
from cms.pages.translations.sql import Sql
from cms.pages.translations.states import MISSING, OUTDATED

# A locale code as settings may give one: only these characters ever reach the SQL.
_CODE = re.compile(r"[A-Za-z0-9_-]{1,16}")


def state_condition(state: str, locale: str) -> Sql | None:
    """The pages in `state` in `locale` (None: none can be, e.g. in the default locale, the
    source of every translation)."""
    get_locale(locale)
    if locale == locale_codes()[0]:
        return None
    if not _CODE.fullmatch(locale):
        raise ValueError(f"locale code {locale!r} can't be used in SQL")
    if state not in (OUTDATED, MISSING):
        raise ValueError(f"unknown translation state {state!r}")
    return sql.in_state(
        shown=sql.NOT_DELETED,
        named=sql.named_in(locale),
        outdated=sql.locale_listed("outdated_locales", locale),
        untranslated=sql.locale_listed("untranslated_locales", locale),
        behind=outdated_sql(locale),
        todo=to_translate_sql(locale) if state == MISSING else None,
    )
