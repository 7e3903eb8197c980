"""The upload guard: a multipart body is read only for a signed-in caller with a CSRF header, and
no further than its path's limit. (The image upload's own cases are in cms/media/tests.)"""

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import AnonymousUser
from django.core.files.uploadhandler import StopUpload, TemporaryFileUploadHandler
from django.http import HttpResponse
from django.test import Client, RequestFactory

from cms.core.tests.bodies import CountingMultipart, post_multipart
from cms.core.uploads import FRAMING_ALLOWANCE, UploadGuardMiddleware, UploadSizeLimit, size_text, upload_limit

MB = 1024 * 1024
CHUNK = 64 * 1024
# A multipart path without a limit of its own (a form, like the account page): Django's form limit holds.
OTHER_PATH = "/admin/account/"


@pytest.mark.parametrize(
    ("size", "text"),
    [(50 * MB, "50 MB"), (100 * MB, "100 MB"), (1536 * 1024, "1.5 MB"), (256 * 1024, "256 KB"), (100, "100 bytes")],
)
def test_size_text(size, text):
    assert size_text(size) == text


def test_the_limits_default_to_50_mb_for_images_and_100_mb_for_attachments():
    assert django_settings.CMS_IMAGE_MAX_UPLOAD_BYTES == 50 * MB
    assert django_settings.CMS_ATTACHMENT_MAX_UPLOAD_BYTES == 100 * MB


def test_each_upload_path_has_its_settings_limit_and_other_paths_djangos_form_limit(settings):
    settings.CMS_IMAGE_MAX_UPLOAD_BYTES, settings.CMS_ATTACHMENT_MAX_UPLOAD_BYTES = 111, 222
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 333

    assert upload_limit("/admin/images.json") == 111
    assert upload_limit("/admin/attachments.json") == 222
    assert upload_limit(OTHER_PATH) == 333


def test_the_size_limit_handler_passes_chunks_on_until_the_limit_then_stops_the_upload_unread():
    handler = UploadSizeLimit(None, limit=10)

    assert handler.receive_data_chunk(b"12345", 0) == b"12345"
    assert handler.receive_data_chunk(b"67890", 5) == b"67890"
    assert not handler.exceeded
    with pytest.raises(StopUpload) as stopped:
        handler.receive_data_chunk(b"!", 10)
    assert stopped.value.connection_reset  # the parser must not read the rest to discard it
    assert handler.exceeded


def test_the_guard_sits_after_authentication_and_before_the_form_conventions():
    order = django_settings.MIDDLEWARE
    guard = order.index("cms.core.uploads.UploadGuardMiddleware")
    assert order.index("django.contrib.auth.middleware.AuthenticationMiddleware") < guard
    assert guard < order.index("cms.core.middleware.FormConventionsMiddleware")


def test_a_request_that_is_not_multipart_passes_untouched():
    request = RequestFactory().post("/x", '{"a": 1}', content_type="application/json")
    request.user = AnonymousUser()

    response = UploadGuardMiddleware(lambda req: HttpResponse("view"))(request)

    assert response.content == b"view"


def test_an_ordinary_multipart_form_is_read_in_memory_only_even_from_an_unknown_caller(
    db, settings, tmp_path, monkeypatch
):
    # A browser may post the login form as multipart: it is read like any form, never to disk.
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 0  # Django's own handlers would now use a temp file
    settings.FILE_UPLOAD_TEMP_DIR = tmp_path

    def to_disk(*args, **kwargs):
        raise AssertionError("an upload of an unknown caller went to a temporary file")

    monkeypatch.setattr(TemporaryFileUploadHandler, "new_file", to_disk)
    body = CountingMultipart(50_000, field="attachment", fields={"username": "admin", "password": "x"})

    response = post_multipart(Client(enforce_csrf_checks=True), "/admin/login/", body)

    assert response.status_code == 403  # Django's CSRF check, which read the form for its token
    assert body.bytes_read == body.length
    assert list(tmp_path.iterdir()) == []


def test_a_multipart_post_to_another_path_is_held_to_djangos_form_limit(api, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100 * 1024
    too_long = CountingMultipart(100 * 1024 + FRAMING_ALLOWANCE + 1, field="file")
    too_large = CountingMultipart(100 * 1024 + FRAMING_ALLOWANCE - 1024, field="file")

    refused_unread = post_multipart(api.client, OTHER_PATH, too_long, csrf_token=api.token)
    refused_read = post_multipart(api.client, OTHER_PATH, too_large, csrf_token=api.token)

    assert refused_unread.status_code == refused_read.status_code == 413
    assert refused_unread.json()["error"] == "The file is too large: at most 100 KB."
    assert too_long.bytes_read == 0
    assert 100 * 1024 < too_large.bytes_read <= 100 * 1024 + CHUNK + len(too_large.head)


def test_a_multipart_body_to_a_json_call_is_refused_unread(api):
    body = CountingMultipart(1024, field="page")
    response = post_multipart(api.client, "/admin/en/pages.json", body, csrf_token=api.token)
    assert response.status_code == 415
    assert response.json() == {"detail": "This call takes JSON (Content-Type: application/json)."}
    assert body.bytes_read == 0


@pytest.mark.parametrize(
    "path", ["/admin/attachments/1e3/file.json", "/admin/attachments/abc.json", "/admin/nothing.json"]
)
def test_a_multipart_body_to_an_address_no_call_answers_is_its_json_404(api, path):
    # Found by the schema fuzzer: a `.json` address was taken for a JSON call, so a form body
    # sent to an unknown one answered 415 ("this call takes JSON"), which no operation lists there.
    body = CountingMultipart(1024, field="attachment[file]")
    response = post_multipart(api.client, path, body, csrf_token=api.token)
    assert response.status_code == 404
    assert response.json() == {"detail": "Not Found"}
