"""The committed OpenAPI document (source of the frontend's types) matches the code."""

import json

from django.conf import settings

from cms.accounts.permissions import CREATE, EDIT, SUBMIT
from cms.api.openapi import openapi_text
from cms.pages.models import Status

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


def test_page_statuses_and_permissions_are_listed_as_the_model_has_them():
    schemas = json.loads(openapi_text())["components"]["schemas"]
    for name in ("PageOut", "TreePageOut", "TreeScreenPageOut"):
        properties = schemas[name]["properties"]
        assert properties["status"]["enum"] == list(Status.values), name
        assert properties["status"]["description"] == ", ".join(f"{v} {label}" for v, label in Status.choices)
        assert properties["permissions"]["items"]["enum"] == [EDIT, CREATE, SUBMIT], name


def test_the_screens_embedded_data_is_in_the_document():
    schemas = json.loads(openapi_text())["components"]["schemas"]
    assert schemas["PageTreeScreenOut"]["properties"]["pages"]["items"] == {
        "$ref": "#/components/schemas/TreeScreenPageOut"
    }
    assert schemas["PageEditorScreenOut"]["properties"]["page"] == {"$ref": "#/components/schemas/PageOut"}
    assert set(schemas["ScreenOut"]["required"]) == {
        "screen",
        "interface_language",
        "locale",
        "locales",
        "csrf_token",
        "user",
        "urls",
    }
