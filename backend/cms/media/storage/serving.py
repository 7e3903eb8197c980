"""How a stored file is served: which name it may be asked by, its type, caching and byte range.

Pure functions of the request's words and the file's name and size, so they are tested as tables.
"""

import posixpath
import re
import unicodedata
from urllib.parse import quote

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


# What a quoted-string may hold unescaped without trouble in any browser: printable ASCII but
# the quote, the backslash and the percent sign (which some browsers decode in `filename`).
PLAIN_FILENAME = re.compile(r"^[\x20-\x7e]+$")
UNSAFE_IN_FALLBACK = re.compile(r'[^\x20-\x7e]|["\\%]')
# Letters that decomposing leaves as they are, spelt as their languages spell them in ASCII.
ASCII_SPELLINGS = str.maketrans({"æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O", "ß": "ss", "œ": "oe", "Œ": "OE",
                                 "đ": "d", "Đ": "D", "ł": "l", "Ł": "L", "þ": "th", "Þ": "Th"})  # fmt: skip


def content_disposition(filename: str, *, inline: bool) -> str:
    """Return a Content-Disposition naming the file (RFC 6266), for any filename.

    A name that is not plain ASCII gets an ASCII `filename` for old clients and the real name
    as `filename*` (RFC 8187: UTF-8, percent-encoded), which every current browser prefers.
    """
    disposition = "inline" if inline else "attachment"
    if PLAIN_FILENAME.match(filename) and not UNSAFE_IN_FALLBACK.search(filename):
        return f'{disposition}; filename="{filename}"'
    return f"{disposition}; filename=\"{ascii_filename(filename)}\"; filename*=UTF-8''{quote(filename, safe='')}"


def ascii_filename(filename: str) -> str:
    """Return a plain ASCII stand-in for a filename: accents dropped, other letters left out."""
    decomposed = unicodedata.normalize("NFKD", filename.translate(ASCII_SPELLINGS))
    text = UNSAFE_IN_FALLBACK.sub("", "".join(c for c in decomposed if not unicodedata.combining(c)))
    stem, dot, extension = text.rpartition(".")
    if not dot:
        stem, extension = text, ""
    stem = re.sub(r"\s+", " ", stem).strip(" .") or "download"
    return f"{stem}.{extension}" if extension else stem
