"""How an invitation's grants are checked and given: by the app that owns grants (pages), which
registers the two steps here at start (cms.pages.apps), as it tells media who uses an image.
Accounts may not import pages (apps depend one way), so an invitation holds its grants as data
and asks these steps, which refuse to act when nothing has registered them.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ImproperlyConfigured

from cms.core.types import User

# [{"page_ids": "12,root", "permissions": [...]}] as sent -> [{"page_ids": [12, None], "permissions": [...]}]
# as stored, or ValidationFailed naming `grants`.
GrantsCheck = Callable[[list[dict[str, Any]]], list[dict[str, Any]]]
# Give the stored grants to a new user, in the caller's transaction.
GrantsGive = Callable[[User, list[dict[str, Any]]], None]


@dataclass
class _Steps:
    check: GrantsCheck | None = None
    give: GrantsGive | None = None


_steps = _Steps()


def register_invitation_grants(*, check: GrantsCheck, give: GrantsGive) -> None:
    _steps.check, _steps.give = check, give


def checked_grants(grants: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if _steps.check is None:
        raise ImproperlyConfigured("No app registered how an invitation's grants are checked")
    return _steps.check(grants)


def give_grants(user: User, grants: list[dict[str, Any]]) -> None:
    if _steps.give is None:
        raise ImproperlyConfigured("No app registered how an invitation's grants are given")
    _steps.give(user, grants)
