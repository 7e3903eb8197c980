"""The translation report's work is bounded by its page, whatever the site holds (issue 28 review):
the database decides which pages are in a state (the page's template deciding which blocks
count), counts and pages them; only the rows shown are decoded."""

import pytest

from cms.pages.models import Page, PageLocalization
from cms.pages.translations import report as report_module

pytestmark = pytest.mark.django_db


@pytest.fixture
def decoded_rows(monkeypatch):
    """How many stored JSON columns the report decodes."""
    calls: list[object] = []
    real = report_module.decoded

    def counting(value):
        calls.append(value)
        return real(value)

    monkeypatch.setattr(report_module, "decoded", counting)
    return calls


def stored(page: Page, *, outdated=None, todo=None, template: str | None = None) -> None:
    """Give a page the bookkeeping its saves would have derived (cms.pages.translations.marks)."""
    changes = {
        "translation_outdated": outdated,
        "translation_todo": todo,
        "outdated_locales": ",nb," if outdated else "",
        "untranslated_locales": ",nb," if todo else "",
    }
    if template:
        changes["template"] = template
    Page.objects.filter(pk=page.pk).update(**changes)


def named_pages(make_page, count: int) -> list[Page]:
    """Pages of the article template with a name in en and nb."""
    pages = [make_page(f"Page {number}", template="article") for number in range(count)]
    PageLocalization.objects.bulk_create(
        [PageLocalization(page=page, locale="nb", name=f"Side {page.pk}") for page in pages]
    )
    return pages


def test_only_the_rows_shown_are_decoded(api, make_page, decoded_rows, monkeypatch):
    monkeypatch.setattr(report_module, "PER_PAGE", 2)
    pages = named_pages(make_page, 7)
    for page in pages[:5]:
        stored(page, outdated={"nb": ["body"]})
    for page in pages[5:]:
        stored(page, todo={"missing": {"nb": ["intro"]}})
    answer = api.get("/admin/nb/translations.json?state=outdated&page=2").json()
    assert answer["total"] == 5 and len(answer["items"]) == 2
    assert len(decoded_rows) == 2 * 2  # two columns of each of the two rows shown
    decoded_rows.clear()
    answer = api.get("/admin/nb/translations.json?state=missing").json()
    assert answer["total"] == 2 and len(decoded_rows) == 2 * 2


def test_the_database_counts_only_the_blocks_the_pages_template_counts(api, make_page):
    event, gone, gone_counted, outdated_and_todo, copied, odd = named_pages(make_page, 6)
    stored(event, outdated={"nb": ["headline"]}, todo={"missing": {"nb": ["sidebar"]}}, template="event")
    stored(gone, outdated={"nb": ["sidebar"]}, template="no_longer_there")  # shown as the default
    stored(gone_counted, outdated={"nb": ["body"]}, template="no_longer_there")
    stored(outdated_and_todo, outdated={"nb": ["body"]}, todo={"missing": {"nb": ["intro"]}})
    stored(copied, todo={"copied": {"nb": {"intro": "en"}}})
    stored(odd, outdated={"nb": "body"}, todo={"missing": {"nb": {"body": 1}}, "copied": {"nb": ["intro"]}})
    outdated = api.get("/admin/nb/translations.json?state=outdated").json()
    assert {item["page_id"] for item in outdated["items"]} == {gone_counted.pk, outdated_and_todo.pk}
    assert outdated["total"] == 2
    unnamed = make_page("No Norwegian name", template="article")
    missing = api.get("/admin/nb/translations.json?state=missing").json()
    assert {item["page_id"] for item in missing["items"]} == {copied.pk, unnamed.pk}
    assert missing["total"] == 2
    assert [item["copied_blocks"] for item in missing["items"] if item["page_id"] == copied.pk] == [{"intro": "en"}]


def test_the_tree_filter_answers_what_the_records_say_decided_by_the_database(api, make_page):
    """The filter narrows in the database (one statement: the state exactly, and no deleted page
    above), and answers what the records' own states say, with every page above a match."""
    event, gone, gone_counted, outdated_and_todo, copied, odd = named_pages(make_page, 6)
    stored(event, outdated={"nb": ["headline"]}, todo={"missing": {"nb": ["sidebar"]}}, template="event")
    stored(gone, outdated={"nb": ["sidebar"]}, template="no_longer_there")
    stored(gone_counted, outdated={"nb": ["body"]}, template="no_longer_there")
    stored(outdated_and_todo, outdated={"nb": ["body"]}, todo={"missing": {"nb": ["intro"]}})
    stored(copied, todo={"copied": {"nb": {"intro": "en"}}})
    stored(odd, outdated={"nb": "body"}, todo={"missing": {"nb": {"body": 1}}, "copied": {"nb": ["intro"]}})
    parent = make_page("Parent", template="article")
    under = make_page("Under a deleted page", template="article", parent=parent)
    below = make_page("Under an outdated page", template="article", parent=outdated_and_todo)
    PageLocalization.objects.bulk_create(
        [PageLocalization(page=page, locale="nb", name=f"Side {page.pk}") for page in (parent, under, below)]
    )
    stored(under, outdated={"nb": ["body"]})
    stored(below, todo={"missing": {"nb": ["intro"]}})
    Page.objects.filter(pk=parent.pk).update(status=4)
    make_page("No Norwegian name", template="article")
    records = {record["id"]: record for record in api.get("/admin/nb/pages.json").json()}
    for state in ("outdated", "missing"):
        matches = {
            page_id for page_id, record in records.items()
            if record["translations"]["nb"] == state and record["status"] != 4
            and all(records[ancestor["id"]]["status"] != 4 for ancestor in record["ancestors"])
        }  # fmt: skip
        with_ancestors = matches | {ancestor["id"] for page_id in matches for ancestor in records[page_id]["ancestors"]}
        answer = api.get(f"/admin/nb/pages.json?translation={state}").json()
        assert [record["id"] for record in answer] == [page_id for page_id in records if page_id in with_ancestors]
        assert matches, state
    assert under.pk not in matches and below.pk in matches
