"""Which fields of a scheduled payload change the page as stored (issue 20, item 6).

The editor sends every field, changed or not. A scheduled change keeps only those whose value
differs from the page's in that locale when it is scheduled, so when it goes live it does not
undo what other saves changed meanwhile in the fields it never meant to change.
"""

from typing import Any

from cms.core.input_types import shown_text
from cms.pages.models import Page, PageLocalization
from cms.pages.models.tags import tag_key
from cms.pages.saving.links import FILE_KIND, IMAGE_KIND, LinkChange, LinkKind
from cms.pages.saving.payload import FILE_LINKS, IMAGE_LINKS, SCALAR_FIELDS, UNSENT, PageChanges
from cms.pages.templates_registry import NAME_BLOCK, registry

# Never kept: the version is checked when scheduling, and a save leaves `position` to moves.
NOT_KEPT = frozenset({"lock_version", "position"})


def changed_fields(
    page: Page, localization: PageLocalization, payload: dict[str, Any], changes: PageChanges
) -> dict[str, Any]:
    """The entries of `payload` (as sent; `changes` is it parsed) whose value differs from the
    page's, as stored, in the localization's locale."""
    kept = {}
    for name, value in payload.items():
        if name not in NOT_KEPT and changes.sends(name) and _changes(name, page, localization, changes):
            kept[name] = value
    return kept


def _changes(name: str, page: Page, localization: PageLocalization, changes: PageChanges) -> bool:
    if name in SCALAR_FIELDS:
        value = changes.scalars[name]
        # A null date of publication means "now" to a save: always a change.
        return (name == "published_at" and value is None) or value != getattr(page, name)
    if name == "path_segment":
        return changes.path_segment != localization.path_segment
    if name == "parent_page_id":
        return changes.parent_page_id is not UNSENT and changes.parent_page_id != page.parent_id
    if name == "serialized_tags":
        held = {tag_key(tag) for tag in page.tags.values_list("name", flat=True)} if page.pk else set()
        return {tag_key(tag) for tag in changes.tags or ()} != held
    if name == IMAGE_LINKS:
        return _links_change(page, IMAGE_KIND, changes.image_links or ())
    if name == FILE_LINKS:
        return _links_change(page, FILE_KIND, changes.file_links or ())
    if name == NAME_BLOCK:
        return shown_text(changes.blocks[name]) != localization.name
    stored = localization.blocks if registry().blocks[name].localized else page.blocks
    return changes.blocks[name] != ((stored or {}).get(name) or "")


def _links_change(page: Page, kind: LinkKind, records: tuple[LinkChange, ...]) -> bool:
    """Whether applying the records would change the page's links of this kind (as
    cms.pages.saving.links.write_links applies them: a listed link takes the record's values, a
    record without an id adds one, links left out stay)."""
    stored = {link.pk: link for link in kind.link_model.objects.filter(page_id=page.pk)}
    for index, record in enumerate(records, start=1):
        link = stored.get(record.id) if record.id else None
        if link is None and record.destroy:
            continue  # drops nothing the page has (a save refuses another page's link anyway)
        if link is None or record.destroy:
            return True  # adds a link (or names another page's), or drops one
        media = getattr(record, kind.media_field) or getattr(link, kind.media_field)
        primary = getattr(record, "primary", None) if kind is IMAGE_KIND else None
        if (media, record.position or index, primary) != (
            getattr(link, kind.media_field),
            link.position,
            getattr(link, "primary", None),
        ):
            return True
    return False
