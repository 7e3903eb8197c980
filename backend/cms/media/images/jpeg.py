"""Whether a JPEG is whole, read from its markers without decoding a pixel.

A JPEG is a run of segments from SOI to EOI: marker segments say their length, and each scan's
entropy-coded data runs until the next marker (a 0xFF in the data is always followed by 0x00, a
restart marker inside a scan by 0xD0-0xD7). A file cut short, anywhere, never reaches its EOI:
what libvips calls truncated (fail_on="truncated", libjpeg's "premature end of JPEG file"), found
here in a millisecond or two where decoding a 12-megapixel photo, even shrunk on load, takes tens.
One file is refused here that libvips may still show: one that lost only its last bytes, the EOI
(which of the two a cut scan is, only decoding can tell). Bytes after the EOI (a phone's
trailer) are not looked at, as libjpeg does not.

The file is read in chunks from a stream, never whole, so a 50 MB upload stays out of memory.
"""

import re
from typing import IO

CHUNK_BYTES = 1024 * 1024
SOI, EOI, SOS = 0xD8, 0xD9, 0xDA
# Markers that stand alone, without a length: restarts, TEM (and SOI, EOI, handled apart).
STANDALONE = frozenset({*range(0xD0, 0xD8), 0x01})
# Where a scan's data ends: 0xFF before anything but stuffing (0x00), a restart or a fill byte
# (0xFF: the match is then the last of the run). Spelt as one class, so the search runs in C at
# about 1 ms a megabyte (a leading `\xff+` would make it ten times slower).
SCAN_END = re.compile(rb"\xff[\x01-\xcf\xd8-\xfe]")


def jpeg_is_complete(file: IO[bytes]) -> bool:
    """Return whether the JPEG in `file` runs from its SOI to its EOI with nothing missing."""
    file.seek(0)
    if file.read(2) != b"\xff\xd8":
        return False
    while True:
        marker = _next_marker(file)
        if marker is None:
            return False
        if marker == EOI:
            return True
        if marker in STANDALONE:
            continue
        length = file.read(2)
        if len(length) < 2 or int.from_bytes(length, "big") < 2:
            return False
        if not _skip(file, int.from_bytes(length, "big") - 2):
            return False
        if marker == SOS and not _to_end_of_scan(file):
            return False


def _next_marker(file: IO[bytes]) -> int | None:
    """Read a marker (0xFF, any fill bytes, the code) and return its code; None if there is none."""
    if file.read(1) != b"\xff":
        return None
    while (byte := file.read(1)) == b"\xff":
        pass
    if not byte or byte == b"\x00":
        return None
    return byte[0]


def _skip(file: IO[bytes], count: int) -> bool:
    """Move past `count` bytes; False if the file ends before them."""
    if count == 0:
        return True
    file.seek(file.tell() + count - 1)
    return file.read(1) != b""


def _to_end_of_scan(file: IO[bytes]) -> bool:
    """Move to the marker that ends a scan's entropy-coded data; False if the file ends first."""
    position = file.tell()
    while True:
        chunk = file.read(CHUNK_BYTES)
        found = SCAN_END.search(chunk)
        if found:
            file.seek(position + found.start())
            return True
        if len(chunk) < CHUNK_BYTES:
            return False
        # A 0xFF at the chunk's end may begin the marker: read it again with the next chunk.
        position += len(chunk) - (1 if chunk.endswith(b"\xff") else 0)
        file.seek(position)
