"""Media in an S3-compatible object store (issue 21, item 1), against a real one: SeaweedFS on
127.0.0.1 (cms.media.tests.object_store). Originals, renditions and attachments are objects of
the bucket, nothing is written under MEDIA_ROOT; downloads keep ranges, validators and the safe
headers; uploads and downloads stream (memory does not grow with the file)."""

import hashlib
import os
import threading
import time
import tracemalloc

import pytest
from django.core.files import File
from django.core.files.storage import default_storage
from django.db import connection
from django.test import Client

from cms.media.models import Image
from cms.media.records import rendition_url
from cms.media.storage import renditions
from cms.media.tests.attachments import PDF, SCRIPT_PAGE, replace_file, stored_attachment, upload_attachment
from cms.media.tests.images import png, upload

pytestmark = pytest.mark.long


class Bucket:
    def __init__(self, store, name):
        self.store, self.name = store, name

    def keys(self, prefix=""):
        return [key for key in self.store.keys(self.name) if key.startswith(prefix)]


@pytest.fixture
def bucket(object_store, settings):
    """A bucket of this test's own, as the default storage."""
    name = object_store.new_bucket()
    settings.STORAGES = {**settings.STORAGES, "default": object_store.settings(name)}
    return Bucket(object_store, name)


def body(response):
    return b"".join(response.streaming_content) if response.streaming else response.content


def delete(api, path):
    return api.client.delete(path, headers={"X-CSRFToken": api.token})


def assert_safe_headers(response):
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Content-Security-Policy"] == "sandbox"


def test_an_image_its_renditions_and_its_deletion_live_in_the_bucket(
    api, bucket, storage, django_capture_on_commit_callbacks
):
    picture = png(400, 300)
    response = upload(api, "harbour.png", picture)
    assert response.status_code == 201, response.content
    record = response.json()
    [original] = bucket.keys("images/")
    assert record["original_url"] == f"/media/{original}"
    assert len(bucket.keys(f"renditions/{record['id']}/")) == 1  # the thumbnail, made at upload

    served = api.get(record["original_url"])
    assert served.status_code == 200 and body(served) == picture
    assert served["Content-Type"] == "image/png" and served["Content-Length"] == str(len(picture))
    assert_safe_headers(served)
    assert served["ETag"] and served["Last-Modified"]

    fill = rendition_url(Image.objects.get(pk=record["id"]), 800, 600, "fill")
    made = api.get(fill)
    assert made.status_code == 200 and made["Content-Type"] == "image/jpeg"
    assert_safe_headers(made)
    assert len(bucket.keys(f"renditions/{record['id']}/")) == 2
    again = api.get(fill)
    assert again.streaming and body(again) == body(made)  # read back from the bucket

    assert storage.files() == []  # nothing on the local disk
    with django_capture_on_commit_callbacks(execute=True):
        assert delete(api, f"/admin/images/{record['id']}.json").status_code == 204
    assert bucket.keys() == []
    assert api.get(record["original_url"]).status_code == 404


def test_downloads_from_the_bucket_keep_ranges_and_validators(api, bucket):
    record = upload(api, "harbour.png", png(120, 90)).json()
    url = record["original_url"]
    whole = api.get(url)
    content = body(whole)
    size = len(content)

    part = api.client.get(url, headers={"Range": "bytes=8-15"})
    assert part.status_code == 206
    assert part["Content-Range"] == f"bytes 8-15/{size}" and body(part) == content[8:16]
    assert_safe_headers(part)
    tail = api.client.get(url, headers={"Range": "bytes=-4"})
    assert tail.status_code == 206 and body(tail) == content[-4:]
    past = api.client.get(url, headers={"Range": f"bytes={size}-"})
    assert past.status_code == 416 and past["Content-Range"] == f"bytes */{size}"

    assert api.client.get(url, headers={"If-None-Match": whole["ETag"]}).status_code == 304
    assert api.client.get(url, headers={"If-Modified-Since": whole["Last-Modified"]}).status_code == 304
    head = api.client.head(url)
    assert head.status_code == 200 and head["Content-Length"] == str(size) and head.content == b""


def test_an_attachment_is_an_object_served_at_its_own_address(api, bucket, storage, django_capture_on_commit_callbacks):
    record = stored_attachment(api, "guide.pdf", PDF)
    [key] = bucket.keys("attachments/")
    response = api.get(record["url"])
    assert response.status_code == 200 and body(response) == PDF
    assert response["Content-Disposition"] == 'inline; filename="guide.pdf"'
    assert_safe_headers(response)
    part = api.client.get(record["url"], headers={"Range": "bytes=0-7"})
    assert part.status_code == 206 and body(part) == PDF[:8]
    assert api.client.get(record["url"], headers={"If-None-Match": response["ETag"]}).status_code == 304
    assert api.get(f"/media/{key}").status_code == 404  # only its own address serves it

    with django_capture_on_commit_callbacks(execute=True):
        replaced = replace_file(api, record["id"], "guide-2.pdf", PDF + b"% second edition\n")
    assert replaced.status_code == 200, replaced.content
    [new_key] = bucket.keys("attachments/")
    assert new_key != key and body(api.get(record["url"])) == PDF + b"% second edition\n"

    with django_capture_on_commit_callbacks(execute=True):
        assert delete(api, f"/admin/attachments/{record['id']}.json").status_code == 204
    assert bucket.keys() == [] and storage.files() == []


def test_a_page_a_browser_could_run_is_only_ever_a_download(api, bucket):
    response = upload_attachment(api, "page.html", SCRIPT_PAGE, "text/html")
    if response.status_code != 201:  # refused outright is as safe
        assert response.status_code == 422
        assert bucket.keys() == []
        return
    served = api.get(response.json()["url"])
    assert served["Content-Disposition"].startswith("attachment;")
    assert_safe_headers(served)


def random_file(path, megabytes):
    with path.open("wb") as out:
        for _ in range(megabytes):
            out.write(os.urandom(1024 * 1024))
    return path


def peak_while(action):
    tracemalloc.start()
    try:
        result = action()
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_large_files_stream_to_and_from_the_store(bucket, tmp_path):
    def save(path):
        with path.open("rb") as source:
            return default_storage.save(f"attachments/{path.name}", File(source))

    def read_back(name):
        digest = hashlib.sha256()
        with default_storage.open(name, "rb") as stored:
            for chunk in stored.chunks():
                digest.update(chunk)
        return digest.hexdigest()

    save(random_file(tmp_path / "warm-up.bin", 9))  # the client's models load once (some 20 MB)
    small, large = random_file(tmp_path / "small.bin", 24), random_file(tmp_path / "large.bin", 48)
    small_name, small_peak = peak_while(lambda: save(small))
    large_name, large_peak = peak_while(lambda: save(large))
    # A multipart upload holds a few 8 MB parts at a time, whatever the file's size: twice the
    # file, the same memory.
    assert large_peak < 40 * 1024 * 1024, large_peak
    assert large_peak - small_peak < 4 * 1024 * 1024, (small_peak, large_peak)

    digest, read_peak = peak_while(lambda: read_back(large_name))
    assert digest == hashlib.sha256(large.read_bytes()).hexdigest()
    assert read_peak < 4 * 1024 * 1024, read_peak
    assert default_storage.size(small_name) == 24 * 1024 * 1024


@pytest.mark.skipif(connection.vendor != "postgresql", reason="made once across connections: PostgreSQL")
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("where", ["bucket", "disk"])
def test_a_rendition_asked_for_by_many_at_once_is_made_once(where, request, api, monkeypatch):
    if where == "bucket":
        request.getfixturevalue("bucket")
    record = upload(api, "harbour.png", png(800, 600)).json()
    url = rendition_url(Image.objects.get(pk=record["id"]), 640, 480, "fill")
    made = []
    render = renditions.render

    def slow_render(*args):
        made.append(threading.get_ident())
        time.sleep(0.3)  # long enough for every other request to arrive meanwhile
        return render(*args)

    monkeypatch.setattr(renditions, "render", slow_render)
    answers: list[tuple[int, bytes]] = []
    start = threading.Barrier(6)

    def ask():
        visitor = Client()
        start.wait()
        response = visitor.get(url)
        answers.append((response.status_code, body(response)))
        connection.close()

    threads = [threading.Thread(target=ask) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(made) == 1
    assert [status for status, _ in answers] == [200] * 6
    assert len({content for _, content in answers}) == 1
