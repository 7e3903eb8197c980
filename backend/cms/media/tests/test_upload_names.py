"""Uploads are stored under names the server makes, with the extension of the detected type, so
no uploaded file can ever be served as a page (DESIGN.md §3)."""

import re

import pytest

from cms.media.models import Image
from cms.media.tests.images import SCRIPT, picture, png_with_script, upload

SERVER_MADE = r"images/\d{4}/\d{2}/[0-9a-f]{32}"


@pytest.mark.parametrize("name", ["x.html", "x.svg", "x.xhtml", "x.js"])
def test_a_png_carrying_a_script_is_stored_and_served_as_a_png_whatever_its_name(api, storage, name):
    content = png_with_script()
    response = upload(api, name, content)

    assert response.status_code == 201
    record = response.json()
    assert (record["filename"], record["content_type"]) == (name, "image/png")
    stored = Image.objects.get().file.name
    assert re.fullmatch(SERVER_MADE + r"\.png", stored)
    assert [path.name for path in storage.originals()] == [stored.rsplit("/", 1)[1]]

    served = api.client.get(record["original_url"])
    assert served.status_code == 200
    assert served["Content-Type"] == "image/png"
    assert served["X-Content-Type-Options"] == "nosniff"
    assert served["Content-Security-Policy"] == "sandbox"
    assert served["Content-Disposition"].startswith("inline")
    assert served["Cache-Control"] == "public, max-age=31536000, immutable"
    body = served.getvalue()
    assert body == content and SCRIPT in body  # the very bytes, script and all: only the type defuses it


@pytest.mark.parametrize(
    ("suffix", "extension", "content_type"),
    [(".jpg", "jpg", "image/jpeg"), (".gif", "gif", "image/gif"), (".tif", "tif", "image/tiff")],
)
def test_the_stored_extension_is_the_detected_types(api, suffix, extension, content_type):
    response = upload(api, "picture.png", picture(suffix))

    assert response.status_code == 201
    assert response.json()["content_type"] == content_type
    assert re.fullmatch(rf"{SERVER_MADE}\.{extension}", Image.objects.get().file.name)
    assert api.client.get(response.json()["original_url"])["Content-Type"] == content_type


def test_a_tiff_which_browsers_do_not_show_is_served_as_a_download(api):
    record = upload(api, "scan.tif", picture(".tif")).json()

    served = api.client.get(record["original_url"])
    assert served["Content-Type"] == "image/tiff"
    assert served["Content-Disposition"].startswith("attachment")


def test_two_uploads_of_the_same_name_get_different_stored_names(api):
    first = upload(api, "photo.png", picture(".png")).json()
    second = upload(api, "photo.png", picture(".png")).json()

    assert first["original_url"] != second["original_url"]
    assert first["filename"] == second["filename"] == "photo.png"


def test_a_filename_with_a_path_is_kept_as_its_last_part_only(api, storage):
    # Browsers send a bare name, but a client may send anything; the name never reaches a path.
    record = upload(api, "../../config/evil.html", png_with_script()).json()

    assert record["filename"] == "evil.html"
    assert len(storage.originals()) == 1
    assert storage.originals()[0].parent.parent.parent == storage.media / "images"
