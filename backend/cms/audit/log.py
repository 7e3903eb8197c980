"""Writing and reading the audit log. Services call `record` inside their own transaction, so
an entry exists exactly when its change does: a refused or failed action leaves none.

An entry names its subject by kind and id. Readers show names, not "page 25": whoever reads the
log (the HTTP layer: a page's history, the whole log) passes a `Namer` that looks the names up
in the apps that own them, in the reader's content locale. This app imports none of them (it
depends on core alone, and the apps that write entries depend on it).
"""

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ImproperlyConfigured

from cms.audit.models import AuditEntry
from cms.core.types import User

MAX_ENTRIES = 200  # per answer: a page's history newest first
# A text at most this long is logged with its old and new value; a longer one only by name.
SHORT_TEXT = 200

# What the ids in an entry's details are ids of, by the key that holds them (in any depth, as a
# number, a list, or {"from": …, "to": …}): the pages of a grant, a link's image … The apps whose
# records' fields are logged add theirs at start (add_mention_keys): this app imports none of them.
MENTION_KEYS = {
    "page_id": "page",
    "page_ids": "page",
    "image_id": "image",
    "attachment_id": "attachment",
}
# kind -> ids that entries mention  ->  kind -> {id: name}; a thing without a name is left out.
Mentions = dict[str, set[int]]
Names = dict[str, dict[int, str]]
Namer = Callable[[Mentions], Names]


def add_mention_keys(keys: Mapping[str, str]) -> None:
    """Say what more keys of entries' details hold ids of (key -> kind), e.g. a page's fields."""
    for key, kind in keys.items():
        if MENTION_KEYS.setdefault(key, kind) != kind:
            raise ImproperlyConfigured(f"The audit log's {key!r} already names a {MENTION_KEYS[key]}, not a {kind}")


def record(
    actor: User | None, action: str, subject: str, subject_id: int | None, details: dict[str, Any] | None = None
) -> None:
    """Record one accepted action of `actor` (None: the system, e.g. a management command)."""
    name = (actor.get_full_name() or actor.get_username()) if actor is not None else "system"
    AuditEntry.objects.create(
        user=actor, user_name=name[:150], action=action, subject=subject, subject_id=subject_id, details=details or {}
    )


def changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    """The details of an update: `fields`, the fields whose stored value changed (no other), and
    `values`, {field: {"from": old, "to": new}} for those whose values are short (as a page save
    logs them). A locale map (a dict of texts) is compared per locale, and only its changed
    locales are given (a text that is no more: null)."""
    fields: list[str] = []
    values: dict[str, Any] = {}
    for field in sorted(before.keys() | after.keys()):
        old, new = before.get(field), after.get(field)
        if isinstance(old, dict) or isinstance(new, dict):
            old, new = old or {}, new or {}
            changed = sorted(code for code in old.keys() | new.keys() if old.get(code) != new.get(code))
            if not changed:
                continue
            old, new = {code: old.get(code) for code in changed}, {code: new.get(code) for code in changed}
            compared = [*old.values(), *new.values()]
        elif old == new:
            continue
        else:
            compared = [old, new]
        fields.append(field)
        if all(not isinstance(value, str) or len(value) <= SHORT_TEXT for value in compared):
            values[field] = {"from": old, "to": new}
    return {"fields": fields, "values": values}


def history(subject: str, subject_id: int, *, namer: Namer | None = None) -> list[dict[str, Any]]:
    """Return what was done to one thing, newest first."""
    entries = AuditEntry.objects.filter(subject=subject, subject_id=subject_id).select_related("user")
    entries = entries.order_by("-at", "-id")
    return entry_records(entries[:MAX_ENTRIES], namer=namer)


PER_PAGE = 50


def log_page(
    *,
    user_id: int | None = None,
    action: str | None = None,
    since: Any = None,
    until: Any = None,
    page: int = 1,
    namer: Namer | None = None,
) -> dict[str, Any]:
    """One page of the whole log, newest first, filtered by user, action and time."""
    entries = AuditEntry.objects.select_related("user").order_by("-at", "-id")
    if user_id is not None:
        entries = entries.filter(user_id=user_id)
    if action:
        entries = entries.filter(action=action)
    if since is not None:
        entries = entries.filter(at__gte=since)
    if until is not None:
        entries = entries.filter(at__lt=until)
    start = (page - 1) * PER_PAGE
    return {
        "entries": entry_records(entries[start : start + PER_PAGE], namer=namer),
        "page": page,
        "per_page": PER_PAGE,
        "total": entries.count(),
    }


def entry_records(entries: Iterable[AuditEntry], *, namer: Namer | None = None) -> list[dict[str, Any]]:
    """The entries as answers give them, with the names of what they mention, looked up once
    for all of them (a few queries, whatever the number of entries)."""
    rows = list(entries)
    wanted: Mentions = defaultdict(set)
    for entry in rows:
        for kind, ids in mentions(entry).items():
            wanted[kind] |= ids
    names: Names = dict(namer(dict(wanted))) if namer and wanted else {}
    if wanted.get("user"):
        names["user"] = _user_names(wanted["user"])
    return [entry_record(entry, names) for entry in rows]


def entry_record(entry: AuditEntry, names: Names | None = None) -> dict[str, Any]:
    names = names or {}
    user = entry.user
    named = {
        kind: {str(pk): names[kind][pk] for pk in sorted(ids) if pk in names.get(kind, {})}
        for kind, ids in mentions(entry).items()
    }
    return {
        "id": entry.pk,
        "action": entry.action,
        "user": {
            "id": entry.user_id,
            # The user as they are now; one deleted since keeps the name the entry was written with.
            "username": user.get_username() if user is not None else "",
            "name": (user.get_full_name() or user.get_username()) if user is not None else entry.user_name,
        },
        "at": entry.at,
        "subject": entry.subject,
        "subject_id": entry.subject_id,
        "subject_name": names.get(entry.subject, {}).get(entry.subject_id) if entry.subject_id is not None else None,
        "names": {kind: found for kind, found in named.items() if found},
        "details": entry.details,
    }


def mentions(entry: AuditEntry) -> Mentions:
    """The things an entry names by id: its subject, and the ids its details hold (MENTION_KEYS)."""
    found: Mentions = defaultdict(set)
    if entry.subject_id is not None:
        found[entry.subject].add(entry.subject_id)
    _collect(entry.details, found)
    return dict(found)


def _collect(details: Any, found: Mentions, kind: str | None = None) -> None:
    if isinstance(details, dict):
        for key, value in details.items():
            _collect(value, found, MENTION_KEYS.get(key, kind if key in ("from", "to") else None))
    elif isinstance(details, list):
        for value in details:
            _collect(value, found, kind)
    elif kind is not None and isinstance(details, int) and not isinstance(details, bool):
        found[kind].add(details)


def deleted_details(subject: str, subject_ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    """The details of each subject's deletion (its names, for a reader once the thing is gone)."""
    entries = AuditEntry.objects.filter(subject=subject, subject_id__in=list(subject_ids), action="delete")
    return {entry.subject_id: entry.details for entry in entries.order_by("at", "id") if entry.subject_id is not None}


def _user_names(user_ids: set[int]) -> dict[int, str]:
    """The users' names; one without a name is left out (their username is not for every
    reader: cms.core.people)."""
    users = get_user_model().objects.filter(pk__in=user_ids)
    return {user.pk: name for user in users if (name := user.get_full_name())}


def record_many(actor: User | None, action: str, subject: str, entries: Iterable[tuple[int, dict[str, Any]]]) -> None:
    """Record one action per subject (id, details) in one statement: a change that reaches many
    records at once (the links rewritten when a page moves: cms.pages.text_links.rewriting)."""
    name = (actor.get_full_name() or actor.get_username()) if actor is not None else "system"
    AuditEntry.objects.bulk_create(
        AuditEntry(user=actor, user_name=name[:150], action=action, subject=subject, subject_id=subject_id,
                   details=details)
        for subject_id, details in entries
    )  # fmt: skip
