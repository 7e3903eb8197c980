"""Deleting an image while a save links it (PostgreSQL: real concurrency): one of them wins
cleanly — the image goes and the save is refused, or the save links it and the deletion is
refused — never an error and never a link to nothing."""

import time
from functools import partial

import pytest
from django.db import connection

from cms.core.exceptions import InUse, ValidationFailed
from cms.media import usage
from cms.media.images.services import image_delete
from cms.media.models import Image
from cms.pages.models import MediaUse, PageImage
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create, page_update
from cms.pages.tests.concurrency import at_once

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's concurrency")


def soon(action, **arguments):
    """Run the action a moment later: after the deletion has locked the image, before it looks."""
    time.sleep(0.02)
    return action(**arguments)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("shown_by", ["link", "embed"])
def test_a_deletion_and_a_save_linking_the_image_never_both_win(admin_user, shown_by, monkeypatch):
    # The deletion looks for pages showing the image a little slowly, so the save runs meanwhile.
    look = usage.pages_using
    monkeypatch.setattr(usage, "pages_using", lambda *args, **kwargs: time.sleep(0.05) or look(*args, **kwargs))
    page = page_create(
        actor=admin_user, locale="en", changes=PageChanges.from_payload({"name": "Page", "template": "article"})
    )
    outcomes: list[str] = []
    for round_number in range(10):
        image = Image.objects.create(
            file=f"images/{round_number}.png", filename="a.png", content_type="image/png", real_width=4, real_height=3
        )
        if shown_by == "link":
            changes = {"page_images_attributes": [{"image_id": image.pk}]}
        else:
            changes = {"body": f"[image:{image.pk}] round {round_number}"}
        outcomes += at_once(
            (partial(image_delete, actor=admin_user, image_id=image.pk), InUse),
            (
                partial(
                    soon,
                    page_update,
                    actor=admin_user,
                    page_id=page.pk,
                    locale="en",
                    changes=PageChanges.from_payload(changes),
                ),
                ValidationFailed,
            ),
        )
        exists = Image.objects.filter(pk=image.pk).exists()
        shown = MediaUse.objects.filter(page=page, image_id=image.pk).exists()
        assert exists == shown, f"round {round_number}: image kept {exists}, shown {shown}"
        PageImage.objects.filter(page=page).delete()
        MediaUse.objects.filter(page=page).delete()
    assert set(outcomes) <= {"done", "refused"}, outcomes
