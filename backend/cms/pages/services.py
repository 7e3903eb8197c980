"""Writes to pages: create, update and move. Each owns its transaction.

A write checks every rule before it changes anything, and raises ValidationFailed listing all
the broken ones, so a refused save stores nothing.
"""

from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cms.accounts.permissions import CREATE, EDIT
from cms.audit import log as audit
from cms.core.exceptions import Conflict, NotFound, ValidationFailed
from cms.core.input_types import shown_text, unstorable_text_message
from cms.core.locales import get_locale, locale_codes
from cms.core.messages import DOES_NOT_EXIST, MUST_BE_TEXT, Errors, message
from cms.media.models import Image
from cms.pages import redirects, reserved_segments, rights, tree, tree_cache, validation
from cms.pages.addresses import stored_paths
from cms.pages.links import apply_link_changes, held_media, link_errors
from cms.pages.media_uses import record_shown_media, shows_other_media
from cms.pages.models import Page, PageLocalization, Status
from cms.pages.segments import generated_segment
from cms.pages.tags import parse_serialized_tags, tag_order, tags_named
from cms.pages.templates_registry import NAME_BLOCK, registry

# Payload fields copied straight onto the page after their checks.
SCALAR_FIELDS = (
    "status", "published_at", "starts_at", "ends_at", "all_day", "pinned", "template",
    "unique_name", "feed_enabled", "news_page", "user_id", "redirect_to", "meta_image_id",
    "skip_index",
)  # fmt: skip
BOOLEAN_FIELDS = ("all_day", "pinned", "feed_enabled", "news_page", "skip_index")
TEXT_FIELDS = ("unique_name", "redirect_to")
CONFLICT_MESSAGE = _("Someone else changed this page after you opened it.")
INTO_ITSELF_MESSAGE = _("A page can't be moved into itself or one of its own subpages.")
STATUS_MESSAGE = _("must be one of 0 Draft, 1 Reviewed, 2 Published, 3 Hidden, 4 Deleted")
ANCESTOR_SEGMENT_MESSAGE = _("can't be set before every parent page has a path segment in this locale")


def page_create(*, actor: Any, locale: str, changes: dict[str, Any]) -> Page:
    """Create a page under `parent_page_id` (the root when absent), after its shown siblings."""
    get_locale(locale)
    changes = _checked(changes)
    with transaction.atomic():
        tree.lock_tree()
        tree_cache.invalidate_on_commit()
        parent_id = changes.pop("parent_page_id", None)
        requested_position = changes.pop("position", None)
        if parent_id is not None:
            depth = len(tree.lineage_ids(parent_id))
            if depth == 0:
                raise ValidationFailed([("parent_page_id", DOES_NOT_EXIST)])
            if depth + 1 > tree.MAX_DEPTH:
                raise ValidationFailed([("parent_page_id", tree.DEPTH_MESSAGE)])
        rights.require(actor, CREATE, parent_id, rights.CREATE_REFUSED)
        page = Page(parent_id=parent_id, template=registry().default.template_name, user=actor)
        changes.setdefault("published_at", now_to_the_millisecond())
        localization = PageLocalization(locale=locale)
        _apply(page, localization, changes)
        generated = _fill_segment(page, localization)
        page.position = tree.insertion_position(parent_id, deleted=page.status == Status.DELETED)
        tree.open_gap(parent_id, page.position)
        tree.children_changed(parent_id)
        page.save()
        localization.page = page
        _save_localization(page, localization, generated=generated, segment_was="")
        relations = _save_relations(page, changes, created=True)
        if shows_other_media({}, _audited_state(page, localization), relations):
            record_shown_media(page)
        if requested_position is not None:
            _move(page, actor=actor, parent_id=parent_id, position=requested_position)
        audit.record(actor, "create", "page", page.pk, {"locale": locale, "parent_page_id": parent_id})
        return page


# Changes that need the tree lock: they move pages among their siblings, or must be unique
# among them (two saves at once must not both give siblings the same path segment).
# unique_name and new tags are unique too: two saves at once must not both pass the check.
TREE_FIELDS = frozenset({"parent_page_id", "status", "path_segment", "unique_name", "serialized_tags"})


def page_update(*, actor: Any, page_id: int, locale: str, changes: dict[str, Any]) -> Page:
    """Apply a partial change; refuse it with Conflict when `lock_version` is stale."""
    get_locale(locale)
    changes = _checked(changes)
    with transaction.atomic():
        if TREE_FIELDS & changes.keys():
            tree.lock_tree()  # before the row lock, in the same order as page_move: no deadlock
        try:
            page = Page.objects.select_for_update().get(pk=page_id)
        except Page.DoesNotExist:
            raise NotFound(message(validation.PAGE_MISSING, id=page_id)) from None
        rights.require(actor, EDIT, page.pk, rights.EDIT_REFUSED)
        expected_version = changes.pop("lock_version", None)
        if expected_version is not None and expected_version != page.lock_version:
            raise Conflict(CONFLICT_MESSAGE, current_version=page.lock_version)
        tree_cache.invalidate_on_commit()
        was_deleted = page.status == Status.DELETED
        new_parent = changes.pop("parent_page_id", page.parent_id)
        changes.pop("position", None)
        localization = PageLocalization.objects.filter(page=page, locale=locale).first()
        localization = localization or PageLocalization(page=page, locale=locale)
        before, was_parent = _audited_state(page, localization), page.parent_id
        old_segment = localization.path_segment
        _apply(page, localization, changes)
        generated = _fill_segment(page, localization)
        if old_segment and localization.path_segment != old_segment:
            _remember_old_address(page, localization, old_segment)
        page.lock_version += 1
        page.save()
        _save_localization(page, localization, generated=generated, segment_was=old_segment)
        relations = _save_relations(page, changes)
        after = _audited_state(page, localization)
        if shows_other_media(before, after, relations):
            record_shown_media(page)
        if new_parent != page.parent_id:
            # A tree action may re-parent through update; it lands last under the new parent.
            _move(page, actor=actor, parent_id=new_parent, position=tree.LAST)
        elif was_deleted != (page.status == Status.DELETED):
            # Deleted pages wait after the shown ones; a restored page comes back last of those.
            tree.place(page, page.parent_id, tree.LAST)
            tree.children_changed(page.parent_id)
        _record_update(actor, page, locale, before, after, relations, was_parent)
        return page


def page_move(*, actor: Any, page_id: int, parent_id: int | None, position: int) -> Page:
    """Move a page to a 1-based position among the shown children of `parent_id` (None: the root).

    Siblings stay numbered 1..n without gaps; a position past the end appends. Shifts are one
    UPDATE per sibling list, so the statement count does not grow with the number of siblings.
    """
    with transaction.atomic():
        tree.lock_tree()
        try:
            page = Page.objects.get(pk=page_id)
        except Page.DoesNotExist:
            raise NotFound(message(validation.PAGE_MISSING, id=page_id)) from None
        rights.require(actor, EDIT, page.pk, rights.EDIT_REFUSED)
        origin = {"parent_page_id": page.parent_id, "position": page.position}
        _move(page, actor=actor, parent_id=parent_id, position=position)
        target = {"parent_page_id": page.parent_id, "position": page.position}
        audit.record(actor, "move", "page", page.pk, {"from": origin, "to": target})
        return page


def _move(page: Page, *, actor: Any, parent_id: int | None, position: int) -> None:
    """Move a stored page (the caller holds the transaction and the tree lock).

    Among its own siblings nothing needs checking: the parent exists and is not the page's
    descendant, the depth stays, and the siblings' path segments already differ from its own.
    """
    if parent_id != page.parent_id:
        if parent_id is not None:
            lineage = tree.lineage_ids(parent_id)
            if not lineage:
                raise ValidationFailed([("parent_id", DOES_NOT_EXIST)])
            if page.pk in lineage:
                raise ValidationFailed([("parent_id", INTO_ITSELF_MESSAGE)])
            if len(lineage) + tree.subtree_height(page.pk) > tree.MAX_DEPTH:
                raise ValidationFailed([("parent_id", tree.DEPTH_MESSAGE)])
        if tree.segment_clash(page.pk, parent_id):
            raise ValidationFailed([("path_segment", validation.PATH_SEGMENT_TAKEN_MESSAGE)])
        if parent_id is None and (reserved := reserved_segments.moved_to_top_errors(page.pk)):
            raise ValidationFailed(reserved)
        rights.require(actor, CREATE, parent_id, rights.MOVE_REFUSED)
    tree_cache.invalidate_on_commit()
    moving = parent_id != page.parent_id
    old_addresses = stored_paths(page.pk) if moving else {}
    tree.place(page, parent_id, position, lock_version=F("lock_version") + 1, updated_at=timezone.now())
    page.lock_version += 1
    if moving:  # its old addresses, and so its descendants', answer 301 (cms.pages.redirects)
        redirects.remember(page.pk, old_addresses, stored_paths(page.pk))


def _fill_segment(page: Page, localization: PageLocalization) -> bool:
    """Give a named page without a path segment in this locale one made from its name (issue 12),
    so it is reachable and its children can have segments; not while a parent lacks one.

    Return whether it did: such a segment is made without the tree lock, so a sibling saved at
    the same moment may take it first (_save_localization then makes another)."""
    if localization.path_segment or not localization.name:
        return False
    if page.parent_id and _ancestor_lacks_segment(page, localization):
        return False
    localization.path_segment = generated_segment(
        localization.name, locale=localization.locale, parent_id=page.parent_id, page_id=page.pk,
        fallback=page.unique_name,
    )  # fmt: skip
    return True


GENERATION_ATTEMPTS = 5


def _save_localization(page: Page, localization: PageLocalization, *, generated: bool, segment_was: str) -> None:
    """Save the localization; the database refuses a segment a sibling holds in its locale.

    A segment the editor chose was checked under the tree lock, so a refusal is a clash the check
    could not see: answered as one. A generated one is made again, seeing the sibling's."""
    localization.page = page  # its parent is what the row keeps (PageLocalization.parent_key)
    if localization.pk is not None and localization.path_segment == segment_was:
        localization.save()  # its segment stays: nothing the index could refuse
        return
    for _attempt in range(GENERATION_ATTEMPTS):
        try:
            with transaction.atomic():  # a savepoint: the page's transaction goes on after a refusal
                localization.save()
            return
        except IntegrityError:
            if not generated:
                break
            localization.path_segment = ""
            _fill_segment(page, localization)
    raise ValidationFailed([("path_segment", validation.PATH_SEGMENT_TAKEN_MESSAGE)])


def _remember_old_address(page: Page, localization: PageLocalization, old_segment: str) -> None:
    """The page's address in this locale changes with its segment: keep the old one answering."""
    above = stored_paths(page.parent_id).get(localization.locale) if page.parent_id else ""
    if above is None:
        return
    prefix = f"{above}/" if above else ""
    redirects.remember(
        page.pk,
        {localization.locale: prefix + old_segment},
        {localization.locale: prefix + localization.path_segment},
    )


def _audited_state(page: Page, localization: PageLocalization) -> dict[str, Any]:
    """What the audit log compares before and after a save: the page's fields and texts, as
    stored (a block never set and an empty one are the same; dates to the microsecond)."""
    state = {field: getattr(page, field) for field in SCALAR_FIELDS}
    state.update(name=localization.name, path_segment=localization.path_segment)
    for source in (page.blocks, localization.blocks):
        state.update({f"blocks.{name}": value for name, value in (source or {}).items() if value})
    return {field: value.isoformat() if isinstance(value, datetime) else value for field, value in state.items()}


# Old and new values are logged for fields this short; a longer text only by name.
LOGGED_VALUE_LENGTH = 200


def _record_update(
    actor: Any, page: Page, locale: str, before: dict[str, Any], after: dict[str, Any],
    relations: dict[str, dict[str, Any]], was_parent: int | None,
) -> None:  # fmt: skip
    """One audit entry for one save: exactly the fields whose stored value changed, in which
    locale, with old and new values of short ones; a deletion or a restoration is named as such.
    A save that changed nothing stored records nothing (issue 18, item 6)."""
    changed = sorted(key for key in before.keys() | after.keys() if before.get(key, "") != after.get(key, ""))
    values = {
        field: {"from": before.get(field, ""), "to": after.get(field, "")}
        for field in changed
        if all(len(str(value)) <= LOGGED_VALUE_LENGTH for value in (before.get(field, ""), after.get(field, "")))
    }
    values.update({field: change for field, change in relations.items() if change})
    fields = changed + sorted(relations)
    if not fields and was_parent == page.parent_id:
        return
    details: dict[str, Any] = {"locale": locale, "fields": fields, "values": values}
    if before["status"] != after["status"]:
        details["status"] = {"from": before["status"], "to": after["status"]}
    if was_parent != page.parent_id:
        details["parent_page_id"] = {"from": was_parent, "to": page.parent_id}
    action = "update"
    if Status.DELETED in (before["status"], after["status"]) and before["status"] != after["status"]:
        action = "delete" if after["status"] == Status.DELETED else "restore"
    audit.record(actor, action, "page", page.pk, details)


def now_to_the_millisecond() -> datetime:
    """Now, as precise as the editor keeps a date (JavaScript's milliseconds): a date the server
    makes comes back unchanged from every later save, so history never shows it changing."""
    now = timezone.now()
    return now.replace(microsecond=now.microsecond // 1000 * 1000)


def _checked(changes: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of the changes after the checks that need no database.

    They run before any transaction or lock is taken: the slowest of them (text of 200,000
    characters) must never hold up other writers.
    """
    changes = dict(changes)
    blocks = registry().blocks.keys()
    errors = []
    for field, value in changes.items():
        if field in blocks:
            value = "" if value is None else value
            errors += validation.text_errors(field, value) if isinstance(value, str) else [(field, MUST_BE_TEXT)]
        elif isinstance(value, str) and (problem := unstorable_text_message(value)):
            errors.append((field, problem))  # every other text field (segment, template, tags …)
    if "serialized_tags" in changes and not any(field == "serialized_tags" for field, _message in errors):
        try:
            changes["serialized_tags"] = parse_serialized_tags(changes["serialized_tags"] or "")
        except ValidationFailed as exc:
            errors += exc.errors
    if errors:
        raise ValidationFailed(errors)
    return changes


def _apply(page: Page, localization: PageLocalization, changes: dict[str, Any]) -> None:
    """Check every change against the rules, then copy the valid set onto the page.

    Raises ValidationFailed with all broken rules before anything is written.
    """
    errors: Errors = []
    for field in SCALAR_FIELDS:
        if field in changes:
            value = changes[field]
            if field in BOOLEAN_FIELDS:
                value = bool(value)
            elif field in TEXT_FIELDS:
                value = (value or "").strip()
            setattr(page, field, value)
    if page.published_at is None:
        page.published_at = now_to_the_millisecond()
    template = registry().get(page.template)
    if template is None:
        errors.append(("template", _("is not a known template")))
    elif not template.dates:
        page.starts_at, page.ends_at, page.all_day = None, None, False
    if page.status not in Status.values:
        errors.append(("status", STATUS_MESSAGE))
    errors += validation.unique_name_errors(page.unique_name)
    errors += validation.redirect_errors(page.redirect_to)
    errors += validation.date_range_errors(page.starts_at, page.ends_at)
    errors += _reference_errors(page, changes)
    errors += _block_changes(page, localization, changes)
    errors += _name_presence_errors(page, localization, changes)
    if "path_segment" in changes:
        localization.path_segment = (changes["path_segment"] or "").strip()
        errors += validation.path_segment_errors(localization.path_segment)
        errors += reserved_segments.reserved_segment_errors(localization.path_segment, parent_id=page.parent_id)
    errors += _uniqueness_errors(page, localization, changes)
    errors += link_errors(page, changes)
    if errors:
        raise ValidationFailed(errors)


def _block_changes(page: Page, localization: PageLocalization, changes: dict[str, Any]) -> Errors:
    """Copy block values (for the localization's locale) from the payload; unknown keys are ignored.

    The values' text was checked by _checked.
    """
    errors = []
    for name, block in registry().blocks.items():
        if name not in changes:
            continue
        value = changes[name] or ""
        if name == NAME_BLOCK:
            localization.name = shown_text(value)
            errors += validation.name_errors(localization.name)
        elif block.localized:
            localization.blocks = {**localization.blocks, name: value}
        else:
            page.blocks = {**page.blocks, name: value}
    return errors


def _name_presence_errors(page: Page, localization: PageLocalization, changes: dict[str, Any]) -> Errors:
    """A page has a name in some locale, or the tree can't show it. In the default locale a name
    can't be left blank by a save that sends one, makes the page, or gives it an address there:
    the site shows that name wherever a translation has none, and a blank one went live as "New
    Page" (issue 18, item 5). A page may start in another locale (not translated yet)."""
    if localization.name:
        return []
    default = localization.locale == locale_codes()[0]
    segment = (changes["path_segment"] or "").strip() if "path_segment" in changes else localization.path_segment
    if default and ("name" in changes or page.pk is None or segment):
        return [("name", validation.NAME_REQUIRED_MESSAGE)]
    others = PageLocalization.objects.filter(page_id=page.pk).exclude(locale=localization.locale).exclude(name="")
    if page.pk is not None and others.exists():
        return []
    return [("name", validation.NAME_REQUIRED_MESSAGE)]


def _reference_errors(page: Page, changes: dict[str, Any]) -> Errors:
    errors: Errors = []
    if changes.get("user_id") is not None and not get_user_model().objects.filter(pk=changes["user_id"]).exists():
        errors.append(("user_id", _("is not a known author")))
    if changes.get("meta_image_id") is not None and not held_media(Image, [changes["meta_image_id"]]):
        errors.append(("meta_image_id", _("is not a known image")))
    return errors


def _uniqueness_errors(page: Page, localization: PageLocalization, changes: dict[str, Any]) -> Errors:
    errors: Errors = []
    taken = Page.objects.filter(unique_name=page.unique_name).exclude(pk=page.pk)
    if page.unique_name and "unique_name" in changes and taken.exists():
        errors.append(("unique_name", _("is already used by another page")))
    segment = localization.path_segment
    if segment and "path_segment" in changes and page.parent_id and _ancestor_lacks_segment(page, localization):
        errors.append(("path_segment", ANCESTOR_SEGMENT_MESSAGE))
    elif segment and "path_segment" in changes:
        clash = PageLocalization.objects.filter(
            locale=localization.locale,
            path_segment=segment,
            page__parent_id=page.parent_id,
        ).exclude(page_id=page.pk)
        if clash.exists():
            errors.append(("path_segment", validation.PATH_SEGMENT_TAKEN_MESSAGE))
    return errors


def _ancestor_lacks_segment(page: Page, localization: PageLocalization) -> bool:
    """Return whether an ancestor has no path segment in the localization's locale (spec §5)."""
    assert page.parent_id is not None
    segments: dict[int, str] = {}
    for ancestor_id, locale, _name, segment in tree.lineage_localizations(page.parent_id):
        segments.setdefault(ancestor_id, "")
        if locale == localization.locale:
            segments[ancestor_id] = segment
    return not all(segments.values())


def _save_relations(page: Page, changes: dict[str, Any], *, created: bool = False) -> dict[str, dict[str, Any]]:
    """Save the tags and links a payload sends; return those that changed, each with its old and
    new value where the log shows one (tags), so a save that sends them unchanged logs nothing."""
    changed: dict[str, dict[str, Any]] = {}
    if "serialized_tags" in changes:
        wanted = tags_named(changes["serialized_tags"])
        current = {} if created else dict(page.tags.values_list("pk", "name"))
        if {tag.pk for tag in wanted} != current.keys():
            page.tags.set(wanted)
            names = [tag.name for tag in wanted]
            changed["serialized_tags"] = {
                "from": sorted(current.values(), key=tag_order),
                "to": sorted(names, key=tag_order),
            }
    changed.update({kind: {} for kind in apply_link_changes(page, changes)})
    return changed
