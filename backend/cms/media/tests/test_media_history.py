"""A media change logs exactly what its stored values changed (issue 18, item 6): renaming a file
does not log its description, a save of the same values logs nothing, and short values are
logged with their old and new values (long ones by name only)."""

from cms.audit.models import AuditEntry
from cms.media.tests.attachments import stored_attachment
from cms.media.tests.images import png, upload


def updates(subject):
    return [entry.details for entry in AuditEntry.objects.filter(action="update", subject=subject).order_by("id")]


def test_renaming_a_file_logs_its_name_only(api):
    record = stored_attachment(
        api, **{"attachment[name][en]": "Guide", "attachment[description][en]": "The harbour, room by room"}
    )
    # The editor's dialog sends every text back, changed or not.
    body = {"attachment": {"name": {"en": "Harbour guide", "nb": ""}, "description": record["description"]}}
    assert api.put(f"/admin/attachments/{record['id']}", body).status_code == 200
    assert updates("attachment") == [
        {"fields": ["name"], "values": {"name": {"from": {"en": "Guide"}, "to": {"en": "Harbour guide"}}}}
    ]


def test_saving_the_same_texts_logs_nothing(api):
    record = stored_attachment(api, **{"attachment[name][en]": "Guide"})
    body = {"attachment": {"name": {"en": "  Guide "}, "description": {}}}
    assert api.put(f"/admin/attachments/{record['id']}.json", body).status_code == 200
    assert updates("attachment") == []


def test_an_image_logs_the_crop_and_texts_that_changed(api):
    image = upload(api, "photo.png", png(400, 300), **{"image[alternative][en]": "A harbour"}).json()
    unchanged = {field: image[field] for field in ("crop_start_x", "crop_start_y", "crop_width", "crop_height")}
    body = {"image": {"alternative": {"en": "A harbour"}, "caption": {}, **unchanged}}
    assert api.put(f"/admin/images/{image['id']}.json", body).status_code == 200
    assert updates("image") == []
    long_caption = "A long caption. " * 20
    body = {"image": {"alternative": {"en": "A harbour"}, "caption": {"nb": long_caption}, "crop_gravity_x": 10,
                      "crop_gravity_y": 20}}  # fmt: skip
    assert api.put(f"/admin/images/{image['id']}.json", body).status_code == 200
    assert updates("image") == [
        {
            "fields": ["caption", "crop_gravity_x", "crop_gravity_y"],
            "values": {"crop_gravity_x": {"from": None, "to": 10}, "crop_gravity_y": {"from": None, "to": 20}},
        }
    ]
