"""What the audit log records of a page save: exactly the fields whose stored value changed."""

from datetime import datetime
from typing import Any

from cms.audit import log as audit
from cms.core.types import User
from cms.pages.changes import SCALAR_FIELDS
from cms.pages.models import Page, PageLocalization, Status


def audited_state(page: Page, localization: PageLocalization) -> dict[str, Any]:
    """What the audit log compares before and after a save: the page's fields and texts, as
    stored (a block never set and an empty one are the same; dates to the microsecond)."""
    state = {field: getattr(page, field) for field in SCALAR_FIELDS}
    state.update(name=localization.name, path_segment=localization.path_segment)
    for source in (page.blocks, localization.blocks):
        state.update({f"blocks.{name}": value for name, value in (source or {}).items() if value})
    return {field: value.isoformat() if isinstance(value, datetime) else value for field, value in state.items()}


# Old and new values are logged for fields this short; a longer text only by name.
LOGGED_VALUE_LENGTH = 200


def record_update(
    actor: User, page: Page, locale: str, before: dict[str, Any], after: dict[str, Any],
    relations: dict[str, dict[str, Any]], was_parent: int | None,
) -> dict[str, Any] | None:  # fmt: skip
    """One audit entry for one save: exactly the fields whose stored value changed, in which
    locale, with old and new values of short ones; a deletion or a restoration is named as such.
    A save that changed nothing stored records nothing (issue 18, item 6). Returns the entry's
    details (None when nothing was recorded), which the save's revision summarises."""
    changed = sorted(key for key in before.keys() | after.keys() if before.get(key, "") != after.get(key, ""))
    values = {
        field: {"from": before.get(field, ""), "to": after.get(field, "")}
        for field in changed
        if all(len(str(value)) <= LOGGED_VALUE_LENGTH for value in (before.get(field, ""), after.get(field, "")))
    }
    values.update({field: change for field, change in relations.items() if change})
    fields = changed + sorted(relations)
    if not fields and was_parent == page.parent_id:
        return None
    details: dict[str, Any] = {"locale": locale, "fields": fields, "values": values}
    if before["status"] != after["status"]:
        details["status"] = {"from": before["status"], "to": after["status"]}
    if was_parent != page.parent_id:
        details["parent_page_id"] = {"from": was_parent, "to": page.parent_id}
    action = "update"
    if Status.DELETED in (before["status"], after["status"]) and before["status"] != after["status"]:
        action = "delete" if after["status"] == Status.DELETED else "restore"
    audit.record(actor, action, "page", page.pk, details)
    return details


def changed_blocks(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
    """The blocks whose text a save changed (from two audited states)."""
    return {
        key.removeprefix("blocks.")
        for key in before.keys() | after.keys()
        if key.startswith("blocks.") and before.get(key, "") != after.get(key, "")
    }
