"""Headers on every answer under /admin/: kept out of caches, and a strict Content-Security-Policy.

Admin pages and JSON hold unpublished content and people's details, so neither the browser
(back button on a shared computer) nor any proxy may store them. The policy allows scripts and
styles only from our own files: an injected <script>, onclick= or style= does nothing. The
admin's templates keep to that (data travels in <script type="application/json">, which is not
run); React sets styles through the DOM, which the policy allows.
"""

from collections.abc import Callable
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse

ADMIN_PREFIX = "/admin/"


def _origin(url: str) -> str:
    """Return the scheme and host of an absolute URL ('' for a path on our own host)."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def content_security_policy(*, static_url: str, media_url: str) -> str:
    """Return the admin's policy; static files and uploads may live on a CDN's host."""
    static = " ".join(filter(None, ["'self'", _origin(static_url)]))
    images = " ".join(filter(None, [static, _origin(media_url), "data:", "blob:"]))
    directives = {
        "default-src": "'self'",
        "script-src": static,
        "style-src": static,
        "img-src": images,
        "font-src": static,
        "connect-src": "'self'",
        "object-src": "'none'",
        "base-uri": "'self'",
        "form-action": "'self'",
        "frame-ancestors": "'none'",
    }
    return "; ".join(f"{name} {value}" for name, value in directives.items())


class AdminHeadersMiddleware:
    """Add Cache-Control: no-store and the Content-Security-Policy to answers under /admin/."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.policy = content_security_policy(static_url=settings.STATIC_URL or "", media_url=settings.MEDIA_URL)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request.path_info.startswith(ADMIN_PREFIX):
            # Replaces what a view set (LoginView's never_cache): one rule for the whole admin.
            response["Cache-Control"] = "no-store"
            # A view with a stricter policy of its own keeps it.
            response.setdefault("Content-Security-Policy", self.policy)
        return response
