"""The tree's translation filter (DESIGN §3): `pages.json?translation=outdated|missing` answers the
pages in that state in the address's locale with their ancestors, like `?q=`, in the tree's shape."""

from django.db import connection

from cms.core.types import Visitor
from cms.pages.models import Page, Status
from cms.pages.read_model import ancestor_parents, id_in, records_where
from cms.pages.translations.selection import state_condition

PAGE_TABLE = Page._meta.db_table


def translation_records(state: str, *, locale: str, user: Visitor | None) -> list[dict]:
    """The pages in `state` in `locale` that the tree shows (not deleted, nor under a deleted
    page), and their ancestors, in the tree's order."""
    condition = state_condition(state, locale)
    if condition is None:
        return []
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT p.id, p.parent_id FROM {PAGE_TABLE} p WHERE {condition}")
        found = dict(cursor.fetchall())
    if not found:
        return []
    # By their ids: the condition again, in each of the reads, would scan the pages each time.
    lineage = ancestor_parents({parent for parent in found.values() if parent is not None})
    ids = id_in("p.id", found.keys() | lineage.keys())
    read = records_where(ids, locale=locale, user=user, detail=False, parents={**lineage, **found})
    records = {record["id"]: record for record in read}
    # The stored state is a superset (the page's template decides which blocks count): the
    # record's is the answer. A match under a deleted page is not in the tree either.
    shown: set[int] = set()
    for page_id in found:
        record = records.get(page_id)
        if record is None or record["translations"].get(locale) != state:
            continue
        path = [page_id, *(ancestor["id"] for ancestor in record["ancestors"])]
        if all(step in records and records[step]["status"] != Status.DELETED for step in path):
            shown.update(path)
    return [record for page_id, record in records.items() if page_id in shown]
