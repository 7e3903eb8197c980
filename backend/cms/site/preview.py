"""The editor's preview: an unsaved page payload (spec §3 Saved page payload) shown as the
public site would show it, parsed as a save parses it (cms.pages.saving.payload), built by the read
model; nothing stored.

A preview shows work in progress, so where a save would refuse a field the preview leaves that
field out and shows the rest; block text is shown as typed, made safe as the site makes every
text safe (cms.core.markdown), even where a save would ask the editor to remove markup first.
"""

from dataclasses import replace
from datetime import datetime
from typing import Any

from cms.core.exceptions import ValidationFailed
from cms.core.types import Visitor
from cms.media.records import attachment_records, image_records
from cms.pages.models import Page
from cms.pages.read_model import unsaved_page_record
from cms.pages.saving.payload import PageChanges
from cms.pages.templates_registry import registry
from cms.site.public_pages import PublicPage, breadcrumbs, embedded_ids, home_entry, menu_entries


def preview_page(
    payload: dict[str, Any], *, locale: str, page_id: int | None, user: Visitor, now: datetime
) -> PublicPage:
    """Return the payload as a public page."""
    changes = _parsed(payload)
    fields = changes.scalars
    template = registry().shown(str(fields.get("template") or ""))
    parent = changes.parent_page_id if isinstance(changes.parent_page_id, int) else None
    page = Page(
        parent_id=parent, template=template.template_name, status=fields.get("status") or 0,
        meta_image_id=fields.get("meta_image_id"), news_page=fields.get("news_page", False),
        skip_index=fields.get("skip_index", False), published_at=fields.get("published_at") or now,
        starts_at=fields.get("starts_at"), ends_at=fields.get("ends_at"), all_day=fields.get("all_day", False),
        feed_enabled=fields.get("feed_enabled", False), pinned=fields.get("pinned", False),
    )  # fmt: skip
    record = unsaved_page_record(page, locale=locale, user=user, changes=changes)
    record["id"] = page_id
    images = {link["image_id"]: link["image"] for link in record["page_images"]}
    if record["meta_image"]:
        images[record["meta_image"]["id"]] = record["meta_image"]
    attachments = {link["attachment_id"]: link["attachment"] for link in record["page_files"]}
    embedded_images, embedded_files = embedded_ids(changes.blocks.values())
    images.update(image_records(embedded_images - images.keys()))
    attachments.update(attachment_records(embedded_files - attachments.keys()))
    menu = menu_entries(locale, now)
    home = home_entry(menu, locale)
    return PublicPage(record, locale, menu, breadcrumbs(record, locale, home.id if home else None), images, attachments)


def _parsed(payload: dict[str, Any]) -> PageChanges:
    """The payload as a save parses it, without the fields a save would refuse, blocks as typed."""
    blocks = {name: value for name, value in payload.items() if name in registry().blocks and isinstance(value, str)}
    fields = {name: value for name, value in payload.items() if name not in registry().blocks}
    for _attempt in range(3):  # the schema's refusals, then the rules needing no database
        try:
            return replace(PageChanges.from_payload(fields), blocks=blocks)
        except ValidationFailed as refused:
            fields = {name: value for name, value in fields.items() if name not in dict(refused.errors)}
    return PageChanges(blocks=blocks)
