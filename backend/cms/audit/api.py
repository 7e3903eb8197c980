"""HTTP layer of the audit log: the whole log, filtered (a page's own history is a page call)."""

from typing import Any, Literal

from django.utils.translation import gettext_lazy as _
from ninja import Query, Router

from cms.audit import log
from cms.audit.schemas import AuditLogOut
from cms.core.exceptions import PermissionDenied
from cms.core.http import AuthenticatedRequest
from cms.core.input_types import StorableDateTime
from cms.core.schemas import ErrorOut, ValidationErrorOut

router = Router(tags=["audit"])

ADMINISTRATORS_ONLY = _("Only administrators can read the whole log.")

Action = Literal["create", "update", "move", "delete", "restore", "grants", "upload"]


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
) -> dict[str, Any]:
    """Who did what and when, newest first; filters by user, action and time (administrators only:
    a page's own history is open to every editor)."""
    if not getattr(request.auth, "is_superuser", False):  # the login itself is checked for every call (cms.api.auth)
        raise PermissionDenied(ADMINISTRATORS_ONLY)
    return log.log_page(user_id=user_id, action=action, since=since, until=until, page=page)
