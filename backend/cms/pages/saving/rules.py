"""The rules a page save checks that need the page or the database, and the copying of a
checked save onto the page (the rules that need neither run earlier: cms.pages.saving.payload).

Each rule that reads the database runs only for a value the save changes.
"""

from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cms.core.exceptions import ValidationFailed
from cms.core.input_types import shown_text
from cms.core.locales import locale_codes
from cms.core.messages import Errors
from cms.media.models import Image
from cms.pages.models import Page, PageLocalization, Status
from cms.pages.saving import links, reserved_segments, validation
from cms.pages.saving.links import held_media
from cms.pages.saving.payload import PageChanges
from cms.pages.templates_registry import NAME_BLOCK, registry
from cms.pages.tree import services as tree

STATUS_MESSAGE = _("must be one of 0 Draft, 1 Reviewed, 2 Published, 3 Hidden, 4 Deleted")
ANCESTOR_SEGMENT_MESSAGE = _("can't be set before every parent page has a path segment in this locale")


def now_to_the_millisecond() -> datetime:
    """Now, as precise as the editor keeps a date (JavaScript's milliseconds): a date the server
    makes comes back unchanged from every later save, so history never shows it changing."""
    now = timezone.now()
    return now.replace(microsecond=now.microsecond // 1000 * 1000)


def apply_checked(page: Page, localization: PageLocalization, changes: PageChanges) -> list[links.LinkPlan]:
    """Check every change against the rules, then copy the valid set onto the page; return the
    link lists to write. Rules that read the database run only for values that change.

    Raises ValidationFailed with all broken rules before anything is written.
    """
    errors: Errors = []
    stored = {field: getattr(page, field) for field in ("unique_name", "user_id", "meta_image_id")}
    old_segment = localization.path_segment
    for field, value in changes.scalars.items():
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
    errors += _reference_errors(page, stored)
    errors += _block_changes(page, localization, changes)
    errors += _name_presence_errors(page, localization, changes)
    segment_changes = changes.path_segment is not None and (changes.path_segment != old_segment or page.pk is None)
    if segment_changes:
        localization.path_segment = changes.path_segment or ""
        errors += validation.path_segment_errors(localization.path_segment)
        errors += reserved_segments.reserved_segment_errors(localization.path_segment, parent_id=page.parent_id)
    errors += _uniqueness_errors(page, localization, name_changes=page.unique_name != stored["unique_name"],
                                 segment_changes=segment_changes)  # fmt: skip
    plans = links.link_plans(page, changes)
    errors += links.link_errors(plans)
    if errors:
        raise ValidationFailed(errors)
    return plans


def _block_changes(page: Page, localization: PageLocalization, changes: PageChanges) -> Errors:
    """Copy block values (for the localization's locale) from the payload (checked by PageChanges)."""
    errors = []
    blocks = registry().blocks
    for name, value in changes.blocks.items():
        if name == NAME_BLOCK:
            localization.name = shown_text(value)
            errors += validation.name_errors(localization.name)
        elif blocks[name].localized:
            localization.blocks = {**localization.blocks, name: value}
        else:
            page.blocks = {**page.blocks, name: value}
    return errors


def _name_presence_errors(page: Page, localization: PageLocalization, changes: PageChanges) -> Errors:
    """A page has a name in some locale, or the tree can't show it. In the default locale a name
    can't be left blank by a save that sends one, makes the page, or gives it an address there:
    the site shows that name wherever a translation has none, and a blank one went live as "New
    Page" (issue 18, item 5). A page may start in another locale (not translated yet)."""
    if localization.name:
        return []
    default = localization.locale == locale_codes()[0]
    segment = localization.path_segment if changes.path_segment is None else changes.path_segment
    if default and (NAME_BLOCK in changes.blocks or page.pk is None or segment):
        return [("name", validation.NAME_REQUIRED_MESSAGE)]
    others = PageLocalization.objects.filter(page_id=page.pk).exclude(locale=localization.locale).exclude(name="")
    if page.pk is not None and others.exists():
        return []
    return [("name", validation.NAME_REQUIRED_MESSAGE)]


def _reference_errors(page: Page, stored: dict[str, Any]) -> Errors:
    """The author and the sharing image a save gives the page exist (those it keeps do)."""
    errors: Errors = []
    author, image = page.user_id, page.meta_image_id
    if author is not None and author != stored["user_id"] and not get_user_model().objects.filter(pk=author).exists():
        errors.append(("user_id", _("is not a known author")))
    if image is not None and image != stored["meta_image_id"] and not held_media(Image, [image]):
        errors.append(("meta_image_id", _("is not a known image")))
    return errors


def _uniqueness_errors(
    page: Page, localization: PageLocalization, *, name_changes: bool, segment_changes: bool
) -> Errors:
    errors: Errors = []
    taken = Page.objects.filter(unique_name=page.unique_name).exclude(pk=page.pk)
    if page.unique_name and name_changes and taken.exists():
        errors.append(("unique_name", _("is already used by another page")))
    segment = localization.path_segment
    if segment and segment_changes and page.parent_id and ancestor_lacks_segment(page, localization):
        errors.append(("path_segment", ANCESTOR_SEGMENT_MESSAGE))
    elif segment and segment_changes:
        clash = PageLocalization.objects.filter(
            locale=localization.locale,
            path_segment=segment,
            page__parent_id=page.parent_id,
        ).exclude(page_id=page.pk)
        if clash.exists():
            errors.append(("path_segment", validation.PATH_SEGMENT_TAKEN_MESSAGE))
    return errors


def ancestor_lacks_segment(page: Page, localization: PageLocalization) -> bool:
    """Return whether an ancestor has no path segment in the localization's locale (spec §5)."""
    assert page.parent_id is not None
    segments: dict[int, str] = {}
    for ancestor_id, locale, _name, segment in tree.lineage_localizations(page.parent_id):
        segments.setdefault(ancestor_id, "")
        if locale == localization.locale:
            segments[ancestor_id] = segment
    return not all(segments.values())
