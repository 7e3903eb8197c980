"""Public rendering. For now the preview an editor opens from the page editor (spec §7)."""

from typing import Any

import orjson
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, HttpResponseNotFound
from django.shortcuts import render
from django.views.decorators.http import require_POST

from cms.accounts.decorators import staff_required
from cms.core.exceptions import NotFound
from cms.core.input_types import unstorable_text_message
from cms.core.locales import get_locale
from cms.pages.templates_registry import NAME_BLOCK, registry
from cms.site.markdown import render_markdown


@require_POST
@staff_required
def preview(request: HttpRequest, locale: str) -> HttpResponse:
    """Render the unsaved page payload the editor posts (preview_page JSON) as a page."""
    try:
        get_locale(locale)
    except NotFound as exc:
        return HttpResponseNotFound(exc.message, content_type="text/plain")
    try:
        # orjson refuses lone surrogates and nesting deeper than 1024 levels as malformed.
        payload: Any = orjson.loads(request.POST.get("preview_page", ""))
    except orjson.JSONDecodeError:
        return HttpResponseBadRequest("preview_page must be the page as JSON.")
    if isinstance(payload, dict):
        payload = payload.get("page", payload)
    if not isinstance(payload, dict):
        return HttpResponseBadRequest("preview_page must be the page as JSON.")
    if any(isinstance(value, str) and unstorable_text_message(value) for value in payload.values()):
        return HttpResponseBadRequest("preview_page can't contain NUL characters.")
    template = registry().get(str(payload.get("template", ""))) or registry().default
    blocks = [
        {"title": block.title, "html": render_markdown(_text(payload.get(block.name)))}
        for block in template.blocks
        if block.name != NAME_BLOCK and _text(payload.get(block.name))
    ]
    context = {"locale": get_locale(locale), "name": _text(payload.get(NAME_BLOCK)), "blocks": blocks}
    response = render(request, "site/preview.html", context)
    response["X-Robots-Tag"] = "noindex"
    # Unsaved content shown on the admin's origin: never stored, and no script of any kind runs.
    response["Cache-Control"] = "no-store"
    response["Content-Security-Policy"] = PREVIEW_POLICY
    return response


PREVIEW_POLICY = (
    "default-src 'none'; img-src 'self' data: https:; style-src 'self'; base-uri 'none'; form-action 'none';"
    " frame-ancestors 'none'"
)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""
