"""What a field of a page holds, as a value JSON keeps and compares (issue 28, item 3).

A scheduled change keeps, for each field it sets, the field's fingerprint when it was scheduled;
when it is due, a field whose fingerprint is another one was changed meanwhile (by a save, a
restore, a tree action …) and the change does not go live over that newer work. The value
itself is compared, not a revision id: a text changed and changed back is no change.
"""

from datetime import datetime
from typing import Any

from cms.pages.models import Page, PageLocalization
from cms.pages.models.tags import tag_key
from cms.pages.saving.links import FILE_KIND, IMAGE_KIND, LinkKind
from cms.pages.saving.payload import FILE_LINKS, IMAGE_LINKS, SCALAR_FIELDS
from cms.pages.templates_registry import NAME_BLOCK, registry

Fingerprints = dict[str, Any]


def fingerprints(page: Page, localization: PageLocalization, names: list[str]) -> Fingerprints:
    """Each named field (its payload name) of the page as stored, in the localization's locale."""
    return {name: fingerprint(name, page, localization) for name in names}


def fingerprint(name: str, page: Page, localization: PageLocalization) -> Any:
    """One field as stored: a JSON value equal to another exactly when the field holds the same."""
    if name in SCALAR_FIELDS:
        value = getattr(page, name)
        return value.isoformat() if isinstance(value, datetime) else value
    if name == "path_segment":
        return localization.path_segment or ""
    if name == "parent_page_id":
        return page.parent_id
    if name == "serialized_tags":
        return sorted({tag_key(tag) for tag in page.tags.values_list("name", flat=True)}) if page.pk else []
    if name == IMAGE_LINKS:
        return _links(page, IMAGE_KIND, ("primary",))
    if name == FILE_LINKS:
        return _links(page, FILE_KIND, ())
    if name == NAME_BLOCK:
        return localization.name or ""
    block = registry().blocks.get(name)
    stored = localization.blocks if block is None or block.localized else page.blocks
    return (stored or {}).get(name) or ""


def _links(page: Page, kind: LinkKind, extra: tuple[str, ...]) -> list[list[Any]]:
    fields = ("id", kind.media_field, "position", *extra)
    rows = kind.link_model.objects.filter(page_id=page.pk).order_by("id").values_list(*fields)
    return [list(row) for row in rows]


def changed_since(base: Fingerprints, now: Fingerprints, accepted: list[Fingerprints]) -> list[str]:
    """The fields whose value now is neither the one in `base` nor one that a change in
    `accepted` set (a scheduled change that went live since: no newer work of anyone's)."""
    return [
        name
        for name, value in now.items()
        if name in base and value != base[name] and all(value != other.get(name, base[name]) for other in accepted)
    ]
