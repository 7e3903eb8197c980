"""The JSON calls answer JSON, as the OpenAPI document says (issue 18, item 4): a 415 for a form
body is documented on every call that takes JSON, an id that is no number is a JSON 404 on the
spec's addresses without `.json` too, and locale maps name the configured locales as their keys."""

import json

import pytest

from cms.api.openapi import openapi_text
from cms.api.openapi_rules import document_json_refusals, document_locale_maps
from cms.core.schemas import LOCALE_MAP_MARK

MULTIPART_BODY = b'--x\r\nContent-Disposition: form-data; name="image[alternative][en]"\r\n\r\nCat\r\n--x--\r\n'


def operations(document):
    for path, methods in document["paths"].items():
        for method, operation in methods.items():
            yield path, method, operation


def test_every_call_that_takes_json_documents_the_415_for_a_form_body():
    document = json.loads(openapi_text())
    taking_json = [
        (path, method, operation)
        for path, method, operation in operations(document)
        if "application/json" in operation.get("requestBody", {}).get("content", {})
    ]
    assert len(taking_json) >= 8
    for path, method, operation in taking_json:
        refusal = operation["responses"].get("415")
        assert refusal, f"{method.upper()} {path} does not document its 415"
        assert refusal["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/ErrorOut"}


def test_a_json_call_added_later_gets_its_415_without_asking():
    document = {
        "paths": {
            "/admin/new.json": {
                "post": {"requestBody": {"content": {"application/json": {}}}, "responses": {200: {}}},
                "get": {"responses": {200: {}}},
            },
            "/admin/upload.json": {"post": {"requestBody": {"content": {"multipart/form-data": {}}}, "responses": {}}},
        }
    }
    document_json_refusals(document)
    assert 415 in document["paths"]["/admin/new.json"]["post"]["responses"]
    assert 415 not in document["paths"]["/admin/new.json"]["get"]["responses"]
    assert 415 not in document["paths"]["/admin/upload.json"]["post"]["responses"]


@pytest.mark.parametrize(
    "path", ["/admin/images/7", "/admin/attachments/7", "/admin/images/7.json", "/admin/en/pages/7.json"]
)
def test_a_form_body_sent_to_a_json_call_answers_the_documented_415(api, path):
    response = api.client.put(
        path, MULTIPART_BODY, content_type="multipart/form-data; boundary=x", headers={"X-CSRFToken": api.token}
    )
    assert response.status_code == 415
    assert response.json() == {"detail": "This call takes JSON (Content-Type: application/json)."}


@pytest.mark.parametrize("kind", ["images", "attachments"])
@pytest.mark.parametrize("bad_id", ["abc", "-1", "1.5", "9" * 19, "%00", "1e3", "٣"])
def test_ids_that_are_no_number_answer_json_404_without_the_suffix_too(api, kind, bad_id):
    for path in (f"/admin/{kind}/{bad_id}", f"/admin/{kind}/{bad_id}.json"):
        response = api.put(path, {kind[:-1]: {}})
        assert response.status_code == 404, path
        assert response["Content-Type"] == "application/json", path
        assert response.json() == {"detail": "Not Found"}


def test_a_browser_still_gets_the_html_not_found_page(api):
    response = api.get("/admin/images/abc")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


LOCALE_MAPS = [
    ("ImageOut", "alternative"),
    ("ImageOut", "caption"),
    ("LibraryImageOut", "alternative"),
    ("AttachmentOut", "name"),
    ("AttachmentOut", "description"),
    ("LibraryAttachmentOut", "name"),
    ("ImagePageOut", "name"),
    ("AncestorOut", "name"),
    ("AncestorOut", "path_segment"),
    ("PageOut", "urls"),
    ("TreePageOut", "urls"),
    ("TreeScreenPageOut", "urls"),
]


@pytest.mark.parametrize(("schema", "field"), LOCALE_MAPS)
def test_locale_maps_name_the_configured_locales_as_their_keys(schema, field):
    properties = json.loads(openapi_text())["components"]["schemas"][schema]["properties"]
    locale_map = properties[field]
    assert list(locale_map["properties"]) == ["ar", "en", "nb"]  # sorted in the committed text
    assert locale_map["propertyNames"] == {"enum": ["en", "nb", "ar"]}
    assert LOCALE_MAP_MARK not in json.dumps(locale_map)


@pytest.mark.parametrize(("schema", "field"), [("ImageFieldsIn", "alternative"), ("AttachmentFieldsIn", "description")])
def test_locale_maps_a_write_takes_name_the_configured_locales(schema, field):
    properties = json.loads(openapi_text())["components"]["schemas"][schema]["properties"]
    locale_map = properties[field]["anyOf"][0]
    assert locale_map["propertyNames"] == {"enum": ["en", "nb", "ar"]}
    assert set(locale_map["properties"]) == {"en", "nb", "ar"}


def test_locale_maps_follow_the_configuration(settings):
    settings.CMS_LOCALES = ["en", "de"]
    node = {"type": "object", "additionalProperties": {"type": "string"}, LOCALE_MAP_MARK: True}
    document_locale_maps({"components": {"schemas": {"X": {"properties": {"texts": node}}}}})
    assert node["propertyNames"] == {"enum": ["en", "de"]}
    assert node["properties"] == {
        "en": {"type": "string", "title": "English"},
        "de": {"type": "string", "title": "Deutsch"},
    }


def test_localized_blocks_are_locale_maps_too():
    schemas = json.loads(openapi_text())["components"]["schemas"]
    page_block = schemas["PageOut"]["properties"]["blocks"]["additionalProperties"]["anyOf"]
    assert page_block[0] == {"type": "string"}  # a block that is not localized: one text
    for block in (page_block[1], *(schemas[name]["properties"]["blocks"]["additionalProperties"]
                                   for name in ("TreePageOut", "TreeScreenPageOut"))):  # fmt: skip
        assert block["propertyNames"] == {"enum": ["en", "nb", "ar"]}
