"""Hostile and careless input to every page write answers 4xx, stores nothing, and breaks no
later read (issue 7, item 5). Each row names the call, the input and the status it must get;
the status must also be one the OpenAPI document lists for that call."""

import functools
import re
from typing import Any

import pytest
from django.test import Client

from cms.api.api import api as ninja_api
from cms.media.models import Attachment, Image
from cms.pages.models import Page, PageFile, PageImage, PageLocalization, Tag

BIG = 2**63
DEEP = "[" * 100_000 + "]" * 100_000


@pytest.fixture
def site(make_page):
    """Pages A..D under a parent, an image linked to A, an attachment, and another image."""
    parent = make_page("Parent", path_segment="parent")
    pages = {name: make_page(name, parent=parent, path_segment=name.lower()) for name in "ABCD"}
    image = Image.objects.create(
        file="images/x.png", filename="x.png", content_type="image/png", real_width=4, real_height=3
    )
    other = Image.objects.create(
        file="images/y.png", filename="y.png", content_type="image/png", real_width=4, real_height=3
    )
    attachment = Attachment.objects.create(file="attachments/x.pdf", filename="x.pdf", content_type="application/pdf")
    link = PageImage.objects.create(page=pages["A"], image=image, position=1)
    return {"parent": parent, **pages, "image": image, "other": other, "attachment": attachment, "link": link}


def snapshot() -> Any:
    return [
        list(model.objects.order_by("pk").values())
        for model in (Page, PageLocalization, PageImage, PageFile, Tag, Image, Attachment)
    ]


def page_put(fields: dict[str, Any]) -> tuple[str, str, Any]:
    return ("put", "/admin/en/pages/{A}.json", {"page": fields})


def page_post(fields: dict[str, Any]) -> tuple[str, str, Any]:
    return ("post", "/admin/en/pages.json", {"page": {"name": "New", **fields}})


def move(body: dict[str, Any]) -> tuple[str, str, Any]:
    return ("put", "/admin/en/pages/{A}/move.json", body)


CASES: dict[str, tuple[tuple[str, str, Any], int]] = {
    # Ids in the address that are not ids, or too large for any database.
    "non-numeric id in the path": (("put", "/admin/en/pages/abc.json", {"page": {"name": "x"}}), 404),
    "negative id in the path": (("put", "/admin/en/pages/-1.json", {"page": {"name": "x"}}), 404),
    "id of 2^63 in the path": (("put", f"/admin/en/pages/{BIG}.json", {"page": {"name": "x"}}), 404),
    "30-digit id in a read": (("get", "/admin/en/pages/" + "9" * 30 + ".json", None), 404),
    "non-numeric id in a move": (("put", "/admin/en/pages/abc/move.json", {"parent_id": False, "position": 1}), 404),
    "huge id in the editor's address": (("get", f"/admin/en/pages/{BIG}/edit", None), 404),
    # Tree list parameters that are not what they say.
    "parent_id that is not an id": (("get", "/admin/en/pages.json?parent_id=abc", None), 422),
    "parent_id of 2^63": (("get", f"/admin/en/pages.json?parent_id={BIG}", None), 422),
    "empty search": (("get", "/admin/en/pages.json?q=", None), 422),
    "blank search": (("get", "/admin/en/pages.json?q=%20%20", None), 422),
    "move under page 0": (move({"parent_id": 0, "position": 1}), 422),
    "NUL in a search": (("get", "/admin/en/pages.json?q=a%00", None), 422),
    "search of 201 characters": (("get", "/admin/en/pages.json?q=" + "x" * 201, None), 422),
    # Integers beyond 64 bits anywhere in a payload.
    "user_id of 2^63": (page_put({"user_id": BIG}), 422),
    "user_id below -2^63": (page_put({"user_id": -BIG - 1}), 422),
    "meta_image_id of 2^63": (page_put({"meta_image_id": BIG}), 422),
    "status of 2^63": (page_put({"status": BIG}), 422),
    "lock_version of 2^63": (page_put({"lock_version": BIG}), 422),
    "parent_page_id of 2^63": (page_put({"parent_page_id": BIG}), 422),
    # The largest 64-bit id: no page, and no sibling-list lock past PostgreSQL's bigint (the
    # schema fuzzer's find: it was a 500 there).
    "create under parent 2^63 - 1": (page_post({"parent_page_id": BIG - 1}), 422),
    "parent_page_id of 2^63 - 1": (page_put({"parent_page_id": BIG - 1}), 422),
    "move under parent 2^63 - 1": (move({"parent_id": BIG - 1, "position": 1}), 422),
    "create at position 2^63": (page_post({"position": BIG}), 422),
    "move under parent 2^63": (move({"parent_id": BIG, "position": 1}), 422),
    "move to position 2^63": (move({"parent_id": False, "position": BIG}), 422),
    "link id of 2^63": (page_put({"page_images_attributes": [{"id": BIG, "image_id": 1}]}), 422),
    "link image_id of 2^63": (page_put({"page_images_attributes": [{"image_id": BIG}]}), 422),
    "link position of 2^31": (page_put({"page_images_attributes": [{"image_id": "{image}", "position": 2**31}]}), 422),
    # Booleans where an id is expected (JSON true is not 1).
    "user_id true": (page_put({"user_id": True}), 422),
    "meta_image_id false": (page_put({"meta_image_id": False}), 422),
    "parent_page_id true": (page_put({"parent_page_id": True}), 422),
    "move under parent true": (move({"parent_id": True, "position": 1}), 422),
    "move to position true": (move({"parent_id": False, "position": True}), 422),
    "link image_id true": (page_put({"page_images_attributes": [{"image_id": True}]}), 422),
    # Links twice, or at positions that are not positions.
    "an image linked twice in one payload": (
        page_put({"page_images_attributes": [{"image_id": "{other}"}, {"image_id": "{other}"}]}),
        422,
    ),
    "an image the page already links": (page_put({"page_images_attributes": [{"image_id": "{image}"}]}), 422),
    "the same link listed twice": (
        page_put({"page_images_attributes": [{"id": "{link}", "position": 1}, {"id": "{link}", "position": 2}]}),
        422,
    ),
    "an attachment linked twice": (
        page_put({"page_files_attributes": [{"attachment_id": "{attachment}"}, {"attachment_id": "{attachment}"}]}),
        422,
    ),
    "a link at position 0": (page_put({"page_images_attributes": [{"image_id": "{other}", "position": 0}]}), 422),
    "a link at position -1": (
        page_put({"page_files_attributes": [{"attachment_id": "{attachment}", "position": -1}]}),
        422,
    ),
    # JSON nested deeper than anything real.
    "deeply nested serialized_tags": (page_put({"serialized_tags": DEEP}), 400),
    "deeply nested body": (("put", "/admin/en/pages/{A}.json", '{"page": {"body": ' + DEEP + "}}"), 400),
    # Text no database can store.
    "NUL in the name": (page_put({"name": "a\x00b"}), 422),
    "NUL in a block": (page_put({"body": "text\x00"}), 422),
    "NUL in the path segment": (page_put({"path_segment": "a\x00"}), 422),
    "NUL in unique_name": (page_put({"unique_name": "a\x00"}), 422),
    "NUL in redirect_to": (page_put({"redirect_to": "/a\x00"}), 422),
    "NUL in the template": (page_put({"template": "event\x00"}), 422),
    "NUL in a tag": (page_put({"serialized_tags": '["a\\u0000"]'}), 422),
    "NUL in a new page's name": (page_post({"name": "\x00"}), 422),
    "lone surrogate in the name": (("put", "/admin/en/pages/{A}.json", '{"page": {"name": "a\\ud800"}}'), 422),
    "lone surrogate in a block": (("put", "/admin/en/pages/{A}.json", '{"page": {"body": "\\udfff"}}'), 422),
    "lone surrogate in a tag": (page_put({"serialized_tags": '["\\ud800"]'}), 422),
    "lone surrogate in unique_name": (("post", "/admin/en/pages.json", '{"page": {"unique_name": "\\ud83d"}}'), 422),
    # Dates whose UTC value leaves the years 1-9999.
    "published_at past 9999 in UTC": (page_put({"published_at": "9999-12-31T23:59:59-14:00"}), 422),
    "starts_at before year 1 in UTC": (page_put({"starts_at": "0001-01-01T00:00:00+14:00"}), 422),
    "ends_at past 9999 on create": (page_post({"ends_at": "9999-12-31T23:00:00-05:00"}), 422),
    # null where the document says a value is required.
    "status null": (page_put({"status": None}), 422),
    "template null": (page_put({"template": None}), 422),
    "status null on create": (page_post({"status": None}), 422),
    # Wrong types.
    "status as text": (page_put({"status": "2"}), 422),
    "user_id as a float": (page_put({"user_id": 1.5}), 422),
    "links as an object": (page_put({"page_images_attributes": {"image_id": 1}}), 422),
    "move without a position": (move({"parent_id": False}), 422),
    # What trying it found (issue 18, items 2, 4 and 5).
    "redirect_to /\\evil.example": (page_put({"redirect_to": "/\\evil.example"}), 422),
    "redirect_to https:///evil.example": (page_put({"redirect_to": "https:///evil.example"}), 422),
    "redirect_to with CR LF": (page_put({"redirect_to": "/a\r\nLocation: https://evil.example"}), 422),
    "redirect_to javascript:": (page_put({"redirect_to": "javascript:alert(1)"}), 422),
    "published_at as a number": (page_put({"published_at": 253402300800}), 422),
    "published_at as digits": (page_put({"published_at": "253402300800"}), 422),
    "starts_at as a float": (page_put({"starts_at": 1.5e9}), 422),
    "a blank default name": (page_put({"name": "   "}), 422),
    "101 tags": (page_put({"serialized_tags": str([f"t{n}" for n in range(101)]).replace("'", '"')}), 422),
    "201 image links": (page_put({"page_images_attributes": [{"image_id": "{other}"}] * 201}), 422),
    "tag prefix of 101 characters": (("get", "/admin/tags.json?q=" + "x" * 101, None), 422),
    "NUL in a tag prefix": (("get", "/admin/tags.json?q=a%00", None), 422),
    # A top-level segment the site's own routes take (issue 18 item 8).
    "a new top-level page at /{locale}/pages": (page_post({"path_segment": "pages"}), 422),
}


def resolve(value: Any, site: dict[str, Any]) -> Any:
    """Fill "{name}" placeholders with the ids of the site's records."""
    if isinstance(value, str) and re.fullmatch(r"\{\w+\}", value):
        return site[value[1:-1]].pk
    if isinstance(value, str):
        return re.sub(r"\{(\w+)\}", lambda m: str(site[m.group(1)].pk), value)
    if isinstance(value, dict):
        return {k: resolve(v, site) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve(v, site) for v in value]
    return value


def send(api, method: str, path: str, body: Any) -> Any:
    if method == "get":
        return api.get(path)
    return getattr(api, method)(path, body)


def documented_statuses(method: str, path: str) -> set[int] | None:
    """Return the statuses the OpenAPI document lists for a call, None for an address it lacks."""
    path = path.split("?")[0]
    for pattern, statuses in _documented_operations():
        if pattern.fullmatch(path) and method in statuses:
            return statuses[method]
    return None


@functools.cache
def _documented_operations() -> list[tuple[re.Pattern[str], dict[str, set[int]]]]:
    """Each address of the document as a pattern, with each method's statuses: read once a test
    process (the document is a deep copy a call, 35 ms, and hundreds of tests ask)."""
    return [
        (
            re.compile(re.sub(r"\\\{\w+\\\}", "[^/]+", re.escape(template))),
            {method: {int(code) for code in operation["responses"]} for method, operation in operations.items()},
        )
        for template, operations in ninja_api.get_openapi_schema()["paths"].items()
    ]


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_hostile_input_answers_4xx_and_changes_nothing(api, site, case):
    (method, path, body), expected = CASES[case]
    path, body = resolve(path, site), resolve(body, site)
    before = snapshot()

    response = send(api, method, path, body)

    assert response.status_code == expected, response.content[:500]
    assert snapshot() == before
    documented = documented_statuses(method, path)
    if documented is not None:
        assert expected in documented, f"{expected} is not in the OpenAPI document for {method} {path}"
    if response["Content-Type"].startswith("application/json"):
        response.json()
    # Whatever was refused left nothing behind that breaks a later read.
    assert_every_read_works(api, site)


def assert_every_read_works(api, site) -> None:
    for path in (
        "/admin/en/pages.json",
        "/admin/ar/pages.json",
        f"/admin/en/pages/{site['A'].pk}.json",
        "/admin/en/pages",
        f"/admin/en/pages/{site['A'].pk}/edit",
        "/admin/en/pages/new",
    ):
        assert api.get(path).status_code == 200, path


@pytest.mark.parametrize("field", ["name", "serialized_tags"])
def test_bidirectional_controls_never_reach_names_or_tags(api, site, field):
    """U+202E once made a page's name read backwards in the tree (issue 18, item 4)."""
    sneaky = "\u202egnp.exe\u2066x\u2069"
    value = sneaky if field == "name" else f'["{sneaky}"]'
    answer = api.put(f"/admin/en/pages/{site['A'].pk}.json", {"page": {field: value}}).json()
    shown = answer["blocks"]["name"]["en"] if field == "name" else answer["enabled_tags"][0]
    assert shown == "gnp.exex"


def test_a_refused_path_id_answers_json(api):
    response = api.put("/admin/en/pages/abc.json", {"page": {"name": "x"}})
    assert response.status_code == 404
    assert response.json() == {"detail": "Not Found"}


def test_move_to_the_top_level_with_false_is_still_accepted(api, site):
    response = api.put(f"/admin/en/pages/{site['A'].pk}/move.json", {"parent_id": False, "position": 1})
    assert response.status_code == 200
    assert response.json()["parent_page_id"] is None


def test_dates_at_the_edges_of_the_range_are_stored(api, site):
    response = api.put(f"/admin/en/pages/{site['A'].pk}.json", {"page": {"published_at": "9999-12-31T09:59:59-14:00"}})
    assert response.status_code == 200
    assert response.json()["published_at"].startswith("9999-12-31T23:59:59")
    assert_every_read_works(api, site)


def test_a_link_dropped_and_added_again_in_one_payload_is_accepted(api, site):
    records = [{"id": site["link"].pk, "_destroy": True}, {"image_id": site["image"].pk, "position": 1}]
    response = api.put(f"/admin/en/pages/{site['A'].pk}.json", {"page": {"page_images_attributes": records}})
    assert response.status_code == 200
    assert [link["image_id"] for link in response.json()["page_images"]] == [site["image"].pk]


def test_link_errors_say_what_is_wrong(api, site):
    records = [{"image_id": site["other"].pk}, {"image_id": site["other"].pk}]
    response = api.put(f"/admin/en/pages/{site['A'].pk}.json", {"page": {"page_images_attributes": records}})
    assert ["page_images_attributes", "links the same image to this page more than once"] in response.json()["errors"]
    records = [{"image_id": site["other"].pk, "position": 0}]
    response = api.put(f"/admin/en/pages/{site['A'].pk}.json", {"page": {"page_images_attributes": records}})
    assert response.json()["errors"] == [
        ["page_images_attributes", "record 1 position: Input should be greater than or equal to 1"]
    ]


def test_preview_refuses_deeply_nested_json(admin_user):
    client = Client()
    client.force_login(admin_user)
    response = client.post("/en/pages/preview", {"preview_page": DEEP})
    assert response.status_code == 400


@pytest.mark.parametrize("escaped", ["a\\u0000b", "\\ud800"])
def test_preview_refuses_text_it_could_not_render(admin_user, escaped):
    client = Client()
    client.force_login(admin_user)
    assert client.post("/en/pages/preview", {"preview_page": '{"name": "fine"}'}).status_code == 200
    response = client.post("/en/pages/preview", {"preview_page": '{"name": "' + escaped + '"}'})
    assert response.status_code == 400


def test_a_wrong_type_in_a_union_gets_one_plain_message(api, site):
    response = api.put(f"/admin/en/pages/{site['A'].pk}.json", {"page": {"parent_page_id": True}})
    assert response.json()["errors"] == [["parent_page_id", "Input should be a valid integer"]]


def test_a_parent_that_is_a_digit_only_to_python_opens_a_top_level_new_page(api):
    assert api.get("/admin/en/pages/new?parent=%C2%B2").status_code == 200  # "²"


def test_the_preview_is_never_stored_and_runs_no_script(admin_user):
    client = Client()
    client.force_login(admin_user)
    response = client.post("/en/pages/preview", {"preview_page": '{"name": "Draft"}'})
    assert response["Cache-Control"] == "no-store"
    assert "default-src 'none'" in response["Content-Security-Policy"]
    assert "<style>" not in response.content.decode()
