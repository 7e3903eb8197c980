"""Careless and hostile uploads answer 4xx and store nothing (issue 7, item 5)."""

import pytest

from cms.media.tests.images import png, upload


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"image[alternative][en]": "a\x00b"}, "The alternative text (en) can't contain NUL characters."),
        ({"image[alternative][nb]": "x" * 2001}, "The alternative text (nb) is too long (at most 2000 characters)."),
    ],
)
def test_alternative_texts_no_database_can_store_are_refused(api, storage, fields, message):
    response = upload(api, "photo.png", png(), **fields)
    assert response.status_code == 422
    assert response.json() == {"status": "error", "error": message}
    storage.assert_nothing_stored()


def test_alternative_texts_for_unknown_locales_are_dropped(api, storage):
    response = upload(api, "photo.png", png(), **{"image[alternative][xx]": "\x00", "image[alternative][en]": "Cat"})
    assert response.status_code == 201
    assert response.json()["alternative"] == {"en": "Cat"}


@pytest.mark.parametrize(
    "body",
    [b"--x\r\nContent-Disposition: form-data; name=", b"no multipart at all", b"--x--\r\n" * 3, b""],
)
def test_malformed_multipart_answers_4xx_json(api, storage, body):
    api.client.cookies["csrftoken"] = api.token
    response = api.client.post(
        "/admin/images.json", body, content_type="multipart/form-data; boundary=x", headers={"X-CSRFToken": api.token}
    )
    assert response.status_code in (400, 422)
    assert response["Content-Type"].startswith("application/json")
    storage.assert_nothing_stored()


def test_a_missing_boundary_answers_400_json(api, storage):
    api.client.cookies["csrftoken"] = api.token
    response = api.client.post(
        "/admin/images.json", b"x", content_type="multipart/form-data", headers={"X-CSRFToken": api.token}
    )
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/json")
    storage.assert_nothing_stored()


@pytest.mark.parametrize("path", ["/admin/images/abc.json", "/admin/images/-1.json", f"/admin/images/{2**63}.json"])
def test_an_image_address_without_a_valid_id_answers_404_json(api, path):
    response = api.get(path)
    assert response.status_code == 404
    assert response.json() == {"detail": "Not Found"}
