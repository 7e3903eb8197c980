"""Serving uploaded files so that none can ever run as a page on the admin's origin.

Whatever a file holds, the browser gets a type from a fixed list by the file's extension (a
picture, or else a download), `nosniff` so it keeps to that type, and a sandboxing CSP, so even
a document it did render could run no script and reach no cookie. Files are read through the
storage API and streamed, never read whole into memory.
"""

import functools
import hashlib
import posixpath
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ParamSpec

from django.core.exceptions import SuspiciousOperation
from django.core.files import File
from django.core.files.storage import default_storage
from django.http import FileResponse, HttpRequest, HttpResponse, HttpResponseNotFound
from django.http.response import HttpResponseBase
from django.utils.cache import get_conditional_response
from django.utils.http import http_date
from django.views.decorators.http import require_safe

from cms.media.models import Image
from cms.media.records import COLUMNS, CROP_FIELDS
from cms.media.storage import rendition_addresses as addresses
from cms.media.storage import renditions
from cms.media.storage.errors import ObjectStoreUnavailable, unavailable_download
from cms.media.storage.serving import (
    FOREVER,
    RangeNotSatisfiable,
    cache_control,
    content_disposition,
    is_inline,
    requested_range,
    served_type,
    storage_name,
)

P = ParamSpec("P")
SANDBOX_HEADERS = {"X-Content-Type-Options": "nosniff", "Content-Security-Policy": "sandbox"}
# Stored files that only their own address may serve (it checks who may have them); compared
# lower-cased, as a case-insensitive file system would find them.
PRIVATE_FOLDERS = ("attachments/",)


def answers_503_while_the_store_is_away(view: Callable[P, HttpResponseBase]) -> Callable[P, HttpResponseBase]:
    """A view that reads stored files: 503 (to be asked again) while the object store is away,
    instead of a server error or a 404 that a CDN would keep."""

    @functools.wraps(view)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> HttpResponseBase:
        try:
            return view(*args, **kwargs)
        except ObjectStoreUnavailable:
            return unavailable_download()

    return wrapper


@require_safe
@answers_503_while_the_store_is_away
def media_file(request: HttpRequest, path: str) -> HttpResponseBase:
    """Answer GET/HEAD for a stored file, with ranges and conditional requests.

    Attachments are not served here: their own address (cms.media.attachments.downloads) checks who may
    download them and names them after the uploader's file.
    """
    name = storage_name(path)
    if name is None or name.lower().startswith(PRIVATE_FOLDERS) or (file := open_stored(name)) is None:
        return not_found()
    content_type = served_type(name)
    served = Served(content_type, posixpath.basename(name), cache_control(name), is_inline(content_type))
    return stored_file_response(request, name, file, served)


@dataclass(frozen=True)
class Served:
    """How a stored file is sent: its type, the filename it is sent by, and for how long it keeps."""

    content_type: str
    filename: str
    cache_control: str
    inline: bool


def not_found() -> HttpResponseBase:
    return _with_headers(HttpResponseNotFound("Not found.", content_type="text/plain"), SANDBOX_HEADERS)


def stored_file_response(request: HttpRequest, name: str, file: File, served: Served) -> HttpResponseBase:
    """Answer GET/HEAD with the stored file `name` (opened as `file`), ranges and validators included.

    The file is closed here, or by the streamed body once it is sent.
    """
    with ExitStack() as cleanup:
        cleanup.callback(file.close)
        response = _file_response(request, name, file, served)
        if response.streaming:
            cleanup.pop_all()  # the streamed body closes the file once it is sent
    return response


def open_stored(name: str) -> File | None:
    """Open a stored file, or return None when there is none (a folder is not a file).

    Raises ObjectStoreUnavailable when the store can't tell (the views answer 503).
    """
    try:
        file = default_storage.open(name, "rb")
    except ObjectStoreUnavailable:
        raise
    except (OSError, ValueError, SuspiciousOperation):  # missing, a folder, or outside the storage
        return None
    return file


def _file_response(request: HttpRequest, name: str, file: File, served: Served) -> HttpResponseBase:
    size = file.size
    # An object opened from the store knows its date already (the one HEAD it took).
    modified = getattr(file, "last_modified", None) or _modified_time(name)
    etag = _etag(name, size, modified)
    headers = {
        **SANDBOX_HEADERS,
        "ETag": etag,
        "Cache-Control": served.cache_control,
        "Accept-Ranges": "bytes",
    }
    if modified is not None:
        headers["Last-Modified"] = http_date(modified.timestamp())
    last_modified = int(modified.timestamp()) if modified else None
    not_modified = get_conditional_response(request, etag=etag, last_modified=last_modified)
    if not_modified is not None:  # 304, or 412 for a failed If-Match
        return _with_headers(not_modified, headers)
    return _with_headers(_content_response(request, file, size, etag, served), headers)


def _content_response(request: HttpRequest, file: File, size: int, etag: str, served: Served) -> HttpResponseBase:
    content_type = served.content_type
    try:
        byte_range = _byte_range(request, size, etag)
    except RangeNotSatisfiable:
        response: HttpResponseBase = HttpResponse(status=416, content_type="text/plain")
        response["Content-Range"] = f"bytes */{size}"
        return response
    if request.method == "HEAD":
        response = HttpResponse(content_type=content_type)
        response["Content-Length"] = str(size)
    elif byte_range is not None:
        start, end = byte_range
        response = FileResponse(ByteRange(file, start, end), status=206, content_type=content_type)
        response["Content-Range"] = f"bytes {start}-{end}/{size}"
        response["Content-Length"] = str(end - start + 1)
    else:
        # FileResponse streams the file (by the server's sendfile where there is one) and closes it.
        response = FileResponse(file, content_type=content_type)
    response["Content-Disposition"] = content_disposition(served.filename, inline=served.inline)
    return response


def _byte_range(request: HttpRequest, size: int, etag: str) -> tuple[int, int] | None:
    # Ranges are defined for GET only; If-Range asks for the whole file unless it is unchanged.
    if request.method != "GET" or request.headers.get("If-Range", etag) != etag:
        return None
    return requested_range(request.headers.get("Range", ""), size)


class ByteRange:
    """Bytes start..end (inclusive) of a file, read like a file, for FileResponse to stream.

    FileResponse closes what it streams even when the client goes away before the first byte,
    which a generator's own `finally` would not see.
    """

    def __init__(self, file: File, start: int, end: int) -> None:
        file.seek(start)
        self.file = file
        self.remaining = end - start + 1

    def read(self, size: int = -1) -> bytes:
        size = self.remaining if size < 0 else min(size, self.remaining)
        data = self.file.read(size) if size > 0 else b""
        self.remaining -= len(data)
        return data

    def close(self) -> None:
        self.file.close()


def _modified_time(name: str) -> datetime | None:
    try:
        return default_storage.get_modified_time(name)
    except (NotImplementedError, OSError):
        return None


def _etag(name: str, size: int, modified: datetime | None) -> str:
    """Return a strong ETag: it changes whenever the file could have (another name, size or time)."""
    stamp = modified.timestamp() if modified else ""
    return '"' + hashlib.sha256(f"{name}\0{size}\0{stamp}".encode()).hexdigest()[:32] + '"'


def _with_headers(response: HttpResponseBase, headers: dict[str, str]) -> HttpResponseBase:
    for header, value in headers.items():
        response[header] = value
    return response


@require_safe
@answers_503_while_the_store_is_away
def rendition(request: HttpRequest, image_id: int, key: str) -> HttpResponseBase:
    """Answer a signed rendition address (cms.media.storage.rendition_addresses): from storage, or made once now.

    A wrong signature, an unknown image or an address made for an earlier crop answers 404.
    """
    address = addresses.parse(image_id, key)
    image = Image.objects.filter(pk=image_id).values(*COLUMNS).first() if address else None
    if address is None or image is None or address.crop != current_crop_token(image, address):
        return not_found()
    fmt = renditions.served_format(address, has_alpha=image["has_alpha"], accept=request.headers.get("Accept", ""))
    # The address names one picture for ever (a crop change makes new addresses): the file's
    # name and format are a strong validator.
    headers = {**SANDBOX_HEADERS, "Cache-Control": FOREVER, "ETag": f'"{address.stem()}.{fmt}"'}
    if address.format == "auto":
        headers["Vary"] = "Accept"
    not_modified = get_conditional_response(request, etag=headers["ETag"])
    if not_modified is not None:
        return _with_headers(not_modified, headers)
    try:
        content = renditions.stored_or_made(image, address, fmt)
    except (FileNotFoundError, renditions.RenditionFailed):
        return not_found()
    content_type = renditions.CONTENT_TYPES[fmt]
    if isinstance(content, bytes):
        response: HttpResponseBase = HttpResponse(content, content_type=content_type)
    else:
        response = FileResponse(content, content_type=content_type)
    return _with_headers(response, headers)


def current_crop_token(image: dict[str, Any], address: addresses.Address) -> str:
    state = tuple(image[field] for field in CROP_FIELDS)
    return addresses.crop_token(state, uncropped=address.uncropped)
