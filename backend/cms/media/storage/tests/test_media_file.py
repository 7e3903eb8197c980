"""Serving stored files: a type from a fixed list, sandboxed, with ranges and conditional GETs."""

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

CONTENT = bytes(range(100))
SERVER_MADE = "images/2026/11/" + "0123456789abcdef" * 2 + ".png"


@pytest.fixture
def stored():
    """A 100-byte file under a server-made name; return its address."""
    assert default_storage.save(SERVER_MADE, ContentFile(CONTENT)) == SERVER_MADE
    return f"/media/{SERVER_MADE}"


def assert_sandboxed(response):
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Content-Security-Policy"] == "sandbox"


@pytest.mark.parametrize("name", ["evil.html", "evil.htm", "evil.svg", "evil.xhtml", "evil.js", "evil.png.html"])
def test_a_legacy_file_a_browser_could_run_is_only_ever_a_download(client, name):
    default_storage.save(f"images/2020/01/{name}", ContentFile(b"<script>alert(document.domain)</script>"))

    response = client.get(f"/media/images/2020/01/{name}")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/octet-stream"
    assert response["Content-Disposition"] == f'attachment; filename="{name}"'
    assert response["Cache-Control"] == "public, max-age=300"  # not server-made: may change
    assert_sandboxed(response)


def test_a_whole_file_is_streamed_with_its_validators(client, stored):
    response = client.get(stored)

    assert response.status_code == 200
    assert response.streaming  # read in chunks, never whole into memory
    assert response.getvalue() == CONTENT
    assert response["Content-Type"] == "image/png"
    assert response["Content-Length"] == "100"
    assert response["Content-Disposition"].startswith("inline")
    assert response["Accept-Ranges"] == "bytes"
    assert response["Cache-Control"] == "public, max-age=31536000, immutable"
    assert response["ETag"].startswith('"')  # strong: a weak one (W/"…") would not serve ranges
    assert "Last-Modified" in response
    assert_sandboxed(response)


def test_head_answers_the_headers_without_the_body(client, stored):
    response = client.head(stored)

    assert response.status_code == 200
    assert response.content == b""
    assert response["Content-Length"] == "100"
    assert response["Content-Type"] == "image/png"
    assert response["ETag"] == client.get(stored)["ETag"]
    assert_sandboxed(response)


@pytest.mark.parametrize(
    ("header", "content_range", "body"),
    [
        ("bytes=10-19", "bytes 10-19/100", CONTENT[10:20]),
        ("bytes=95-", "bytes 95-99/100", CONTENT[95:]),
        ("bytes=-3", "bytes 97-99/100", CONTENT[97:]),
        ("bytes=98-1000", "bytes 98-99/100", CONTENT[98:]),
    ],
)
def test_a_range_answers_206_with_just_those_bytes(client, stored, header, content_range, body):
    response = client.get(stored, headers={"Range": header})

    assert response.status_code == 206
    assert response["Content-Range"] == content_range
    assert response["Content-Length"] == str(len(body))
    assert response.getvalue() == body
    assert response["Content-Type"] == "image/png"
    assert_sandboxed(response)


def test_a_range_of_a_large_file_is_streamed_in_chunks(client):
    content = bytes(range(256)) * 1200  # 300 KB: several of FileResponse's 64 KB blocks
    default_storage.save("images/2020/01/large.jpg", ContentFile(content))

    response = client.get("/media/images/2020/01/large.jpg", headers={"Range": "bytes=1000-250000"})

    assert response.status_code == 206
    assert response.streaming
    chunks = list(response.streaming_content)
    assert len(chunks) > 1
    assert b"".join(chunks) == content[1000:250001]


@pytest.mark.parametrize("header", ["bytes=100-", "bytes=500-600", "bytes=-0"])
def test_a_range_past_the_end_answers_416_with_the_size(client, stored, header):
    response = client.get(stored, headers={"Range": header})

    assert response.status_code == 416
    assert response["Content-Range"] == "bytes */100"
    assert response.getvalue() == b""
    assert_sandboxed(response)


@pytest.mark.parametrize("header", ["bytes=x-y", "bytes=5-2", "bytes=0-1,5-6", "pages=1-2", "bytes=" + "9" * 40 + "-"])
def test_a_malformed_range_is_ignored(client, stored, header):
    response = client.get(stored, headers={"Range": header})

    assert response.status_code == 200
    assert response.getvalue() == CONTENT


def test_head_ignores_a_range(client, stored):
    response = client.head(stored, headers={"Range": "bytes=0-9"})

    assert response.status_code == 200
    assert response["Content-Length"] == "100"


def test_if_range_with_the_current_etag_serves_the_range_and_any_other_the_whole_file(client, stored):
    etag = client.get(stored)["ETag"]

    assert client.get(stored, headers={"Range": "bytes=0-9", "If-Range": etag}).status_code == 206
    stale = client.get(stored, headers={"Range": "bytes=0-9", "If-Range": '"stale"'})
    assert stale.status_code == 200
    assert stale.getvalue() == CONTENT


def test_a_known_etag_answers_304_without_a_body(client, stored):
    etag = client.get(stored)["ETag"]

    response = client.get(stored, headers={"If-None-Match": etag})

    assert response.status_code == 304
    assert response.content == b""
    assert response["ETag"] == etag
    assert response["Cache-Control"] == "public, max-age=31536000, immutable"
    assert_sandboxed(response)
    assert client.get(stored, headers={"If-None-Match": '"other"'}).status_code == 200


def test_the_etag_changes_when_the_file_does(client):
    default_storage.save("images/2020/01/photo.png", ContentFile(b"first"))
    before = client.get("/media/images/2020/01/photo.png")["ETag"]
    default_storage.delete("images/2020/01/photo.png")
    default_storage.save("images/2020/01/photo.png", ContentFile(b"second version"))

    assert client.get("/media/images/2020/01/photo.png")["ETag"] != before


@pytest.mark.parametrize(
    "address",
    [
        "/media/../secret.txt",
        "/media/%2e%2e/secret.txt",
        "/media/images/..%2f..%2fsecret.txt",
        "/media/images/%2e%2e/%2e%2e/secret.txt",
        "/media/images/..%5c..%5csecret.txt",
        "/media//etc/passwd",
        "/media/%2Fetc%2Fpasswd",
        "/media/images/2026/11/x.png%00.html",
        "/media/images/2026/11/x%0a.png",
        "/media/",
        "/media/images",
        "/media/images/2026/11/missing.png",
    ],
)
def test_paths_outside_the_media_folder_or_without_a_file_answer_404(client, storage, stored, address):
    (storage.media.parent / "secret.txt").write_text("not for the web")

    response = client.get(address)

    assert response.status_code == 404
    assert b"not for the web" not in response.getvalue()


def test_writes_are_not_allowed(client, stored):
    assert client.delete(stored).status_code == 405
    assert client.post(stored, "{}", content_type="application/json").status_code == 405
