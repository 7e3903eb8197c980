"""Review before publishing's figures of `make bench` (issue 32). BENCH_ONLY=reviews: these alone.

- `review_queue_ms`: the "Waiting for review" list (its first page and the count) of a reviewer
  with `edit` granted on 1,000 subtrees, while 10,000 changes wait (one on each page of a
  10,000-page tree), through the service the call answers with; target ≤ 30 ms.
- `header_counts_ms`: the header's counts (GET /admin/reviews/counts.json: the changes that
  reviewer may decide and their unread notifications, each counted up to 100) in the same set-up,
  through the services the call answers with.
- `approve_ms`: approving a waiting change of the editor's payload (a page with tags, image and
  file links, its body changed), through the service: the save by its author, its revision, the
  review's decision and the author's notice; beside `page_save_editor_ms` measured here the same
  way (bench/saves.py), target ≤ 2x.
- `editor_screen_ms[review waiting]`: the editor's screen of a page with a waiting change, beside
  the same screen (`editor_screen_ms[no review]`) without one; target ≤ 1.1x and ≤ 1 query more.
"""

import os
import secrets
import sys
import traceback
from typing import Any

from figures import Bench, generate, measure
from measuring import progress

WAITING = 10_000
GRANTED_SUBTREES = 1_000
NAMES = (
    "review_queue_ms", "header_counts_ms", "page_save_editor_ms[reviews]", "approve_ms", "editor_screen_ms[no review]",
    "editor_screen_ms[review waiting]",
)  # fmt: skip


def run() -> int:
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    printed: list[str] = []
    try:
        figures(generate(WAITING), printed)
    except Exception as error:
        traceback.print_exception(error, file=sys.stderr)
        for name in NAMES:
            if name not in printed:
                print(f"{name} n/a ({type(error).__name__}: {str(error)[:150]})", flush=True)
        return 1
    return 0


def value(printed: list[str], name: str, ms: float, queries: list[str], note: str = "") -> None:
    print(f"{name} {ms:.1f} ms {len(queries)} queries" + (f" ({note})" if note else ""), flush=True)
    printed.append(name)


def figures(ids: dict[str, Any], printed: list[str]) -> None:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.utils import timezone
    from saves import EditorSave, editor_page

    from cms.pages.models import Page, PageGrant, PageReview
    from cms.pages.reviews import inbox, listing
    from cms.pages.reviews import services as reviews
    from cms.pages.schemas import PageFieldsIn

    bench = Bench()
    users = get_user_model().objects
    author = users.create_user(f"bench-author-{secrets.token_hex(4)}", is_staff=True, email="author@example.com")
    reviewer = users.create_user(f"bench-reviewer-{secrets.token_hex(4)}", is_staff=True, email="r@example.com")
    page_ids = list(Page.objects.order_by("pk").values_list("pk", flat=True))
    step = max(1, len(page_ids) // GRANTED_SUBTREES)
    granted = page_ids[::step][:GRANTED_SUBTREES]
    PageGrant.objects.bulk_create(PageGrant(user=reviewer, page_id=page_id, edit=True) for page_id in granted)
    PageGrant.objects.create(user=author, page=None, submit=True, create=True)
    now = timezone.now()
    progress(f"reviews: {len(page_ids[:WAITING]):,} waiting changes, grants on {len(granted):,} subtrees")
    PageReview.objects.bulk_create(
        (
            PageReview(
                page_id=page_id,
                user=author,
                locale="en",
                locales=["en"],
                payload={"name": f"Renamed {page_id}"},
                lock_version=0,
                base={"name": ""},
                created_at=now,
            )
            for page_id in page_ids[:WAITING]
        ),
        batch_size=1000,
    )  # fmt: skip
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            for table in (PageReview._meta.db_table, PageGrant._meta.db_table):
                cursor.execute(f"VACUUM ANALYZE {connection.ops.quote_name(table)}")
    records, total = listing.waiting_for(reviewer)
    assert records and total >= GRANTED_SUBTREES, total
    ms, queries = measure(lambda: listing.waiting_for(reviewer))
    value(printed, "review_queue_ms", ms, queries)
    ms, queries = measure(lambda: (listing.waiting_count(reviewer), inbox.unread_count(reviewer)))
    value(printed, "header_counts_ms", ms, queries)
    progress(f"reviews: the reviewer may decide {total:,} of them")

    # The editor's page, saved (as page_save_editor_ms) and approved (the same payload submitted).
    page = editor_page(bench.user, ids["granted"][0])
    saving = EditorSave(bench.user, page.pk)
    ms, queries = measure(saving.save, setup=saving.prepare)
    value(printed, "page_save_editor_ms[reviews]", ms, queries)
    PageReview.objects.filter(page=page).delete()
    submitted: list[int] = []

    def submit() -> None:
        saving.prepare()
        current = Page.objects.get(pk=page.pk)
        fields = PageFieldsIn.model_validate({**saving.payload, "lock_version": current.lock_version})
        review = reviews.submit(
            actor=author, page_id=page.pk, locale="en", fields=fields, lock_version=current.lock_version, note=""
        )
        submitted.append(review.pk)

    ms, queries = measure(
        lambda: reviews.approve(actor=bench.user, page_id=page.pk, locale="en", review_id=submitted[-1], comment="Ok"),
        setup=submit,
    )
    value(printed, "approve_ms", ms, queries)

    PageReview.objects.filter(page=page).delete()
    ms, queries = measure(lambda: bench.get(f"/admin/en/pages/{page.pk}/edit"))
    value(printed, "editor_screen_ms[no review]", ms, queries)
    submit()
    ms, queries = measure(lambda: bench.get(f"/admin/en/pages/{page.pk}/edit"))
    value(printed, "editor_screen_ms[review waiting]", ms, queries)


if __name__ == "__main__" and os.environ.get("DJANGO_SETTINGS_MODULE"):
    sys.exit(run())
