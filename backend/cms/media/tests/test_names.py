"""Stored names are made by the server; the uploader's filename is only cleaned for display."""

import re
from types import SimpleNamespace

import pytest

from cms.media.names import clean_filename, image_upload_to, is_server_made, server_made_name


@pytest.mark.parametrize(
    ("name", "cleaned"),
    [
        ("photo.png", "photo.png"),
        ("../../etc/passwd", "passwd"),
        ("C:\\Users\\ana\\Bilder\\katt.jpg", "katt.jpg"),
        ("nul\x00byte\x07.png", "nulbyte.png"),
        ("line\r\nbreak.png", "linebreak.png"),
        ("\u202egnp.exe", "gnp.exe"),  # a right-to-left override would show it as "exe.png"
        ("  blåbær.png  ", "blåbær.png"),
        ("صورة.jpg", "صورة.jpg"),
        ("", "image"),
        (None, "image"),
        ("..", "image"),
        ("folder/", "image"),
        ("\x00\x01", "image"),
    ],
)
def test_clean_filename(name, cleaned):
    assert clean_filename(name, fallback="image") == cleaned


def test_a_long_filename_is_cut_to_255_characters_keeping_its_extension():
    cleaned = clean_filename("a" * 300 + ".jpeg", fallback="image")
    assert len(cleaned) == 255
    assert cleaned.endswith("a.jpeg")


def test_a_long_filename_without_extension_is_cut_to_255_characters():
    assert clean_filename("b" * 300, fallback="image") == "b" * 255


def test_server_made_names_are_random_and_dated():
    first, second = server_made_name("images", "png"), server_made_name("images", "png")
    assert first != second
    assert re.fullmatch(r"images/\d{4}/\d{2}/[0-9a-f]{32}\.png", first)
    assert is_server_made(first)


@pytest.mark.parametrize(
    ("content_type", "extension"),
    [("image/jpeg", "jpg"), ("image/png", "png"), ("image/gif", "gif"), ("image/tiff", "tif"), ("text/html", "bin")],
)
def test_an_images_stored_name_ignores_the_uploaders_filename(content_type, extension):
    name = image_upload_to(SimpleNamespace(content_type=content_type), "evil.html")
    assert name.endswith(f".{extension}")
    assert "evil" not in name


@pytest.mark.parametrize(
    "name", ["images/2026/11/evil.html", "images/2026/11/photo.png", "images/2026/11/" + "0" * 31 + ".png", ""]
)
def test_names_the_server_did_not_make_are_recognised(name):
    assert not is_server_made(name)
