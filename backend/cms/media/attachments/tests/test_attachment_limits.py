"""The attachment size limit (default 100 MB) holds while the upload streams in, for a new file and
for a replacement: the body stops being read at the limit, and nothing is stored."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cms.core.exceptions import ValidationFailed
from cms.core.tests.bodies import CountingMultipart, post_multipart
from cms.core.uploads import FRAMING_ALLOWANCE
from cms.media.attachments.services import attachment_create
from cms.media.models import Attachment
from cms.media.tests.attachments import PDF, replace_file, stored_attachment, upload_attachment

MB = 1024 * 1024
CHUNK = 64 * 1024  # what Django's multipart parser reads at a time
SMALL_LIMIT = 256 * 1024


@pytest.fixture
def small_limit(settings):
    settings.CMS_ATTACHMENT_MAX_UPLOAD_BYTES = SMALL_LIMIT
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 0  # every upload goes to a temporary file, which must not stay


def big_file(size: int) -> CountingMultipart:
    return CountingMultipart(size, field="attachment[file]", filename="big.pdf")


@pytest.fixture
def existing(api, storage):
    record = stored_attachment(api, "guide.pdf", PDF)
    return record, storage.files()


def paths(record):
    return ["/admin/attachments.json", f"/admin/attachments/{record['id']}/file.json"]


def test_a_content_length_over_the_100_mb_limit_is_refused_with_413_before_the_body_is_read(api, existing, storage):
    record, before = existing
    for path in paths(record):
        body = big_file(101 * MB)

        response = post_multipart(api.client, path, body, csrf_token=api.token)

        assert response.status_code == 413, path
        message = "The file is too large: at most 100 MB."
        assert response.json() == {"status": "error", "error": message, "detail": message}
        assert body.bytes_read == 0
    assert storage.files() == before
    assert Attachment.objects.count() == 1


def test_a_file_over_the_limit_stops_being_read_at_the_limit_and_nothing_is_stored(api, existing, storage, small_limit):
    record, before = existing
    for path in paths(record):
        body = big_file(SMALL_LIMIT + FRAMING_ALLOWANCE - 1024)
        assert body.length < SMALL_LIMIT + FRAMING_ALLOWANCE  # so only the file's own bytes can tell

        response = post_multipart(api.client, path, body, csrf_token=api.token)

        assert response.status_code == 413, path
        assert response.json()["error"] == "The file is too large: at most 256 KB."
        assert SMALL_LIMIT < body.bytes_read <= SMALL_LIMIT + CHUNK + len(body.head)
    assert storage.files() == before
    assert list(storage.temp.iterdir()) == []
    assert api.get(f"/admin/attachments/{record['id']}.json").json() == record


def test_a_file_of_exactly_the_limit_is_stored_and_one_byte_more_is_refused(api, storage, settings):
    content = PDF + b"x" * 1000
    settings.CMS_ATTACHMENT_MAX_UPLOAD_BYTES = len(content) - 1

    refused = upload_attachment(api, "guide.pdf", content)

    assert refused.status_code == 413
    storage.assert_nothing_stored()
    settings.CMS_ATTACHMENT_MAX_UPLOAD_BYTES = len(content)
    assert upload_attachment(api, "guide.pdf", content).status_code == 201


def test_the_limit_is_a_setting_of_its_own(api, storage, settings):
    settings.CMS_IMAGE_MAX_UPLOAD_BYTES = 10  # images' limit: not the attachments'
    assert upload_attachment(api, "guide.pdf", PDF).status_code == 201


def test_the_service_applies_the_same_limit(db, settings):
    settings.CMS_ATTACHMENT_MAX_UPLOAD_BYTES = 10

    with pytest.raises(ValidationFailed) as refused:
        attachment_create(actor=None, upload=SimpleUploadedFile("guide.pdf", PDF), name={})

    assert refused.value.errors == [("file", "is too large: at most 10 bytes")]


def test_a_replacement_is_refused_before_reading_without_login_or_csrf_header(api, anonymous_api, existing):
    record, _ = existing
    path = f"/admin/attachments/{record['id']}/file.json"
    anonymous, no_header = big_file(200_000), big_file(200_000)

    assert post_multipart(anonymous_api.client, path, anonymous, csrf_token=anonymous_api.token).status_code == 401
    assert post_multipart(api.client, path, no_header).status_code == 403
    assert anonymous.bytes_read == no_header.bytes_read == 0


def test_a_replacement_of_an_unknown_attachment_answers_404(api, storage):
    assert replace_file(api, 999_999, "guide.pdf", PDF).status_code == 404
    response = replace_file(api, 10**20, "guide.pdf", PDF)  # not an id any database holds
    assert response.status_code in (404, 415)
    storage.assert_nothing_stored()
