"""Nothing of an upload is read, let alone stored, before the caller is known (cms.core.uploads).

Each body counts the bytes the server reads of it, so "refused before reading" is measured.
"""

import time

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client

from cms.core.exceptions import ValidationFailed
from cms.core.tests.bodies import CountingMultipart, post_multipart
from cms.core.uploads import FRAMING_ALLOWANCE
from cms.media.images.services import image_create
from cms.media.tests.images import png, upload

MB = 1024 * 1024
CHUNK = 64 * 1024  # what Django's multipart parser reads at a time
SMALL_LIMIT = 256 * 1024


@pytest.fixture
def small_limit(settings):
    settings.CMS_IMAGE_MAX_UPLOAD_BYTES = SMALL_LIMIT
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 0  # every upload goes to a temporary file, which must not stay


@pytest.mark.parametrize("with_header", [False, True])
def test_an_anonymous_upload_is_refused_with_401_before_its_body_is_read(anonymous_api, storage, with_header):
    body = CountingMultipart(200_000)
    token = anonymous_api.token if with_header else None

    response = post_multipart(anonymous_api.client, "/admin/images.json", body, csrf_token=token)

    assert response.status_code == 401
    assert response.json() == {"detail": "Unauthorized"}
    assert body.bytes_read == 0
    storage.assert_nothing_stored()


def test_an_upload_without_the_csrf_header_is_refused_with_403_before_its_body_is_read(api, storage):
    body = CountingMultipart(200_000)

    response = post_multipart(api.client, "/admin/images.json", body)  # the csrftoken cookie, no header

    assert response.status_code == 403
    assert response.json() == {"detail": "CSRF check Failed"}
    assert body.bytes_read == 0
    storage.assert_nothing_stored()


def test_a_signed_in_visitor_who_is_not_staff_is_refused_before_the_body_is_read(storage, db):
    visitor = get_user_model().objects.create_user("visitor", password="x")
    client = Client(enforce_csrf_checks=True)
    client.force_login(visitor)
    client.cookies["csrftoken"] = token = _get_new_csrf_string()
    body = CountingMultipart(200_000)

    response = post_multipart(client, "/admin/images.json", body, csrf_token=token)

    assert response.status_code == 403
    assert body.bytes_read == 0
    storage.assert_nothing_stored()


def test_an_upload_with_a_wrong_csrf_token_is_refused_and_stores_nothing(api, storage):
    response = post_multipart(api.client, "/admin/images.json", CountingMultipart(1000), csrf_token="wrong" * 8)

    assert response.status_code == 403
    storage.assert_nothing_stored()


def test_a_content_length_over_the_50_mb_limit_is_refused_with_413_before_the_body_is_read(api, storage):
    body = CountingMultipart(60 * 1000 * 1000)

    response = post_multipart(api.client, "/admin/images.json", body, csrf_token=api.token)

    assert response.status_code == 413
    message = "The file is too large: at most 50 MB."
    assert response.json() == {"status": "error", "error": message, "detail": message}
    assert body.bytes_read == 0
    storage.assert_nothing_stored()


def test_a_file_over_the_limit_in_a_body_within_the_allowance_stops_being_read_at_the_limit(api, storage, small_limit):
    body = CountingMultipart(SMALL_LIMIT + FRAMING_ALLOWANCE - 1024)
    assert body.length < SMALL_LIMIT + FRAMING_ALLOWANCE  # so only the file's own bytes can tell

    response = post_multipart(api.client, "/admin/images.json", body, csrf_token=api.token)

    assert response.status_code == 413
    assert response.json()["error"] == "The file is too large: at most 256 KB."
    assert SMALL_LIMIT < body.bytes_read <= SMALL_LIMIT + CHUNK + len(body.head)
    assert body.bytes_read < body.length - CHUNK
    storage.assert_nothing_stored()


def test_a_file_just_over_the_real_50_mb_limit_stops_being_read_at_the_limit(api, storage, settings):
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 0
    body = CountingMultipart(50 * MB + 1024)
    started = time.monotonic()

    response = post_multipart(api.client, "/admin/images.json", body, csrf_token=api.token)

    assert response.status_code == 413
    assert "at most 50 MB" in response.json()["error"]
    assert 50 * MB < body.bytes_read <= 50 * MB + CHUNK + len(body.head)
    assert time.monotonic() - started < 30
    storage.assert_nothing_stored()


def test_an_image_of_exactly_the_limit_is_stored_and_one_byte_more_is_refused(api, storage, settings):
    image = png()
    settings.CMS_IMAGE_MAX_UPLOAD_BYTES = len(image) - 1

    refused = upload(api, "photo.png", image)

    assert refused.status_code == 413
    storage.assert_nothing_stored()
    settings.CMS_IMAGE_MAX_UPLOAD_BYTES = len(image)
    assert upload(api, "photo.png", image).status_code == 201
    assert len(storage.originals()) == 1


def test_the_service_applies_the_same_limit(db, settings):
    settings.CMS_IMAGE_MAX_UPLOAD_BYTES = 100

    with pytest.raises(ValidationFailed) as refused:
        image_create(actor=None, upload=SimpleUploadedFile("photo.png", png()), alternative={})

    assert refused.value.errors == [("file", "is too large: at most 100 bytes")]


def test_the_upload_call_documents_its_413(api):
    responses = api.get("/admin/api/openapi.json").json()["paths"]["/admin/images.json"]["post"]["responses"]
    assert responses["413"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/UploadErrorOut"}
