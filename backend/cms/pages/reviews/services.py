"""Submitting a change for review and deciding it (issue 32, DESIGN.md §3 Review before
publishing).

A submission keeps the fields of a partial save payload that change the page (as scheduling
keeps them, cms.pages.scheduling.kept) and what each of them holds now (its base): no revision,
the live page unchanged. It is tried as the save it will be and rolled back, so a change that
could never go live is refused (422) when it is submitted, not when it is approved.

Approving applies it as a save by its author through the one unit of work (every check of a
save, one revision, one audit entry naming the approver), unless a field it sets was changed
since it was submitted: then 409 naming those fields, nothing applied. Two approvals of one
change: its row is locked first, so the second finds it decided (409).
"""

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cms.accounts.permissions import EDIT, SUBMIT
from cms.audit import log as audit
from cms.core.exceptions import Conflict, NotFound, PermissionDenied, ValidationFailed
from cms.core.locales import get_locale
from cms.core.messages import Message, message
from cms.core.types import User
from cms.pages import locks, rights
from cms.pages.models import (
    Page,
    PageLocalization,
    PageReview,
    PageRevision,
    ReviewDecision,
    ReviewState,
    ScheduledChange,
    Status,
)
from cms.pages.reviews import multilocale, notices
from cms.pages.revisions.recording import REVIEWED
from cms.pages.saving import services, validation
from cms.pages.saving.payload import PageChanges
from cms.pages.scheduling import applying, tasks
from cms.pages.scheduling.fingerprints import changed_since, fingerprints
from cms.pages.scheduling.kept import changed_fields
from cms.pages.schemas import PageFieldsIn
from cms.pages.templates_registry import NAME_BLOCK, registry

NOTHING_CHANGES = _("changes nothing: the page already holds every value sent")
REVIEW_MISSING = _("Change %(id)s waiting for review does not exist.")
NOT_WAITING = _("This change is no longer waiting for review.")
NOT_THE_AUTHOR = _("Only its author can withdraw a change.")
DECIDE_REFUSED = _("You don't have permission to decide changes to this page.")
AUTHOR_GONE = _("Its author no longer exists: nobody can save it.")
CHANGED_SINCE = _("The page was changed since this change was submitted, in: %(fields)s.")
AT_NEEDED = _("is needed to publish at a time")
UNKNOWN_BLOCK = _("is not a block of any template")
TOO_MANY_COMMENTS = _("This change has as many comments as it may have.")
MAX_COMMENTS = 200
# The most a page may have waiting at once (one per author and page, by the table's constraint).
MAX_WAITING_PER_PAGE = 50
NOT_SCHEDULED_IN_LOCALES = _("a change in several locales can't be published at a time: publish it now or later")
PAGE_FULL = _("This page already has %(count)s changes waiting for review, the most it may have.")


class ChangedSinceSubmitted(Conflict):
    """Fields the change sets were changed since it was submitted (409 naming them)."""

    def __init__(self, msg: Message, *, current_version: int, fields: list[str]) -> None:
        super().__init__(msg, current_version=current_version)
        self.fields = fields


def submit(
    *,
    actor: User,
    page_id: int,
    locale: str,
    fields: PageFieldsIn,
    lock_version: int,
    note: str,
    base_url: str = "",
    other_locales: Mapping[str, PageFieldsIn] | None = None,
) -> PageReview:
    """Keep the fields of `fields` that change the page (as stored now, in `locale`) as a change
    waiting for review; the author's waiting change of the page, if any, is withdrawn (a
    resubmission). Refused like a save: 404, 403 without `submit` or `edit` (or the right a move
    it makes needs), 409 stale, 422 when it breaks a rule of a save or changes nothing.
    `other_locales`: the same change in further locales (issue 32, item 5), each only with the
    fields a locale has of its own; kept as `fields` is, tried with it as one save; a field of
    one of them that breaks a rule answers 422 naming it `locales.{locale}.{field}`."""
    get_locale(locale)
    payload = fields.model_dump(mode="json", by_alias=True, exclude_unset=True)
    changes = PageChanges.from_input(fields)
    sent_others = multilocale.parsed(locale, other_locales or {})
    with transaction.atomic():
        page = Page.objects.filter(pk=page_id).first()
        if page is None:
            raise NotFound(message(validation.PAGE_MISSING, id=page_id))
        rights.require_any(actor, (EDIT, SUBMIT), page.pk, rights.REVIEW_REFUSED)
        _same_version(page, lock_version)
        localization = _localization(page, locale)
        kept = changed_fields(page, localization, payload, changes)
        others = multilocale.kept(page, sent_others)
        if not kept and not others:
            raise ValidationFailed([("page", NOTHING_CHANGES)])
        base = fingerprints(page, localization, list(kept))
        sent_in_page = bool(kept)
        if not kept:
            # Nothing in the address's locale: the change is another locale's (a save in the
            # address's locale would give the page an empty localization there).
            locale, first = next(iter(others.items()))
            kept, base = first["payload"], first["base"]
            others = {code: entry for code, entry in others.items() if code != locale}
        # The trial takes a save's locks in their order (cms.pages.locks) and gives them back;
        # then the page's row, held to the end, at the version the fields were compared with.
        try:
            _try_as_a_save(
                actor, page_id, locale, replace(PageChanges.from_payload(kept), lock_version=lock_version),
                multilocale.changes_of(others),
            )  # fmt: skip
        except ValidationFailed as refused:
            raise multilocale.named_as_sent(refused, locale, sent_in_page) from refused
        page = _held_page(page_id)
        _same_version(page, lock_version)
        replaced = _withdraw_waiting(actor, page)
        if not replaced and PageReview.objects.filter(page=page, state=ReviewState.WAITING).count() >= (
            MAX_WAITING_PER_PAGE
        ):
            raise ValidationFailed([("page", message(PAGE_FULL, count=MAX_WAITING_PER_PAGE))])
        review = PageReview.objects.create(
            page=page, user=actor, locale=locale, locales=[locale, *others], message=note, payload=kept,
            lock_version=page.lock_version, base=base, other_locales=others, created_at=timezone.now(),
        )  # fmt: skip
        details: dict[str, Any] = {"review": review.pk, "fields": sorted(kept)}
        if others:
            details["locales"] = {code: sorted(entry["payload"]) for code, entry in others.items()}
        audit.record(actor, "review_submitted", "page", page.pk, details)
        notices.waiting(review, base_url=base_url)
    return review


def approve(
    *,
    actor: User,
    page_id: int,
    locale: str,
    review_id: int,
    comment: str,
    decision: str = ReviewDecision.SAVE,
    at: datetime | None = None,
    base_url: str = "",
) -> PageReview:
    """Apply a waiting change as a save by its author (`decision`: as submitted, published
    now, reviewed (status 1), or scheduled at `at`); needs `edit` on the page. 409 when it is
    decided already, or a field it sets was changed since it was submitted (nothing applied)."""
    get_locale(locale)
    if decision == ReviewDecision.SCHEDULE and at is None:
        raise ValidationFailed([("at", AT_NEEDED)])
    with transaction.atomic():
        review = _waiting(actor, page_id, review_id)
        author = review.user
        if author is None:
            raise ValidationFailed([("review", AUTHOR_GONE)])
        payload = dict(review.payload)
        if decision in (ReviewDecision.PUBLISH, ReviewDecision.SCHEDULE):  # published now, or at `at`
            payload["status"] = Status.PUBLISHED
        elif decision == ReviewDecision.REVIEWED:
            payload["status"] = Status.REVIEWED
        if decision == ReviewDecision.SCHEDULE and review.other_locales:
            # A scheduled change goes live as a save in one locale (cms.pages.scheduling).
            raise ValidationFailed([("publish", NOT_SCHEDULED_IN_LOCALES)])
        if decision == ReviewDecision.SCHEDULE:
            review.scheduled = _schedule(review, author, actor, payload, at)  # type: ignore[arg-type]
        else:
            started = timezone.now()
            _apply(review, author, actor, payload)
            revisions = PageRevision.objects.filter(page_id=review.page_id, kind=REVIEWED, at__gte=started)
            review.revision_id = revisions.order_by("-id").values_list("pk", flat=True).first()
        _decide(review, actor, ReviewState.APPROVED, comment, decision=decision)
        notices.decided(review, base_url=base_url)
    return review


def _apply(review: PageReview, author: User, approver: User, payload: dict[str, Any]) -> None:
    checked: list[str] = []
    changed: list[str] = []

    def unchanged_since_submitted(page: Page, localization: PageLocalization) -> None:
        # Under the page's lock: a save that committed meanwhile is seen. Called for each locale
        # the change covers (its own first) before anything is written; the last call answers
        # for all of them, so a 409 names every field changed and nothing goes live anywhere.
        base = multilocale.base_of(review, localization.locale)
        found = changed_since(base, fingerprints(page, localization, list(base)), [])
        changed.extend(multilocale.named(review, localization.locale, found))
        checked.append(localization.locale)
        if changed and len(checked) == 1 + len(review.other_locales):
            raise ChangedSinceSubmitted(
                message(CHANGED_SINCE, fields=", ".join(changed)), current_version=page.lock_version, fields=changed
            )

    services.page_update(
        actor=author,
        page_id=review.page_id,
        locale=review.locale,
        changes=PageChanges.from_payload(payload),
        origin=REVIEWED,
        check=unchanged_since_submitted,
        approved_by=approver,
        other_locales=multilocale.changes_of(review.other_locales),
    )


def _schedule(
    review: PageReview, author: User, approver: User, payload: dict[str, Any], at: datetime
) -> ScheduledChange:
    """The approved change as a scheduled change of its author's, approved by `approver`: it
    goes live at `at` as the save approving now would be (cms.pages.scheduling.applying)."""
    page = review.page
    localization = _localization(page, review.locale)
    now = fingerprints(page, localization, list(review.base))
    if changed := changed_since(review.base, now, []):
        raise ChangedSinceSubmitted(
            message(CHANGED_SINCE, fields=", ".join(changed)), current_version=page.lock_version, fields=changed
        )
    change = ScheduledChange.objects.create(
        page=page, user=author, approved_by=approver, locale=review.locale, payload=payload, at=at,
        created_at=timezone.now(), base=review.base,
    )  # fmt: skip
    tasks.queue_for_change(at)  # kept with the change: it goes live on the task engine at its time
    transaction.on_commit(lambda: applying.note_due(at))
    return change


def request_changes(
    *, actor: User, page_id: int, locale: str, review_id: int, comment: str, base_url: str = ""
) -> PageReview:
    """Send a waiting change back to its author; needs `edit` on the page."""
    get_locale(locale)
    with transaction.atomic():
        review = _waiting(actor, page_id, review_id)
        _decide(review, actor, ReviewState.CHANGES_REQUESTED, comment)
        notices.decided(review, base_url=base_url)
    return review


def withdraw(*, actor: User, page_id: int, locale: str, review_id: int, base_url: str = "") -> PageReview:
    """The author takes back their waiting change."""
    get_locale(locale)
    with transaction.atomic():
        review = _waiting(actor, page_id, review_id, author_only=True)
        _decide(review, actor, ReviewState.WITHDRAWN, "")
        notices.withdrawn(review, base_url=base_url)
    return review


def comment(
    *, actor: User, page_id: int, locale: str, review_id: int, text: str, block: str = "", on_locale: str = ""
) -> PageReview:
    """Add a comment to a change (on a block in a locale, or on the whole): its author or a user
    who may decide it; any state (the conversation goes on after a decision)."""
    get_locale(locale)
    if on_locale:
        get_locale(on_locale)
    if block and block != NAME_BLOCK and block not in registry().blocks:
        raise ValidationFailed([("block", UNKNOWN_BLOCK)])
    with transaction.atomic():
        found = PageReview.objects.filter(pk=review_id, page_id=page_id).select_related("page", "user")
        review = (found.select_for_update(of=("self",)) if locks.takes_locks() else found).first()
        if review is None:
            raise NotFound(message(REVIEW_MISSING, id=review_id))
        if review.user_id != actor.pk:
            rights.require(actor, EDIT, page_id, DECIDE_REFUSED)
        if len(review.comments) >= MAX_COMMENTS:
            raise ValidationFailed([("text", TOO_MANY_COMMENTS)])
        review.comments = [*review.comments, _comment(actor, text, kind="comment", locale=on_locale, block=block)]
        review.save(update_fields=["comments"])
        audit.record(
            actor, "review_comment", "page", page_id, {"review": review.pk, "block": block, "locale": on_locale}
        )
    return review


def _held_page(page_id: int) -> Page:
    """The page, its row locked until the transaction ends (PostgreSQL), or NotFound."""
    pages = Page.objects.filter(pk=page_id)
    page = (pages.select_for_update() if locks.takes_locks() else pages).first()
    if page is None:
        raise NotFound(message(validation.PAGE_MISSING, id=page_id))
    return page


def _same_version(page: Page, lock_version: int) -> None:
    if lock_version != page.lock_version:
        raise Conflict(services.CONFLICT_MESSAGE, current_version=page.lock_version)


def _localization(page: Page, locale: str) -> PageLocalization:
    localization = PageLocalization.objects.filter(page=page, locale=locale).first()
    return localization or PageLocalization(page=page, locale=locale)


def _waiting(actor: User, page_id: int, review_id: int, *, author_only: bool = False) -> PageReview:
    """The waiting change, its row locked (the second of two decisions waits, then finds it
    decided): 404 unknown, 403 without the right to decide it (or not its author), 409 decided."""
    found = PageReview.objects.filter(pk=review_id, page_id=page_id).select_related("page", "user")
    review = (found.select_for_update(of=("self",)) if locks.takes_locks() else found).first()
    if review is None:
        if not Page.objects.filter(pk=page_id).exists():
            raise NotFound(message(validation.PAGE_MISSING, id=page_id))
        raise NotFound(message(REVIEW_MISSING, id=review_id))
    if author_only:
        if review.user_id != actor.pk:
            raise PermissionDenied(NOT_THE_AUTHOR)
    else:
        rights.require(actor, EDIT, page_id, DECIDE_REFUSED)
    if review.state != ReviewState.WAITING:
        raise Conflict(NOT_WAITING, current_version=review.page.lock_version)
    return review


def _withdraw_waiting(actor: User, page: Page) -> bool:
    """Withdraw the author's waiting change of the page (a new submission replaces it)."""
    old = PageReview.objects.filter(page=page, user=actor, state=ReviewState.WAITING).first()
    if old is None:
        return False
    _decide(old, actor, ReviewState.WITHDRAWN, "")
    return True


def _decide(review: PageReview, actor: User, state: str, comment: str, *, decision: str = "") -> None:
    review.state = state
    review.decided_by = actor
    review.decided_at = timezone.now()
    review.decision = decision
    if comment:
        review.comments = [*review.comments, _comment(actor, comment, kind=state)]
    review.save(update_fields=["state", "decided_by", "decided_at", "decision", "comments", "revision", "scheduled"])
    details = {"review": review.pk, "state": state, **({"comment": comment} if comment else {})}
    audit.record(actor, f"review_{state}", "page", review.page_id, details)


def _comment(actor: User, text: str, *, kind: str, locale: str = "", block: str = "") -> dict[str, Any]:
    return {
        "user_id": actor.pk,
        "at": timezone.now().isoformat(),
        "text": text,
        "kind": kind,
        "locale": locale,
        "block": block,
    }


class _Tried(Exception):
    """The trial save passed: roll it back."""


def _try_as_a_save(
    actor: User, page_id: int, locale: str, changes: PageChanges, other_locales: Mapping[str, PageChanges]
) -> None:
    """Run the save the change will be, every rule of it, against the page as it is, and roll it
    back (as scheduling does, cms.pages.scheduling.services): nothing written, 422 on a rule."""
    try:
        with transaction.atomic():
            services.page_update(
                actor=actor, page_id=page_id, locale=locale, changes=changes, submitting=True,
                other_locales=other_locales,
            )  # fmt: skip
            raise _Tried
    except _Tried:
        pass
