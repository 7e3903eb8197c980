"""Serving uploaded files from the file-system storage (object storage serves its own)."""

from django.conf import settings
from django.http import FileResponse, HttpRequest, HttpResponse
from django.views.static import serve


def media_file(request: HttpRequest, path: str) -> HttpResponse | FileResponse:
    # MEDIA_ROOT is read per request, so a changed setting (tests, a mounted volume) applies.
    return serve(request, path, document_root=str(settings.MEDIA_ROOT))
