"""The deleted pages' figures of `make bench` (issue 31, item 1). BENCH_ONLY=deleted_pages: these alone.

- `deleted_pages_list_ms`: the first page of the Deleted pages screen's list
  (`GET /admin/en/deleted_pages.json`) with DELETED pages deleted among 100,000, through the
  whole Django stack; the search by name over them is given beside it.
- `undelete_subtree_ms`: `POST /admin/en/pages/{id}/undelete.json` of a page with 1,000
  descendants deleted with it (each run deletes it again first, untimed, as an editor's save).
"""

from typing import Any

from measuring import administrator, measure, median_ms, print_figures, progress

PAGES = 100_000
DELETED = 10_000
NAMES = ("deleted_pages_list_ms", "undelete_subtree_ms")


def run() -> int:
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return print_figures(NAMES, Figures, lambda bench, name: getattr(bench, name)())


class Figures:
    def __init__(self) -> None:
        from figures import generate

        self.ids = generate(PAGES)
        self.user, self.client = administrator("bench-trash")
        delete_in_bulk(self.ids["subtree_root"], self.user)
        progress(f"deleted pages: {DELETED:,} deletions among {PAGES:,} pages")

    def get(self, path: str) -> Any:
        answer = self.client.get(path)
        assert answer.status_code == 200, answer.content[:300]
        return answer

    def deleted_pages_list_ms(self) -> str:
        first = self.get("/admin/en/deleted_pages.json").json()
        assert first["total"] == DELETED and len(first["pages"]) == 50, first["total"]
        ms, queries = measure(lambda: self.get("/admin/en/deleted_pages.json"))
        search_ms, _ = measure(lambda: self.get("/admin/en/deleted_pages.json?q=Page%2099"))
        later_ms, _ = measure(lambda: self.get("/admin/en/deleted_pages.json?page=150"))
        return f"{ms:.1f} ms {queries} queries (search by name {search_ms:.1f} ms, page 150 {later_ms:.1f} ms)"

    def undelete_subtree_ms(self) -> str:
        from cms.pages.saving import services
        from cms.pages.saving.payload import PageChanges
        from cms.pages.trash.listing import deleted_pages

        root = self.ids["subtree_root"]

        def delete() -> None:
            changes = PageChanges.from_payload({"status": 4})
            services.page_update(actor=self.user, page_id=root, locale="en", changes=changes)

        def undelete() -> None:
            answer = self.client.post(f"/admin/en/pages/{root}/undelete.json", "{}", content_type="application/json")
            assert answer.status_code == 200, answer.content[:300]

        delete()
        listed = deleted_pages(locale="en", q="", page=1, reader=self.user)["pages"][0]
        assert listed["id"] == root and listed["descendants"] == 1_000, listed
        undelete()
        ms = median_ms(undelete, setup=delete)
        return f"{ms:.1f} ms (1,000 descendants)"


def delete_in_bulk(keep_apart: int, user: Any) -> None:
    """Delete DELETED leaves spread over the tree (none in the subtree the other figure restores),
    with the record a delete keeps, in bulk: statements, not saves."""
    from datetime import timedelta

    from django.db import connection, transaction
    from django.utils import timezone

    from cms.pages.models import Page, PageDeletion, Status

    leaves = Page.objects.filter(children__isnull=True).exclude(pk__gte=keep_apart).order_by("pk")
    chosen = list(leaves.values_list("pk", "status")[:DELETED])
    assert len(chosen) == DELETED, len(chosen)
    now = timezone.now()
    with transaction.atomic():
        Page.objects.filter(pk__in=[pk for pk, _status in chosen]).update(status=Status.DELETED)
        PageDeletion.objects.bulk_create(
            (
                PageDeletion(page_id=pk, deleted_at=now - timedelta(seconds=n), user=user, status_before=status)
                for n, (pk, status) in enumerate(chosen)
            ),
            batch_size=2_000,
        )
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            for model in (Page, PageDeletion):
                cursor.execute(f"VACUUM ANALYZE {connection.ops.quote_name(model._meta.db_table)}")
