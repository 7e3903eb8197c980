"""A JPEG's completeness from its markers (cms.media.images.jpeg), without decoding a pixel: wherever the
file is cut it is refused, and whatever it accepts libvips decodes whole (fail_on="truncated").
It is the stricter of the two at one place: a file that lost only its end marker, whose pixels
libvips may still decode, is refused too."""

import io

import pytest
import pyvips

from cms.media.images import jpeg
from cms.media.images.jpeg import jpeg_is_complete


def picture(**options) -> bytes:
    noise = pyvips.Image.gaussnoise(96, 64, sigma=60, mean=128, seed=7).bandjoin([64, 192]).cast("uchar")
    return noise.copy(interpretation="srgb").write_to_buffer(".jpg", **options)


KINDS = {
    "baseline": picture(),
    "progressive": picture(interlace=True),
    "restart markers": picture(restart_interval=1),
    "quality 100": picture(Q=100),
}


def decodes_whole(data: bytes) -> bool:
    try:
        pyvips.Image.new_from_buffer(data, "", fail_on="truncated").avg()
    except pyvips.Error:
        return False
    return True


@pytest.mark.parametrize("data", KINDS.values(), ids=KINDS.keys())
def test_a_whole_jpeg_is_complete_with_or_without_bytes_after_its_end(data):
    assert jpeg_is_complete(io.BytesIO(data))
    assert jpeg_is_complete(io.BytesIO(data + b"SEFT a phone's trailer \xff\xd8\xff"))


@pytest.mark.parametrize("data", KINDS.values(), ids=KINDS.keys())
def test_a_jpeg_cut_anywhere_is_incomplete(data):
    step = max(1, len(data) // 150)
    cuts = [*range(0, len(data), step), *range(len(data) - 8, len(data))]
    assert [cut for cut in cuts if jpeg_is_complete(io.BytesIO(data[:cut]))] == []
    # libvips finds the same, but for the last bytes: it may decode every pixel without the EOI.
    assert [cut for cut in cuts[:-8] if decodes_whole(data[:cut])] == []


def test_fill_bytes_before_a_marker_are_allowed():
    data = KINDS["baseline"]
    assert data.endswith(b"\xff\xd9")
    assert jpeg_is_complete(io.BytesIO(data[:-2] + b"\xff\xff\xff\xd9"))


@pytest.mark.parametrize("chunk", [7, 8, 64, 4096])
def test_a_scan_read_in_chunks_finds_its_end_across_chunk_boundaries(monkeypatch, chunk):
    monkeypatch.setattr(jpeg, "CHUNK_BYTES", chunk)
    for data in KINDS.values():
        assert jpeg_is_complete(io.BytesIO(data))
        assert not jpeg_is_complete(io.BytesIO(data[:-1]))


@pytest.mark.parametrize(
    "data",
    [b"", b"\xff", b"\xff\xd8", b"\xff\xd8\xff", b"\xff\xd8\x00\xd9", b"\xff\xd8\xff\xe0\x00\x01", b"GIF89a"],
)
def test_what_is_no_whole_jpeg_is_incomplete(data):
    assert not jpeg_is_complete(io.BytesIO(data))
