"""Names of stored files: made by the server, never taken from the uploader.

A stored name decides how the file is served (its extension picks the Content-Type), so it
comes from the type detected in the content. The uploader's filename is only ever shown.
"""

import re
import unicodedata
import uuid
from typing import Any

from django.utils import timezone

from cms.core.input_types import BIDI_CONTROLS
from cms.media.attachments.file_types import stored_extension

# The extension of each type an upload may be detected as (cms.media.images.reading).
EXTENSIONS = {"image/jpeg": "jpg", "image/png": "png", "image/gif": "gif", "image/tiff": "tif"}
# What server_made_name makes. Such a file never changes, so it may be cached forever.
SERVER_MADE_NAME = re.compile(r"^[a-z]+/\d{4}/\d{2}/[0-9a-f]{32}\.[a-z0-9]{1,5}$")
FILENAME_MAX_LENGTH = 255


def server_made_name(folder: str, extension: str) -> str:
    """Return a fresh random name such as `images/2026/11/<32 hex>.png`."""
    return f"{folder}/{timezone.now():%Y/%m}/{uuid.uuid4().hex}.{extension}"


def image_upload_to(instance: Any, filename: str) -> str:
    """Name an image's file after its detected type; `filename` (the uploader's) is ignored."""
    # An unknown type gets an extension no browser runs: it is then only ever a download.
    return server_made_name("images", EXTENSIONS.get(instance.content_type, "bin"))


def attachment_upload_to(instance: Any, filename: str) -> str:
    """Name an attachment's file after its type (cms.media.attachments.file_types); `filename` is ignored."""
    return server_made_name("attachments", stored_extension(instance.content_type))


def is_server_made(name: str) -> bool:
    return SERVER_MADE_NAME.match(name) is not None


def clean_filename(name: str | None, *, fallback: str) -> str:
    """Return an uploaded file's name fit to show: no folders, no control characters, ≤ 255 chars."""
    base = re.split(r"[/\\]", name or "")[-1]
    # Control characters, and lone surrogates (which no encoding can store or send).
    base = "".join(c for c in base if unicodedata.category(c) not in ("Cc", "Cs") and c not in BIDI_CONTROLS)
    base = base.strip()
    if base in ("", ".", ".."):
        return fallback
    if len(base) <= FILENAME_MAX_LENGTH:
        return base
    stem, dot, extension = base.rpartition(".")
    if dot and 0 < len(extension) <= 10:  # keep the extension people recognise the file by
        return stem[: FILENAME_MAX_LENGTH - len(extension) - 1] + dot + extension
    return base[:FILENAME_MAX_LENGTH]
