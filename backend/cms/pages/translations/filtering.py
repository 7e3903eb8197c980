"""The tree's translation filter (DESIGN §3): `pages.json?translation=outdated|missing` answers the
pages in that state in the address's locale with their ancestors, like `?q=`, in the tree's shape."""

from cms.core.types import Visitor
from cms.pages.read_model import records_where
from cms.pages.sql import pages_in
from cms.pages.translations import sql
from cms.pages.translations.selection import state_condition


def translation_records(state: str, *, locale: str, user: Visitor | None) -> list[dict]:
    """The pages in `state` in `locale` that the tree shows (not deleted, nor under a deleted
    page), and their ancestors, in the tree's order."""
    condition = state_condition(state, locale)
    if condition is None:
        return []
    # Decided by the database in one statement: the pages in the state exactly (the rule
    # StateReader applies to the records), kept when no page above them is deleted, with
    # every page above them and its parent.
    where, params = condition
    parents = sql.read_shown_with_ancestors(where, params)
    if not parents:
        return []
    # By their ids: the condition again, in each of the reads, would scan the pages each time.
    return records_where(pages_in(parents), locale=locale, user=user, detail=False, parents=parents)
