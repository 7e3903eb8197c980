"""The index of external content is kept by the page save (cms.pages.saving.unit), per page,
locale and block; and the migration's backfill writes the same rows."""

import pytest

from cms.pages.models import ExternalReference, Page, PageLocalization
from cms.pages.reports.index import rebuild_all, record_external_references
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_update

pytestmark = pytest.mark.django_db
# Saves refuse HTML (cms.pages.saving.validation): a text names other hosts in Markdown; an
# iframe or a script is in texts stored otherwise (an import, a page older than the rule).
YT = "![Film](https://www.youtube.com/embed/1)"


def rows(page=None):
    found = ExternalReference.objects.order_by("page_id", "locale", "block", "kind", "url")
    if page is not None:
        found = found.filter(page=page)
    return list(found.values_list("locale", "block", "kind", "host", "family"))


def update(actor, page, locale="en", **changes):
    page.refresh_from_db()
    return page_update(actor=actor, page_id=page.pk, locale=locale, changes=PageChanges.from_payload(changes))


def test_a_save_indexes_its_texts_per_locale_and_block(make_page, admin_user):
    page = make_page("Film", body=YT, template="article", tracking_code="https://t.example/a.js")
    assert rows(page) == [
        ("", "tracking_code", "link", "t.example", "t"),
        ("en", "body", "media", "www.youtube.com", "youtube"),
    ]
    update(admin_user, page, locale="nb", name="Film nb", intro="Se https://youtu.be/x")
    assert ("nb", "intro", "link", "youtu.be", "youtube") in rows(page)
    update(admin_user, page, body="No more video")
    assert [row[:2] for row in rows(page)] == [("", "tracking_code"), ("nb", "intro")]


def test_a_save_that_changes_no_text_writes_nothing(make_page, admin_user, django_assert_max_num_queries):
    page = make_page("Film", body=YT)
    before = list(ExternalReference.objects.values_list("pk", flat=True))
    update(admin_user, page, status=2)
    assert list(ExternalReference.objects.values_list("pk", flat=True)) == before


def test_a_template_change_drops_blocks_it_does_not_render(make_page, admin_user):
    page = make_page("Film", template="article", video_url="https://vimeo.com/1", body=YT)
    assert {row[1] for row in rows(page)} == {"video_url", "body"}
    update(admin_user, page, template="news_index")
    assert rows(page) == []


def test_the_backfill_writes_what_saves_write(make_page):
    make_page("A", body=YT + " https://x.example/", template="article", tracking_code="//cdn.example/x.js")
    make_page("B", body="[a](https://a.example/)")
    saved = rows()
    ExternalReference.objects.all().delete()
    assert rebuild_all() == len(saved)
    assert rows() == saved


def test_a_purged_page_takes_its_rows_with_it(make_page):
    page = make_page("A", body=YT)
    PageLocalization.objects.filter(page=page).delete()
    Page.objects.filter(pk=page.pk).delete()
    assert rows() == []


def test_html_stored_otherwise_is_indexed_too(make_page):
    page = make_page("Old", template="article")
    Page.objects.filter(pk=page.pk).update(blocks={"tracking_code": '<script src="https://t.example/a.js"></script>'})
    PageLocalization.objects.filter(page=page).update(blocks={"body": '<iframe src="https://youtu.be/1"></iframe>'})
    page.refresh_from_db()
    record_external_references(page)
    assert rows(page) == [
        ("", "tracking_code", "script", "t.example", "t"),
        ("en", "body", "iframe", "youtu.be", "youtube"),
    ]
