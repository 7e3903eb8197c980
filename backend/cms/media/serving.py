"""How a stored file is served: which name it may be asked by, its type, caching and byte range.

Pure functions of the request's words and the file's name and size, so they are tested as tables.
"""

import posixpath
import re

from cms.media.names import is_server_made

# The only types a stored file is ever served as, chosen by its (server-made) extension. SVG,
# HTML, XML and scripts are deliberately absent: they could run in the browser.
SERVED_TYPES = {
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "png": "image/png",
    "gif": "image/gif",
    "webp": "image/webp",
    "avif": "image/avif",
    "tif": "image/tiff",
    "tiff": "image/tiff",
}
FALLBACK_TYPE = "application/octet-stream"
# Pictures a browser shows in place and that run nothing; any other file is only a download.
INLINE_TYPES = frozenset({"image/jpeg", "image/png", "image/gif", "image/webp", "image/avif"})
FOREVER = "public, max-age=31536000, immutable"
# A name the server did not make may be replaced by another file of the same name.
BRIEFLY = "public, max-age=300"
# One range only (a browser's media player or a resumed download); at most 18 digits, so an
# absurd number is a malformed header rather than an error converting it.
BYTE_RANGE = re.compile(r"^\s*bytes\s*=\s*(\d{0,18})\s*-\s*(\d{0,18})\s*$", re.IGNORECASE)


class RangeNotSatisfiable(Exception):
    """The range asked for lies wholly past the end of the file (HTTP 416)."""


def storage_name(path: str) -> str | None:
    """Return the storage name a /media/ path asks for, or None if it could leave the media folder."""
    if not path or path.startswith("/") or "\\" in path or any(ord(c) < 32 or c == "\x7f" for c in path):
        return None
    if any(part in ("", ".", "..") for part in path.split("/")):
        return None
    return path


def served_type(name: str) -> str:
    extension = posixpath.splitext(name)[1].lstrip(".").lower()
    return SERVED_TYPES.get(extension, FALLBACK_TYPE)


def is_inline(content_type: str) -> bool:
    return content_type in INLINE_TYPES


def cache_control(name: str) -> str:
    return FOREVER if is_server_made(name) else BRIEFLY


def requested_range(header: str, size: int) -> tuple[int, int] | None:
    """Return the first and last byte a Range header asks for, or None to send the whole file.

    A malformed header (or several ranges) is ignored, as RFC 9110 allows; a range that starts
    past the end raises RangeNotSatisfiable.
    """
    match = BYTE_RANGE.match(header)
    if match is None or match.group(1) == match.group(2) == "":
        return None
    first, last = match.group(1), match.group(2)
    if first == "":  # "-n": the last n bytes
        suffix = int(last)
        if suffix == 0 or size == 0:
            raise RangeNotSatisfiable
        return max(0, size - suffix), size - 1
    start, end = int(first), (int(last) if last else size - 1)
    if last and end < start:
        return None
    if start >= size:
        raise RangeNotSatisfiable
    return start, min(end, size - 1)
