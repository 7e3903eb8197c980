"""Compressed answers: gzip for what Django builds, pre-compressed Brotli/gzip for the built assets.

The static tests build a small dist of their own with the real compressor script, so they run
whether or not the frontend has been built.
"""

import gzip
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.test import Client

REPO_DIR = Path(__file__).resolve().parents[3]
COMPRESSOR = REPO_DIR / "frontend" / "scripts" / "compress-assets.mjs"
FOREVER = "max-age=315360000, public, immutable"  # WhiteNoise's value for hashed names

# Text a browser would download: big and repetitive enough that compressing it pays.
SCRIPT = b"export function greet(name) { return 'Hello, ' + name; }\n" * 200


def without_csrf_token(html: bytes) -> bytes:
    masked, count = re.subn(rb'"csrf_token":"[^"]+"', b'"csrf_token":"-"', html)
    assert count == 1
    return masked


def gzip_flags(body: bytes) -> int:
    assert body[:2] == b"\x1f\x8b", "a gzip stream"
    return body[3]


# --- Answers Django builds: JSON and HTML ---------------------------------------------------


@pytest.fixture
def pages(make_page):
    for number in range(20):
        make_page(f"Page number {number}")


def test_a_json_answer_is_gzipped_when_the_browser_accepts_it_and_plain_otherwise(api, pages):
    plain = api.client.get("/admin/en/pages.json")
    zipped = api.client.get("/admin/en/pages.json", headers={"Accept-Encoding": "gzip, deflate, br"})

    assert plain.status_code == zipped.status_code == 200
    assert "Content-Encoding" not in plain
    assert zipped["Content-Encoding"] == "gzip"  # gzip even when br is offered: see compression.py
    assert gzip.decompress(zipped.content) == plain.content
    assert len(zipped.content) < len(plain.content) / 4
    assert zipped["Content-Length"] == str(len(zipped.content))
    for response in (plain, zipped):
        assert "Accept-Encoding" in response["Vary"]  # a cache must keep the two apart
        assert response["Cache-Control"] == "no-store"  # the admin's own headers still apply


def test_gzipped_answers_carry_random_padding_against_breach(api, pages):
    # Django writes a random-length file name into the gzip header, so the length of an answer
    # no longer tells an attacker whether a guessed secret compressed well.
    bodies = {api.client.get("/admin/en/pages.json", headers={"Accept-Encoding": "gzip"}).content for _ in range(8)}

    assert all(gzip_flags(body) & gzip.FNAME for body in bodies)
    assert len({len(body) for body in bodies}) > 1


def test_an_admin_screen_is_gzipped_and_decompresses_to_the_same_page(api, pages):
    plain = api.client.get("/admin/en/pages")
    zipped = api.client.get("/admin/en/pages", headers={"Accept-Encoding": "gzip"})

    assert plain.status_code == zipped.status_code == 200
    assert "Content-Encoding" not in plain
    assert zipped["Content-Encoding"] == "gzip"
    # Only the CSRF token differs: Django masks it afresh for every answer (against BREACH too).
    assert without_csrf_token(gzip.decompress(zipped.content)) == without_csrf_token(plain.content)
    assert b'<script id="initial-data"' in plain.content
    assert "Accept-Encoding" in zipped["Vary"]


def test_a_short_answer_is_left_plain(api):
    # Under 200 bytes gzip's own header would eat the saving.
    response = api.client.get("/admin/en/pages.json", headers={"Accept-Encoding": "gzip"})

    assert response.status_code == 200
    assert len(response.content) < 200  # no pages yet
    assert "Content-Encoding" not in response


# --- Stored files under /media/: never compressed --------------------------------------------


@pytest.fixture
def stored_file(settings, tmp_path) -> tuple[str, bytes]:
    settings.MEDIA_ROOT = tmp_path / "media"
    content = b"%PDF-1.7\n" + b"compressible text " * 500
    # Not under attachments/: those are served only at their own address (cms.media.attachments.downloads).
    name = "images/2026/11/" + "0123456789abcdef" * 2 + ".bin"
    assert default_storage.save(name, ContentFile(content)) == name
    return f"/media/{name}", content


def test_a_media_file_is_sent_as_stored_even_when_gzip_is_accepted(client, db, stored_file):
    url, content = stored_file

    response = client.get(url, headers={"Accept-Encoding": "gzip"})

    assert response.status_code == 200
    assert response.streaming
    assert "Content-Encoding" not in response
    assert response.getvalue() == content
    assert response["Content-Length"] == str(len(content))
    assert response["ETag"].startswith('"')  # still strong, so ranges keep working


def test_a_byte_range_of_a_media_file_counts_the_stored_bytes(client, db, stored_file):
    url, content = stored_file

    response = client.get(url, headers={"Accept-Encoding": "gzip", "Range": "bytes=100-199"})

    assert response.status_code == 206
    assert "Content-Encoding" not in response
    assert response["Content-Range"] == f"bytes 100-199/{len(content)}"
    assert response.getvalue() == content[100:200]


# --- Built assets: pre-compressed siblings, served by WhiteNoise --------------------------------


@pytest.fixture
def dist(tmp_path) -> Path:
    """A small Vite-like build, compressed by the real script; its assets are /static/admin/…"""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed; the build (and `make test`) needs it")
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / ".vite").mkdir()
    (dist / "assets" / "pageTree-C63p-f0m.js").write_bytes(SCRIPT)
    (dist / "assets" / "pageTree-DwhUMMIr.css").write_bytes(b".tree { margin-inline-start: 1rem; }\n" * 100)
    (dist / "assets" / "logo-AbCd1234.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(2000))
    (dist / "assets" / "tiny-Xy12Zw34.js").write_bytes(b"export{}")  # nothing to gain
    (dist / ".vite" / "manifest.json").write_text(json.dumps({"src/app/pageTree.tsx": {}}) * 50)
    result = subprocess.run([node, str(COMPRESSOR), str(dist)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return dist


@pytest.fixture
def static_client(settings, db, dist) -> Client:
    # WhiteNoise lists the finders' files when the client's middleware is built, after this.
    # (`db`: closing a response ends the request, which checks the database connection.)
    settings.STATICFILES_DIRS = [("admin", dist)]
    return Client()


def test_the_build_script_compresses_the_assets():
    scripts = json.loads((REPO_DIR / "frontend" / "package.json").read_text())["scripts"]
    assert "node scripts/compress-assets.mjs dist" in scripts["build"]


def test_the_compressor_writes_brotli_and_gzip_siblings_of_text_assets_only(dist):
    assets = dist / "assets"
    siblings = sorted(path.name for path in assets.iterdir() if path.suffix in {".br", ".gz"})

    assert siblings == [
        "pageTree-C63p-f0m.js.br",
        "pageTree-C63p-f0m.js.gz",
        "pageTree-DwhUMMIr.css.br",
        "pageTree-DwhUMMIr.css.gz",
    ]
    assert gzip.decompress((assets / "pageTree-C63p-f0m.js.gz").read_bytes()) == SCRIPT
    assert not list((dist / ".vite").glob("*.gz"))  # Django reads the manifest from disk


@pytest.mark.parametrize(
    ("accept", "encoding", "suffix"),
    [("gzip, deflate, br, zstd", "br", ".br"), ("gzip", "gzip", ".gz"), ("", None, "")],
)
def test_a_built_asset_is_served_in_the_best_encoding_the_browser_accepts(
    static_client, dist, accept, encoding, suffix
):
    response = static_client.get("/static/admin/assets/pageTree-C63p-f0m.js", headers={"Accept-Encoding": accept})

    assert response.status_code == 200
    assert response.get("Content-Encoding") == encoding
    assert response.getvalue() == (dist / "assets" / f"pageTree-C63p-f0m.js{suffix}").read_bytes()
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Vary"] == "Accept-Encoding"
    assert response["Cache-Control"] == FOREVER
    response.close()


def test_a_compressed_sibling_has_no_address_of_its_own(static_client):
    assert static_client.get("/static/admin/assets/pageTree-C63p-f0m.js.br").status_code == 404


@pytest.mark.parametrize(
    ("url", "cache_control"),
    [
        ("/static/admin/assets/pageTree-DwhUMMIr.css", FOREVER),
        ("/static/admin/assets/logo-AbCd1234.png", FOREVER),
        # Not named by their content: they may change under the same address.
        ("/static/admin/.vite/manifest.json", "max-age=60, public"),
        ("/static/ninja/swagger-ui-bundle.js", "max-age=60, public"),
        ("/static/admin_ui/base.css", "max-age=60, public"),
    ],
)
def test_only_hashed_build_assets_are_cached_forever(static_client, url, cache_control):
    response = static_client.get(url)

    assert response.status_code == 200
    assert response["Cache-Control"] == cache_control
    response.close()


def test_a_static_file_without_siblings_is_not_compressed_on_the_fly(static_client):
    # WhiteNoise answers before the gzip middleware runs: static files are compressed at build
    # time or not at all, never per request.
    response = static_client.get("/static/ninja/swagger-ui-bundle.js", headers={"Accept-Encoding": "gzip"})

    assert response.status_code == 200
    assert "Content-Encoding" not in response
    response.close()
