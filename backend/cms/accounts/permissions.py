"""Who may do what to pages (spec §6): a page carries a list of 'edit', 'create' and/or 'submit'
('submit': change what visitors cannot see and submit the rest for review, DESIGN.md §3)."""

from typing import Final, Literal, TypeGuard

from django.utils.translation import gettext_lazy as _

from cms.core.exceptions import PermissionDenied
from cms.core.types import User, Visitor

# What a page's `permissions` list may hold; the API's Page shape and the screens use this type.
PagePermission = Literal["edit", "create", "submit"]

EDIT: Final = "edit"
CREATE: Final = "create"
SUBMIT: Final = "submit"


def can_use_admin(user: Visitor | None) -> TypeGuard[User]:
    """Return whether the user may enter the back office at all (a signed-in, active staff user)."""
    return bool(user and user.is_authenticated and user.is_active and user.is_staff)


def page_permissions(user: Visitor) -> list[PagePermission]:
    """Return the permissions the user holds on pages.

    Staff hold both on every page; per-page grants narrow this in the grants issue, which is
    why callers ask per page even though the answer does not vary yet.
    """
    if not can_use_admin(user):
        return []
    return [EDIT, CREATE]


ADMINISTRATORS_ONLY = _("Only administrators can see or change people and their rights.")


def require_administrator(user: Visitor) -> None:
    """Refuse (PermissionDenied, answered 403) anyone but an administrator (a superuser)."""
    if not (can_use_admin(user) and user.is_superuser):
        raise PermissionDenied(ADMINISTRATORS_ONLY)
