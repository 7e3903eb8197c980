"""Generate a tree of N pages with ~2 KB of text each, fast (bulk inserts, no services).

Shape: one parent with 500 children (the move benchmark's sibling list), the rest spread over
three levels, every page localized in every configured locale.
"""

from django.utils import timezone

from cms.core.locales import locale_codes
from cms.pages.models import Page, PageLocalization

BODY = ("The library lends books, music and films and hosts readings and workshops. " * 28)[:2000]
SIBLINGS = 500


def generate_pages(total: int) -> dict[str, int]:
    """Create `total` pages; return ids the benchmarks use."""
    now = timezone.now()
    pages: list[Page] = []

    def add(parent_id: int | None, position: int) -> Page:
        page = Page(parent_id=parent_id, position=position, template="page", status=2, published_at=now)
        pages.append(page)
        return page

    siblings_parent = add(None, 1)
    Page.objects.bulk_create(pages)
    pages.clear()
    for i in range(SIBLINGS):
        add(siblings_parent.pk, i + 1)
    remaining = total - 1 - SIBLINGS
    roots = max(1, round(remaining ** (1 / 3)))
    per_root = max(1, round((remaining / roots) ** 0.5))
    created = 0
    root_objs = [add(None, r + 2) for r in range(roots)]
    Page.objects.bulk_create(pages)
    created += roots
    pages.clear()
    level2 = []
    for root in root_objs:
        for c in range(per_root):
            level2.append(add(root.pk, c + 1))
    Page.objects.bulk_create(pages)
    created += len(level2)
    pages.clear()
    left = remaining - created
    for index in range(left):
        parent = level2[index % len(level2)]
        add(parent.pk, index // len(level2) + 1)
    Page.objects.bulk_create(pages, batch_size=2000)
    pages.clear()
    localizations = [
        PageLocalization(
            page_id=page_id,
            locale=code,
            name=f"Page {page_id} {code}",
            path_segment=f"page-{page_id}",
            blocks={"body": BODY if code == "en" else BODY[:300]},
        )
        for page_id in Page.objects.values_list("pk", flat=True)
        for code in locale_codes()
    ]
    PageLocalization.objects.bulk_create(localizations, batch_size=2000)
    last_sibling = (
        Page.objects.filter(parent_id=siblings_parent.pk).order_by("-position").values_list("pk", flat=True)[0]
    )
    leaf = Page.objects.filter(parent_id=level2[0].pk).values_list("pk", flat=True)[0]
    # A top-level page with ~1,000 descendants, for moving a whole subtree.
    subtree_root = max(root_objs, key=lambda root: Page.objects.filter(parent__parent_id=root.pk).count())
    return {
        "siblings_parent": siblings_parent.pk,
        "last_sibling": last_sibling,
        "leaf": leaf,
        "parent": level2[-1].pk,
        "subtree_root": subtree_root.pk,
    }
