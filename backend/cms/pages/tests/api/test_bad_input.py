"""Bad input gets a clear error and changes nothing (issue 2, "Bad input")."""

import pytest

from cms.pages.models import Page, PageLocalization


@pytest.fixture
def page(make_page):
    return make_page("Original", path_segment="original")


def snapshot():
    return list(Page.objects.values()), list(PageLocalization.objects.values())


def test_malformed_json_answers_400_json(api, page):
    before = snapshot()
    response = api.put(f"/admin/en/pages/{page.pk}.json", '{"page": {"name": ')
    assert response.status_code == 400
    assert response.json() == {"detail": "Cannot parse request body"}
    assert snapshot() == before


def test_unknown_locale_answers_404(api, page):
    before = snapshot()
    assert api.get("/admin/xx/pages.json").status_code == 404
    response = api.put(f"/admin/xx/pages/{page.pk}.json", {"page": {"name": "Changed"}})
    assert response.status_code == 404
    assert response.json() == {"detail": "Unknown locale 'xx'."}
    assert api.post("/admin/xx/pages.json", {"page": {"name": "New"}}).status_code == 404
    assert snapshot() == before


def test_unknown_template_is_a_validation_error_on_template(api, page):
    before = snapshot()
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"template": "nonexistent"}})
    assert response.status_code == 422
    assert ["template", "is not a known template"] in response.json()["errors"]
    assert snapshot() == before
    response = api.post("/admin/en/pages.json", {"page": {"name": "New", "template": "nonexistent"}})
    assert response.status_code == 422
    assert ["template", "is not a known template"] in response.json()["errors"]
    assert Page.objects.count() == 1


def test_write_without_csrf_token_answers_403(api, page):
    api.csrf = False
    before = snapshot()
    assert api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"name": "Changed"}}).status_code == 403
    assert api.post("/admin/en/pages.json", {"page": {"name": "New"}}).status_code == 403
    assert api.put(f"/admin/en/pages/{page.pk}/move.json", {"parent_id": False, "position": 1}).status_code == 403
    assert snapshot() == before


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/admin/en/pages.json"),
        ("get", "/admin/en/pages/{id}.json"),
        ("get", "/admin/en/templates.json"),
        ("put", "/admin/en/pages/{id}.json"),
        ("post", "/admin/en/pages.json"),
        ("put", "/admin/en/pages/{id}/move.json"),
    ],
)
def test_json_calls_without_login_answer_401_or_403_json(anonymous_api, page, method, path):
    before = snapshot()
    path = path.format(id=page.pk)
    response = anonymous_api.get(path) if method == "get" else getattr(anonymous_api, method)(path, {"page": {}})
    assert response.status_code in (401, 403)
    assert response["Content-Type"].startswith("application/json")
    assert "detail" in response.json()
    assert snapshot() == before


def test_stale_lock_version_answers_409_and_changes_nothing(api, page):
    assert api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"name": "First", "lock_version": 0}}).status_code == 200
    before = snapshot()
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"name": "Second", "lock_version": 0}})
    assert response.status_code == 409
    assert response.json() == {"detail": "Someone else changed this page after you opened it.", "lock_version": 1}
    assert snapshot() == before


def test_wrongly_typed_field_answers_422_with_attribute_errors(api, page):
    before = snapshot()
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"status": "published"}})
    assert response.status_code == 422
    assert response.json()["errors"][0][0] == "status"
    assert snapshot() == before


def test_html_in_a_block_is_refused(api, page):
    before = snapshot()
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"body": "<script>alert(1)</script>"}})
    assert response.status_code == 422
    assert ["body", "can't contain HTML; use Markdown for formatting"] in response.json()["errors"]
    assert snapshot() == before


def test_unknown_page_answers_404(api):
    assert api.get("/admin/en/pages/999.json").status_code == 404
    assert api.put("/admin/en/pages/999.json", {"page": {"name": "x"}}).status_code == 404


@pytest.mark.parametrize(
    "payload",
    [{"page": {"status": "x"}}, {"name": "no page wrapper"}, {"page": {"serialized_tags": ["a", "b"]}}],
)
def test_payloads_that_fail_their_schema_answer_422_with_the_page_shape(api, page, payload):
    before = snapshot()
    for response in (api.put(f"/admin/en/pages/{page.pk}.json", payload), api.post("/admin/en/pages.json", payload)):
        assert response.status_code == 422
        body = response.json()
        assert body["errors"] and {"id", "blocks", "lock_version", "permissions"} <= set(body)
    assert snapshot() == before
