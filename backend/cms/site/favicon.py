"""The site's icon at /favicon.ico (issue 18 item 11).

Browsers ask every origin for /favicon.ico whatever a page links, the admin's screens and the
feeds included, so it is answered here rather than only linked. The file is ours:
`static/site/favicon.ico` (16, 32 and 48 px) is `static/site/favicon.svg` rendered, which the
site's pages link as well (a hashed static address, kept for ever).
"""

import hashlib
from functools import cache
from pathlib import Path

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import condition, require_safe

ICON = Path(__file__).resolve().parent / "static" / "site" / "favicon.ico"
# Its address never changes, so not `immutable`; a year, and a cheap revalidation by ETag after.
CACHE_CONTROL = f"public, max-age={365 * 24 * 3600}"


@cache
def _icon() -> tuple[bytes, str]:
    body = ICON.read_bytes()
    return body, hashlib.sha256(body).hexdigest()[:32]


def _etag(request: HttpRequest) -> str:
    return _icon()[1]


@require_safe
@condition(etag_func=_etag)
def favicon(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(_icon()[0], content_type="image/x-icon")
    response["Cache-Control"] = CACHE_CONTROL
    return response
