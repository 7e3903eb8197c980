"""PUT /admin/images/{id}: texts per locale, crop and focal point, checked against the image's
bounds; a refused change answers 422 with (attribute, message) pairs and changes nothing."""

import json

import pytest
from django.db.models.signals import post_save

from cms.media.models import Image


@pytest.fixture
def image(db):
    return Image.objects.create(
        file="images/2026/11/" + "a" * 32 + ".png",
        filename="harbour.png",
        content_type="image/png",
        real_width=400,
        real_height=300,
        alternative={"en": "A harbour"},
    )


def put(api, image, fields, *, suffix=".json"):
    return api.put(f"/admin/images/{image.pk}{suffix}", {"image": fields})


def stored(image):
    row = Image.objects.filter(pk=image.pk).values().get()
    row.pop("updated_at")
    return row


@pytest.mark.parametrize("suffix", [".json", ""])
def test_texts_crop_and_focal_point_are_saved_and_answered(api, image, suffix):
    fields = {
        "alternative": {"nb": "En havn", "ar": "ميناء"},
        "caption": {"en": "Oslo, 1900"},
        "crop_start_x": 10, "crop_start_y": 20, "crop_width": 300, "crop_height": 200,
        "crop_gravity_x": 100, "crop_gravity_y": 100,
    }  # fmt: skip
    response = put(api, image, fields, suffix=suffix)

    assert response.status_code == 200
    record = response.json()
    assert record["alternative"] == {"en": "A harbour", "nb": "En havn", "ar": "ميناء"}  # a partial change
    assert record["caption"] == {"en": "Oslo, 1900"}
    assert [record[f"crop_{k}"] for k in ("start_x", "start_y", "width", "height", "gravity_x", "gravity_y")] == [
        10, 20, 300, 200, 100, 100,
    ]  # fmt: skip
    assert api.get(f"/admin/images/{image.pk}.json").json() == record


def test_absent_fields_keep_their_values_and_null_clears_crop_and_focal_point(api, image):
    put(api, image, {"crop_start_x": 0, "crop_start_y": 0, "crop_width": 10, "crop_height": 10})
    assert put(api, image, {"caption": {"en": "Hi"}}).json()["crop_width"] == 10
    cleared = put(api, image, {"crop_start_x": None, "crop_start_y": None, "crop_width": None, "crop_height": None})
    assert cleared.status_code == 200
    assert cleared.json()["crop_width"] is None
    assert cleared.json()["caption"] == {"en": "Hi"}


def test_an_empty_text_removes_that_locale(api, image):
    assert put(api, image, {"alternative": {"en": "   "}}).json()["alternative"] == {}


def test_the_search_text_follows_the_texts(api, image):
    put(api, image, {"caption": {"nb": "BLÅBÆR"}})
    assert "blåbær" in Image.objects.get(pk=image.pk).search_text


@pytest.mark.parametrize(
    ("fields", "attribute"),
    [
        ({"crop_start_x": 0, "crop_start_y": 0, "crop_width": 401, "crop_height": 10}, "crop_start_x"),
        ({"crop_start_x": 399, "crop_start_y": 0, "crop_width": 2, "crop_height": 10}, "crop_start_x"),
        ({"crop_start_x": 0, "crop_start_y": 0, "crop_width": 0, "crop_height": 10}, "crop_width"),
        ({"crop_start_x": 0, "crop_start_y": 0, "crop_width": 10}, "crop_start_x"),
        ({"crop_gravity_x": 500, "crop_gravity_y": 10}, "crop_gravity_x"),
        ({"crop_gravity_x": 5}, "crop_gravity_x"),
        ({"crop_start_x": -1, "crop_start_y": 0, "crop_width": 10, "crop_height": 10}, "crop_start_x"),
        ({"crop_start_x": 2**31, "crop_start_y": 0, "crop_width": 10, "crop_height": 10}, "crop_start_x"),
        ({"crop_width": 10**30}, "crop_width"),
        ({"crop_width": "10"}, "crop_width"),
        ({"crop_width": True}, "crop_width"),
        ({"crop_width": 1.5}, "crop_width"),
        ({"crop_width": {"nested": 1}}, "crop_width"),
        ({"crop_width": [10]}, "crop_width"),
        ({"alternative": {"xx": "Unknown locale"}}, "alternative"),
        ({"alternative": {"en": "NUL\x00"}}, "alternative"),
        ({"alternative": {"en": "x" * 2001}}, "alternative"),
        ({"alternative": {"en": {"nested": "object"}}}, "alternative"),
        ({"alternative": {"en": 5}}, "alternative"),
        ({"alternative": ["en"]}, "alternative"),
        ({"alternative": "A harbour"}, "alternative"),
        ({"caption": {"en\x00": "key with NUL"}}, "caption"),
        ({"caption": {str(n): "many" for n in range(101)}}, "caption"),
    ],
)
def test_bad_changes_are_refused_with_422_and_change_nothing(api, image, fields, attribute):
    before = stored(image)

    response = put(api, image, fields)

    assert response.status_code == 422
    assert response.json()["errors"][0][0] == attribute
    assert stored(image) == before


@pytest.mark.parametrize(
    "body",
    [
        '{"image": {"alternative": {"en": "\\ud800"}}}',  # a lone surrogate
        '{"image": {"caption": {"en": "\\udfff tail"}}}',
        '{"image": {"caption": {"\\ud800": "a surrogate key"}}}',  # quoted back in the message
        '{"image": {"alternative": {"en": "a"}, "alternative": {"en": "\\u0000"}}}',  # duplicate keys: the last
    ],
)
def test_texts_no_database_can_store_are_refused(api, image, body):
    before = stored(image)
    response = api.put(f"/admin/images/{image.pk}.json", body)
    assert response.status_code == 422
    assert stored(image) == before


@pytest.mark.parametrize(
    "body",
    ["not json", "[]", '{"image": []}', '{"image": null}', '"image"', '{"image": {"crop_width": 1e999}}', "{" * 5000],
)
def test_malformed_bodies_answer_4xx(api, image, body):
    before = stored(image)
    response = api.put(f"/admin/images/{image.pk}.json", body)
    assert 400 <= response.status_code < 500
    assert stored(image) == before


def test_unknown_images_answer_404(api, image):
    assert api.put("/admin/images/999999.json", {"image": {}}).status_code == 404
    assert api.get("/admin/images/999999.json").status_code == 404
    assert api.put("/admin/images/99999999999999999999.json", {"image": {}}).status_code == 404


def test_an_update_needs_login_and_csrf(api, anonymous_api, image):
    assert put(anonymous_api, image, {"caption": {"en": "x"}}).status_code in (401, 403)
    api.csrf = False
    assert put(api, image, {"caption": {"en": "x"}}).status_code == 403
    assert Image.objects.get(pk=image.pk).caption == {}


def test_an_update_saves_the_image_so_cached_page_answers_are_forgotten(api, image):
    # The pages app listens for Image saves (cms.pages.apps); media only has to save the row.
    saved = []

    def heard(sender, instance, **kwargs):
        saved.append(instance.pk)

    post_save.connect(heard, sender=Image, dispatch_uid="test-heard")
    try:
        put(api, image, {"caption": {"en": "x"}})
    finally:
        post_save.disconnect(dispatch_uid="test-heard", sender=Image)
    assert saved == [image.pk]


def test_the_openapi_document_lists_every_answer_of_the_new_calls(api):
    paths = api.get("/admin/api/openapi.json").json()["paths"]
    for path in ("/admin/images/{image_id}.json", "/admin/images/{image_id}"):
        assert {"200", "400", "401", "403", "404", "415", "422"} <= set(paths[path]["put"]["responses"]), path
    assert {"200", "401", "403", "422"} <= set(paths["/admin/images.json"]["get"]["responses"])
    assert json.dumps(paths)  # serialisable
