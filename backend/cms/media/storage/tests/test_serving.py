"""What a stored file may be asked by and is served as, and which bytes a Range asks for."""

import pytest

from cms.media.storage.serving import (
    RangeNotSatisfiable,
    cache_control,
    is_inline,
    requested_range,
    served_type,
    storage_name,
)


@pytest.mark.parametrize(
    "path",
    [
        "",
        "/etc/passwd",
        "../secret",
        "images/../../secret",
        "images/./x.png",
        "images//x.png",
        "images/",
        "images\\..\\secret",
        "images/x.png\x00.html",
        "images/x\n.png",
    ],
)
def test_paths_that_could_leave_the_media_folder_are_refused(path):
    assert storage_name(path) is None


@pytest.mark.parametrize("path", ["images/2026/11/photo.png", "images/2026/11/..png", "a/%2e%2e/b"])
def test_ordinary_paths_name_a_stored_file(path):
    assert storage_name(path) == path


@pytest.mark.parametrize(
    ("name", "content_type", "inline"),
    [
        ("images/2026/11/a.jpg", "image/jpeg", True),
        ("images/2026/11/a.JPEG", "image/jpeg", True),
        ("images/2026/11/a.png", "image/png", True),
        ("images/2026/11/a.gif", "image/gif", True),
        ("images/2026/11/a.webp", "image/webp", True),
        ("images/2026/11/a.avif", "image/avif", True),
        ("images/2026/11/a.tif", "image/tiff", False),
        ("images/2026/11/a.html", "application/octet-stream", False),
        ("images/2026/11/a.svg", "application/octet-stream", False),
        ("images/2026/11/a.xhtml", "application/octet-stream", False),
        ("images/2026/11/a.js", "application/octet-stream", False),
        ("images/2026/11/a.png.html", "application/octet-stream", False),
        ("images/2026/11/noextension", "application/octet-stream", False),
    ],
)
def test_the_served_type_comes_from_a_fixed_list(name, content_type, inline):
    assert served_type(name) == content_type
    assert is_inline(content_type) is inline


def test_only_server_made_names_are_cached_forever():
    assert cache_control("images/2026/11/" + "ab" * 16 + ".png") == "public, max-age=31536000, immutable"
    assert cache_control("images/2026/11/photo.png") == "public, max-age=300"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("bytes=0-9", (0, 9)),
        ("bytes=10-19", (10, 19)),
        ("bytes=90-", (90, 99)),
        ("bytes=90-500", (90, 99)),
        ("bytes=-10", (90, 99)),
        ("bytes=-500", (0, 99)),
        ("BYTES = 5 - 6", (5, 6)),
        ("", None),
        ("bytes=", None),
        ("bytes=-", None),
        ("bytes=9-5", None),
        ("bytes=0-1,5-6", None),
        ("items=0-9", None),
        ("bytes=a-b", None),
        ("bytes=1" + "0" * 5000 + "-", None),  # too long to be a number of ours: ignored, not an error
    ],
)
def test_requested_range_of_a_100_byte_file(header, expected):
    assert requested_range(header, 100) == expected


@pytest.mark.parametrize(
    ("header", "size"), [("bytes=100-", 100), ("bytes=100-200", 100), ("bytes=-0", 100), ("bytes=-5", 0)]
)
def test_a_range_past_the_end_is_not_satisfiable(header, size):
    with pytest.raises(RangeNotSatisfiable):
        requested_range(header, size)
