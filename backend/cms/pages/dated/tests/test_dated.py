"""The news archive and the calendar (issue 31, items 5 and 6): what they list, their bounds,
their query counts and their answers to hostile input."""

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cms.pages.dated import services
from cms.pages.models import Page, Status


def _at(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


@pytest.fixture
def news(make_page):
    news = make_page("News", news_page=True)
    other = make_page("Plain")
    made = []
    for month, day in [(1, 5), (1, 20), (3, 1), (12, 31)]:
        made.append(
            make_page(f"Article {month}-{day}", parent=news, published_at=_at(2025, month, day, 12).isoformat())
        )
    old = make_page("Old", parent=news, published_at=_at(2023, 6, 1).isoformat())
    gone = make_page("Gone", parent=news, published_at=_at(2025, 1, 6).isoformat())
    Page.objects.filter(pk=gone.pk).update(status=Status.DELETED)
    make_page("Not an article", parent=other, published_at=_at(2025, 1, 7).isoformat())
    return {"news": news, "articles": made, "old": old}


def test_the_archive_lists_a_years_articles_newest_first_with_counts(news):
    archive = services.news_archive("en", 2025)
    assert [item["name"] for item in archive["items"]] == [
        "Article 12-31",
        "Article 3-1",
        "Article 1-20",
        "Article 1-5",
    ]
    assert archive["total"] == 4
    assert archive["years"] == [{"year": 2025, "count": 4}, {"year": 2023, "count": 1}]
    assert {m["month"]: m["count"] for m in archive["months"]}[1] == 2
    assert archive["items"][0]["news_page_name"] == "News"


def test_a_month_lists_that_months_articles(news):
    archive = services.news_archive("en", 2025, 1)
    assert [item["name"] for item in archive["items"]] == ["Article 1-20", "Article 1-5"]
    assert archive["total"] == 2


def test_the_archive_is_paged(news, make_page):
    for day in range(1, 29):
        make_page(f"Feb {day}", parent=news["news"], published_at=_at(2025, 2, day).isoformat())
    first = services.news_archive("en", 2025, 2)
    second = services.news_archive("en", 2025, 2, page=2)
    assert len(first["items"]) == services.PER_PAGE and len(second["items"]) == 28 - services.PER_PAGE
    assert first["total"] == second["total"] == 28
    past = services.news_archive("en", 2025, 2, page=9)
    assert past["items"] == [] and past["total"] == 28


def test_the_archive_costs_three_queries_however_many_articles(news, make_page):
    for day in range(1, 11):
        make_page(f"More {day}", parent=news["news"], published_at=_at(2024, 5, day).isoformat())
    with CaptureQueriesContext(connection) as captured:
        services.news_archive("en", 2025)
    assert len(captured.captured_queries) == 3


def test_the_archive_query_uses_an_index(db):
    sql, params = (
        services.articles()
        .filter(published_at__gte=_at(2025, 1, 1), published_at__lt=_at(2026, 1, 1))
        .order_by("-published_at")
        .values_list("id")
        .query.sql_with_params()
    )
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute(f"EXPLAIN QUERY PLAN {sql}", params)
        else:
            cursor.execute("SET enable_seqscan = off")
            cursor.execute(f"EXPLAIN {sql}", params)
        plan = " ".join(str(row) for row in cursor.fetchall())
    # An index, never a scan of every page: which one is the planner's choice by the table's
    # statistics (PostgreSQL took page_status_published for a handful of test rows).
    planned_index = connection.vendor != "sqlite" and "Seq Scan on pages_page " not in plan
    assert "page_parent_published" in plan or planned_index, plan


def test_the_archive_screen_embeds_the_articles_and_links_their_editors(browser, news):
    answer = browser.get("/admin/en/pages/news/2025/1")
    assert answer.status_code == 200
    assert b'"newsArchive"' in answer.content and b"Article 1-20" in answer.content
    assert browser.get("/admin/ar/pages/news/2025").status_code == 200
    assert browser.get("/admin/en/pages/news").status_code == 200


@pytest.mark.parametrize(
    "path",
    [
        "/admin/en/pages/news/0", "/admin/en/pages/news/99999", "/admin/en/pages/news/2025/13",
        "/admin/en/pages/news/2025/0", "/admin/en/pages/news/2025?page=0",
        "/admin/en/pages/news/2025?page=99999999999999999999", "/admin/en/pages/news/2025?page=%00",
        "/admin/en/pages/news/99999999999999999999999", "/admin/xx/pages/news/2025",
    ],
)  # fmt: skip
def test_hostile_archive_addresses_answer_404(browser, news, path):
    assert browser.get(path).status_code == 404


def test_other_users_see_the_archive_too_but_outsiders_do_not(client, editor, news):
    assert client.get("/admin/en/pages/news/2025").status_code == 302  # to the login
    client.force_login(editor)
    assert client.get("/admin/en/pages/news/2025").status_code == 200


@pytest.mark.parametrize(
    ("query", "status"),
    [
        ("year=2025", 200), ("year=0", 422), ("year=99999", 422), ("year=1000", 404), ("year=2025&month=13", 422),
        ("year=2025&month=x", 422), ("year=2025&page=0", 422), ("year=2025&page=99999999999999999999", 422),
        ("year=%00", 422), ("year=%ED%A0%80", 422), ("", 422), ("year=2025&page=10000", 200),
    ],
)  # fmt: skip
def test_the_archive_call_answers_hostile_input_with_4xx(api, news, query, status):
    assert api.get(f"/admin/en/news_archive.json?{query}").status_code == status


@pytest.fixture
def dated(make_page):
    make_page("Meeting", template="event", starts_at="2025-03-10T09:00:00Z", ends_at="2025-03-10T10:00:00Z")
    make_page("Fair", template="event", starts_at="2025-02-27T00:00:00Z", ends_at="2025-03-02T00:00:00Z", all_day=True)
    make_page("April", template="event", starts_at="2025-04-02T09:00:00Z")
    make_page("Undated")


def test_the_calendar_lists_the_pages_whose_span_meets_the_month(dated):
    month = services.calendar_month("en", 2025, 3)
    assert [item["name"] for item in month["items"]] == ["Fair", "Meeting"]
    assert month["items"][0]["all_day"] is True and not month["truncated"]
    assert [item["name"] for item in services.calendar_month("en", 2025, 4)["items"]] == ["April"]


def test_the_calendar_month_is_the_viewers(dated):
    # 2025-04-02 09:00 UTC is still 1 April nowhere; 2025-03-31 23:30 at -10 h meets April there.
    assert services.calendar_month("en", 2025, 4, offset_minutes=-600)["items"][0]["name"] == "April"


def test_the_calendar_is_capped(make_page, monkeypatch):
    monkeypatch.setattr(services, "CALENDAR_CAP", 2)
    for day in range(1, 5):
        make_page(f"Day {day}", template="event", starts_at=f"2025-05-0{day}T09:00:00Z")
    month = services.calendar_month("en", 2025, 5)
    assert len(month["items"]) == 2 and month["truncated"]


@pytest.mark.parametrize(
    ("query", "status"),
    [
        ("month=2025-03", 200), ("month=2025-13", 422), ("month=0000-01", 404), ("month=99999-01", 422),
        ("month=2025-3", 422), ("month=%00", 422), ("month=%ED%A0%80", 422), ("", 422),
        ("month=2025-03&offset=99999999999999999999", 422), ("month=2025-03&offset=841", 422),
        ("month=2025-03&month=2025-04", 200),
    ],
)  # fmt: skip
def test_the_calendar_call_answers_hostile_input_with_4xx(api, dated, query, status):
    assert api.get(f"/admin/en/calendar.json?{query}").status_code == status


def test_the_calendar_screen(browser):
    assert browser.get("/admin/en/calendar?month=2025-03").status_code == 200
    assert browser.get("/admin/ar/calendar?month=nonsense").status_code == 200


def test_a_page_without_a_name_in_the_locale_shows_the_default_locales(news):
    assert services.news_archive("ar", 2025, 1)["items"][0]["name"] == "Article 1-20"
