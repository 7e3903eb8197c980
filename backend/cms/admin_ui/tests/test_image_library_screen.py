"""The image library screen: login required, the first page of results embedded for the
filters in the address, in the shape its schema (and the frontend's type) describes."""

import pytest
import pyvips
from django.core.files.uploadedfile import SimpleUploadedFile

from cms.admin_ui.schemas import ImageLibraryScreenOut
from cms.admin_ui.tests.test_screen_schemas import embedded_json, validate
from cms.media.images.services import image_create
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_update


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.FILE_UPLOAD_TEMP_DIR = tmp_path
    return settings.MEDIA_ROOT


def stored_image(actor, name: str, alternative: dict[str, str]):
    content = pyvips.Image.black(40, 30).write_to_buffer(".png")
    upload = SimpleUploadedFile(name, content, content_type="image/png")
    return image_create(actor=actor, upload=upload, alternative=alternative)


@pytest.fixture
def images(admin_user, make_page):
    harbour = stored_image(admin_user, "harbour.png", {"en": "The harbour", "nb": "Havna", "ar": "الميناء"})
    fjord = stored_image(admin_user, "fjord.png", {"en": "A fjord", "nb": "En fjord"})
    page = make_page("About", path_segment="about")
    page_update(
        actor=admin_user,
        page_id=page.pk,
        locale="en",
        changes=PageChanges.from_payload(
            {"page_images_attributes": [{"image_id": fjord.pk, "primary": True, "position": 1}]}
        ),
    )
    return {"harbour": harbour, "fjord": fjord, "page": page}


def test_the_library_redirects_to_the_login_form_without_a_login(client, db):
    response = client.get("/admin/images")
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/?next=/admin/images")


def test_the_library_embeds_every_image_with_the_pages_using_it(browser, images):
    screen = validate(ImageLibraryScreenOut, embedded_json(browser.get("/admin/images")))
    assert isinstance(screen, ImageLibraryScreenOut)
    assert screen.screen == "imageLibrary" and screen.locale == "en"
    assert screen.filters.model_dump() == {"q": "", "missing_alt": None, "page": 1}
    assert screen.library.total == 2
    by_name = {image.filename: image for image in screen.library.images}
    assert [page.id for page in by_name["fjord.png"].pages] == [images["page"].pk]
    assert by_name["harbour.png"].pages == []


def test_the_library_reads_its_filters_and_locale_from_the_address(browser, images):
    response = browser.get("/admin/images?missing_alt=ar&locale=nb&q=fjord")
    screen = validate(ImageLibraryScreenOut, embedded_json(response))
    assert isinstance(screen, ImageLibraryScreenOut)
    assert screen.locale == "nb"
    assert screen.filters.missing_alt == "ar" and screen.filters.q == "fjord"
    assert [image.id for image in screen.library.images] == [images["fjord"].pk]


def test_unknown_filters_in_the_address_show_the_whole_library(browser, images):
    response = browser.get("/admin/images?missing_alt=xx&locale=zz&page=abc")
    screen = validate(ImageLibraryScreenOut, embedded_json(response))
    assert isinstance(screen, ImageLibraryScreenOut)
    assert screen.locale == "en"
    assert screen.filters.model_dump() == {"q": "", "missing_alt": None, "page": 1}
    assert screen.library.total == 2
