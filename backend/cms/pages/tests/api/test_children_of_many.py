"""GET pages.json?parent_ids=: the children of several nodes in one read, as parent_id answers
each node's (issue 8, item 3: the tree loads the nodes it shows open in as few calls as it can).
Hostile lists answer 4xx, never 5xx, with a status the OpenAPI document lists."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from cms.media.models import Attachment, Image
from cms.pages.api import MAX_PARENT_IDS
from cms.pages.models import PageFile, PageImage, Status
from cms.pages.tests.api.test_hostile_input import documented_statuses
from conftest import JsonClient, data_statements

BIG = 2**63
URL = "/admin/en/pages.json"


@pytest.fixture
def site(make_page):
    """Top level A (children a1, a2, a deleted one, and a11 under a1), News (a news page: n1, n2),
    and Empty (no children). Children are made out of order so positions, not ids, decide."""
    pages = {"A": make_page("A", path_segment="a")}
    pages["a2"] = make_page("a2", parent=pages["A"], path_segment="a2")
    pages["a1"] = make_page("a1", parent=pages["A"], path_segment="a1", position=1)
    pages["a-gone"] = make_page("a-gone", parent=pages["A"], status=Status.DELETED)
    pages["a11"] = make_page("a11", parent=pages["a1"], serialized_tags='["Tag"]')
    pages["News"] = make_page("News", news_page=True, path_segment="news")
    pages["n1"] = make_page("n1", parent=pages["News"])
    pages["n2"] = make_page("n2", parent=pages["News"])
    pages["Empty"] = make_page("Empty")
    return pages


def children(api, parent) -> list[dict]:
    answer = api.get(f"{URL}?parent_id={parent}")
    assert answer.status_code == 200
    return answer.json()


def ids_of(site, *names: str) -> str:
    return ",".join("root" if name == "root" else str(site[name].pk) for name in names)


def test_each_nodes_children_as_parent_id_answers_them_grouped_in_the_order_asked(api, site):
    asked = ["News", "root", "A", "a1", "Empty"]
    answer = api.get(f"{URL}?parent_ids={ids_of(site, *asked)}")
    assert answer.status_code == 200
    expected = [record for name in asked for record in children(api, "root" if name == "root" else site[name].pk)]
    assert answer.json() == expected  # every field, permissions and child counts included
    names = [record["blocks"]["name"]["en"] for record in answer.json()]
    # News's children, the top level, A's (in tree order, the deleted one too: the tree hides it), a1's.
    assert names == ["n1", "n2", "A", "News", "Empty", "a1", "a2", "a-gone", "a11"]


def test_one_entry_answers_as_parent_id_does(api, site):
    for parent in ("root", str(site["A"].pk), str(site["Empty"].pk)):
        assert api.get(f"{URL}?parent_ids={parent}").json() == children(api, parent)


def test_nodes_without_children_or_that_do_not_exist_add_nothing(api, site):
    answer = api.get(f"{URL}?parent_ids={site['Empty'].pk},999999,0,{site['a11'].pk}")
    assert answer.status_code == 200
    assert answer.json() == []


def test_as_many_entries_as_allowed_are_answered(api, site):
    others = [str(n) for n in range(10**17, 10**17 + MAX_PARENT_IDS - 2)]
    answer = api.get(f"{URL}?parent_ids=root,{site['A'].pk},{','.join(others)}")
    assert answer.status_code == 200
    assert [record["id"] for record in answer.json()] == [r["id"] for r in children(api, "root")] + [
        r["id"] for r in children(api, site["A"].pk)
    ]


def test_one_entry_too_many_is_refused_saying_how_many_are_allowed(api):
    answer = api.get(f"{URL}?parent_ids={','.join(str(n) for n in range(1, MAX_PARENT_IDS + 2))}")
    assert answer.status_code == 422
    assert answer.json()["errors"] == [
        ["parent_ids", f"lists {MAX_PARENT_IDS + 1} entries; at most {MAX_PARENT_IDS} are answered in one call"]
    ]


def test_refusals_say_what_is_wrong(api, site):
    def refusal(query: str) -> list:
        answer = api.get(f"{URL}?{query}")
        assert answer.status_code == 422, answer.content[:300]
        return answer.json()["errors"]

    assert refusal("parent_ids=") == [["parent_ids", "must list at least one page id or root"]]
    assert refusal("parent_ids=1,x%00,3") == [["parent_ids", "entry 2 is not a page id (up to 18 digits) or root"]]
    assert refusal("parent_ids=root,7,007") == [["parent_ids", "entry 3 lists 007 again: list each node once"]]
    assert refusal("parent_ids=1&parent_ids=2") == [
        ["parent_ids", "is given more than once: list every node in one parameter"]
    ]
    assert refusal("parent_id=1&parent_ids=2") == [
        ["parent_ids", "can't be combined with parent_id: give only one of parent_id, parent_ids, q and translation"]
    ]


# Each query string must answer the status beside it: never 5xx, always one the document lists.
HOSTILE: dict[str, tuple[str, int]] = {
    "empty": ("parent_ids=", 422),
    "only a comma": ("parent_ids=,", 422),
    "a trailing comma": ("parent_ids=1,", 422),
    "a leading comma": ("parent_ids=,1", 422),
    "two commas": ("parent_ids=1,,2", 422),
    "a space": ("parent_ids=1,%202", 422),
    "a plus sign": ("parent_ids=%2B1", 422),
    "a negative number": ("parent_ids=-1", 422),
    "negative among good ones": ("parent_ids=root,1,-5", 422),
    "a fraction": ("parent_ids=1.5", 422),
    "an exponent": ("parent_ids=1e3", 422),
    "hexadecimal": ("parent_ids=0x10", 422),
    "a word": ("parent_ids=abc", 422),
    "ROOT in capitals": ("parent_ids=ROOT", 422),
    "null": ("parent_ids=null", 422),
    "a JSON list": ("parent_ids=[1,2]", 422),
    "semicolons": ("parent_ids=1;2", 422),
    "NUL alone": ("parent_ids=%00", 422),
    "NUL inside an id": ("parent_ids=1%002", 422),
    "a newline after an id": ("parent_ids=1%0A", 422),
    "a tab": ("parent_ids=1%092", 422),
    "invalid UTF-8": ("parent_ids=%FF%FE", 422),
    "a lone surrogate, encoded": ("parent_ids=%ED%A0%80", 422),
    "Arabic-Indic digits": ("parent_ids=%D9%A1%D9%A2", 422),  # int() would take them
    "a superscript two": ("parent_ids=%C2%B2", 422),  # str.isdigit() would take it
    "full-width digits": ("parent_ids=%EF%BC%91", 422),
    "19 digits": ("parent_ids=" + "9" * 19, 422),
    "2^63": (f"parent_ids={BIG}", 422),
    "a thousand digits": ("parent_ids=" + "9" * 1000, 422),
    "root twice": ("parent_ids=root,root", 422),
    "an id twice": ("parent_ids=5,6,5", 422),
    "an id twice, once with leading zeros": ("parent_ids=5,0005", 422),
    "one entry too many": ("parent_ids=" + ",".join(map(str, range(1, MAX_PARENT_IDS + 2))), 422),
    # Addresses past any server's bound: refused before the call reads them (cms.core.request_limits).
    "ten thousand commas": ("parent_ids=" + "," * 10_000, 414),
    "ten thousand roots": ("parent_ids=" + ",".join(["root"] * 10_000), 414),
    "given twice": ("parent_ids=1&parent_ids=2", 422),
    "with parent_id": ("parent_id=root&parent_ids=1", 422),
    "with q": ("parent_ids=1&q=a", 422),
    "parent_id with q": ("parent_id=1&q=a", 422),
    "all three": ("parent_id=1&parent_ids=2&q=a", 422),
    "with a malformed parent_id": ("parent_id=-1&parent_ids=1", 422),
    "more query fields than Django reads": ("parent_ids=1&" + "&".join(f"x{n}=1" for n in range(1100)), 400),
}


@pytest.mark.parametrize("case", HOSTILE, ids=list(HOSTILE))
def test_hostile_lists_answer_4xx_as_documented(api, site, case):
    query, expected = HOSTILE[case]
    answer = api.get(f"{URL}?{query}")
    assert answer.status_code == expected, answer.content[:300]
    assert expected in (documented_statuses("get", URL) or set())
    assert answer["Content-Type"].startswith("application/json")
    assert "detail" in answer.json()
    assert api.get(f"{URL}?parent_ids=root").status_code == 200  # nothing left broken


@pytest.mark.parametrize(
    ("client", "status"), [("anonymous", 401), ("not staff", 403), ("staff", 200)], ids=lambda v: str(v)
)
def test_who_may_ask(db, site, client, status):
    if client == "anonymous":
        api = JsonClient(Client())
    else:
        user = get_user_model().objects.create_user("someone", password="pass-word-1", is_staff=client == "staff")
        logged_in = Client()
        logged_in.force_login(user)
        api = JsonClient(logged_in)
    answer = api.get(f"{URL}?parent_ids=root,{site['A'].pk}")
    assert answer.status_code == status
    assert status in (documented_statuses("get", URL) or set())


def test_an_unknown_locale_is_not_found(api, site):
    assert api.get(f"/admin/zz/pages.json?parent_ids=root,{site['A'].pk}").status_code == 404


def test_the_document_describes_the_parameter_and_every_status():
    assert documented_statuses("get", URL) == {200, 400, 401, 403, 404, 414, 422}
    from cms.api.api import api as ninja_api

    operation = ninja_api.get_openapi_schema()["paths"]["/admin/{locale}/pages.json"]["get"]
    parameter = next(p for p in operation["parameters"] if p["name"] == "parent_ids")
    assert f"at most {MAX_PARENT_IDS}" in parameter["description"]
    assert "parent_ids" in operation["responses"][422]["description"]


def test_the_number_of_queries_does_not_grow_with_the_number_of_parents(api, make_page):
    image = Image.objects.create(
        file="images/a.png", filename="a.png", content_type="image/png", real_width=4, real_height=3
    )
    attachment = Attachment.objects.create(file="attachments/a.pdf", filename="a.pdf", content_type="application/pdf")
    parents = []
    for n in range(30):
        parent = make_page(f"Parent {n}", path_segment=f"parent-{n}")
        for m in range(3):
            child = make_page(f"Child {n}.{m}", parent=parent, serialized_tags='["Tag"]', meta_image_id=image.pk)
            PageImage.objects.create(page=child, image=image, position=1)
            PageFile.objects.create(page=child, attachment=attachment, position=1)
        parents.append(parent)
    make_page("Grandchild", parent=child)  # a node two levels down: its ancestors are read too

    def statements(parent_ids: list[int | None]) -> int:
        query = ",".join("root" if pid is None else str(pid) for pid in parent_ids)
        with CaptureQueriesContext(connection) as captured:
            answer = api.get(f"{URL}?parent_ids={query}")
        assert answer.status_code == 200
        assert len(answer.json()) >= len(parent_ids)
        return len(data_statements(captured))

    one = statements([parents[0].pk])
    two = statements([parents[0].pk, parents[1].pk])
    many = statements([None, *(p.pk for p in parents), child.pk])
    assert one == two == many, (one, two, many)
