"""Issue 28: the website's search is bounded per visitor (429 with Retry-After, counted in the
shared cache), in its page number, and in time; it never shows a block the page no longer shows."""

from typing import Any

import pytest
from django.test import Client

from cms.search import queries, throttle
from cms.site import search as site_search
from cms.site.tests.test_search_page import result_links

pytestmark = pytest.mark.django_db


@pytest.fixture
def limit(settings: Any, monkeypatch: pytest.MonkeyPatch) -> int:
    settings.CMS_SEARCHES_PER_MINUTE = 3
    # The middle of one minute's window: a test that ran across its end would start counting
    # again (it did, once in CI, on a loaded machine).
    monkeypatch.setattr(throttle, "wall_clock", lambda: 1_800_000_030.0)
    return 3


def test_more_searches_a_minute_than_allowed_answer_429_with_retry_after(visitor, published, limit):
    published("Heron", path_segment="heron", body="heron")
    for n in range(limit):
        assert visitor.get(f"/en/search?q=heron{'+' * n}").status_code == 200
    refused = visitor.get("/en/search?q=other+words")
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert refused["Cache-Control"] == "no-cache"
    assert "Too many searches" in refused.content.decode()


def test_revalidations_and_refused_queries_are_not_counted(visitor, published, limit):
    published("Heron", path_segment="heron", body="heron")
    first = visitor.get("/en/search?q=heron")
    for _ in range(limit + 2):
        assert visitor.get("/en/search?q=heron", headers={"If-None-Match": first["ETag"]}).status_code == 304
        assert visitor.get("/en/search?q=x").status_code == 200  # too short: nothing searched
    assert visitor.get("/en/search?q=heron+again").status_code == 200


def test_each_client_has_its_own_count_even_across_workers(published, limit, settings):
    published("Heron", path_segment="heron", body="heron")
    first, second = Client(REMOTE_ADDR="192.0.2.1"), Client(REMOTE_ADDR="192.0.2.2")
    for n in range(limit):
        assert first.get(f"/en/search?q=heron{'+' * n}").status_code == 200
    assert first.get("/en/search?q=heron+more").status_code == 429
    assert second.get("/en/search?q=heron+more").status_code == 200
    # Behind the proxy DJANGO_CLIENT_IP_HEADER names, the address it adds is the client.
    settings.CLIENT_IP_HEADER = "HTTP_X_FORWARDED_FOR"
    proxied = Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.1")
    assert proxied.get("/en/search?q=heron+proxied").status_code == 429


def test_a_page_number_past_the_ranked_matches_is_the_404_page_with_no_search(
    visitor, published, django_assert_max_num_queries
):
    published("Heron", path_segment="heron", body="heron")
    assert visitor.get(f"/en/search?q=heron&page={site_search.MAX_RESULT_PAGE}").status_code == 200
    with django_assert_max_num_queries(3):  # the 404 page's menu; no search
        assert visitor.get(f"/en/search?q=heron&page={site_search.MAX_RESULT_PAGE + 1}").status_code == 404
    assert visitor.get("/en/search?q=heron&page=999999999999").status_code == 404


def test_a_search_past_its_time_limit_answers_503(visitor, published, monkeypatch):
    published("Heron", path_segment="heron", body="heron")

    def too_slow(*args: Any, **kwargs: Any) -> Any:
        raise queries.SearchTooSlow

    monkeypatch.setattr(queries, "public_hits", too_slow)
    answer = visitor.get("/en/search?q=heron")
    assert answer.status_code == 503 and answer["Retry-After"] == "5"
    assert "took too long" in answer.content.decode()


def test_a_block_hidden_by_a_template_change_is_not_found_nor_shown(visitor, published, api):
    from cms.pages.models import PageLocalization

    page = published("Story", path_segment="story", template="article")
    PageLocalization.objects.filter(page=page, locale="en").update(blocks={"category": "marmoset", "body": "told"})
    assert result_links(visitor.get("/en/search?q=marmoset")) == ["/en/story"]
    page.refresh_from_db()
    change = {"page": {"template": "page", "lock_version": page.lock_version}}
    answer = api.put(f"/admin/en/pages/{page.pk}.json", change)
    assert answer.status_code == 200, answer.content
    assert "marmoset" not in visitor.get("/en/story").content.decode()  # the page hides it
    assert result_links(visitor.get("/en/search?q=marmoset")) == []  # so does the search
    assert result_links(visitor.get("/en/search?q=told")) == ["/en/story"]


def test_searches_beyond_the_machines_slots_answer_503_at_once(visitor, published, settings):
    import time

    from cms.search.throttle import SLOT_WAIT_S, search_slot

    settings.CMS_SEARCH_SLOTS = 1
    published("Heron", path_segment="heron", body="heron")
    with search_slot() as held:  # another worker's search, under way
        assert held
        started = time.monotonic()
        answer = visitor.get("/en/search?q=heron")
        assert time.monotonic() - started < SLOT_WAIT_S + 1
    assert answer.status_code == 503 and answer["Retry-After"] == "1"
    assert "Too many searches" in answer.content.decode()
    assert visitor.get("/en/search?q=heron").status_code == 200  # the slot is free again


def test_a_refused_search_names_the_site_as_every_page_does(visitor, published, limit):
    # The header's site name: the front page's name, not 'Home' (cms.site.public_pages.home_entry).
    published("Welcome", unique_name="home", path_segment="welcome")
    for n in range(limit):
        assert visitor.get(f"/en/search?q=heron{'+' * n}").status_code == 200
    refused = visitor.get("/en/search?q=other+words")
    assert refused.status_code == 429
    assert '<a class="site-name" href="/en/">Welcome</a>' in refused.content.decode()
