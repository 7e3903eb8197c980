"""The link calls (DESIGN §3, Links): answers, paging, filters and hostile inputs."""

from datetime import timedelta
from urllib.parse import urlencode

import pytest
from django.utils import timezone

from cms.pages.linkcheck.models import LinkCheck, url_key
from cms.pages.models import Page, PageLink, Status
from cms.pages.text_links import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def site(make_page, save):
    section = make_page("Section", path_segment="section", status=Status.PUBLISHED)
    target = make_page("Target", parent=section, path_segment="target", status=Status.PUBLISHED)
    draft = make_page("Draft", parent=section, path_segment="draft")
    later = make_page("Later", path_segment="later", status=Status.PUBLISHED)
    Page.objects.filter(pk=later.pk).update(published_at=timezone.now() + timedelta(days=3))
    hidden = make_page("Hidden", path_segment="hidden", status=Status.HIDDEN)
    gone = make_page("Gone", path_segment="gone", status=Status.PUBLISHED)
    first = make_page("First", parent=section, body=f"[a](/en/section/target) [p](/en/pages/{target.pk}-t)")
    second = make_page(
        "Second", body="[a](/en/section/target) [d](/en/section/draft) [l](/en/later) [h](/en/hidden) [g](/en/gone)"
    )
    save(second, "nb", name="Andre", body="[x](/nb/ingen)")
    save(gone, status=Status.DELETED)
    deleted = make_page("Deleted linker", body="[a](/en/section/target) [d](/en/section/draft)")
    save(deleted, status=Status.DELETED)
    return locals()


def test_linked_from_lists_the_linking_pages_once_each(api, site):
    answer = api.get(f"/admin/en/pages/{site['target'].pk}/linked_from.json")
    assert answer.status_code == 200
    assert answer.json() == {"pages": [{"id": site["first"].pk, "name": "First"},
                                       {"id": site["second"].pk, "name": "Second"}], "total": 2}  # fmt: skip
    # Names in the address's locale, else the default's.
    names = api.get(f"/admin/nb/pages/{site['target'].pk}/linked_from.json").json()["pages"]
    assert [p["name"] for p in names] == ["First", "Andre"]


def test_linked_from_is_paged(api, site, monkeypatch):
    monkeypatch.setattr(services, "PER_PAGE", 1)
    url = f"/admin/en/pages/{site['target'].pk}/linked_from.json"
    assert api.get(url + "?page=2").json() == {"pages": [{"id": site["second"].pk, "name": "Second"}], "total": 2}
    assert api.get(url + "?page=3").json() == {"pages": [], "total": 2}


def test_broken_links_report_deleted_unpublished_and_missing_not_hidden(api, site):
    answer = api.get("/admin/en/broken_links.json")
    assert answer.status_code == 200
    second = site["second"].pk
    named = {"page_id": second, "locale": "en", "block": "body", "checked_at": None, "name": "Second",
             "name_locale": "en"}  # fmt: skip
    assert answer.json() == {
        "links": [
            {**named, "url": "/en/gone", "reason": "deleted"},
            {**named, "url": "/en/later", "reason": "unpublished"},
            {**named, "url": "/en/section/draft", "reason": "unpublished"},
        ],
        "total": 3,
    }
    nb = api.get("/admin/nb/broken_links.json").json()
    missing = {"page_id": second, "locale": "nb", "block": "body", "url": "/nb/ingen", "reason": "missing"}
    assert nb["links"] == [{**missing, "checked_at": None, "name": "Andre", "name_locale": "nb"}]


@pytest.fixture
def nested(make_page, save):
    """Published pages the website still shows as plain text: under a draft, under a deleted
    grandparent, under a page published in the future; and one under a hidden page (reachable)."""
    draft = make_page("Draft parent", path_segment="dp")
    top = make_page("Top", path_segment="top", status=Status.PUBLISHED)
    middle = make_page("Middle", parent=top, path_segment="mid", status=Status.PUBLISHED)
    for parent in (draft, middle, top):
        make_page("Below", parent=parent, path_segment="below", status=Status.PUBLISHED)
    make_page("Draft below", parent=top, path_segment="own")
    later = make_page("Later parent", path_segment="lp", status=Status.PUBLISHED)
    Page.objects.filter(pk=later.pk).update(published_at=timezone.now() + timedelta(days=3))
    make_page("Below later", parent=later, path_segment="below", status=Status.PUBLISHED)
    hidden = make_page("Hidden parent", path_segment="hp", status=Status.HIDDEN)
    make_page("Below hidden", parent=hidden, path_segment="below", status=Status.PUBLISHED)
    body = ("[a](/en/dp/below) [b](/en/top/mid/below) [c](/en/lp/below) [d](/en/hp/below) [e](/en/top/own)"
            " [f](/en/top/below)")  # fmt: skip
    linker = make_page("Nested linker", parent=hidden, body=body)
    # Each address names its page: the index knows the target, whatever its state.
    assert PageLink.objects.filter(source=linker, target__isnull=True).count() == 0
    save(top, status=Status.DELETED)  # a grandparent of /top/mid/below, the parent of /top/own
    return {"linker": linker, "hidden": hidden, "top": top, "later": later}


NESTED = {"/en/dp/below": "unpublished", "/en/top/mid/below": "deleted", "/en/lp/below": "unpublished",
          "/en/top/own": "unpublished", "/en/top/below": "deleted"}  # fmt: skip


def test_a_link_below_a_page_visitors_cannot_reach_is_broken_with_that_pages_reason(api, nested):
    # The website shows these links as plain text (cms.site: dead_link_targets); the report agrees.
    answer = api.get("/admin/en/broken_links.json").json()
    assert {link["url"]: link["reason"] for link in answer["links"]} == NESTED
    assert answer["total"] == len(answer["links"]) == len(NESTED)
    assert [link["url"] for link in answer["links"]] == sorted(NESTED)  # as indexed: by address
    dead = services.dead_link_targets(nested["linker"].pk, timezone.now())
    assert dead == set(NESTED)


def test_a_link_below_an_unreachable_page_is_filtered_like_any_other(api, nested, monkeypatch):
    linker = nested["linker"].pk
    for query in (f"page_id={linker}", f"under={nested['hidden'].pk}", f"under={linker}"):
        answer = api.get(f"/admin/en/broken_links.json?{query}").json()
        assert {link["url"]: link["reason"] for link in answer["links"]} == NESTED, query
        assert answer["total"] == len(NESTED)
    assert api.get(f"/admin/en/broken_links.json?under={nested['later'].pk}").json()["total"] == 0
    assert api.get(f"/admin/en/broken_links.json?page_id={nested['top'].pk}").json()["total"] == 0
    # Paged, the rows and the total agree page by page.
    monkeypatch.setattr(services, "PER_PAGE", 2)
    pages = [api.get(f"/admin/en/broken_links.json?page_id={linker}&page={n}").json() for n in (1, 2, 3, 4)]
    assert [len(page["links"]) for page in pages] == [2, 2, 1, 0]
    assert {page["total"] for page in pages} == {len(NESTED)}
    assert [link["url"] for page in pages for link in page["links"]] == sorted(NESTED)


def test_a_link_mended_by_publishing_the_page_above_is_no_longer_listed(api, nested, save):
    draft = Page.objects.get(localizations__path_segment="dp")
    save(draft, status=Status.PUBLISHED)
    Page.objects.filter(pk=nested["later"].pk).update(published_at=timezone.now() - timedelta(days=1))
    answer = api.get("/admin/en/broken_links.json").json()
    assert {link["url"] for link in answer["links"]} == {"/en/top/mid/below", "/en/top/own", "/en/top/below"}
    assert answer["total"] == 3


def test_broken_external_links_follow_the_internal_ones_with_when_they_were_checked(api, site, make_page):
    # The page save indexes the external link; the checker (cms.pages.linkcheck) found it broken.
    linker = make_page("External", parent=site["section"], body="[x](https://gone.example/page)")
    checked_at = timezone.now()
    LinkCheck.objects.create(url="https://gone.example/page", url_hash=url_key("https://gone.example/page"),
                             reason="http_404", status=404, broken=True, checked_at=checked_at)  # fmt: skip
    answer = api.get("/admin/en/broken_links.json").json()
    assert answer["total"] == 4
    assert [link["reason"] for link in answer["links"]] == ["deleted", "unpublished", "unpublished", "http_404"]
    external = answer["links"][-1]
    assert (external["page_id"], external["url"], external["name"]) == (linker.pk, "https://gone.example/page",
                                                                        "External")  # fmt: skip
    assert external["checked_at"] is not None
    # The subtree and one page's filters narrow the external rows too.
    assert api.get(f"/admin/en/broken_links.json?under={site['section'].pk}").json()["total"] == 1
    assert api.get(f"/admin/en/broken_links.json?page_id={site['second'].pk}").json()["total"] == 3


def test_broken_links_of_a_subtree_and_of_one_page(api, site):
    assert api.get(f"/admin/en/broken_links.json?under={site['section'].pk}").json() == {"links": [], "total": 0}
    assert api.get(f"/admin/en/broken_links.json?page_id={site['second'].pk}").json()["total"] == 3
    assert api.get(f"/admin/en/broken_links.json?page_id={site['first'].pk}").json()["total"] == 0
    assert api.get(f"/admin/en/broken_links.json?under={site['second'].pk}").json()["total"] == 3


def test_broken_links_are_paged(api, site, monkeypatch):
    monkeypatch.setattr(services, "PER_PAGE", 2)
    assert len(api.get("/admin/en/broken_links.json?page=2").json()["links"]) == 1
    assert api.get("/admin/en/broken_links.json?page=3").json() == {"links": [], "total": 3}


def test_the_reads_are_a_bounded_number_of_statements(api, make_page, site, django_assert_max_num_queries):
    for number in range(60):
        make_page(f"L{number}", body="[a](/en/section/target) [b](/en/section/draft)")
    with django_assert_max_num_queries(12):
        assert len(api.get(f"/admin/en/pages/{site['target'].pk}/linked_from.json").json()["pages"]) == 50
    with django_assert_max_num_queries(12):
        assert len(api.get("/admin/en/broken_links.json").json()["links"]) == 50


HOSTILE = [
    ("page", "0"), ("page", "-1"), ("page", str(10**30)), ("page", "x"), ("page", "1.5"), ("page", "\x00"),
    ("page", "10001"), ("under", "\x00"), ("under", "0"), ("under", str(10**30)), ("under", "x"),
    ("page_id", "\x00"), ("page_id", "-3"), ("page_id", str(2**63)),
]  # fmt: skip


@pytest.mark.parametrize(("name", "value"), HOSTILE)
def test_hostile_parameters_answer_422(api, site, name, value):
    assert api.get("/admin/en/broken_links.json?" + urlencode({name: value})).status_code == 422
    if name == "page":
        url = f"/admin/en/pages/{site['target'].pk}/linked_from.json?"
        assert api.get(url + urlencode({name: value})).status_code == 422


def test_unknowns_answer_404(api, site):
    assert api.get(f"/admin/xx/pages/{site['target'].pk}/linked_from.json").status_code == 404
    assert api.get("/admin/xx/broken_links.json").status_code == 404
    assert api.get("/admin/en/pages/999999/linked_from.json").status_code == 404
    assert api.get(f"/admin/en/pages/{10**30}/linked_from.json").status_code == 404
    assert api.get("/admin/en/broken_links.json?under=999999").status_code == 404
    assert api.get("/admin/en/broken_links.json?page_id=999999").status_code == 404
    assert api.get("/admin/en/broken_links.json?page=1&page=2").status_code == 200  # the last one wins


def test_outsiders_get_nothing(anonymous_api, site):
    assert anonymous_api.get("/admin/en/broken_links.json").status_code in (401, 403)
    assert anonymous_api.get(f"/admin/en/pages/{site['target'].pk}/linked_from.json").status_code in (401, 403)


def test_the_openapi_document_lists_every_status(api):
    paths = api.get("/admin/api/openapi.json").json()["paths"]
    for path in ("/admin/{locale}/pages/{page_id}/linked_from.json", "/admin/{locale}/broken_links.json"):
        assert set(paths[path]["get"]["responses"]) >= {"200", "401", "403", "404", "422"}
