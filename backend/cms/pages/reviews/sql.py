"""The reviews' SQL: the waiting list of one reviewer in one statement (cms.pages.reviews.listing)."""

from django.db import connection

from cms.pages.models import Page, PageGrant, PageReview, ReviewState
from cms.pages.sql import MAX_DEPTH

PAGE = Page._meta.db_table
GRANT = PageGrant._meta.db_table
REVIEW = PageReview._meta.db_table


def decidable_waiting() -> str:
    """(id, total) of one page of the waiting changes on pages in the subtrees the user (the
    first parameter) holds `edit` on, newest first; then LIMIT and OFFSET. The walk goes down
    from the granted pages (the reviewer's part of the site, read through the tree-order
    index), not up from every waiting change: its cost is the size of that part, however many
    changes wait elsewhere. UNION (not UNION ALL): nested grants and any cycle are walked once.
    The review rows come from the index of each page's changes."""
    return (
        "WITH RECURSIVE below(id, depth) AS ("
        f" SELECT g.page_id, 0 FROM {GRANT} g WHERE g.user_id = %s AND g.edit AND g.page_id IS NOT NULL"
        " UNION"
        f" SELECT p.id, b.depth + 1 FROM {PAGE} p JOIN below b ON p.parent_id = b.id WHERE b.depth < {MAX_DEPTH}"
        f") SELECT r.id, COUNT(*) OVER () FROM {REVIEW} r"
        f" WHERE r.state = '{ReviewState.WAITING.value}' AND r.page_id IN (SELECT id FROM below)"
        " ORDER BY r.id DESC LIMIT %s OFFSET %s"
    )


def decidable_waiting_count() -> str:
    """How many waiting changes the user (the first parameter) may decide, counted up to the
    second parameter at most: the header's count costs the walk of the reviewer's part of the
    site and that many index entries, however many changes wait there."""
    return (
        "WITH RECURSIVE below(id, depth) AS ("
        f" SELECT g.page_id, 0 FROM {GRANT} g WHERE g.user_id = %s AND g.edit AND g.page_id IS NOT NULL"
        " UNION"
        f" SELECT p.id, b.depth + 1 FROM {PAGE} p JOIN below b ON p.parent_id = b.id WHERE b.depth < {MAX_DEPTH}"
        f") SELECT COUNT(*) FROM (SELECT 1 FROM {REVIEW} r"
        f" WHERE r.state = '{ReviewState.WAITING.value}' AND r.page_id IN (SELECT id FROM below) LIMIT %s) counted"
    )


def read_decidable_waiting_count(user_id: int, most: int) -> int:
    """decidable_waiting_count's answer."""
    with connection.cursor() as cursor:
        cursor.execute(decidable_waiting_count(), [user_id, most])
        return int(cursor.fetchone()[0])


def read_decidable_waiting(user_id: int, limit: int, offset: int) -> list[tuple[int, int]]:
    """decidable_waiting's rows: (review id, how many in all)."""
    with connection.cursor() as cursor:
        cursor.execute(decidable_waiting(), [user_id, limit, offset])
        return [(int(review_id), int(total)) for review_id, total in cursor.fetchall()]
