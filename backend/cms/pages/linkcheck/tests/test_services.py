"""The broken external links for the report (cms.pages.linkcheck.services): links of the pages'
texts whose last check failed, per locale (and blocks every locale shares), of pages not deleted,
of some pages when asked, in page, locale, block and address order, paged."""

import pytest
from django.utils import timezone

from cms.pages.linkcheck.models import LinkCheck, is_broken, url_key
from cms.pages.linkcheck.services import MAX_LIMIT, external_broken_links
from cms.pages.models import ExternalReference, Page, Status

pytestmark = pytest.mark.django_db
BAD, BAD2, GOOD, BLOCKED, UNCHECKED = (
    "https://a.example/gone",
    "https://b.example/x",
    "https://c.example/",
    "http://10.0.0.1/",
    "https://d.example/",
)


def checked(url, reason, status=None, broken=True):
    return LinkCheck.objects.create(
        url=url, url_hash=url_key(url), host="h", reason=reason, status=status, broken=broken, checked_at=timezone.now()
    )


def ref(page, url, locale="en", block="body", kind="link"):
    ExternalReference.objects.create(page=page, locale=locale, block=block, kind=kind, host="h", family="h", url=url)


@pytest.fixture
def pages(make_page):
    one, two, gone = make_page("One"), make_page("Two"), make_page("Gone")
    checked(BAD, "http_404", 404)
    checked(BAD2, "timeout")
    checked(GOOD, "ok", 200, broken=False)
    checked(BLOCKED, "blocked_address", broken=False)
    for url in (BAD, GOOD, BLOCKED, UNCHECKED):
        ref(one, url)
    ref(one, BAD2, locale="", block="tracking_code")  # a block every locale shares
    ref(one, BAD, locale="nb")  # another locale's text
    ref(two, BAD2, block="intro")
    ref(two, BAD, kind="media")  # an image, not a link: the media report's business
    ref(gone, BAD)
    Page.objects.filter(pk=gone.pk).update(status=Status.DELETED)
    return one, two


def rows(answer):
    return [(row["page_id"], row["locale"], row["block"], row["url"], row["reason"]) for row in answer["links"]]


def test_the_broken_links_of_a_locale_and_its_shared_blocks(pages):
    one, two = pages
    answer = external_broken_links(locale="en")
    assert rows(answer) == [
        (one.pk, "", "tracking_code", BAD2, "timeout"),
        (one.pk, "en", "body", BAD, "http_404"),
        (two.pk, "en", "intro", BAD2, "timeout"),
    ]
    assert answer["total"] == 3
    first = answer["links"][1]
    assert first["status"] == 404 and first["checked_at"] is not None


def test_another_locale_sees_its_own_and_the_shared(pages):
    one, _two = pages
    assert [row[:3] for row in rows(external_broken_links(locale="nb"))] == [
        (one.pk, "", "tracking_code"),
        (one.pk, "nb", "body"),
    ]


def test_some_pages_only(pages):
    one, two = pages
    assert {row[0] for row in rows(external_broken_links(locale="en", pages=[two.pk]))} == {two.pk}
    nested = Page.objects.filter(pk=one.pk).values("pk")  # a query of ids, as a subtree's
    assert external_broken_links(locale="en", pages=nested)["total"] == 2


def test_paged_with_the_total(pages):
    whole = rows(external_broken_links(locale="en"))
    assert rows(external_broken_links(locale="en", offset=1, limit=1)) == whole[1:2]
    assert external_broken_links(locale="en", offset=2, limit=5)["total"] == 3
    assert external_broken_links(locale="en", offset=10)["links"] == []


@pytest.mark.parametrize(("offset", "limit"), [(-5, 10), (0, -1), (0, 10**9), (10**12, 10)])
def test_odd_bounds_are_clamped(pages, offset, limit):
    answer = external_broken_links(locale="en", offset=offset, limit=limit)
    assert len(answer["links"]) <= min(max(limit, 0), MAX_LIMIT) and answer["total"] == 3


def test_a_fixed_link_leaves_the_report(pages):
    LinkCheck.objects.filter(url=BAD2).update(reason="ok", status=200, broken=False)
    assert [row[3] for row in rows(external_broken_links(locale="en"))] == [BAD]


@pytest.mark.parametrize(
    ("reason", "status", "broken"),
    [
        ("ok", 200, False),
        ("http_404", 404, True),
        ("http_500", 500, True),
        ("http_429", 429, False),  # rate limited: says nothing of the link
        ("timeout", None, True),
        ("dns", None, True),
        ("redirect_loop", 302, True),
        ("too_many_redirects", None, True),
        ("blocked_address", None, False),  # not asked: not known to be broken
        ("", None, False),
    ],
)
def test_which_outcomes_are_broken(reason, status, broken):
    assert is_broken(reason, status) is broken
