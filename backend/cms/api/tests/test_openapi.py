"""The committed OpenAPI document (source of the frontend's types) matches the code."""

from django.conf import settings

from cms.api.openapi import openapi_text

COMMITTED = settings.REPO_DIR / "frontend" / "openapi.json"


def test_committed_openapi_document_is_current():
    assert COMMITTED.read_text() == openapi_text(), (
        "frontend/openapi.json is stale: run `make api-types` and commit the result"
    )


def test_openapi_document_is_served(api):
    response = api.get("/admin/api/openapi.json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    assert "/admin/{locale}/pages/{page_id}/move.json" in paths
    assert "/admin/{locale}/pages.json" in paths


def test_openapi_document_needs_a_login(anonymous_api):
    response = anonymous_api.get("/admin/api/openapi.json")
    assert response.status_code == 401
    assert response.json() == {"detail": "Unauthorized"}
