"""What the audit log and the revision say of an update: exactly the fields whose stored value
changed (issue 18, item 6), read from what the write changed (cms.pages.saving.changed)."""

from collections.abc import Sequence
from typing import Any

from cms.pages.models import Status
from cms.pages.revisions import recording
from cms.pages.saving.changed import BLOCK_PREFIX, Changed
from cms.pages.saving.unit import Record, Recorder
from cms.pages.templates_registry import registry

# Old and new values are logged for fields this short; a longer text only by name.
LOGGED_VALUE_LENGTH = 200


def update_record(locale: str, *, origin: str, approved_by: Any = None, others: Sequence[str] = ()) -> Recorder:
    """The record of an update in one locale (`origin` "scheduled": a scheduled change went live;
    "review": a submitted change approved by `approved_by`, whom the log and revision name).
    `others`: further locales the same write changed (a change under review covering several):
    still one record, its details naming what changed in each under `locales`."""

    def record(changed: Changed) -> Record | None:
        details = update_details(changed, locale)
        in_others = {code: values for code in others if (values := _locale_values(changed, code, own=True))[0]}
        if details is None and not in_others:
            return None
        if details is None:
            details = {"locale": locale, "fields": [], "values": {}}
        if in_others:
            details["locales"] = {code: {"fields": own, "values": values} for code, (own, values) in in_others.items()}
        status = changed.locales[locale].value_of("status")
        action = "update"
        if Status.DELETED in status and status[0] != status[1]:
            action = "delete" if status[1] == Status.DELETED else "restore"
        summary = {"locale": locale, "fields": details["fields"], "status": details.get("status")}
        if in_others:
            summary["locales"] = {code: names for code, (names, _values) in in_others.items()}
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
    _names, values = _locale_values(changed, locale)
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


def _locale_values(changed: Changed, locale: str, *, own: bool = False) -> tuple[list[str], dict[str, Any]]:
    """The fields whose stored value changed in one locale, with old and new values of short ones
    (`own`: only those the locale has of its own, its name, segment and localized blocks; the
    page's shared fields are told once, with the address's locale)."""
    change = changed.locales.get(locale)
    if change is None:
        return [], {}
    names = [name for name in change.fields if not own or _own_to_a_locale(name)]
    values: dict[str, Any] = {}
    for name in names:
        before, after = change.value_of(name)
        if len(str(before)) <= LOGGED_VALUE_LENGTH and len(str(after)) <= LOGGED_VALUE_LENGTH:
            values[name] = {"from": before, "to": after}
    return names, values


def _own_to_a_locale(name: str) -> bool:
    if name in ("name", "path_segment"):
        return True
    block = registry().blocks.get(name.removeprefix(BLOCK_PREFIX)) if name.startswith(BLOCK_PREFIX) else None
    return block is not None and block.localized
