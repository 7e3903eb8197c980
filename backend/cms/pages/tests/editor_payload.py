"""What the editor sends when it saves a stored page: every field, as stored (buildPayload in
frontend/src/features/pageEditor/payload.ts), for the tests and the bench that time it."""

import json
from typing import Any

from cms.pages.models import Page, PageFile, PageImage


def editor_payload(page_id: int, *, locale: str = "en", **changed: Any) -> dict[str, Any]:
    """The page's every field and block in `locale`, as stored, with `changed` on top."""
    page = Page.objects.get(pk=page_id)
    localization = page.localizations.get(locale=locale)
    payload = {
        "all_day": page.all_day, "starts_at": page.starts_at, "ends_at": page.ends_at, "status": page.status,
        "published_at": page.published_at, "pinned": page.pinned, "template": page.template,
        "unique_name": page.unique_name, "feed_enabled": page.feed_enabled, "news_page": page.news_page,
        "user_id": page.user_id, "redirect_to": page.redirect_to,
        "serialized_tags": json.dumps(sorted(page.tags.values_list("name", flat=True))),
        "path_segment": localization.path_segment, "meta_image_id": page.meta_image_id,
        "parent_page_id": page.parent_id, "skip_index": page.skip_index,
        "page_images_attributes": [
            {"id": link.pk, "image_id": link.image_id, "primary": link.primary, "position": link.position}
            for link in PageImage.objects.filter(page=page).order_by("position")
        ],
        "page_files_attributes": [
            {"id": link.pk, "attachment_id": link.attachment_id, "position": link.position}
            for link in PageFile.objects.filter(page=page).order_by("position")
        ],
        "lock_version": page.lock_version,
        **page.blocks, **localization.blocks,
        "name": localization.name,
    }  # fmt: skip
    return {**payload, **changed}
