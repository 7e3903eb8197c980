"""What a bulk job does to one page: the call an editor would make for that page alone.

Each action runs inside the task's transaction for the page (cms.pages.bulk.tasks) and raises
what that call raises: a DomainError is the page's refusal, with the message the call answers.
Status changes are the tree's quick actions (a save sending `status`), a move is the tree's
move to the end of the new parent's children, a tag change is a save of the page's tags, and a
submission is the reviews' submit of `{"status": 2}`.
"""

import json
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from cms.core.exceptions import InUse, NotFound, ValidationFailed
from cms.core.messages import CANT_BE_BLANK, message
from cms.core.types import User
from cms.pages import locks
from cms.pages.models import Page, PageReview, Status, Tag
from cms.pages.models.reviews import ReviewState
from cms.pages.models.tags import tag_key
from cms.pages.reviews import services as reviews
from cms.pages.saving import services, validation
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.tags import parse_serialized_tags
from cms.pages.schemas import PageFieldsIn
from cms.pages.tree import services as tree

# (actor, page id, locale, the job's params) -> None; raises the page's refusal.
Action = Callable[[User, int, str, Mapping[str, Any]], None]

ALREADY_WAITING = _("You already have a change to this page waiting for review: withdraw it or submit from the editor.")

STATUSES = {"publish": Status.PUBLISHED, "hide": Status.HIDDEN, "unpublish": Status.DRAFT, "delete": Status.DELETED}


def _set_status(status: int) -> Action:
    def write(actor: User, page_id: int, locale: str, params: Mapping[str, Any]) -> None:
        changes = PageChanges.from_payload({"status": status})
        services.page_update(actor=actor, page_id=page_id, locale=locale, changes=changes)

    return write


def _move(actor: User, page_id: int, locale: str, params: Mapping[str, Any]) -> None:
    services.page_move(actor=actor, page_id=page_id, parent_id=params["parent_page_id"], position=tree.LAST)


def _held(page_id: int) -> Page:
    """The page's row, locked to the end of the page's transaction (PostgreSQL), before its
    current tags or version are read: a save meanwhile waits, so none is lost. The row lock is
    the first lock the write takes (a tag save or a submission takes none before it:
    cms.pages.locks)."""
    pages = Page.objects.filter(pk=page_id)
    page = (pages.select_for_update() if locks.takes_locks() else pages).first()
    if page is None:
        raise NotFound(message(validation.PAGE_MISSING, id=page_id))
    return page


def _retag(add: bool) -> Action:
    def write(actor: User, page_id: int, locale: str, params: Mapping[str, Any]) -> None:
        page = _held(page_id)
        names = list(Tag.objects.filter(pages=page).order_by("key").values_list("name", flat=True))
        key = tag_key(params["tag"])
        kept = [name for name in names if tag_key(name) != key]
        has_it = len(kept) < len(names)  # in any letter case: a page that has it keeps its spelling
        wanted = kept if not add else names if has_it else [*names, params["tag"]]
        changes = PageChanges.from_payload({"serialized_tags": json.dumps(wanted)})
        services.page_update(actor=actor, page_id=page.pk, locale=locale, changes=changes)

    return write


def _submit(actor: User, page_id: int, locale: str, params: Mapping[str, Any]) -> None:
    page = _held(page_id)
    # A submission replaces the author's waiting change: from the tree, that would throw away
    # the text they submitted from the editor for a change of the status alone.
    if PageReview.objects.filter(page=page, user=actor, state=ReviewState.WAITING).exists():
        raise InUse(message(ALREADY_WAITING))
    reviews.submit(
        actor=actor,
        page_id=page.pk,
        locale=locale,
        fields=PageFieldsIn.model_validate({"status": Status.PUBLISHED}),
        lock_version=page.lock_version,
        note=params.get("message", ""),
        base_url=params.get("base_url", ""),
    )


ACTIONS: dict[str, Action] = {
    **{name: _set_status(status) for name, status in STATUSES.items()},
    "move": _move,
    "tag": _retag(add=True),
    "untag": _retag(add=False),
    "submit": _submit,
}


def cleaned_tag(text: str) -> str:
    """The tag as a save would keep it (spaces collapsed, at most 100 characters): the tags'
    own rules, their refusals named `tag`."""
    try:
        names = parse_serialized_tags(json.dumps([text]))
    except ValidationFailed as refused:
        raise ValidationFailed([("tag", error) for _attribute, error in refused.errors]) from None
    if not names:
        raise ValidationFailed([("tag", CANT_BE_BLANK)])
    return names[0]
