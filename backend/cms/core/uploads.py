"""Multipart uploads: refused before their body is read, and read no further than their limit.

Django parses a multipart body the first time anything touches `request.POST` (the CSRF check
does so on every POST) and spools its files to disk. So an anonymous or forged request would
make the server write the whole upload before answering 403. For a path that takes uploads, the
guard below decides from the headers alone who is asking and how much they may send, and only
then lets the body be read, through a handler that stops reading once the files pass the limit;
any other multipart body is capped the same way and never leaves memory.
"""

import errno
import os
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.files.uploadhandler import FileUploadHandler, MemoryFileUploadHandler, StopUpload
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import Resolver404, resolve
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from cms.core.messages import NO_ACCESS, Message, message, worded_later

# The one place that says which upload limit (a setting's name) holds for which path.
UPLOAD_LIMIT_SETTINGS = {
    "/admin/images.json": "CMS_IMAGE_MAX_UPLOAD_BYTES",
    "/admin/attachments.json": "CMS_ATTACHMENT_MAX_UPLOAD_BYTES",
}
# Upload paths that name a record: the replacement of an attachment's file.
UPLOAD_PATH_PATTERNS = (
    (re.compile(r"^/admin/attachments/[0-9]{1,18}/file\.json$"), "CMS_ATTACHMENT_MAX_UPLOAD_BYTES"),
)
# Any other multipart path may carry no more than Django lets a form carry.
DEFAULT_LIMIT_SETTING = "DATA_UPLOAD_MAX_MEMORY_SIZE"
# Room in Content-Length beyond the file itself: boundaries, part headers and the small text
# fields beside the file (alternative texts and captions per locale). It only decides which
# bodies are refused unread: the file bytes themselves are always capped at the limit.
FRAMING_ALLOWANCE = 256 * 1024
# Refusals in the interface language (InterfaceLanguageMiddleware runs before this guard).
# "Unauthorized" and "CSRF check Failed" are django-ninja's own words for the same refusals,
# kept as ninja writes them so every call answers alike.
TAKES_JSON = _("This call takes JSON (Content-Type: application/json).")
# The upload error shape's sentence: "The file is too large: at most 50 MB."
FILE_SENTENCE = _("The file %(problem)s.")
# A disk (or quota) that is full while an upload is written: answered 507, nothing kept.
NO_ROOM = _("There is no room left on the server to store the file; nothing was kept.")
STORAGE_FULL_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})


def upload_limit(path: str) -> int | None:
    """Return how many file bytes a multipart POST to `path` may carry (None: no limit)."""
    limit: int | None = getattr(settings, _limit_setting(path) or DEFAULT_LIMIT_SETTING)
    return limit


def _limit_setting(path: str) -> str | None:
    if path in UPLOAD_LIMIT_SETTINGS:
        return UPLOAD_LIMIT_SETTINGS[path]
    return next((setting for pattern, setting in UPLOAD_PATH_PATTERNS if pattern.match(path)), None)


def size_text(size: int) -> str:
    """Say a byte count for people, in the active language: '50 MB', '97.7 KB', '900 bytes'
    (binary units, as configured)."""
    for unit, factor in ((_("%(size)s MB"), 1024 * 1024), (_("%(size)s KB"), 1024)):
        if size >= factor:
            return str(unit) % {"size": number_format(f"{round(size / factor, 1):g}")}
    return ngettext("%(count)d byte", "%(count)d bytes", size) % {"count": size}


def file_too_large(limit: int) -> Message:
    """Return the error for a file over `limit`, as an (attribute "file") message."""
    return message(_("is too large: at most %(size)s"), size=worded_later(lambda: size_text(limit)))


def too_large_response(limit: int) -> JsonResponse:
    """Answer 413 in the spec's upload error shape, with `detail` as every other API error has."""
    return JsonResponse(refusal_body(str(message(FILE_SENTENCE, problem=file_too_large(limit)))), status=413)


def is_storage_full(error: BaseException) -> bool:
    """Whether an error says the disk (or the user's quota, or the file system's largest file) is full."""
    return isinstance(error, OSError) and error.errno in STORAGE_FULL_ERRNOS


def refusal_body(text: str) -> dict[str, str]:
    """A refused upload's answer: the spec's upload error shape, with `detail` as every API error has."""
    return {"status": "error", "error": text, "detail": text}


def storage_full_response() -> JsonResponse:
    """Answer 507 (Insufficient Storage) in the upload error shape."""
    return JsonResponse(refusal_body(str(NO_ROOM)), status=507)


class UploadSizeLimit(FileUploadHandler):
    """Count the file bytes of a request and stop reading its body once they pass the limit.

    Placed before Django's own handlers, it sees every chunk first, so nothing past the limit
    reaches memory or a temporary file.
    """

    def __init__(self, request: HttpRequest, limit: int) -> None:
        super().__init__(request)
        self.limit = limit
        self.received = 0
        self.exceeded = False

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        self.received += len(raw_data)
        if self.received > self.limit:
            self.exceeded = True
            # connection_reset: the parser stops here instead of reading the rest to discard it.
            raise StopUpload(connection_reset=True)
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None  # the handlers after this one keep the file


class InMemoryUploads(MemoryFileUploadHandler):
    """Hold every file of a body in memory, never in a temporary file: for bodies already capped."""

    def handle_raw_input(
        self, input_data: Any, META: Any, content_length: int, boundary: Any, encoding: str | None = None
    ) -> None:
        self.activated = True


class UploadGuardMiddleware:
    """Let no multipart body write to disk before its caller is known, nor run past its limit.

    A path that takes uploads (UPLOAD_LIMIT_SETTINGS) is refused before a byte of its body is
    read unless a signed-in user sent it with the CSRF header (as the admin's upload helper
    does) and a Content-Length within the path's limit. Then the body is parsed, through the size
    limit, into Django's usual handlers (a large file goes to a temporary file). The token's value
    is still checked by the view's own CSRF check, once the body is parsed.

    Any other multipart body is an ordinary form, possibly from a visitor not yet known (a browser
    may post the login form as multipart, and Django's test client does by default). It is parsed
    within Django's form limit, and its files are held in memory only, as an urlencoded form is.

    Must come after AuthenticationMiddleware (it needs request.user) and before anything that
    reads request.POST.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        sweep_abandoned_uploads_now_and_then()
        # The same test Django uses to decide whether to parse a body as multipart.
        if request.content_type == "multipart/form-data":
            limit = upload_limit(request.path_info)
            refusal = refuse_unread(request, limit) or parse_within_limit(request, limit)
            if refusal is not None:
                return refusal
        return self.get_response(request)


def takes_uploads(path: str) -> bool:
    return _limit_setting(path) is not None


def is_json_call(path: str) -> bool:
    """Return whether `path` is an address of the JSON API: a `.json` one, or a route of the
    API without the suffix (the spec's `PUT /admin/images/{id}`)."""
    return path.endswith(".json") or is_api_route(path)


def is_api_route(path: str) -> bool:
    """Return whether a call of the API answers `path` (django-ninja's routes, cms.api.api)."""
    try:
        return resolve(path).app_name == "ninja"
    except Resolver404:
        return False


def refuse_unread(request: HttpRequest, limit: int | None) -> HttpResponse | None:
    """Return the refusal of a multipart request decided from its headers alone, if any."""
    # A call's address only: where no call answers (`/admin/attachments/1e3/file.json`) the
    # answer is the 404 of an unknown address, whatever the body.
    if not takes_uploads(request.path_info) and is_api_route(request.path_info):
        # The other JSON calls read their body as JSON, which a parsed multipart body no longer is.
        # Every operation of the OpenAPI document that takes a JSON body lists this 415 (cms.api.api).
        return JsonResponse({"detail": str(TAKES_JSON)}, status=415)
    if takes_uploads(request.path_info):
        # The bodies are the ones ninja answers for the same failures, so clients see one shape.
        user = request.user
        if not user.is_authenticated:
            return JsonResponse({"detail": "Unauthorized"}, status=401)
        # The back office's own rule (cms.accounts.permissions.can_use_admin), which core can't
        # import: a signed-in visitor who is not staff is refused unread too.
        if not (user.is_active and user.is_staff):
            return JsonResponse({"detail": str(NO_ACCESS)}, status=403)
        if not request.META.get(settings.CSRF_HEADER_NAME):
            return JsonResponse({"detail": "CSRF check Failed"}, status=403)
    if limit is not None and _content_length(request) > limit + FRAMING_ALLOWANCE:
        return too_large_response(limit)
    return None


def parse_within_limit(request: HttpRequest, limit: int | None) -> HttpResponse | None:
    """Parse the body now, through a size-limiting handler; return 413 if the files passed it."""
    if limit is None:
        return None  # the deployment turned Django's form limit off: Django's own handling
    handler = UploadSizeLimit(request, limit)
    keep = request.upload_handlers if takes_uploads(request.path_info) else [InMemoryUploads(request)]
    request.upload_handlers = [handler, *keep]
    try:
        # Reading it parses the body now, so no later reader (CSRF check, view) bypasses the limit.
        request.POST  # noqa: B018
    except OSError as error:
        if not is_storage_full(error):
            raise
        # Django stops parsing without closing what it was writing: the temporary file goes now.
        for upload_handler in request.upload_handlers:
            if (file := getattr(upload_handler, "file", None)) is not None:
                file.close()
        return storage_full_response()
    return too_large_response(limit) if handler.exceeded else None


# Uploads larger than FILE_UPLOAD_MAX_MEMORY_SIZE are written to a temporary file in
# FILE_UPLOAD_TEMP_DIR while they arrive, deleted when the request ends. A worker killed in the
# middle (a timeout, a deployment, the out-of-memory killer) leaves its file behind. A file no one
# has written to for this long belongs to no live upload: a live one grows with every chunk, and
# no request outlives the server's timeout by minutes.
ABANDONED_AFTER = 10 * 60  # seconds
SWEEP_EVERY = 60  # seconds between sweeps in one process
# Django's TemporaryUploadedFile names: tmp<random>.upload<.extension>; only those are swept, so
# a temporary folder shared with others (the system's /tmp) keeps their files.
UPLOAD_FILE_NAME = re.compile(r"^tmp[A-Za-z0-9_]+\.upload(\.[^/]*)?$")
_last_sweep = 0.0


def sweep_abandoned_uploads(*, now: float | None = None) -> list[Path]:
    """Delete the temporary upload files left by requests that ended without cleaning up; return them.

    Run when a process starts (cms.core.apps) and now and then as requests come
    (UploadGuardMiddleware), so a file left by a killed worker lives minutes, not until the next
    deployment.
    """
    folder = getattr(settings, "FILE_UPLOAD_TEMP_DIR", None)
    if not folder:
        return []  # the system's temporary folder: no place of ours to sweep
    cutoff = (time.time() if now is None else now) - ABANDONED_AFTER
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:  # not there (yet): nothing left behind
        return []
    for entry in entries:
        try:
            if UPLOAD_FILE_NAME.match(entry.name) and entry.is_file() and entry.stat().st_mtime < cutoff:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:  # removed by another process at the same moment
            continue
    return removed


def sweep_abandoned_uploads_now_and_then() -> None:
    """Sweep at most once every SWEEP_EVERY seconds per process: a clock read on other requests."""
    global _last_sweep
    now = time.monotonic()
    if now - _last_sweep >= SWEEP_EVERY:
        _last_sweep = now
        sweep_abandoned_uploads()


def _content_length(request: HttpRequest) -> int:
    # Django reads a missing or malformed Content-Length as 0 (and then reads no body).
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0
