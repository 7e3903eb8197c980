"""The object store failing during an upload or a download (issue 21, item 4), against a real
store (SeaweedFS) that can't be reached, stops answering half way through a multipart upload, or
refuses the second of an upload's writes: the answer is 503 in the API's error shape (uploads) or
plain (downloads), with Retry-After; no record without its file, no file without its record, no
temporary upload file left. (A full disk on the file-system storage: test_upload_storage_full.py.)"""

import signal

import pytest
from storages.utils import ReadBytesWrapper

from cms.audit.models import AuditEntry
from cms.media.models import Attachment, Image
from cms.media.storage import renditions
from cms.media.storage.errors import ObjectStoreUnavailable
from cms.media.tests.attachments import PDF, stored_attachment, upload_attachment
from cms.media.tests.images import png, upload
from cms.media.tests.object_store import free_ports

pytestmark = pytest.mark.long

STORE_AWAY = "The file store can't be reached right now; nothing was kept. Try again in a moment."
REFUSAL = {"status": "error", "error": STORE_AWAY, "detail": STORE_AWAY, "errors": [["base", STORE_AWAY]]}
# Fails fast: a store that does not answer within a second is taken as away, at the first try.
FAST = {"CMS_S3_TIMEOUT_SECONDS": "1", "CMS_S3_MAX_ATTEMPTS": "1"}


@pytest.fixture
def bucket(object_store, settings, storage):
    name = object_store.new_bucket()
    settings.STORAGES = {**settings.STORAGES, "default": object_store.settings(name, **FAST)}
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 1024  # every upload arrives in a temporary file
    return name


@pytest.fixture
def store_away(object_store, settings, bucket):
    """The same settings, but the endpoint is a port nothing listens on."""
    dead = f"http://127.0.0.1:{free_ports(1)[0]}"
    settings.STORAGES = {
        **settings.STORAGES,
        "default": object_store.settings(bucket, CMS_S3_ENDPOINT_URL=dead, **FAST),
    }


def assert_refused(response):
    assert response.status_code == 503
    assert response["Content-Type"].startswith("application/json")
    assert response["Retry-After"] == "5"
    assert response.json() == REFUSAL


def assert_nothing_kept(object_store, bucket, storage):
    assert object_store.keys(bucket) == []
    assert not Image.objects.exists() and not Attachment.objects.exists()
    assert not AuditEntry.objects.exists()
    assert storage.files() == [] and list(storage.temp.iterdir()) == []


def test_uploads_to_a_store_that_cannot_be_reached_answer_503_and_keep_nothing(
    api, object_store, bucket, store_away, storage
):
    assert_refused(upload(api, "harbour.png", png(300, 200)))
    assert_refused(upload_attachment(api, "guide.pdf", PDF + b"%" * 4096))
    assert_nothing_kept(object_store, bucket, storage)


def test_a_store_that_refuses_the_thumbnail_takes_the_stored_original_with_it(
    api, object_store, bucket, storage, monkeypatch
):
    def refuse(name, data):
        raise ObjectStoreUnavailable("503 Slow Down")

    monkeypatch.setattr(renditions, "store", refuse)
    assert_refused(upload(api, "harbour.png", png(300, 200)))
    assert_nothing_kept(object_store, bucket, storage)


def test_a_store_that_stops_answering_half_way_through_a_multipart_upload(
    api, object_store, bucket, storage, monkeypatch
):
    read = ReadBytesWrapper.read
    sent = []

    def read_then_freeze(self, *args, **kwargs):
        data = read(self, *args, **kwargs)
        sent.append(len(data))
        if len(sent) == 2:  # the first 8 MB part is out: the store stops answering
            object_store.process.send_signal(signal.SIGSTOP)
        return data

    monkeypatch.setattr(ReadBytesWrapper, "read", read_then_freeze)
    try:
        response = upload_attachment(api, "manual.pdf", PDF + b"%" * (12 * 1024 * 1024))
    finally:
        object_store.process.send_signal(signal.SIGCONT)
    assert len(sent) >= 2
    assert_refused(response)
    assert_nothing_kept(object_store, bucket, storage)


def test_a_replacement_the_store_refuses_keeps_the_old_file(api, object_store, bucket, storage, settings):
    record = stored_attachment(api, "guide.pdf", PDF)
    before = object_store.keys(bucket)
    dead = f"http://127.0.0.1:{free_ports(1)[0]}"
    live = settings.STORAGES["default"]
    settings.STORAGES = {
        **settings.STORAGES,
        "default": object_store.settings(bucket, CMS_S3_ENDPOINT_URL=dead, **FAST),
    }
    response = upload_attachment(api, "new.pdf", PDF + b"% new\n", path=f"/admin/attachments/{record['id']}/file.json")
    assert_refused(response)
    settings.STORAGES = {**settings.STORAGES, "default": live}
    assert object_store.keys(bucket) == before
    assert Attachment.objects.get().filename == "guide.pdf"
    assert api.get(record["url"]).status_code == 200
    assert list(storage.temp.iterdir()) == []


def test_downloads_while_the_store_is_away_answer_503_to_be_asked_again(api, object_store, bucket, settings):
    image = upload(api, "harbour.png", png(300, 200)).json()
    attachment = stored_attachment(api, "guide.pdf", PDF)
    dead = f"http://127.0.0.1:{free_ports(1)[0]}"
    settings.STORAGES = {
        **settings.STORAGES,
        "default": object_store.settings(bucket, CMS_S3_ENDPOINT_URL=dead, **FAST),
    }
    for url in (image["original_url"], image["uncropped_url"], attachment["url"]):
        response = api.get(url)
        assert response.status_code == 503, url
        assert response["Retry-After"] == "5"
        assert response["Cache-Control"] == "no-store"  # a CDN must not keep the refusal
        assert response["X-Content-Type-Options"] == "nosniff"
