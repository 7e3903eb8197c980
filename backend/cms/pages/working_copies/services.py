"""A user's working copy of a page, and who else has the page open (issue 20, item 5).

The editor sends what the user has typed but not saved, as they type; it is kept per page, user
and locale, never live and never in another user's answers. It is work in progress: only what
the database could not store is refused, none of a save's rules (a blank name, HTML in a block,
a taken segment are the save's business). An accepted save of the page by that user discards it,
lazily: reading it answers "none" once that user has a newer revision of the page, so a save
costs no statement for it.
"""

from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cms.accounts.permissions import EDIT, SUBMIT
from cms.core.exceptions import NotFound, ValidationFailed
from cms.core.input_types import unstorable_text_message
from cms.core.locales import get_locale
from cms.core.messages import MUST_BE_TEXT, Errors, message, too_long
from cms.core.types import User
from cms.pages import rights
from cms.pages.models import Page, PagePresence, PageRevision, WorkingCopy
from cms.pages.revisions.recording import LINKS, REVIEWED, SCHEDULED
from cms.pages.saving import validation
from cms.pages.saving.tags import parse_serialized_tags
from cms.pages.schemas import PageFieldsIn
from cms.pages.templates_registry import registry

NO_WORKING_COPY = _("You have no unsaved changes of this page.")
# Who has the page open: editors say so every 5 s; one silent for longer has left.
PRESENCE_WINDOW = timedelta(seconds=15)
# Revisions that do not discard the author's working copy: a scheduled change going live is no
# save the user made then, and what they type meanwhile is newer work (cms.pages.scheduling);
# nor is their submitted change approved while they go on editing (cms.pages.reviews), nor the
# links rewritten when they moved a page these link to (cms.pages.text_links.rewriting: the
# working copy's links were rewritten with them).
NOT_A_SAVE_BY_HAND = (SCHEDULED, REVIEWED, LINKS)


def draft_save(*, actor: User, page_id: int, locale: str, fields: PageFieldsIn) -> WorkingCopy:
    """Keep `fields` (a save payload, partial) as the user's working copy of the page in `locale`,
    replacing the one before; needs `edit` on the page."""
    get_locale(locale)
    payload = storable_payload(fields)
    _require_page(page_id)
    rights.require_any(actor, (EDIT, SUBMIT), page_id, rights.EDIT_REFUSED)
    copy = WorkingCopy(page_id=page_id, user=actor, locale=locale, payload=payload, saved_at=timezone.now())
    # One statement whether or not there was one: the editor sends this as the user types.
    WorkingCopy.objects.bulk_create(
        [copy], update_conflicts=True, unique_fields=["page", "user", "locale"], update_fields=["payload", "saved_at"]
    )
    return copy


def draft_read(*, actor: User, page_id: int, locale: str) -> WorkingCopy:
    """The user's working copy of the page in `locale`; NotFound when there is none, or when the
    user has saved the page since it was kept (it is then discarded)."""
    get_locale(locale)
    copy = WorkingCopy.objects.filter(page_id=page_id, user=actor, locale=locale).first()
    if copy is None:
        raise NotFound(NO_WORKING_COPY)
    saved_since = PageRevision.objects.filter(page_id=page_id, user=actor, at__gt=copy.saved_at).exclude(
        kind__in=NOT_A_SAVE_BY_HAND
    )
    if saved_since.exists():
        WorkingCopy.objects.filter(pk=copy.pk, saved_at=copy.saved_at).delete()  # unless kept again meanwhile
        raise NotFound(NO_WORKING_COPY)
    return copy


def draft_discard(*, actor: User, page_id: int, locale: str) -> None:
    """Forget the user's working copy of the page in `locale` (none is fine)."""
    get_locale(locale)
    WorkingCopy.objects.filter(page_id=page_id, user=actor, locale=locale).delete()


def storable_payload(fields: PageFieldsIn) -> dict[str, Any]:
    """The payload as the editor sent it (dates in UTC), keeping of the extra fields only blocks
    (any template's); refuse (ValidationFailed) what no database can store: NUL, lone
    surrogates, a block that is not text or longer than a save takes, a malformed tag list."""
    payload = fields.model_dump(mode="json", by_alias=True, exclude_unset=True)
    blocks = registry().blocks
    extra = set(fields.model_extra or ())
    errors: Errors = []
    kept: dict[str, Any] = {}
    for name, value in payload.items():
        if name in extra and name not in blocks:
            continue  # not a block of any template: a save ignores it too
        if name in blocks:
            if value is not None and not isinstance(value, str):
                errors.append((name, MUST_BE_TEXT))
                continue
            if value is not None and len(value) > validation.MAX_BLOCK_LENGTH:
                errors.append((name, too_long(validation.MAX_BLOCK_LENGTH)))
                continue
        if problem := _unstorable(value):
            errors.append((name, problem))
            continue
        kept[name] = value
    if isinstance(kept.get("serialized_tags"), str):
        try:
            parse_serialized_tags(kept["serialized_tags"])
        except ValidationFailed as exc:
            errors += exc.errors
    if errors:
        raise ValidationFailed(errors)
    return kept


def _unstorable(value: Any) -> Any:
    """Why a JSON value holds text no database can store, or None (a payload nests two deep)."""
    if isinstance(value, str):
        return unstorable_text_message(value)
    if isinstance(value, list | dict):
        for item in value.values() if isinstance(value, dict) else value:
            if problem := _unstorable(item):
                return problem
    return None


def presence_mark(*, actor: User, page_id: int, locale: str) -> list[User]:
    """Note that the user has the page open now (in any locale: a save in one meets a save in
    another at the page's lock_version); return the other users who said so within
    PRESENCE_WINDOW, by name. Needs `edit` on the page, as a working copy does: only those who
    may change a page are told who is changing it."""
    get_locale(locale)
    _require_page(page_id)
    rights.require_any(actor, (EDIT, SUBMIT), page_id, rights.EDIT_REFUSED)
    now = timezone.now()
    PagePresence.objects.bulk_create(
        [PagePresence(page_id=page_id, user=actor, seen_at=now)],
        update_conflicts=True,
        unique_fields=["page", "user"],
        update_fields=["seen_at"],
    )
    recent = PagePresence.objects.filter(page_id=page_id, seen_at__gte=now - PRESENCE_WINDOW).exclude(user=actor)
    users = get_user_model().objects.filter(pk__in=recent.values("user_id"), is_active=True)
    return list(users.order_by("first_name", "last_name", "username"))


def presence_leave(*, actor: User, page_id: int, locale: str) -> None:
    """The user closed the page: others stop seeing them at once (needs `edit`, as marking does)."""
    get_locale(locale)
    _require_page(page_id)
    rights.require_any(actor, (EDIT, SUBMIT), page_id, rights.EDIT_REFUSED)
    PagePresence.objects.filter(page_id=page_id, user=actor).delete()


def _require_page(page_id: int) -> None:
    if not Page.objects.filter(pk=page_id).exists():
        raise NotFound(message(validation.PAGE_MISSING, id=page_id))
