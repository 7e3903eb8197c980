"""The deleted pages' SQL: the pages that went with a delete (a walk of the tree)."""

from django.db import connection

from cms.pages.models import Page, Status
from cms.pages.sql import MAX_DEPTH

PAGE = Page._meta.db_table


def deleted_with() -> str:
    """`(id, depth)` of a page (depth 0) and the pages below it reached through pages that are
    not deleted: those a delete of it takes with it. Parameters: the page's id."""
    return (
        "WITH RECURSIVE below(id, depth) AS ("
        f" SELECT id, 0 FROM {PAGE} WHERE id = %s"
        " UNION ALL"
        f" SELECT p.id, b.depth + 1 FROM {PAGE} p JOIN below b ON p.parent_id = b.id AND p.status <> {Status.DELETED}"
        f" WHERE b.depth < {MAX_DEPTH}"
        ") SELECT id, depth FROM below"
    )


def read_deleted_with(page_id: int) -> list[tuple[int, int]]:
    """deleted_with's rows: (id, depth)."""
    with connection.cursor() as cursor:
        cursor.execute(deleted_with(), [page_id])
        return [(row[0], row[1]) for row in cursor.fetchall()]
