"""What an uploaded attachment is: its type from its name, checked against its first bytes.

Attachments may be any file an editor wants to offer (a PDF, a spreadsheet, a CSV …), so an
unknown type is not refused: it is stored as `application/octet-stream` and is only ever a
download. What is refused is a file that lies: a name that says PDF (or PNG, DOCX …) on bytes
that are not one. A type is never taken from what the browser claims (the part's Content-Type).

Pure functions of a filename and the file's first bytes, so they are tested as tables.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from cms.core.messages import Message, message

HEAD_BYTES = 64  # enough for every signature below
OCTET_STREAM = "application/octet-stream"
# Shown where the browser could run nothing: a PDF viewer or a picture. Everything else
# (HTML, SVG, XML, scripts, text, office files, anything unknown) is only ever a download.
INLINE_TYPES = frozenset({"application/pdf", "image/jpeg", "image/png", "image/gif", "image/webp"})

Signature = Callable[[bytes], bool]


def _starts(*prefixes: bytes) -> Signature:
    return lambda head: head.startswith(prefixes)


PDF = _starts(b"%PDF-")
PNG = _starts(b"\x89PNG\r\n\x1a\n")
JPEG = _starts(b"\xff\xd8\xff")
GIF = _starts(b"GIF87a", b"GIF89a")
TIFF = _starts(b"II*\x00", b"MM\x00*")
ZIP = _starts(b"PK\x03\x04", b"PK\x05\x06")  # office documents and e-books are zip files too
OLE = _starts(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")  # Office 97-2003 documents
RTF = _starts(b"{\\rtf")
GZIP = _starts(b"\x1f\x8b")
SEVEN_ZIP = _starts(b"7z\xbc\xaf\x27\x1c")
MP3 = _starts(b"ID3", b"\xff\xfb", b"\xff\xf3", b"\xff\xf2")


def WEBP(head: bytes) -> bool:
    return head[:4] == b"RIFF" and head[8:12] == b"WEBP"


def ISO_MEDIA(head: bytes) -> bool:
    return head[4:8] == b"ftyp"


@dataclass(frozen=True)
class Kind:
    content_type: str
    label: Message  # for messages: "is not a PDF document …"
    signature: Signature | None  # None: any content (text, or types with no fixed start)


# Filename extension -> what such a file is. Types a browser would run (HTML, SVG, XML,
# JavaScript) are known so the library shows what they are; they are served as downloads.
KINDS: dict[str, Kind] = {
    "pdf": Kind("application/pdf", _("a PDF document"), PDF),
    "png": Kind("image/png", _("a PNG image"), PNG),
    "jpg": Kind("image/jpeg", _("a JPEG image"), JPEG),
    "jpeg": Kind("image/jpeg", _("a JPEG image"), JPEG),
    "gif": Kind("image/gif", _("a GIF image"), GIF),
    "webp": Kind("image/webp", _("a WebP image"), WEBP),
    "tif": Kind("image/tiff", _("a TIFF image"), TIFF),
    "tiff": Kind("image/tiff", _("a TIFF image"), TIFF),
    "zip": Kind("application/zip", _("a ZIP archive"), ZIP),
    "docx": Kind("application/vnd.openxmlformats-officedocument.wordprocessingml.document", _("a Word document"), ZIP),
    "xlsx": Kind("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", _("an Excel workbook"), ZIP),
    "pptx": Kind(
        "application/vnd.openxmlformats-officedocument.presentationml.presentation", _("a PowerPoint file"), ZIP
    ),
    "odt": Kind("application/vnd.oasis.opendocument.text", _("an OpenDocument text"), ZIP),
    "ods": Kind("application/vnd.oasis.opendocument.spreadsheet", _("an OpenDocument spreadsheet"), ZIP),
    "odp": Kind("application/vnd.oasis.opendocument.presentation", _("an OpenDocument presentation"), ZIP),
    "epub": Kind("application/epub+zip", _("an EPUB book"), ZIP),
    "doc": Kind("application/msword", _("a Word document"), OLE),
    "xls": Kind("application/vnd.ms-excel", _("an Excel workbook"), OLE),
    "ppt": Kind("application/vnd.ms-powerpoint", _("a PowerPoint file"), OLE),
    "rtf": Kind("application/rtf", _("an RTF document"), RTF),
    "gz": Kind("application/gzip", _("a gzip archive"), GZIP),
    "tgz": Kind("application/gzip", _("a gzip archive"), GZIP),
    "7z": Kind("application/x-7z-compressed", _("a 7-Zip archive"), SEVEN_ZIP),
    "mp3": Kind("audio/mpeg", _("an MP3 file"), MP3),
    "mp4": Kind("video/mp4", _("an MP4 video"), ISO_MEDIA),
    "m4a": Kind("audio/mp4", _("an M4A file"), ISO_MEDIA),
    "mov": Kind("video/quicktime", _("a QuickTime video"), ISO_MEDIA),
    "txt": Kind("text/plain", _("a text file"), None),
    "csv": Kind("text/csv", _("a CSV file"), None),
    "html": Kind("text/html", _("an HTML page"), None),
    "htm": Kind("text/html", _("an HTML page"), None),
    "xhtml": Kind("application/xhtml+xml", _("an XHTML page"), None),
    "svg": Kind("image/svg+xml", _("an SVG image"), None),
    "xml": Kind("application/xml", _("an XML file"), None),
    "js": Kind("text/javascript", _("a JavaScript file"), None),
    "mjs": Kind("text/javascript", _("a JavaScript file"), None),
}
# The extension of the stored (server-made) name of each type. Types a browser could run are
# stored as .bin, so even a storage served as plain files (a bucket behind a CDN) never runs them.
STORED_EXTENSIONS = {
    "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp",
    "image/tiff": "tif", "application/zip": "zip", "application/msword": "doc", "application/vnd.ms-excel": "xls",
    "application/vnd.ms-powerpoint": "ppt", "application/rtf": "rtf", "application/gzip": "gz",
    "application/x-7z-compressed": "7z", "audio/mpeg": "mp3", "video/mp4": "mp4", "audio/mp4": "m4a",
    "video/quicktime": "mov", "text/plain": "txt", "text/csv": "csv",
}  # fmt: skip
STORED_EXTENSIONS.update(
    (kind.content_type, extension) for extension, kind in KINDS.items() if kind.signature is ZIP and extension != "zip"
)
# Content that names its own type, for a file whose name says nothing we know (no extension).
SELF_DESCRIBING = ("pdf", "png", "jpg", "gif", "webp", "tif", "zip", "rtf", "gz", "7z")
EXTENSION = re.compile(r"\.([A-Za-z0-9]{1,10})$")
MISMATCH_MESSAGE = _("is not %(kind)s, though its name ends in .%(extension)s")


class NameMismatch(ValueError):
    """The file's name says one type and its content is not one (`label` says which)."""

    def __init__(self, label: Message, extension: str) -> None:
        self.message = message(MISMATCH_MESSAGE, kind=label, extension=extension)
        super().__init__(self.message)


def attachment_type(filename: str, head: bytes) -> str:
    """Return the content type to store for a file of this name starting with `head`.

    Raises NameMismatch when the name says a type the content is not.
    """
    match = EXTENSION.search(filename)
    extension = match.group(1).lower() if match else ""
    kind = KINDS.get(extension)
    if kind is not None:
        if kind.signature is not None and not kind.signature(head):
            raise NameMismatch(kind.label, extension)
        return kind.content_type
    for candidate in SELF_DESCRIBING:
        known = KINDS[candidate]
        if known.signature is not None and known.signature(head):
            return known.content_type
    return OCTET_STREAM


def stored_extension(content_type: str) -> str:
    return STORED_EXTENSIONS.get(content_type, "bin")


def is_inline(content_type: str) -> bool:
    """Whether a file of this type may be shown in the browser rather than downloaded."""
    return content_type in INLINE_TYPES
