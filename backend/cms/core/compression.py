"""Gzip for the answers Django builds (JSON, HTML); static files come pre-compressed from WhiteNoise.

Why gzip and not Brotli here: dynamic answers carry secrets (session-bound content, CSRF tokens in
forms), and compressing a secret beside text an attacker can inject leaks it through the length
(BREACH). Django's GZipMiddleware pads every answer with a random-length gzip file name
("Heal the Breach"), which hides those length differences; there is no such mitigation for
Brotli in Django, and Python has no Brotli encoder without a new dependency. The built assets
hold no secrets, so they are served as Brotli (see frontend/scripts/compress-assets.mjs).
"""

from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.middleware.gzip import GZipMiddleware


class CompressionMiddleware(GZipMiddleware):
    """Gzip answers the browser accepts gzipped, except those that serve byte ranges.

    A range counts bytes of the body as sent, so a gzipped body would make `Content-Range` and
    `Accept-Ranges` lie (a resumed download or a seeking video would get the wrong bytes). Such
    answers are the stored files of /media/: pictures and documents, mostly compressed already.
    """

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if response.has_header("Content-Range") or response.get("Accept-Ranges", "none") != "none":
            return response
        if response.get("Content-Type", "").startswith("image/"):  # renditions: compressed already
            return response
        return super().process_response(request, response)
