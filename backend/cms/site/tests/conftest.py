"""Fixtures of the public website's tests: a small site in three locales, images and files."""

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from cms.media.models import Attachment, Image
from cms.pages.models import Status
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_update


@pytest.fixture
def visitor(db: Any) -> Client:
    return Client()


@pytest.fixture
def translate(admin_user: Any) -> Any:
    def translate(page: Any, locale: str, **changes: Any) -> Any:
        return page_update(actor=admin_user, page_id=page.pk, locale=locale, changes=PageChanges.from_payload(changes))

    return translate


@pytest.fixture
def published(make_page: Any) -> Any:
    """Make a published page (due a minute ago unless told)."""

    def make(name: str, **fields: Any) -> Any:
        fields.setdefault("status", Status.PUBLISHED)
        fields.setdefault("published_at", timezone.now() - timedelta(minutes=1))
        return make_page(name, **fields)

    return make


@pytest.fixture
def image(db: Any) -> Image:
    return Image.objects.create(
        file="images/test/harbour.jpg", filename="harbour.jpg", content_type="image/jpeg", byte_size=1000,
        real_width=2400, real_height=1600, alternative={"en": "The harbour at dawn", "nb": "Havna ved daggry"},
        caption={"en": "Photo: the archive"},
    )  # fmt: skip


@pytest.fixture
def attachment(db: Any) -> Attachment:
    return Attachment.objects.create(
        file="attachments/test/report.pdf", filename="report.pdf", content_type="application/pdf", byte_size=2000,
        name={"en": "Annual report", "nb": "Årsrapport"}, description={"en": "Figures for the year"},
    )  # fmt: skip
