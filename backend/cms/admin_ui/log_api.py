"""The whole audit log as a JSON call (a page's own history is a page call, cms.pages.api).

Here, above the domain apps, and not in the audit app: its entries name pages, images and files,
whose names this layer looks up in the apps that own them (cms.pages.audit_names), in the
reader's content locale; the audit app depends on core alone.
"""

from typing import Any

from django.utils.translation import gettext_lazy as _
from ninja import Query, Router

from cms.audit import log
from cms.audit.schemas import Action, AuditLogOut
from cms.core.exceptions import PermissionDenied, ValidationFailed
from cms.core.http import AuthenticatedRequest
from cms.core.input_types import StorableDateTime
from cms.core.locales import default_locale, locale_codes
from cms.core.messages import message
from cms.core.schemas import ErrorOut, ValidationErrorOut
from cms.pages.audit_names import subject_names

router = Router(tags=["audit"])

ADMINISTRATORS_ONLY = _("Only administrators can read the whole log.")
UNKNOWN_LOCALE = _("must be one of the locales: %(codes)s")


def content_locale(code: str | None) -> str:
    """The locale names are given in: the one asked for, else the default one."""
    if code is None:
        return default_locale().code
    if code not in locale_codes():
        raise ValidationFailed([("locale", message(UNKNOWN_LOCALE, codes=", ".join(locale_codes())))])
    return code


@router.get(
    "/audit.json",
    response={200: AuditLogOut, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 422: ValidationErrorOut},
    operation_id="listAuditLog",
)
def audit_log(
    request: AuthenticatedRequest,
    user_id: int | None = Query(None, ge=1, lt=2**63),
    action: Action | None = None,
    since: StorableDateTime | None = None,
    until: StorableDateTime | None = None,
    page: int = Query(1, ge=1, le=100_000),
    locale: str | None = Query(
        None,
        description="The content locale the entries name pages and files in (`subject_name`, `names`); the default"
        " locale without one",
    ),
) -> dict[str, Any]:
    """Who did what and when, newest first; filters by user, action and time (administrators only:
    a page's own history is open to every editor)."""
    if not getattr(request.auth, "is_superuser", False):  # the login itself is checked for every call (cms.api.auth)
        raise PermissionDenied(ADMINISTRATORS_ONLY)
    namer = subject_names(content_locale(locale))
    return log.log_page(user_id=user_id, action=action, since=since, until=until, page=page, namer=namer)
