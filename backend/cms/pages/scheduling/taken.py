"""Scheduling takes what it schedules out of the author's working copy (issue 28, item 4).

The editor keeps what the user typed as their working copy of the page (cms.pages.working_copies.services).
Once those edits are scheduled, the copy must not offer them back as unsaved changes: restoring
and saving them would make them live at once, before their time. So the fields the change sets
leave the copy in the scheduling's transaction, and a copy that changes nothing else goes.
"""

from typing import Any

from cms.core.exceptions import ValidationFailed
from cms.core.types import User
from cms.pages.models import Page, PageLocalization, WorkingCopy
from cms.pages.saving.payload import PageChanges
from cms.pages.scheduling.kept import changed_fields


def take_from_working_copy(actor: User, page: Page, localization: PageLocalization, taken: dict[str, Any]) -> None:
    """Remove the `taken` fields from the actor's working copy of the page in the
    localization's locale; delete the copy when what is left changes nothing of the page."""
    copy = WorkingCopy.objects.filter(page=page, user=actor, locale=localization.locale).first()
    if copy is None:
        return
    left = {name: value for name, value in copy.payload.items() if name not in taken}
    if _changes_the_page(page, localization, left):
        copy.payload = left
        copy.save(update_fields=["payload"])
    else:
        copy.delete()


def _changes_the_page(page: Page, localization: PageLocalization, payload: dict[str, Any]) -> bool:
    try:
        changes = PageChanges.from_payload(payload)
    except ValidationFailed:
        return True  # what a save would refuse is still the user's unsaved work: kept
    return bool(changed_fields(page, localization, payload, changes))
