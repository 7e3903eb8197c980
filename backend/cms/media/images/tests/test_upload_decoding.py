"""An upload is checked whole before it is stored (a JPEG by its markers, other formats decoded,
shrunk on load): a damaged file is refused with nothing stored, and every accepted type gives a
real thumbnail (spec §5, §9)."""

import struct
import zlib

import pytest
import pyvips

from cms.media.models import Image
from cms.media.tests.images import png, quadrants, upload

DAMAGED = {"status": "error", "error": "The file could not be read: it is damaged or incomplete."}


def photo(suffix: str, **options) -> bytes:
    return quadrants(320, 240).write_to_buffer(suffix, **options)


def png_declaring(width: int, height: int) -> bytes:
    """Return a tiny PNG whose header claims a huge canvas (a pixel bomb)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\0" * 64)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


@pytest.mark.parametrize(
    ("content", "content_type"),
    [
        (photo(".jpg"), "image/jpeg"),
        (photo(".jpg", interlace=True), "image/jpeg"),  # progressive: what browsers call image/pjpeg
        (photo(".png"), "image/png"),
        (photo(".gif"), "image/gif"),
        (photo(".tif"), "image/tiff"),
    ],
)
def test_each_accepted_type_is_stored_with_a_real_thumbnail(api, storage, content, content_type):
    response = upload(api, "picture.bin", content, "application/octet-stream")

    assert response.status_code == 201
    record = response.json()
    assert (record["content_type"], record["real_width"], record["real_height"]) == (content_type, 320, 240)
    thumbnail = api.client.get(record["thumbnail_url"])
    assert thumbnail["Content-Type"] == "image/jpeg"
    # Made at upload (served from storage) or, for a JPEG, on this first request.
    body = b"".join(thumbnail.streaming_content) if thumbnail.streaming else thumbnail.content
    assert pyvips.Image.new_from_buffer(body, "").width == 250
    assert len(storage.originals()) == 1


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(photo(".jpg")[: len(photo(".jpg")) // 2], id="jpeg cut in half"),
        pytest.param(photo(".png")[:-40], id="png without its end"),
        pytest.param(photo(".jpg", Q=100)[:-300], id="jpeg without its last bytes"),
        pytest.param(photo(".gif")[: len(photo(".gif")) // 2], id="gif cut in half"),
    ],
)
def test_a_damaged_image_is_refused_and_nothing_is_stored(api, storage, content):
    response = upload(api, "photo.jpg", content, "image/jpeg")

    assert response.status_code == 422
    assert response.json() == DAMAGED
    storage.assert_nothing_stored()


@pytest.mark.parametrize(
    ("content", "content_type"),
    [
        (png_declaring(100_000, 100_000), "image/png"),
        (png(12_000, 9_000, bitdepth=1, compression=9), "image/png"),
        (b"GIF89a" + b"\0" * 40, "image/gif"),
        (b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>", "image/png"),
        (b"%PDF-1.4 not an image", "image/jpeg"),
        (pyvips.Image.black(8, 8).write_to_buffer(".webp"), "image/png"),
        (b"", "image/png"),
    ],
)
def test_bombs_and_files_lying_about_their_type_are_refused_and_nothing_is_stored(api, storage, content, content_type):
    response = upload(api, "photo.png", content, content_type)

    assert response.status_code == 422
    assert response.json()["status"] == "error"
    storage.assert_nothing_stored()


def test_a_large_upload_streams_through_a_temporary_file_which_does_not_stay(api, storage, settings):
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 0  # every upload goes to a temporary file

    response = upload(api, "photo.jpg", photo(".jpg"), "image/jpeg")

    assert response.status_code == 201
    assert list(storage.temp.iterdir()) == []
    assert Image.objects.get().file.size == len(photo(".jpg"))


def test_a_failure_while_storing_leaves_no_file_behind(api, storage, monkeypatch):
    from cms.media.storage import renditions

    def broken(name, data):
        raise OSError("disk full")

    monkeypatch.setattr(renditions, "store", broken)

    with pytest.raises(OSError):
        upload(api, "photo.png", photo(".png"), "image/png")

    storage.assert_nothing_stored()
