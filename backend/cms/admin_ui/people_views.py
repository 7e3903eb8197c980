"""The people screens (issue 13): users, their grants, and the audit log. Administrators only.

Like the image library they are not under a locale in the address: `?locale=` chooses the
content locale the pages are named in (the default locale without one).
"""

import re
from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from functools import wraps
from typing import Any, get_args

import orjson
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from cms.accounts import users
from cms.accounts.decorators import staff_required
from cms.accounts.invitations.services import invitation_list
from cms.admin_ui.views import _screen, tree_screen_page
from cms.audit import log
from cms.audit.schemas import Action
from cms.core.json import dumps
from cms.core.locales import default_locale, locale_codes
from cms.pages import read_model
from cms.pages.audit_names import subject_names
from cms.pages.grants import services as grants
from cms.pages.models import Status
from cms.pages.templates_registry import registry

ACTIONS = get_args(Action)
ID = re.compile(r"[1-9][0-9]{0,17}")
DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
MAX_LOG_PAGE = 100_000


def superuser_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Refuse (403) back-office users who are not administrators; send visitors to log in."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_superuser:
            context = {"message": _("Only administrators can open this screen.")}
            return render(request, "admin_ui/forbidden.html", context, status=403)
        return view(request, *args, **kwargs)

    return staff_required(wrapper)


def _locale(request: HttpRequest) -> str:
    locale = request.GET.get("locale", "")
    return locale if locale in locale_codes() else default_locale().code


def _id(value: str) -> int | None:
    return int(value) if ID.fullmatch(value) else None


@superuser_required
def users_screen(request: HttpRequest) -> HttpResponse:
    locale = _locale(request)
    data = {
        "screen": "users",
        "users": users.user_list(),
        "invitations": invitation_list(actor=request.user),
        "pages": orjson.Fragment(dumps(_top_level(request, locale))),
    }
    return _screen(request, entry="users.tsx", locale=locale, title=_("Users"), data=data)


def _top_level(request: HttpRequest, locale: str) -> list[dict[str, Any]]:
    """The tree's top level as the grants editor starts from it (the rest read as it opens)."""
    top = read_model.children_records(None, locale=locale, user=request.user)
    return [tree_screen_page(page, locale) for page in top if page["status"] != Status.DELETED]


@superuser_required
def grants_screen(request: HttpRequest) -> HttpResponse:
    """The users, the chosen one's grants (?user=) and the tree's top level, the rest read lazily."""
    locale = _locale(request)
    people = users.user_list()
    chosen = _id(request.GET.get("user", ""))
    if chosen not in {person["id"] for person in people}:
        chosen = None
    pages = _top_level(request, locale)
    data = {
        "screen": "grants",
        "users": people,
        "user_id": chosen,
        "grants": grants.grants_of(chosen) if chosen is not None else [],
        "pages": orjson.Fragment(dumps(pages)),
    }
    return _screen(request, entry="grants.tsx", locale=locale, title=_("Grants"), data=data)


def _day(value: str) -> date | None:
    if not DAY.fullmatch(value):
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None


def _start_of(day: date | None) -> datetime | None:
    return None if day is None else timezone.make_aware(datetime.combine(day, time.min))


@superuser_required
def log_screen(request: HttpRequest) -> HttpResponse:
    """The whole audit log, newest first, filtered by the address (user, action, days, page)."""
    params = request.GET
    action = params.get("action", "")
    since, until = _day(params.get("since", "")), _day(params.get("until", ""))
    number = min(_id(params.get("page", "")) or 1, MAX_LOG_PAGE)
    user_id = _id(params.get("user", ""))
    chosen = action if action in ACTIONS else None
    filters = {"user_id": user_id, "action": chosen, "since": since, "until": until, "page": number}
    locale = _locale(request)
    entries = log.log_page(
        user_id=user_id, action=chosen, page=number,
        since=_start_of(since), until=_start_of(until + timedelta(days=1)) if until else None,
        namer=subject_names(locale),  # pages and files named in the screen's content locale
    )  # fmt: skip
    data = {
        "screen": "auditLog", "users": users.user_list(), "log": entries, "filters": filters,
        "templates": registry().as_dicts(get_language()),  # blocks named by their titles (issue 28, item 8)
    }  # fmt: skip
    return _screen(request, entry="auditLog.tsx", locale=locale, title=_("Log"), data=data)
