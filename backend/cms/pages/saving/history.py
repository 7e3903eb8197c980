"""What the audit log and the revision say of an update: exactly the fields whose stored value
changed (issue 18, item 6), read from what the write changed (cms.pages.saving.changed)."""

from typing import Any

from cms.pages.models import Status
from cms.pages.revisions import recording
from cms.pages.saving.changed import Changed
from cms.pages.saving.unit import Record, Recorder

# Old and new values are logged for fields this short; a longer text only by name.
LOGGED_VALUE_LENGTH = 200


def update_record(locale: str, *, origin: str, approved_by: Any = None) -> Recorder:
    """The record of an update in one locale (`origin` "scheduled": a scheduled change went live;
    "review": a submitted change approved by `approved_by`, whom the log and revision name)."""

    def record(changed: Changed) -> Record | None:
        details = update_details(changed, locale)
        if details is None:
            return None
        status = changed.locales[locale].value_of("status")
        action = "update"
        if Status.DELETED in status and status[0] != status[1]:
            action = "delete" if status[1] == Status.DELETED else "restore"
        summary = {"locale": locale, "fields": details["fields"], "status": details.get("status")}
        if approved_by is not None:
            details["approved_by"] = {"id": approved_by.pk, "username": approved_by.get_username()}
            summary["approved_by"] = approved_by.pk
        kind = recording.kind_of_update(*status, origin=origin)
        return Record(action, details, revision_kind=kind, summary=summary)

    return record


def update_details(changed: Changed, locale: str) -> dict[str, Any] | None:
    """One audit entry's details for one save: exactly the fields whose stored value changed,
    in which locale, with old and new values of short ones; the status and the parent when they
    changed. None when the save changed nothing stored: it records nothing."""
    change = changed.locales[locale]
    values: dict[str, Any] = {}
    for name in change.fields:
        before, after = change.value_of(name)
        if len(str(before)) <= LOGGED_VALUE_LENGTH and len(str(after)) <= LOGGED_VALUE_LENGTH:
            values[name] = {"from": before, "to": after}
    values.update({name: relation for name, relation in changed.relations.items() if relation})
    fields = [*change.fields, *sorted(changed.relations)]
    if not fields and not changed.moved:
        return None
    details: dict[str, Any] = {"locale": locale, "fields": fields, "values": values}
    status_before, status_after = change.value_of("status")
    if status_before != status_after:
        details["status"] = {"from": status_before, "to": status_after}
    if changed.moved:
        details["parent_page_id"] = {"from": changed.was_parent, "to": changed.parent}
    return details
