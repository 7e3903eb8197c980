"""Hostile and careless input to the deleted pages' calls answers 4xx, stores nothing, and the
status is one the OpenAPI document lists for the call."""

from typing import Any

import pytest

from cms.pages.models import Page, PageDeletion, PageLocalization
from cms.pages.tests.api.test_hostile_input import documented_statuses
from cms.pages.trash.tests.helpers import delete

BIG = 2**63


@pytest.fixture
def site(api, make_page):
    parent = make_page("Parent", path_segment="parent")
    gone = make_page("Gone", parent=parent, path_segment="gone")
    below = make_page("Below", parent=gone, path_segment="below")
    delete(api, gone)
    return {"parent": parent, "gone": gone, "below": below}


def snapshot() -> Any:
    return [list(model.objects.order_by("pk").values()) for model in (Page, PageLocalization, PageDeletion)]


UNDELETE = "/admin/en/pages/{gone}/undelete.json"
CASES: dict[str, tuple[tuple[str, str, Any], int]] = {
    "page 0": (("get", "/admin/en/deleted_pages.json?page=0", None), 422),
    "negative page": (("get", "/admin/en/deleted_pages.json?page=-1", None), 422),
    "huge page": (("get", f"/admin/en/deleted_pages.json?page={BIG}", None), 422),
    "page not a number": (("get", "/admin/en/deleted_pages.json?page=abc", None), 422),
    "q with NUL": (("get", "/admin/en/deleted_pages.json?q=a%00b", None), 422),
    "q too long": (("get", "/admin/en/deleted_pages.json?q=" + "x" * 201, None), 422),
    "unknown locale in the list": (("get", "/admin/xx/deleted_pages.json", None), 404),
    "parent as text": (("post", UNDELETE, {"parent_page_id": "abc"}), 422),
    "parent as float": (("post", UNDELETE, {"parent_page_id": 1.5}), 422),
    "parent as boolean": (("post", UNDELETE, {"parent_page_id": True}), 422),
    "parent of 2^63": (("post", UNDELETE, {"parent_page_id": BIG}), 422),
    "parent as a list": (("post", UNDELETE, {"parent_page_id": [1]}), 422),
    "parent that does not exist": (("post", UNDELETE, {"parent_page_id": 2**62}), 422),
    "parent is the page itself": (("post", UNDELETE, {"parent_page_id": "{gone}"}), 422),
    "parent below the page": (("post", UNDELETE, {"parent_page_id": "{below}"}), 422),
    "unknown key": (("post", UNDELETE, {"parent": 1}), 422),
    "body not an object": (("post", UNDELETE, [1, 2]), 422),
    "malformed JSON": (("post", UNDELETE, "{"), 400),
    "lone surrogate in the body": (("post", UNDELETE, '{"parent_page_id": "\\ud800"}'), 422),
    "duplicate key": (("post", UNDELETE, '{"parent_page_id": null, "parent_page_id": "x"}'), 422),
    "NUL in the body": (("post", UNDELETE, '{"parent_page_id": "\\u0000"}'), 422),
    "non-numeric id": (("post", "/admin/en/pages/abc/undelete.json", {}), 404),
    "id of 2^63": (("post", f"/admin/en/pages/{BIG}/undelete.json", {}), 404),
    "unknown locale in an undelete": (("post", "/admin/xx/pages/{gone}/undelete.json", {}), 404),
    "undelete a page not deleted": (("post", "/admin/en/pages/{parent}/undelete.json", {}), 409),
    "purge a page not deleted": (("delete", "/admin/en/pages/{parent}.json", None), 409),
    "purge of 2^63": (("delete", f"/admin/en/pages/{BIG}.json", None), 404),
    "purge in an unknown locale": (("delete", "/admin/xx/pages/{gone}.json", None), 404),
}


def resolve(value: Any, site: dict[str, Any]) -> Any:
    if isinstance(value, str) and (value.startswith("/") or value[1:-1] in site):
        for name, page in site.items():
            value = value.replace("{" + name + "}", str(page.pk))
        if value.isdigit():
            return int(value)
    if isinstance(value, dict):
        return {key: resolve(item, site) for key, item in value.items()}
    return value


@pytest.mark.parametrize("case", CASES)
def test_hostile_input_answers_4xx_and_stores_nothing(api, site, case):
    (method, path, body), expected = CASES[case]
    path, body = resolve(path, site), resolve(body, site)
    before = snapshot()
    if method == "get":
        response = api.get(path)
    elif method == "delete":
        response = api.client.delete(path, headers=api._headers())
    else:
        response = api.post(path, body)
    assert response.status_code == expected, response.content[:500]
    assert snapshot() == before
    documented = documented_statuses(method, path) or set()
    assert expected in documented, f"{expected} is not in the OpenAPI document for {method} {path}"
    assert api.get("/admin/en/deleted_pages.json").status_code == 200
