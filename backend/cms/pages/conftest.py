"""Fixtures shared by the page tests (the users and their clients are in backend/conftest.py)."""

import pytest

from cms.media.models import Attachment, Image
from cms.pages.media_uses import record_shown_media
from cms.pages.models import PageFile, PageImage


@pytest.fixture
def site(make_page):
    """A three-level tree with tags, an image link, a file link and a meta image."""
    image = Image.objects.create(
        file="images/a.png", filename="a.png", content_type="image/png", real_width=4, real_height=3
    )
    attachment = Attachment.objects.create(
        file="attachments/a.pdf", filename="a.pdf", content_type="application/pdf", name={"en": "Guide"}
    )
    top = make_page("Top", path_segment="top")
    middle = make_page("Middle", parent=top, path_segment="middle", serialized_tags='["News", "Events"]')
    leaf = make_page("Leaf", parent=middle, path_segment="leaf", meta_image_id=image.pk, body="Text")
    PageImage.objects.create(page=leaf, image=image, position=1, primary=True)
    PageFile.objects.create(page=leaf, attachment=attachment, position=1)
    # The links are written past the page save, so what the save writes with them is written here.
    record_shown_media(leaf)
    other = make_page("Other top")
    return {"top": top, "middle": middle, "leaf": leaf, "other": other, "image": image, "attachment": attachment}
