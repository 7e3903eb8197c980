"""A full disk during an upload (issue 18, item 4): the answer is the JSON error shape (507),
and nothing the failed upload wrote stays behind: no original, no thumbnail, no temporary file,
no row, no audit entry. A worker killed in the middle of an upload leaves a temporary file that
is swept minutes later."""

import errno
import os
import time

import pytest
from django.apps import apps
from django.core.files.storage import FileSystemStorage
from django.core.files.uploadhandler import TemporaryFileUploadHandler

from cms.audit.models import AuditEntry
from cms.core import uploads
from cms.media.models import Attachment
from cms.media.storage import renditions
from cms.media.tests.attachments import PDF, replace_file, stored_attachment, upload_attachment
from cms.media.tests.images import png, upload

NO_ROOM = "There is no room left on the server to store the file; nothing was kept."
REFUSAL = {"status": "error", "error": NO_ROOM, "detail": NO_ROOM}


def disk_full(error_number=errno.ENOSPC):
    """A storage write that fails half way, as a full disk does: part of the file is written."""

    def save(self, name, content):
        path = self.path(name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as partial:
            partial.write(content.read(16))
        raise OSError(error_number, os.strerror(error_number))

    return save


@pytest.fixture
def full_disk(monkeypatch):
    monkeypatch.setattr(FileSystemStorage, "_save", disk_full())


def test_an_image_upload_on_a_full_disk_answers_507_json_and_keeps_nothing(api, storage, full_disk):
    response = upload(api, "photo.png", png())
    assert response.status_code == 507
    assert response["Content-Type"].startswith("application/json")
    assert response.json() == REFUSAL
    storage.assert_nothing_stored()
    assert not AuditEntry.objects.exists()


def test_a_thumbnail_that_finds_the_disk_full_takes_the_stored_original_with_it(api, storage, monkeypatch):
    def store(name, data):
        path = storage.media / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data[:10])
        raise OSError(errno.EDQUOT, "Disk quota exceeded")

    monkeypatch.setattr(renditions, "store", store)
    response = upload(api, "photo.png", png())
    assert response.status_code == 507
    assert response.json() == REFUSAL
    storage.assert_nothing_stored()


def test_an_attachment_upload_on_a_full_disk_answers_507_json_and_keeps_nothing(api, storage, full_disk):
    response = upload_attachment(api, "guide.pdf", PDF, **{"attachment[name][en]": "Guide"})
    assert response.status_code == 507
    assert response.json() == REFUSAL
    storage.assert_nothing_stored()
    assert not AuditEntry.objects.exists()


def test_a_replacement_on_a_full_disk_keeps_the_old_file(api, storage, monkeypatch):
    record = stored_attachment(api)
    before = storage.files()
    monkeypatch.setattr(FileSystemStorage, "_save", disk_full())
    response = replace_file(api, record["id"], "new.pdf", PDF + b"% more")
    assert response.status_code == 507
    assert response.json() == REFUSAL
    assert storage.files() == before
    assert Attachment.objects.get().filename == "guide.pdf"
    assert api.get(record["url"]).status_code == 200
    assert list(storage.temp.iterdir()) == []


def test_another_storage_failure_still_leaves_nothing_behind(api, storage, monkeypatch):
    monkeypatch.setattr(FileSystemStorage, "_save", disk_full(errno.EIO))
    with pytest.raises(OSError):  # a server error (500), not a refusal: but nothing is kept
        upload_attachment(api, "guide.pdf", PDF)
    storage.assert_nothing_stored()


def test_a_temporary_file_that_finds_the_disk_full_is_removed_at_once(api, storage, settings, monkeypatch):
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 1024  # the upload goes to a temporary file
    written = TemporaryFileUploadHandler.receive_data_chunk

    def receive(self, raw_data, start):
        if start > 0:
            assert list(storage.temp.iterdir())  # it is being written
            raise OSError(errno.ENOSPC, "No space left on device")
        return written(self, raw_data, start)

    monkeypatch.setattr(TemporaryFileUploadHandler, "receive_data_chunk", receive)
    response = upload(api, "photo.png", png(600, 600) + b"\0" * 200_000)
    assert response.status_code == 507
    assert response.json() == REFUSAL
    storage.assert_nothing_stored()


def abandoned(folder, name, minutes_ago):
    path = folder / name
    path.write_bytes(b"half an upload")
    moment = time.time() - minutes_ago * 60
    os.utime(path, (moment, moment))
    return path


def test_temporary_files_a_killed_worker_left_are_swept_and_live_ones_kept(storage):
    left = abandoned(storage.temp, "tmpa1b2c3d4.upload.png", 11)
    left_without_extension = abandoned(storage.temp, "tmpzz_9x8y7.upload", 60 * 24)
    live = abandoned(storage.temp, "tmpe5f6g7h8.upload.pdf", 2)
    not_ours = abandoned(storage.temp, "report.pdf", 60)
    assert sorted(uploads.sweep_abandoned_uploads()) == sorted([left, left_without_extension])
    assert sorted(storage.temp.iterdir()) == sorted([live, not_ours])


def test_the_sweep_runs_when_a_process_starts_and_now_and_then_as_requests_come(api, storage, monkeypatch):
    left = abandoned(storage.temp, "tmpa1b2c3d4.upload.png", 30)
    apps.get_app_config("cms_core").ready()
    assert not left.exists()
    left = abandoned(storage.temp, "tmpa1b2c3d4.upload.png", 30)
    monkeypatch.setattr(uploads, "_last_sweep", time.monotonic())
    api.get("/admin/images.json")
    assert left.exists()  # swept a moment ago: not again on every request
    monkeypatch.setattr(uploads, "_last_sweep", time.monotonic() - uploads.SWEEP_EVERY)
    api.get("/admin/images.json")
    assert not left.exists()


def test_uploads_are_written_to_the_swept_folder(settings):
    from config import settings as configured

    assert configured.FILE_UPLOAD_TEMP_DIR == configured.VAR_DIR / "uploads"
    assert configured.FILE_UPLOAD_TEMP_DIR.is_dir()


def test_the_507_is_in_the_openapi_document():
    import json

    from cms.api.openapi import openapi_text

    paths = json.loads(openapi_text())["paths"]
    for path in ("/admin/images.json", "/admin/attachments.json", "/admin/attachments/{attachment_id}/file.json"):
        refusal = paths[path]["post"]["responses"]["507"]
        assert refusal["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/UploadRefusedOut"}
