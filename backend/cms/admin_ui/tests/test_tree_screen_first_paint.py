"""The tree screen's size does not grow with the pages under the top level (issue 8, item 3):
it embeds the children of open top-level pages only while read_model.FIRST_PAINT_ROWS holds."""

import json
import re

import pytest

from cms.core.locales import locale_codes
from cms.pages import read_model
from cms.pages.models import Page, PageLocalization, Status

HTML_LIMIT = 300 * 1024  # BENCHMARKS.md: the tree screen's HTML, before compression
NAME, SEGMENT = "Opening hours and contact details", "opening-hours-and-contact-details"  # ~40 characters


def initial_data(content: bytes) -> dict:
    match = re.search(rb'<script id="initial-data" type="application/json">(.*?)</script>', content, re.S)
    assert match, "the screen embeds its initial data"
    return json.loads(match.group(1))


def add_pages(parent: Page | None, count: int) -> list[Page]:
    """Store `count` published pages under `parent` with names of a realistic length in every
    locale (bulk inserts: the services would take seconds for a thousand pages)."""
    pages = Page.objects.bulk_create(
        Page(parent=parent, position=1 + i, status=Status.PUBLISHED, template="page") for i in range(count)
    )
    PageLocalization.objects.bulk_create(
        PageLocalization(page=page, locale=code, name=f"{NAME} {page.pk}", path_segment=f"{SEGMENT}-{page.pk}")
        for page in pages
        for code in locale_codes()
    )
    return pages


def test_a_full_budget_stays_under_the_html_limit_and_a_larger_node_comes_without_children(browser):
    full, big, after = add_pages(None, 3)
    # Full's children fill the budget with the three top-level rows; Big's do not fit.
    add_pages(full, read_model.FIRST_PAINT_ROWS - 3)
    add_pages(big, 2_000)
    add_pages(after, 1)
    response = browser.get("/admin/en/pages")
    pages = initial_data(response.content)["pages"]
    assert len(pages) == read_model.FIRST_PAINT_ROWS
    assert len(response.content) <= HTML_LIMIT, f"{len(response.content) / 1024:.0f} KB"
    by_parent = {page["parent_page_id"] for page in pages}
    assert by_parent == {None, full.pk}
    counts = {page["id"]: page["child_count"] for page in pages if page["parent_page_id"] is None}
    assert counts == {full.pk: read_model.FIRST_PAINT_ROWS - 3, big.pk: 2_000, after.pk: 1}


@pytest.mark.long
def test_a_top_level_page_with_thousands_of_children_embeds_only_the_top_level(browser):
    (top,) = add_pages(None, 1)
    add_pages(top, 5_000)
    response = browser.get("/admin/en/pages")
    pages = initial_data(response.content)["pages"]
    assert [(page["id"], page["child_count"]) for page in pages] == [(top.pk, 5_000)]
    assert len(response.content) < 20 * 1024


def test_a_full_budget_with_every_row_marked_stays_under_the_html_limit(browser):
    """The worst case of the translation marks (issue 22): every embedded row outdated in the
    screen's locale, ~25 bytes a row more; the default locale's screen has none."""
    full, big = add_pages(None, 2)
    add_pages(full, read_model.FIRST_PAINT_ROWS - 2)
    add_pages(big, 2_000)
    Page.objects.update(translation_outdated={"nb": ["name"], "ar": ["name"]})
    sizes = {}
    for locale in ("en", "nb"):
        response = browser.get(f"/admin/{locale}/pages")
        pages = initial_data(response.content)["pages"]
        assert len(pages) == read_model.FIRST_PAINT_ROWS
        sizes[locale] = len(response.content)
        assert sizes[locale] <= HTML_LIMIT, f"{sizes[locale] / 1024:.0f} KB"
        marks = {page.get("translation") for page in pages}
        assert marks == ({None} if locale == "en" else {"outdated"})
    print(f"tree screen HTML, {read_model.FIRST_PAINT_ROWS} rows: en {sizes['en']} B, nb all outdated {sizes['nb']} B")


def test_rows_carry_only_the_screens_locales_state_and_only_when_marked(browser):
    current, outdated, missing = add_pages(None, 3)
    Page.objects.filter(pk=outdated.pk).update(translation_outdated={"ar": ["name"]})
    PageLocalization.objects.filter(page=missing, locale="nb").delete()

    def marks(locale: str) -> dict[int, str | None]:
        pages = initial_data(browser.get(f"/admin/{locale}/pages").content)["pages"]
        return {page["id"]: page.get("translation") for page in pages}

    assert marks("en") == {current.pk: None, outdated.pk: None, missing.pk: None}
    assert marks("nb") == {current.pk: None, outdated.pk: None, missing.pk: "missing"}
    assert marks("ar") == {current.pk: None, outdated.pk: "outdated", missing.pk: None}
