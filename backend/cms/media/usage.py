"""Which pages use an image or an attachment, and whether a published page offers an attachment,
asked of whoever links to them.

The media app knows nothing of pages (apps depend one way: pages on media), so the pages app
registers functions here when it starts (cms.pages.apps); the libraries and the attachment
downloads call them.

Every registry fails closed: asked while nothing is registered (the pages app not installed or
not started), it refuses rather than answers "no page": who uses an image and who may change it
raise NothingRegistered (a deletion or a change is then refused, and the error says why), and no
attachment counts as published (a download needs a login).
"""

import logging
from collections.abc import Callable, Iterable
from typing import Any, Literal

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from cms.core.exceptions import PermissionDenied
from cms.core.types import User

logger = logging.getLogger(__name__)

# media ids -> {media id: [{"id": page id, "name": {locale: text}}, …]}
UsageFinder = Callable[[list[int]], dict[int, list[dict[str, Any]]]]
# attachment ids -> the ones a published page links to
PublicationFinder = Callable[[list[int]], set[int]]
Kind = Literal["image", "attachment"]

_finders: dict[tuple[Kind, str], UsageFinder] = {}
_publication_finders: dict[str, PublicationFinder] = {}


class NothingRegistered(ImproperlyConfigured):
    """A registry was asked while empty: nothing can tell the answer, so nothing is allowed."""

    def __init__(self, question: str) -> None:
        super().__init__(
            f"No function is registered to tell {question}: refused. The pages app registers them "
            "when it starts (cms.pages.apps); is it in INSTALLED_APPS?"
        )


def register_usage_finder(name: str, finder: UsageFinder, *, kind: Kind = "image") -> None:
    """Add (or replace, by name) a function telling which pages use which images (or attachments)."""
    _finders[(kind, name)] = finder


def pages_using(media_ids: Iterable[int], *, kind: Kind = "image") -> dict[int, list[dict[str, Any]]]:
    """Return the pages that use each image (or attachment), from every registered finder.

    Raises NothingRegistered when no finder of that kind is: "no page" would let it be deleted.
    """
    ids = list(media_ids)
    found: dict[int, list[dict[str, Any]]] = {media_id: [] for media_id in ids}
    finders = [finder for (finder_kind, _name), finder in _finders.items() if finder_kind == kind]
    if not finders:
        raise NothingRegistered(f"which pages use an {kind}")
    if not ids:
        return found
    for finder in finders:
        for media_id, pages in finder(ids).items():
            found.setdefault(media_id, []).extend(pages)
    return found


def register_publication_finder(name: str, finder: PublicationFinder) -> None:
    """Add (or replace, by name) a function telling which attachments a published page offers."""
    _publication_finders[name] = finder


def published_attachments(attachment_ids: Iterable[int]) -> set[int]:
    """Return the attachments any published page links to: anyone may download those.

    With no finder registered, none is: a download then needs a login (the safe default).
    """
    ids = list(attachment_ids)
    published: set[int] = set()
    if not _publication_finders:
        logger.error("No function is registered to tell which attachments are published: none is.")
    for finder in _publication_finders.values():
        if ids:
            published |= finder(ids)
    return published


# (user, kind, media id) -> whether the user may change the image's (attachment's) texts and crop
EditCheck = Callable[[User, Kind, int], bool]
_edit_checks: dict[str, EditCheck] = {}
CHANGE_REFUSED = {
    "image": _("You don't have permission to change this image: it shows on pages you may not edit."),
    "attachment": _("You don't have permission to change this file: it shows on pages you may not edit."),
}


def register_edit_check(name: str, check: EditCheck) -> None:
    """Add (or replace, by name) a function telling whether a user may change an image or file."""
    _edit_checks[name] = check


def require_change_right(user: User, kind: Kind, media_id: int) -> None:
    """Refuse (PermissionDenied) unless every registered check lets the user change it.

    With no check registered, nobody may (NothingRegistered): media alone knows no rule.
    """
    if not _edit_checks:
        raise NothingRegistered(f"who may change an {kind}")
    if not all(check(user, kind, media_id) for check in _edit_checks.values()):
        raise PermissionDenied(CHANGE_REFUSED[kind])
