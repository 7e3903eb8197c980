"""The reports' calls (issue 31, item 7): answers, paging, bounds and hostile inputs."""

from urllib.parse import urlencode

import pytest

from cms.pages.models import ExternalReference, Page, Status
from cms.pages.reports import services

pytestmark = pytest.mark.django_db
TEMPLATES = "/admin/en/reports/templates.json"
EXTERNAL = "/admin/en/reports/external_content.json"


@pytest.fixture
def pages(make_page):
    film = make_page("Film", body="[Watch](https://www.youtube-nocookie.com/embed/1)")
    short = make_page("Short", template="article", intro="https://youtu.be/2 and https://vimeo.com/3")
    gone = make_page("Gone", body="https://www.youtube.com/watch?v=4")
    Page.objects.filter(pk=gone.pk).update(status=Status.DELETED)
    return {"film": film, "short": short, "gone": gone}


def test_templates_report_counts_and_lists_unused(api, pages):
    Page.objects.filter(pk=pages["film"].pk).update(template="retired")
    answer = api.get(TEMPLATES)
    assert answer.status_code == 200
    by_key = {t["template_name"]: t for t in answer.json()["templates"]}
    assert by_key["page"]["pages"] == 0 and by_key["event"]["pages"] == 0  # no page uses them
    assert by_key["article"] == {"template_name": "article", "name": "Article", "known": True, "pages": 1}
    assert by_key["retired"] == {"template_name": "retired", "name": "retired", "known": False, "pages": 1}
    assert answer.json()["pages"] is None
    listed = api.get(TEMPLATES + "?template=article").json()["pages"]
    assert listed == {"items": [{"page_id": pages["short"].pk, "status": 0, "name": "Short", "name_locale": "en"}],
                      "total": 1}  # fmt: skip


def test_templates_report_in_the_interface_language(api, pages):
    answer = api.client.get(TEMPLATES, HTTP_ACCEPT_LANGUAGE="nb")
    names = {t["template_name"]: t["name"] for t in answer.json()["templates"]}
    assert names["article"] in ("Artikkel", "Article")


def test_external_content_filtered_by_host_family(api, pages):
    everything = api.get(EXTERNAL).json()
    assert everything["total"] == 3 and not everything["more"]  # the deleted page's is not reported
    for host in ("youtube", "youtu.be", "www.youtube-nocookie.com", "https://www.youtube.com/x", " YouTube "):
        answer = api.get(EXTERNAL + "?" + urlencode({"host": host})).json()
        assert answer["family"] == "youtube"
        assert [(i["page_id"], i["host"]) for i in answer["items"]] == [
            (pages["film"].pk, "www.youtube-nocookie.com"), (pages["short"].pk, "youtu.be")
        ]  # fmt: skip
    item = api.get(EXTERNAL + "?" + urlencode({"host": "vimeo"})).json()["items"][0]
    assert item == {"page_id": pages["short"].pk, "name": "Short", "name_locale": "en", "locale": "en",
                    "block": "intro", "block_title": item["block_title"], "kind": "link", "host": "vimeo.com",
                    "url": "https://vimeo.com/3"}  # fmt: skip
    nothing = {"items": [], "total": 0, "more": False, "family": "nothing-here"}
    assert api.get(EXTERNAL + "?host=nothing-here").json() == nothing


def test_external_content_is_paged_and_its_count_bounded(api, pages, monkeypatch):
    monkeypatch.setattr(services, "PER_PAGE", 2)
    monkeypatch.setattr(services, "MAX_COUNT", 2)
    first, second = api.get(EXTERNAL).json(), api.get(EXTERNAL + "?" + urlencode({"page": 2})).json()
    assert len(first["items"]) == 2 and len(second["items"]) == 1
    assert first["total"] == 2 and first["more"] is True
    assert api.get(EXTERNAL + "?" + urlencode({"page": 1000})).json()["items"] == []


def test_the_report_reads_a_bounded_number_of_statements(api, make_page, django_assert_max_num_queries):
    for number in range(30):
        make_page(f"P{number}", body=f"https://h{number}.example/ [x](//s{number}.example/a.js)")
    assert ExternalReference.objects.count() == 60
    with django_assert_max_num_queries(12):
        assert len(api.get(EXTERNAL).json()["items"]) == 50


HOSTILE = [
    ("host", "you\x00tube"),
    ("host", "a" * 254),
    ("host", "<script>"),
    ("host", 'x"y'),
    ("host", "tab\there"),
    ("page", "0"),
    ("page", "-1"),
    ("page", "1001"),
    ("page", "99999999999999999999999"),
    ("page", "1.5"),
    ("page", "abc"),
    ("page", "\x00"),
]


@pytest.mark.parametrize(("name", "value"), HOSTILE)
def test_hostile_external_content_parameters_answer_422(api, pages, name, value):
    assert api.get(EXTERNAL + "?" + urlencode({name: value})).status_code == 422


@pytest.mark.parametrize(
    ("name", "value"),
    [("template", "a\x00"), ("template", "x" * 65), ("template", ""), ("page", "0"), ("page", "1001"), ("page", "x")],
)
def test_hostile_templates_parameters_answer_422(api, pages, name, value):
    assert api.get(TEMPLATES + "?" + urlencode({name: value})).status_code == 422


def test_surrogates_duplicates_and_unknowns_answer_without_error(api, pages, client):
    # A lone surrogate cannot be sent in UTF-8: percent-encoded, Django reads it as U+FFFD.
    assert api.get(EXTERNAL + "?host=%ED%A0%80").status_code == 200
    assert api.get(EXTERNAL + "?host=youtube&host=vimeo").status_code == 200
    assert api.get(TEMPLATES + "?template=%F0%9F%98%80").json()["pages"] == {"items": [], "total": 0}
    assert api.get("/admin/xx/reports/templates.json").status_code == 404


def test_outsiders_get_nothing(anonymous_api, editor_api, pages):
    assert anonymous_api.get(EXTERNAL).status_code in (401, 403)
    assert anonymous_api.get(TEMPLATES).status_code in (401, 403)
    # Every back-office user sees the whole tree (spec §6), so every page that is not deleted.
    assert editor_api.get(EXTERNAL).json()["total"] == 3


def test_the_operations_document_every_status(api):
    document = api.get("/admin/api/openapi.json").json()
    for path in ("/admin/{locale}/reports/templates.json", "/admin/{locale}/reports/external_content.json"):
        assert set(document["paths"][path]["get"]["responses"]) >= {"200", "401", "403", "404", "422"}
