"""History records exactly what a save changed (issue 18, item 6): the editor sends every field
on every save, so an entry must come from what is stored, not from what was sent."""

import json
from datetime import UTC, datetime

import pytest

from cms.audit.models import AuditEntry
from cms.media.models import Attachment, Image
from cms.pages.models import Page


@pytest.fixture
def page(api, make_page):
    image = Image.objects.create(
        file="images/a.png", filename="a.png", content_type="image/png", real_width=4, real_height=3
    )
    attachment = Attachment.objects.create(file="attachments/a.pdf", filename="a.pdf", content_type="application/pdf")
    return make_page(
        "Harbour", template="article", body="Boats", status=2, published_at="2026-01-01T10:00:37.123Z",
        serialized_tags='["Sea", "boats"]', page_images_attributes=[{"image_id": image.pk, "primary": True}],
        page_files_attributes=[{"attachment_id": attachment.pk}],
    )  # fmt: skip


def editor_payload(api, page_id: int, **edits):
    """What the editor sends on Save: every field of the page as it was read, then the edits."""
    record = api.get(f"/admin/en/pages/{page_id}.json").json()
    payload = {
        name: (value.get("en", "") if isinstance(value, dict) else value) for name, value in record["blocks"].items()
    }
    payload.update({
        field: record[field]
        for field in ("status", "published_at", "starts_at", "ends_at", "all_day", "pinned", "template", "unique_name",
                      "feed_enabled", "news_page", "user_id", "redirect_to", "path_segment", "skip_index",
                      "lock_version", "parent_page_id")
    })  # fmt: skip
    for field in ("published_at", "starts_at", "ends_at"):
        payload[field] = as_javascript_keeps_it(payload[field])
    payload["serialized_tags"] = json.dumps(record["enabled_tags"])
    payload["meta_image_id"] = None
    payload["page_images_attributes"] = [
        {"id": link["id"], "image_id": link["image_id"], "primary": link["primary"], "position": link["position"]}
        for link in record["page_images"]
    ]
    payload["page_files_attributes"] = [
        {"id": link["id"], "attachment_id": link["attachment_id"], "position": link["position"]}
        for link in record["page_files"]
    ]
    payload.update(edits)
    return payload


def as_javascript_keeps_it(value: str | None) -> str | None:
    """A date as the editor sends it back: `new Date(value).toISOString()`, milliseconds at most."""
    if value is None:
        return None
    date = datetime.fromisoformat(value.replace("Z", "+00:00")).astimezone(UTC)
    return date.strftime("%Y-%m-%dT%H:%M:%S.") + f"{date.microsecond // 1000:03d}Z"


def save(api, page_id: int, payload):
    response = api.put(f"/admin/en/pages/{page_id}.json", {"page": payload})
    assert response.status_code == 200, response.content
    return response.json()


def test_a_save_that_changes_nothing_records_nothing(api, page):
    before = AuditEntry.objects.count()
    save(api, page.pk, editor_payload(api, page.pk))
    assert AuditEntry.objects.count() == before


def test_changing_the_name_records_the_name_alone_with_both_values(api, page):
    save(api, page.pk, editor_payload(api, page.pk, name="Harbour at night"))
    entry = AuditEntry.objects.latest("id")
    assert entry.details["fields"] == ["name"]
    assert entry.details["values"] == {"name": {"from": "Harbour", "to": "Harbour at night"}}


def test_a_long_text_is_named_without_its_values_and_tags_show_both_lists(api, page):
    save(api, page.pk, editor_payload(api, page.pk, body="Boats " * 100, serialized_tags='["Sea", "Fish"]'))
    details = AuditEntry.objects.latest("id").details
    assert details["fields"] == ["blocks.body", "serialized_tags"]
    assert details["values"] == {"serialized_tags": {"from": ["boats", "Sea"], "to": ["Fish", "Sea"]}}


def test_reordering_images_is_recorded_as_the_images(api, page):
    payload = editor_payload(api, page.pk)
    payload["page_images_attributes"][0]["primary"] = False
    save(api, page.pk, payload)
    assert AuditEntry.objects.latest("id").details["fields"] == ["page_images_attributes"]


def test_published_at_keeps_what_was_sent(api, page):
    answer = save(api, page.pk, editor_payload(api, page.pk, published_at="2026-01-01T10:00:37.654321Z"))
    assert answer["published_at"] == "2026-01-01T10:00:37.654321Z"
    assert Page.objects.get(pk=page.pk).published_at.second == 37


def test_a_date_the_server_made_survives_the_editors_round_trip(api):
    """The editor keeps dates to the millisecond (JavaScript): a date made with microseconds
    came back changed from every save and history logged it each time."""
    created = api.post("/admin/en/pages.json", {"page": {"name": "Now", "status": 2}}).json()
    answer = save(api, created["id"], editor_payload(api, created["id"]))
    assert answer["published_at"] == created["published_at"]
    assert not AuditEntry.objects.filter(action="update").exists()
