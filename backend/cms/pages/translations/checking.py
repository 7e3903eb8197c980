"""Marking a translation's outdated blocks "checked, still right" (issue 22, item 1): the source
changed in a way the translation needs no change for (a typo, a link), so it is current again;
and a copied block (issue 28, item 6): the same text is right in this locale too.

A write like a save: the editor's `lock_version` checked, `edit` needed, one audit entry; no
revision, since no text changed."""

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from cms.core.exceptions import ValidationFailed
from cms.core.locales import get_locale, locale_codes
from cms.core.messages import message
from cms.core.types import User
from cms.pages.models import Page, PageLocalization
from cms.pages.saving.services import page_held_for_edit
from cms.pages.saving.unit import PageWrite, Record
from cms.pages.translations import marks
from cms.pages.translations.states import copied_blocks, counted_blocks, decoded, outdated_in

# The most blocks one call names: more than any template has.
MAX_BLOCKS = 200
SOURCE_LOCALE = _("is the default locale, the source of the translations: it has nothing to check")
NO_TRANSLATION = _("The page has no name in this locale yet: there is no translation to check.")
NONE_NAMED = _("must name at least one block, or be left out for every outdated block")
NOT_A_BLOCK = _("entry %(number)d is not a localized block of this page's template")
NAMED_TWICE = _("entry %(number)d names a block listed before: name each block once")
CHECKED = "translation_checked"  # the audit entry's action


def check_names(blocks: Sequence[str] | None) -> None:
    """Refuse a list of blocks that can't be right for any page (before anything is read)."""
    if blocks is None:
        return
    if not blocks:
        raise ValidationFailed([("blocks", NONE_NAMED)])
    seen: set[str] = set()
    for number, block in enumerate(blocks, 1):
        if block in seen:
            raise ValidationFailed([("blocks", message(NAMED_TWICE, number=number))])
        seen.add(block)


def mark_checked(*, actor: User, page_id: int, locale: str, lock_version: int, blocks: Sequence[str] | None) -> Page:
    """Mark the locale's `blocks` (None: every outdated or copied one) checked against the source
    as it is now: a copied text is then the translation (a name such as "Blog" may be the same).
    Other blocks stay as they are; when none is outdated or copied, nothing changes (no new
    lock_version, no audit entry)."""
    get_locale(locale)
    if locale == locale_codes()[0]:
        raise ValidationFailed([("locale", SOURCE_LOCALE)])
    check_names(blocks)
    with transaction.atomic():
        page = page_held_for_edit(actor, page_id, lock_version)
        counted = counted_blocks(page.template)
        if blocks is not None:
            for number, block in enumerate(blocks, 1):
                if block not in counted:
                    raise ValidationFailed([("blocks", message(NOT_A_BLOCK, number=number))])
        if not PageLocalization.objects.filter(page=page, locale=locale).exclude(name="").exists():
            raise ValidationFailed([("locale", NO_TRANSLATION)])
        copied = copied_blocks(page.template, decoded(page.translation_todo), locale)
        listed = [*outdated_in(decoded(page.translation_outdated), locale), *copied]
        to_check = [block for block in listed if block in counted]
        chosen = to_check if blocks is None else [block for block in to_check if block in blocks]
        if not chosen:
            return page
        write = PageWrite(page)
        marks.mark_checked(page, locale, chosen)
        write.commit(actor, Record(CHECKED, {"locale": locale, "blocks": chosen}), fields=marks.STORED_FIELDS)
        return page
