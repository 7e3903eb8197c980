"""The data migration moves images stored under their uploader's filename to server-made names."""

import importlib
import re

from django.apps import apps
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from cms.media.models import Image
from cms.media.tests.images import png_with_script

migration = importlib.import_module("cms.media.migrations.0002_server_made_image_names")


def image_stored_as(name: str, content: bytes) -> Image:
    stored = default_storage.save(name, ContentFile(content))
    return Image.objects.create(
        file=stored, filename=name.rsplit("/", 1)[1], content_type="image/png", real_width=40, real_height=30
    )


def test_an_image_stored_under_its_uploaders_name_gets_a_server_made_one(db, django_capture_on_commit_callbacks):
    content = png_with_script()
    legacy = image_stored_as("images/2020/01/evil.html", content)

    with django_capture_on_commit_callbacks(execute=True):
        migration.rename_uploader_named_files(apps, None)

    legacy.refresh_from_db()
    assert re.fullmatch(r"images/\d{4}/\d{2}/[0-9a-f]{32}\.png", legacy.file.name)
    assert legacy.filename == "evil.html"
    with default_storage.open(legacy.file.name) as renamed:
        assert renamed.read() == content
    assert not default_storage.exists("images/2020/01/evil.html")


def test_server_made_names_and_missing_files_are_left_alone(db, django_capture_on_commit_callbacks):
    server_made = image_stored_as("images/2026/11/" + "ab" * 16 + ".png", b"png")
    missing = Image.objects.create(
        file="images/2020/01/gone.png", filename="gone.png", content_type="image/png", real_width=1, real_height=1
    )

    with django_capture_on_commit_callbacks(execute=True):
        migration.rename_uploader_named_files(apps, None)

    assert Image.objects.get(pk=server_made.pk).file.name == server_made.file.name
    assert Image.objects.get(pk=missing.pk).file.name == "images/2020/01/gone.png"
