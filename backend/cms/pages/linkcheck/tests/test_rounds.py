"""Rounds of checks (cms.pages.linkcheck.rounds) over the links the pages' texts hold, against a
server on 127.0.0.1: each address once, its outcome kept with its time, checked again only when
its check is old, claims respected, rows of addresses no page links any more pruned."""

from datetime import timedelta

import pytest
from django.utils import timezone

from cms.pages.linkcheck.models import LinkCheck, url_key
from cms.pages.linkcheck.rounds import add_new_addresses, run_round
from cms.pages.models import ExternalReference

pytestmark = pytest.mark.django_db


@pytest.fixture
def link(make_page):
    """link(url, page=None, locale="en", block="body"): a link in a page's text, as the index holds it."""
    default = make_page("Links")

    def add(url, page=None, locale="en", block="body"):
        return ExternalReference.objects.create(
            page=page or default, locale=locale, block=block, kind="link", host="127.0.0.1", family="127.0.0.1", url=url
        )

    return add


def checks():
    return {row.url: (row.reason, row.status, row.broken) for row in LinkCheck.objects.all()}


def test_a_round_checks_each_linked_address_and_keeps_the_outcome(server, link):
    ok, missing, loop = f"{server.base}/ok", f"{server.base}/missing", f"{server.base}/loop-a"
    for url in (ok, missing, loop):
        link(url)
    before = timezone.now()
    done = run_round()
    assert (done.checked, done.more_due) == (3, False)
    assert checks() == {ok: ("ok", 200, False), missing: ("http_404", 404, True), loop: ("redirect_loop", 302, True)}
    row = LinkCheck.objects.get(url=loop)
    assert row.url_hash == url_key(loop) and row.host == "127.0.0.1"
    assert row.final_url == f"{server.base}/loop-a" and row.checked_at >= before and row.claimed_until is None


def test_an_address_linked_from_many_blocks_is_asked_once(server, link, make_page):
    url = f"{server.base}/ok"
    for n in range(3):
        link(url, page=make_page(f"P{n}"), locale=("en", "nb", "")[n])
    run_round()
    assert LinkCheck.objects.count() == 1 and len(server.log.requests) == 1


def test_a_recent_check_is_not_repeated_until_it_is_old(server, link, settings):
    settings.CMS_LINK_CHECK_RECHECK_HOURS = 24
    link(f"{server.base}/ok")
    run_round()
    assert run_round().checked == 0 and len(server.log.requests) == 1
    LinkCheck.objects.update(checked_at=timezone.now() - timedelta(hours=25))
    assert run_round().checked == 1 and len(server.log.requests) == 2


def test_an_address_another_round_holds_is_left_to_it(server, link):
    link(f"{server.base}/ok")
    link(f"{server.base}/missing")
    assert add_new_addresses(10) == 2  # rows made, none checked
    LinkCheck.objects.filter(url__endswith="/ok").update(claimed_until=timezone.now() + timedelta(minutes=5))
    assert run_round().checked == 1
    assert [path for _, path, _ in server.log.requests] == ["/missing", "/missing"]
    # A claim past its time (its worker died) no longer holds.
    LinkCheck.objects.filter(url__endswith="/ok").update(claimed_until=timezone.now() - timedelta(seconds=1))
    assert run_round().checked == 1


def test_a_round_checks_a_bounded_batch_and_says_more_are_due(server, link):
    for n in range(5):
        link(f"{server.base}/ok?n={n}")
    first = run_round(limit=2)
    assert (first.checked, first.more_due) == (2, True)
    assert run_round(limit=2).checked == 2
    assert run_round(limit=2).checked == 1
    assert LinkCheck.objects.filter(checked_at__isnull=True).count() == 0


def test_checks_left_at_the_deadline_are_released_for_the_next_round(server, link, settings):
    settings.CMS_LINK_CHECK_CONCURRENCY = 1
    for n in range(4):
        link(f"{server.base}/slow?n={n}")
    done = run_round(seconds=0.2)
    assert done.more_due and 1 <= done.checked <= 2
    assert not LinkCheck.objects.filter(claimed_until__isnull=False).exists()
    assert run_round().checked == 4 - done.checked


def test_rows_of_addresses_no_page_links_any_more_are_pruned(server, link):
    kept, gone = link(f"{server.base}/ok"), link(f"{server.base}/missing")
    run_round()
    gone.delete()
    run_round()
    assert list(LinkCheck.objects.values_list("url", flat=True)) == [kept.url]


def test_a_link_into_the_servers_own_network_is_refused_not_broken(server, link, settings):
    settings.CMS_LINK_CHECK_ALLOWED_NETWORKS = []
    link(f"{server.base}/ok")
    run_round()
    assert checks() == {f"{server.base}/ok": ("blocked_address", None, False)}
    assert server.log.requests == []


def test_a_timeout_is_kept_as_broken(server, link):
    link(f"{server.base}/sleep")
    run_round()
    assert checks() == {f"{server.base}/sleep": ("timeout", None, True)}
