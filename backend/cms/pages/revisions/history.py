"""Reading a page's revisions: the list (newest first, paged), one revision as the page shape,
and two of them compared (issue 20, items 3 and 4)."""

from datetime import datetime
from typing import Any

from django.utils import formats, timezone
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from cms.core.exceptions import NotFound
from cms.core.locales import interface_name, locale_codes
from cms.core.messages import message
from cms.core.people import shown_fallback
from cms.core.types import Visitor
from cms.pages.models import Page, PageRevision, Status
from cms.pages.models.page_fields import PAGE_FIELDS
from cms.pages.read_model.stored_content import PageContent, content_record
from cms.pages.revisions import recording
from cms.pages.revisions.restore import find_revision
from cms.pages.revisions.storage import KEPT_FIELDS, read_contents
from cms.pages.saving.validation import PAGE_MISSING
from cms.pages.templates_registry import NAME_BLOCK, registry

PER_PAGE = 50
CURRENT = "current"

CREATED = _("Created in %(locale)s")
CHANGED = _("Changed %(fields)s (%(locale)s)")
SAVED = _("Saved without changes")
DELETED = _("Deleted")
UNDELETED = _("Restored from the deleted pages")
RESTORED = _("Restored the version of %(time)s by %(name)s (%(locales)s)")
# A restore recorded before its summary named the version's time and author.
RESTORED_EARLIER = _("Restored an earlier version")
WENT_LIVE = _("Scheduled change went live: %(fields)s")
APPROVED_LIVE = _("Reviewed change went live: %(fields)s")
PUBLISHED = _("Published")
FORMER_USER = _("a former user")
HIDDEN = _("Hidden")
# Between the fields a summary lists ("، " in Arabic).
LIST_SEPARATOR = pgettext_lazy("between the items of a list", ", ")
# Fields by the names a save's details give them, as a summary lists them.
FIELD_NAMES = {each.sent_as: each.label for each in PAGE_FIELDS if each.label is not None}


def revision_list(page_id: int, *, page: int = 1, reader: Visitor | None = None) -> list[dict[str, Any]]:
    """One page of the page's revisions, newest first (PER_PAGE of them), as `reader` may read them."""
    if not Page.objects.filter(pk=page_id).exists():
        raise NotFound(message(PAGE_MISSING, id=page_id))
    start = (page - 1) * PER_PAGE
    revisions = (
        PageRevision.objects.filter(page_id=page_id)
        .select_related("user")
        .defer("manifest")
        .order_by("-id")[start : start + PER_PAGE]
    )
    return [revision_entry(revision, reader) for revision in revisions]


def revision_entry(revision: PageRevision, reader: Visitor | None = None) -> dict[str, Any]:
    user = revision.user
    return {
        "id": revision.pk,
        # {id, username, name} as every answer names who did something; a user deleted since: no id, no name.
        "user": {"id": None, "username": "", "name": ""} if user is None else {
            "id": user.pk, "username": user.get_username(), "name": user.get_full_name() or user.get_username(),
        },
        "at": revision.at,
        "summary": summary_text(revision.kind, revision.summary, reader),
        "kind": revision.kind,
        "live": revision.live,
        "restored": _restored_from(revision.summary, reader) if revision.kind == recording.RESTORE else None,
    }  # fmt: skip


def _restored_from(summary: dict[str, Any], reader: Visitor | None) -> dict[str, Any] | None:
    """The version a restore brought back, by its time and author (the list never shows ids)."""
    if not summary.get("revision_at"):
        return None
    return {
        "at": summary["revision_at"],
        "name": _restored_author(summary, reader),
        "locales": summary.get("locales", []),
    }


def summary_text(kind: str, summary: dict[str, Any], reader: Visitor | None = None) -> str:
    """The one-line summary of a revision, in the interface language (nothing worded is stored),
    naming people as `reader` may know them."""
    locale = interface_name(summary.get("locale", ""))
    fields = str(LIST_SEPARATOR).join(str(_field_name(name)) for name in summary.get("fields", []))
    status = (summary.get("status") or {}).get("to")
    match kind:
        case recording.CREATE:
            return str(message(CREATED, locale=locale))
        case recording.DELETE:
            return str(DELETED)
        case recording.UNDELETE:
            return str(UNDELETED)
        case recording.RESTORE:
            return _restored_text(summary, reader)
        case recording.SCHEDULED:
            return str(message(WENT_LIVE, fields=fields))
        case recording.REVIEWED:
            return str(message(APPROVED_LIVE, fields=fields))
    if status == Status.PUBLISHED:
        return str(PUBLISHED)
    if status == Status.HIDDEN:
        return str(HIDDEN)
    return str(message(CHANGED, fields=fields, locale=locale)) if fields else str(SAVED)


def _restored_text(summary: dict[str, Any], reader: Visitor | None) -> str:
    if not summary.get("revision_at"):
        return str(RESTORED_EARLIER)
    at = timezone.localtime(datetime.fromisoformat(summary["revision_at"]))
    locales = str(LIST_SEPARATOR).join(interface_name(code) for code in summary.get("locales", []))
    name = _restored_author(summary, reader) or str(FORMER_USER)
    return str(message(RESTORED, time=formats.date_format(at, "DATETIME_FORMAT"), name=name, locales=locales))


def _restored_author(summary: dict[str, Any], reader: Visitor | None) -> str:
    """The restored version's author as `reader` may know them (cms.core.people); "" for a user
    deleted before the restore."""
    if summary.get("revision_by") or summary.get("revision_by_id") is None:
        return str(summary.get("revision_by", ""))
    return shown_fallback(summary["revision_by_id"], summary.get("revision_by_username", ""), reader)


def _field_name(name: str) -> object:
    """A changed field as a summary names it: a block (the name included) by its title."""
    if block := registry().blocks.get(name.removeprefix("blocks.")):
        return block.as_dict(get_language())["title"]
    return FIELD_NAMES.get(name, name.removeprefix("blocks.").replace("_", " "))


def revision_record(page_id: int, revision_id: int, *, locale: str, user: Visitor | None) -> dict[str, Any]:
    """The page shape as it was after that revision's save (in the tree where the page is now)."""
    revision = find_revision(page_id, revision_id)
    return content_record(page_id, read_contents([revision.manifest])[0], locale=locale, user=user)


def compare(
    page_id: int, revision_id: int, other: str, *, every_block: bool, reader: Visitor | None = None
) -> dict[str, Any]:
    """What changed from one revision to another (or to the page as it is now): the fields and
    the blocks per locale whose values differ, each with both values, the texts whole."""
    older = find_revision(page_id, revision_id)
    if other == CURRENT:
        newer = None
        newer_manifest = recording.stored_manifest(Page.objects.get(pk=page_id))[0]
    else:
        newer = find_revision(page_id, int(other))
        newer_manifest = newer.manifest
    before, after = (content.as_flagged_now() for content in read_contents([older.manifest, newer_manifest]))
    return {
        "from": revision_entry(older, reader),
        "to": revision_entry(newer, reader) if newer else None,
        "fields": _changed_fields(before, after),
        "blocks": _blocks(before, after, every_block=every_block),
    }


def _changed_fields(before: PageContent, after: PageContent) -> list[dict[str, Any]]:
    pairs: list[tuple[str, str | None, Any, Any]] = [("template", None, before.template, after.template)]
    pairs += [(name, None, before.fields.get(name), after.fields.get(name)) for name in KEPT_FIELDS]
    pairs += [
        ("tags", None, before.tags, after.tags),
        ("images", None, [link[1:] for link in before.images], [link[1:] for link in after.images]),
        ("files", None, [link[1] for link in before.files], [link[1] for link in after.files]),
    ]
    pairs += [(
        "path_segment", code, before.segments.get(code, ""), after.segments.get(code, "")
    ) for code in _codes(before, after)]  # fmt: skip
    return [{"name": name, "locale": code, "from": old, "to": new} for name, code, old, new in pairs if old != new]


def _codes(*contents: PageContent) -> list[str]:
    held = {code for content in contents for code in (*content.names, *content.localized)}
    return [code for code in locale_codes() if code in held] + sorted(held - set(locale_codes()))


def _block_order(*contents: PageContent) -> list[str]:
    """Blocks in the order of the newer content's template, then any others by name."""
    names: list[str] = [NAME_BLOCK]
    for content in reversed(contents):
        template = registry().get(content.template)
        names += [block.name for block in template.all_blocks] if template else []
    for content in contents:
        names += sorted({*content.shared, *(name for blocks in content.localized.values() for name in blocks)})
    return list(dict.fromkeys(names))


def _blocks(before: PageContent, after: PageContent, *, every_block: bool) -> list[dict[str, Any]]:
    codes: list[str | None] = list(_codes(before, after))
    rows = []
    for name in _block_order(before, after):
        block = registry().blocks.get(name)
        title = block.as_dict(get_language())["title"] if block else name
        localized = name == NAME_BLOCK or (block.localized if block else name not in {*before.shared, *after.shared})
        for code in codes if localized else [None]:
            old, new = _text(before, name, code), _text(after, name, code)
            if old != new or (every_block and (old or new)):
                changed = old != new
                rows.append({"name": name, "title": title, "locale": code, "from": old, "to": new, "changed": changed})
    return rows


def _text(content: PageContent, name: str, code: str | None) -> str:
    if code is None:
        return content.shared.get(name, "")
    if name == NAME_BLOCK:
        return content.names.get(code, "")
    return content.localized.get(code, {}).get(name, "")
