"""The registries the pages app fills (cms.media.usage) fail closed: asked while empty, they
refuse what they would have allowed, and say why."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from cms.core.exceptions import PermissionDenied
from cms.media import usage
from cms.media.images.services import image_delete, image_update
from cms.media.models import Attachment, Image

NOTHING_TO_TELL_CHANGES = "No function is registered to tell who may change an image: refused."
NOTHING_TO_TELL_USES = "No function is registered to tell which pages use an attachment: refused."


@pytest.fixture
def image(db):
    return Image.objects.create(file="images/a.jpg", filename="a.jpg", content_type="image/jpeg", real_width=40,
                                real_height=30, alternative={"en": "Before"})  # fmt: skip


def test_with_no_edit_check_registered_nobody_may_change_an_image(monkeypatch, admin_user, image):
    monkeypatch.setattr(usage, "_edit_checks", {})

    with pytest.raises(ImproperlyConfigured) as refused:
        image_update(actor=admin_user, image_id=image.pk, changes={"alternative": {"en": "After"}})

    assert str(refused.value).startswith(NOTHING_TO_TELL_CHANGES)
    assert "cms.pages.apps" in str(refused.value)
    image.refresh_from_db()
    assert image.alternative == {"en": "Before"}


def test_the_registered_edit_checks_decide_once_there_are_some(monkeypatch, admin_user):
    monkeypatch.setattr(usage, "_edit_checks", {"yes": lambda user, kind, media_id: True})
    usage.require_change_right(admin_user, "image", 1)

    usage.register_edit_check("no", lambda user, kind, media_id: False)
    with pytest.raises(PermissionDenied):
        usage.require_change_right(admin_user, "image", 1)


def test_with_no_usage_finder_registered_an_image_is_not_deleted(monkeypatch, admin_user, image):
    monkeypatch.setattr(usage, "_finders", {})

    with pytest.raises(ImproperlyConfigured):
        image_delete(actor=admin_user, image_id=image.pk)

    assert Image.objects.filter(pk=image.pk).exists()


def test_a_usage_finder_of_the_other_kind_does_not_answer_for_this_one(monkeypatch):
    monkeypatch.setattr(usage, "_finders", {("image", "pages"): lambda ids: {}})

    assert usage.pages_using([7], kind="image") == {7: []}
    with pytest.raises(ImproperlyConfigured) as refused:
        usage.pages_using([7], kind="attachment")
    assert str(refused.value).startswith(NOTHING_TO_TELL_USES)


def test_with_no_publication_finder_registered_no_attachment_is_published(monkeypatch, db, caplog):
    attachment = Attachment.objects.create(file="attachments/a.pdf", filename="a.pdf", content_type="application/pdf")
    monkeypatch.setattr(usage, "_publication_finders", {})

    assert usage.published_attachments([attachment.pk]) == set()
    assert "No function is registered to tell which attachments are published" in caplog.text
