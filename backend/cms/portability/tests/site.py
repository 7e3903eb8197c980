"""A site with some of everything an archive carries, made through the services as editors would:
the demo's pages plus images and attachments with their files (two attachments share one
content), links, a sharing image, tags, a renamed page (a redirect), a scheduled change, a
second user with a grant and an interface language, and what is left out (a working copy)."""

import json
from datetime import timedelta
from typing import Any

import pyvips
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from cms.accounts.models import Preferences
from cms.media.attachments.services import attachment_create
from cms.media.images.services import image_create
from cms.pages.models import Page, PageGrant
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create, page_update
from cms.pages.scheduling.services import schedule
from cms.pages.schemas import PageFieldsIn
from cms.pages.working_copies.services import draft_save

PDF = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"


def png(width: int, height: int) -> bytes:
    return pyvips.Image.black(width, height).write_to_buffer(".png")


def jpeg(width: int, height: int) -> bytes:
    return (pyvips.Image.black(width, height) + 90).write_to_buffer(".jpg")


def add_media_and_more(*, pages: list[Page] | None = None) -> dict[str, Any]:
    """Add the media and the rest to the pages there are (or to two new ones); return their ids."""
    users = get_user_model().objects
    admin = users.filter(is_superuser=True).first() or users.create_user(
        "archivist", "archivist@example.com", "archive-pass-1", is_staff=True, is_superuser=True
    )
    editor = users.create_user("nora", "nora@example.com", "nora-pass-1", first_name="Nora", last_name="Nordmann")
    editor.is_staff = True
    editor.save()
    Preferences.objects.create(user=editor, interface_language="nb")
    if not pages:
        first = page_create(actor=admin, locale="en", changes=PageChanges.from_payload({"name": "Library"}))
        second = page_create(
            actor=admin, locale="en", changes=PageChanges.from_payload({"name": "Rooms", "parent_page_id": first.pk})
        )
        pages = [first, second]
    PageGrant.objects.create(user=editor, page=pages[0], edit=True, create=False)

    photo = image_create(
        actor=admin,
        upload=SimpleUploadedFile("reading room.jpg", jpeg(64, 48), content_type="image/jpeg"),
        alternative={"en": "The reading room", "nb": "Lesesalen"},
    )
    logo = image_create(
        actor=admin, upload=SimpleUploadedFile("logo.png", png(20, 10), content_type="image/png"), alternative={}
    )
    report = attachment_create(
        actor=admin,
        upload=SimpleUploadedFile("report.pdf", PDF, content_type="application/pdf"),
        name={"en": "Annual report", "ar": "التقرير السنوي"},
        description={"en": "The year in numbers"},
    )
    copy = attachment_create(  # the same bytes again: stored once in the archive
        actor=admin, upload=SimpleUploadedFile("copy.pdf", PDF, content_type="application/pdf"), name={"en": "Copy"}
    )
    page = pages[-1]
    linked = page_update(
        actor=admin,
        page_id=page.pk,
        locale="en",
        changes=PageChanges.from_payload(
            {
                "serialized_tags": json.dumps(["Archive", "Ærlig"]),
                "meta_image_id": photo.pk,
                "page_images_attributes": [{"image_id": photo.pk, "primary": True}, {"image_id": logo.pk}],
                "page_files_attributes": [{"attachment_id": report.pk}, {"attachment_id": copy.pk}],
                "path_segment": "moved-here",
            }
        ),
    )
    schedule(
        actor=admin,
        page_id=page.pk,
        locale="en",
        fields=PageFieldsIn(name="Renamed by itself"),
        at=timezone.now() + timedelta(days=30),
        lock_version=linked.lock_version,
    )
    draft_save(actor=admin, page_id=page.pk, locale="en", fields=PageFieldsIn(name="Typed, never saved"))
    return {"image_ids": [photo.pk, logo.pk], "attachment_ids": [report.pk, copy.pk], "page_id": page.pk}
