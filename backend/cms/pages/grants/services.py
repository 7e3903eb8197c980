"""Granting and revoking editors' rights on pages (spec §1 bulk selection, §6)."""

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from cms.accounts.permissions import CREATE, EDIT, SUBMIT, PagePermission
from cms.accounts.users import USER_MISSING
from cms.audit import log as audit
from cms.core.exceptions import NotFound, PermissionDenied, ValidationFailed
from cms.core.messages import DOES_NOT_EXIST, grouped_number, message
from cms.core.types import User
from cms.pages.models import Page, PageGrant

ROOT = "root"
MAX_PAGES = 10_000  # ids in one change: more than a person ticks, few enough for one statement
ADMINS_ONLY = _("Only administrators can change what editors may do.")
PAGE_IDS_MESSAGE = _("must be page ids or 'root', separated by commas")
NOT_AN_EDITOR = _("is not an editor")
NO_SUCH_PAGE = _("no page has the id %(id)s")
TOO_MANY_PAGES_MESSAGE = message(_("can name at most %(count)s pages at once"), count=grouped_number(MAX_PAGES))


def grants_of(user_id: int) -> list[dict[str, Any]]:
    """Return a user's grants, the root's first, as `{page_id, permissions}`."""
    if not get_user_model().objects.filter(pk=user_id).exists():
        raise NotFound(message(USER_MISSING, id=user_id))
    rows = PageGrant.objects.filter(user_id=user_id).values_list("page_id", "edit", "create", "submit")
    grants = [
        {"page_id": page_id, "permissions": [p for p, held in zip((EDIT, CREATE, SUBMIT), flags, strict=True) if held]}
        for page_id, *flags in rows
    ]
    return sorted((g for g in grants if g["permissions"]), key=lambda g: (g["page_id"] is not None, g["page_id"] or 0))


def grants_change(
    *, actor: User, user_id: int, page_ids: str, permissions: list[PagePermission], action: str
) -> list[dict[str, Any]]:
    """Grant or revoke `permissions` on every page of the comma-separated `page_ids` list
    (`root` for the root) for one user, in one transaction; return the user's grants."""
    if not actor.is_superuser:
        raise PermissionDenied(ADMINS_ONLY)
    pages = _parse_page_ids(page_ids)
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None:
        raise ValidationFailed([("user_id", DOES_NOT_EXIST)])
    if not user.is_staff:
        raise ValidationFailed([("user_id", NOT_AN_EDITOR)])
    ids = [page_id for page_id in pages if page_id is not None]
    missing = set(ids) - set(Page.objects.filter(pk__in=ids).values_list("pk", flat=True))
    if missing:
        raise ValidationFailed([("page_ids", message(NO_SUCH_PAGE, id=min(missing)))])
    flags = {name: action == "grant" for name in ("edit", "create", "submit") if name in permissions}
    with transaction.atomic():
        _set_flags(user, pages, flags)
        details = {"action": action, "permissions": sorted(permissions), "page_ids": pages}
        audit.record(actor, "grants", "user", user.pk, details)
    return grants_of(user.pk)


def _set_flags(user: User, pages: list[int | None], flags: dict[str, bool]) -> None:
    for page_id in pages:
        grant, _created = PageGrant.objects.select_for_update().get_or_create(user=user, page_id=page_id)
        for name, value in flags.items():
            setattr(grant, name, value)
        if grant.edit or grant.create or grant.submit:
            grant.save()
        else:
            grant.delete()  # nothing held: no row


def invitation_grants_check(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Check an invitation's grants as sent (`[{page_ids: "12,root", permissions}]`, the grants
    call's own words) and return them as an invitation keeps them: ids (None: the root), each
    page once per entry, the pages existing now (cms.accounts.invitations.grants)."""
    kept: list[dict[str, Any]] = []
    for entry in entries:
        try:
            pages = _parse_page_ids(entry["page_ids"])
        except ValidationFailed as refused:
            raise ValidationFailed([("grants", problem) for _attribute, problem in refused.errors]) from None
        kept.append({"page_ids": pages, "permissions": sorted(set(entry["permissions"]))})
    ids = {page_id for entry in kept for page_id in entry["page_ids"] if page_id is not None}
    if len(ids) > MAX_PAGES:
        raise ValidationFailed([("grants", TOO_MANY_PAGES_MESSAGE)])
    missing = ids - set(Page.objects.filter(pk__in=ids).values_list("pk", flat=True))
    if missing:
        raise ValidationFailed([("grants", message(NO_SUCH_PAGE, id=min(missing)))])
    return kept


def invitation_grants_give(user: User, entries: list[dict[str, Any]]) -> None:
    """Give a new user an invitation's grants, in the caller's transaction; a page removed for
    good since the invitation was made is left out (there is nothing left to hold a right on)."""
    ids = {page_id for entry in entries for page_id in entry["page_ids"] if page_id is not None}
    existing = set(Page.objects.filter(pk__in=ids).values_list("pk", flat=True))
    for entry in entries:
        pages = [page_id for page_id in entry["page_ids"] if page_id is None or page_id in existing]
        _set_flags(user, pages, {name: True for name in entry["permissions"]})


def _parse_page_ids(page_ids: str) -> list[int | None]:
    """Read "12,15,root" (spaces allowed) into ids, None for the root, each once."""
    parts = [part.strip() for part in page_ids.split(",")]
    if not page_ids.strip() or any(not (part == ROOT or (part.isascii() and part.isdigit())) for part in parts):
        raise ValidationFailed([("page_ids", PAGE_IDS_MESSAGE)])
    if len(parts) > MAX_PAGES:
        raise ValidationFailed([("page_ids", TOO_MANY_PAGES_MESSAGE)])
    pages: dict[int | None, None] = {}
    for part in parts:
        number = None if part == ROOT else int(part)
        if number is not None and not 1 <= number < 2**63:
            raise ValidationFailed([("page_ids", PAGE_IDS_MESSAGE)])
        pages[number] = None
    return list(pages)
