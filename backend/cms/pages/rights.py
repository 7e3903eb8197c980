"""What a user may do to which page (spec §6): 'edit', 'create' and 'submit', granted per page.

'submit' (issue 32) lets its holder write what visitors cannot see and submit the rest for
review; `require_write` is the one place that tells the two apart, for every write of a page.

A grant on a page holds for the page and every page below it, including pages created or moved
there later: rights are worked out from the tree as it is, never copied onto pages. A grant on
the root (no page) holds everywhere, and its `create` allows top-level pages. Superusers hold
everything without grants; users who can't use the back office hold nothing.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import groupby
from operator import itemgetter

from django.db.models import Q
from django.db.models.expressions import RawSQL
from django.utils.translation import gettext_lazy as _

from cms.accounts.permissions import CREATE, EDIT, SUBMIT, PagePermission, can_use_admin
from cms.core.exceptions import PermissionDenied
from cms.core.messages import Message
from cms.core.types import Visitor
from cms.pages import media_uses, sql
from cms.pages.models import PageGrant

EDIT_REFUSED = _("You don't have permission to edit this page.")
CREATE_REFUSED = _("You don't have permission to create pages here.")
MOVE_REFUSED = _("You don't have permission to move pages here.")
SEEN_REFUSED = _("Visitors can see this page, or would see this change: submit it for review instead.")
REVIEW_REFUSED = _("You don't have permission to submit changes to this page.")
# What superusers hold, as answers list it ('edit' gives everything 'submit' does).
ALL: tuple[PagePermission, ...] = (EDIT, CREATE)
ORDER: tuple[PagePermission, ...] = (EDIT, CREATE, SUBMIT)
FLAGS: dict[PagePermission, str] = {EDIT: "edit", CREATE: "create", SUBMIT: "submit"}

Grants = Mapping[int | None, frozenset[PagePermission]]  # page id (None: the root) -> permissions


@dataclass(frozen=True)
class Rights:
    """One user's grants, read once: answers what the user holds on any page."""

    everything: bool
    grants: Grants

    @property
    def key(self) -> object:
        """The same for users whose rights are the same (what a memo of answers is keyed by)."""
        return "everything" if self.everything else frozenset(self.grants.items())

    @property
    def uniform(self) -> list[PagePermission] | None:
        """The permissions held on every page alike, if they are (no grants, or everything)."""
        if self.everything:
            return list(ALL)
        if not self.grants:
            return []
        if set(self.grants) == {None}:
            return _ordered(self.grants[None])
        return None

    def on(self, lineage: Iterable[int]) -> list[PagePermission]:
        """What the user holds on the page whose ids from the top level down are `lineage`."""
        if (uniform := self.uniform) is not None:
            return uniform
        held = set(self.grants.get(None, ()))
        for page_id in lineage:
            held |= self.grants.get(page_id, frozenset())
        return _ordered(held)

    def per_page(self, parents: Mapping[int, int | None]) -> dict[int, list[PagePermission]]:
        """What the user holds on each page of `parents` (page id -> parent id)."""
        if (uniform := self.uniform) is not None:
            return dict.fromkeys(parents, uniform)
        ordered: dict[frozenset[PagePermission], list[PagePermission]] = {}
        return {page_id: ordered.setdefault(held, _ordered(held)) for page_id, held in self.held_sets(parents).items()}

    @staticmethod
    def listed(held: frozenset[PagePermission]) -> list[PagePermission]:
        """A permission set as answers list it: edit before create."""
        return _ordered(held)

    def held_sets(self, parents: Mapping[int, int | None]) -> dict[int, frozenset[PagePermission]]:
        """The permission set held on each page of `parents` (page id -> parent id).

        A page holds its parent's set plus its own grant. Siblings share their parent's set, so
        it is worked out once per parent and given to the whole run of siblings at once: with
        `parents` in tree order (siblings together, as the tree cache keeps it) 10,000 pages
        cost a few hundred Python steps, not 10,000. Any order gives the same answer.
        """
        grants = self.grants
        held_by: dict[int | None, frozenset[PagePermission]] = {None: grants.get(None, frozenset())}

        def own_and_above(page_id: int) -> frozenset[PagePermission]:
            result = held_by.get(page_id)
            if result is None:
                parent = parents.get(page_id)
                above = held_by[parent] if parent in held_by else own_and_above(parent)  # type: ignore[arg-type]
                own = grants.get(page_id)
                result = held_by[page_id] = above | own if own else above
            return result

        held: dict[int, frozenset[PagePermission]] = {}
        for parent, siblings in groupby(parents.items(), key=itemgetter(1)):
            inherited = held_by[parent] if parent in held_by else own_and_above(parent)
            held.update(dict.fromkeys(map(itemgetter(0), siblings), inherited))
        for page_id in held.keys() & grants.keys():  # pages with a grant of their own
            held[page_id] = own_and_above(page_id)
        return held


def rights_of(user: Visitor | None) -> Rights:
    """Read the user's grants (one query; none for a superuser or an outsider)."""
    if not can_use_admin(user):
        return Rights(everything=False, grants={})
    if user.is_superuser:
        return Rights(everything=True, grants={})
    grants: dict[int | None, frozenset[PagePermission]] = {}
    for page_id, *flags in PageGrant.objects.filter(user=user).values_list("page_id", *FLAGS.values()):
        held = {permission for permission, flag in zip(FLAGS, flags, strict=True) if flag}
        if held:
            grants[page_id] = frozenset(held)
    return Rights(everything=False, grants=grants)


def holds(user: Visitor, permission: PagePermission, page_id: int | None) -> bool:
    """Whether the user holds `permission` on a page (None: the root), in at most one query."""
    if not can_use_admin(user):
        return False
    if user.is_superuser:
        return True
    return PageGrant.objects.filter(_on_or_above(page_id), user=user, **{FLAGS[permission]: True}).exists()


def held_on(user: Visitor, page_id: int | None) -> frozenset[PagePermission]:
    """Everything the user holds on a page (None: the root), in at most one query."""
    if not can_use_admin(user):
        return frozenset()
    if user.is_superuser:
        return frozenset(ORDER)
    rows = PageGrant.objects.filter(_on_or_above(page_id), user=user).values_list(*FLAGS.values())
    return frozenset(p for flags in rows for p, flag in zip(FLAGS, flags, strict=True) if flag)


def _on_or_above(page_id: int | None) -> Q:
    where = Q(page_id=None)
    if page_id is not None:
        where |= Q(page_id__in=RawSQL(sql.ancestry_ids(), [page_id]))
    return where


def require_write(
    user: Visitor, page_id: int, *, seen: bool, approved_by: Visitor | None = None, submitting: bool = False
) -> None:
    """Refuse (403) a write of a page unless the user holds `edit` on it, or holds `submit` and
    the write changes nothing visitors see (`seen`: the page may be seen before or after it,
    cms.pages.visibility.may_be_seen), or a reviewer holding `edit` approved it (`approved_by`:
    a submitted change going live as a save by its author), or the write is the trial of a
    change being submitted (`submitting`: tried and rolled back, never kept). One query when
    `edit` is held.

    Every write of a page asks here (create, save, tree actions, moves, deletions), so the
    line between `submit` and `edit` is drawn once."""
    held = held_on(user, page_id)
    if EDIT in held:
        return
    if SUBMIT in held:
        if not seen or submitting:
            return
        if approved_by is not None and holds(approved_by, EDIT, page_id):
            return
        raise PermissionDenied(SEEN_REFUSED)
    raise PermissionDenied(EDIT_REFUSED)


def require_any(user: Visitor, permissions: Iterable[PagePermission], page_id: int | None, message: Message) -> None:
    """Refuse (403) unless the user holds one of `permissions` on the page (one query)."""
    if not held_on(user, page_id) & set(permissions):
        raise PermissionDenied(message)


def require(user: Visitor, permission: PagePermission, page_id: int | None, message: Message) -> None:
    """Refuse (PermissionDenied, answered 403) unless the user holds `permission` on the page."""
    if not holds(user, permission, page_id):
        raise PermissionDenied(message)


def _ordered(held: Iterable[PagePermission]) -> list[PagePermission]:
    held = set(held)
    return [permission for permission in ORDER if permission in held]


def may_change_media(user: Visitor, kind: str, media_id: int) -> bool:
    """Whether the user may change an image or attachment: its texts, crop and focal point, or
    its file. Every page showing it (cms.pages.media_uses) shows the change, so it takes `edit`
    on each of them; linking it to a page of one's own gives no right. One that no page shows,
    any editor may change. Registered with cms.media.usage when the pages app starts.
    """
    if not can_use_admin(user):
        return False
    if user.is_superuser:
        return True
    showing = media_uses.pages_showing("image" if kind == "image" else "attachment", media_id)
    return all(holds(user, EDIT, page_id) for page_id in sorted(showing))
