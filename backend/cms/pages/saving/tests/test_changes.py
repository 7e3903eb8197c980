"""A save payload becomes a typed PageChanges, checked for what needs no database (issue 19, item 5)."""

from datetime import UTC, datetime

import pytest

from cms.core.exceptions import ValidationFailed
from cms.pages.saving.payload import UNSENT, FileLinkChange, ImageLinkChange, PageChanges


def test_only_the_fields_sent_are_changes_typed_and_normalised():
    changes = PageChanges.from_payload(
        {
            "name": "Page", "body": None, "status": 2, "pinned": None, "unique_name": " home ",
            "published_at": "2026-01-02T03:04:05Z", "path_segment": " page ", "serialized_tags": '["A", "a", "B"]',
            "page_images_attributes": [{"id": 3, "_destroy": True}, {"image_id": 7, "primary": True}],
            "page_files_attributes": [{"attachment_id": 9, "position": 2}], "parent_page_id": False,
            "lock_version": 4, "_method": "put",
        }
    )  # fmt: skip
    assert changes.scalars == {
        "status": 2, "pinned": False, "unique_name": "home", "published_at": datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    }  # fmt: skip
    assert changes.blocks == {"name": "Page", "body": ""}
    assert (changes.path_segment, changes.tags, changes.lock_version) == ("page", ("A", "B"), 4)
    assert changes.image_links == (ImageLinkChange(id=3, destroy=True), ImageLinkChange(image_id=7, primary=True))
    assert changes.file_links == (FileLinkChange(attachment_id=9, position=2),)
    assert changes.parent_page_id is None


def test_a_payload_without_tree_fields_sends_none_of_them():
    changes = PageChanges.from_payload({"body": "Text"})
    sent = (changes.parent_page_id, changes.path_segment, changes.tags, changes.image_links)
    assert sent == (UNSENT, None, None, None)
    assert not changes.sends("serialized_tags") and changes.sends("body")


@pytest.mark.parametrize(
    ("payload", "attribute"),
    [
        ({"body": 3}, "body"),
        ({"body": "<script>x</script>"}, "body"),
        ({"serialized_tags": "{}"}, "serialized_tags"),
        ({"path_segment": "a\x00"}, "path_segment"),
        ({"status": "two"}, "status"),
        ({"page_images_attributes": [{"image_id": "x"}]}, "page_images_attributes"),
    ],
)
def test_a_malformed_field_is_refused_by_name(payload, attribute):
    with pytest.raises(ValidationFailed) as refused:
        PageChanges.from_payload(payload)
    assert [field for field, _message in refused.value.errors] == [attribute]
