"""The admin screens: HTML with the screen's data embedded, mounting the React bundle.

The first paint needs no API call: the data the screen starts with is rendered into the page
as JSON (Django's json_script), the same shapes the API answers.
"""

import re
from collections.abc import Callable
from functools import wraps
from typing import Any

import orjson
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from cms.accounts.decorators import staff_required
from cms.accounts.permissions import CREATE
from cms.accounts.selectors import author_choices
from cms.admin_ui.embed import json_for_script
from cms.admin_ui.schemas import TreeScreenPageOut
from cms.core.exceptions import NotFound, ValidationFailed
from cms.core.json import dumps
from cms.core.locales import all_locales, default_locale, get_locale, locale_codes
from cms.core.request_limits import body_too_large
from cms.media import library
from cms.pages import read_model, rights
from cms.pages.models import Page
from cms.pages.scheduling.applying import apply_if_due
from cms.pages.templates_registry import registry
from cms.pages.translations.states import MISSING, OUTDATED


def admin_screen(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Require a staff login and a known locale (an unknown one answers 404)."""

    @wraps(view)
    def wrapper(request: HttpRequest, locale: str, **kwargs: Any) -> HttpResponse:
        try:
            get_locale(locale)
        except NotFound:
            message = _("Unknown locale '%(code)s'.") % {"code": locale}
            return render(request, "admin_ui/not_found.html", {"message": message}, status=404)
        return view(request, locale, **kwargs)

    return staff_required(wrapper)


def _screen(request: HttpRequest, *, entry: str, locale: str, title: str, data: dict[str, Any]) -> HttpResponse:
    initial = {
        # The user's language for the chrome (InterfaceLanguageMiddleware activated it), apart
        # from `locale`, the content's.
        "interface_language": get_language(),
        "locale": locale,
        "locales": [loc.as_dict() for loc in all_locales()],
        "csrf_token": get_token(request),
        "user": {
            "id": request.user.pk,
            "username": request.user.get_username(),
            "is_superuser": request.user.is_superuser,
        },
        "urls": {"logout": reverse("logout"), "pages": reverse("page_tree", args=[locale])},
        **data,
    }
    context = {
        "title": title,
        "locale": get_locale(locale),
        "assets_entry": entry,
        "initial_json": json_for_script(initial),
    }
    return render(request, "admin_ui/screen.html", context)


@staff_required
def home(request: HttpRequest) -> HttpResponse:
    return redirect("page_tree", locale=default_locale().code)


# What the tree screen itself reads of each page (its schema's fields, in order). Its embedded
# data carries only these, a third of the full shape; child_count lets a node whose children
# are not loaded yet show its count and expander. `translation` is added only where it marks.
TREE_SCREEN_FIELDS = tuple(name for name in TreeScreenPageOut.model_fields if name != "translation")


def tree_screen_page(record: dict[str, Any], locale: str) -> dict[str, Any]:
    """A page record (the read model's) cut to what the tree screen embeds, in `locale`: its
    translation state there only when the row shows a mark (missing or outdated)."""
    page = {name: record[name] for name in TREE_SCREEN_FIELDS}
    state = record["translations"].get(locale)
    if state in (MISSING, OUTDATED):
        page["translation"] = state
    return page


@admin_screen
def page_tree(request: HttpRequest, locale: str) -> HttpResponse:
    # Only what the first paint shows; the tree reads the rest (pages.json?parent_id=) as nodes
    # open, so the screen stays small at 100,000 pages.
    pages = read_model.first_paint_records(locale=locale, user=request.user)
    data = {
        "screen": "pageTree",
        # Serialised here, spliced in without being parsed again.
        "pages": orjson.Fragment(dumps([tree_screen_page(page, locale) for page in pages])),
        # The root's own: 'create' when the user may add top-level pages (a grant on the root).
        "permissions": [CREATE] if rights.holds(request.user, CREATE, None) else [],
    }
    return _screen(request, entry="pageTree.tsx", locale=locale, title=_("All Pages"), data=data)


@admin_screen
def page_edit(request: HttpRequest, locale: str, page_id: int) -> HttpResponse:
    apply_if_due(page_id=page_id)  # its scheduled changes whose time has come show at once (no query until then)
    try:
        detail = read_model.page_record(page_id, locale=locale, user=request.user)
    except NotFound:
        message = _("Page %(id)s does not exist.") % {"id": page_id}
        return render(request, "admin_ui/not_found.html", {"message": message}, status=404)
    return _editor(request, locale, detail, parent_page_id=detail["parent_page_id"])


@admin_screen
def page_by_id(request: HttpRequest, locale: str, page_id: int) -> HttpResponse:
    """`/admin/{locale}/pages/{id}`, the address pages_core users know, leads to the page's editor
    (which answers for a page that doesn't exist or the user may not see)."""
    return redirect("page_edit", locale, page_id)


@admin_screen
def page_new(request: HttpRequest, locale: str) -> HttpResponse:
    parent_id = request.GET.get("parent", "")
    # Digits of an id only ("²" is a digit to str.isdigit, not to the database).
    parent = Page.objects.filter(pk=int(parent_id)).first() if re.fullmatch(r"[0-9]{1,18}", parent_id) else None
    page = Page(parent=parent, template=registry().default.template_name, user_id=request.user.pk)
    detail = read_model.unsaved_page_record(page, locale=locale, user=request.user)
    return _editor(request, locale, detail, parent_page_id=parent.pk if parent else None)


def _editor(request: HttpRequest, locale: str, detail: dict[str, Any], *, parent_page_id: int | None) -> HttpResponse:
    names = detail["blocks"].get("name", {})
    if detail["id"] is None:
        title = _("New Page")
    else:  # an untranslated page is titled by its name in another locale
        title = names.get(locale) or next((n for n in names.values() if n), _("Untitled"))
    data = {
        "screen": "pageEditor",
        "page": detail,
        # Their texts (names, block titles …) in the interface language, as templates.json has them.
        "templates": registry().as_dicts(get_language()),
        "authors": author_choices(reader=request.user, current=detail["user_id"]),
        "parent_page_id": parent_page_id,
    }
    return _screen(request, entry="pageEditor.tsx", locale=locale, title=title, data=data)


@staff_required
def image_library(request: HttpRequest) -> HttpResponse:
    """The image library (beyond the spec): every image, searched and filtered, a page at a time.

    Not under a locale in the address (images belong to every locale): `?locale=` chooses whose
    alternative texts and page names it shows, the default locale without one. The filters are
    read from the address, so a reload or a shared link opens the same page of results.
    """
    codes = locale_codes()
    locale = request.GET.get("locale", "")
    locale = locale if locale in codes else default_locale().code
    missing_alt = request.GET.get("missing_alt", "")
    page = request.GET.get("page", "")
    q = request.GET.get("q", "")[: library.MAX_QUERY_LENGTH]
    missing = missing_alt if missing_alt in codes else None
    number = min(int(page), library.MAX_PAGE) if re.fullmatch(r"[1-9][0-9]{0,8}", page) else 1
    try:
        results = library.image_library(q=q, missing_alt=missing, page=number)
    except ValidationFailed:  # text the database cannot hold: show the whole library instead
        q, number = "", 1
        results = library.image_library(q=q, missing_alt=missing, page=number)
    filters = {"q": q, "missing_alt": missing, "page": number}
    data = {"screen": "imageLibrary", "library": results, "filters": filters}
    return _screen(request, entry="imageLibrary.tsx", locale=locale, title=_("Images"), data=data)


# Methods no browser navigates with: only the admin's JSON calls send them (`PUT /admin/images/{id}`).
JSON_ONLY_METHODS = frozenset({"PUT", "PATCH", "DELETE"})


def _wants_json(request: HttpRequest) -> bool:
    """Whether a refusal is for the API's JSON calls: their addresses, their methods, or a JSON body."""
    return (
        request.path.endswith(".json")
        or request.path.startswith("/admin/api/")
        or request.method in JSON_ONLY_METHODS
        or request.content_type == "application/json"
    )


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Answer an address no route matches: JSON for the API's addresses, else an HTML page.

    The JSON says "Not Found" as django-ninja's own 404s do, in every interface language.
    """
    if _wants_json(request):
        return JsonResponse({"detail": "Not Found"}, status=404)
    return render(request, "admin_ui/not_found.html", {"message": _("There is no page at this address.")}, status=404)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Answer a request Django could not read (a malformed multipart body …), in the API's shape."""
    if isinstance(exception, RequestDataTooBig):  # what the limits middleware missed: 413 as it answers
        return body_too_large(request)
    if _wants_json(request):
        return JsonResponse({"detail": _("The request could not be read.")}, status=400)
    return HttpResponseBadRequest(_("The request could not be read."), content_type="text/plain")
