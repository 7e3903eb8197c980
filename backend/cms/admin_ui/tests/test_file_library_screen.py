"""The file library screen: login required, the first page of results embedded for the search in
the address, in the shape its schema (and the frontend's type) describes."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cms.admin_ui.schemas import FileLibraryScreenOut
from cms.admin_ui.tests.test_screen_schemas import embedded_json, validate
from cms.media.attachments.services import attachment_create
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_update


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.FILE_UPLOAD_TEMP_DIR = tmp_path
    return settings.MEDIA_ROOT


def stored_file(actor, filename: str, name: dict[str, str]):
    upload = SimpleUploadedFile(filename, b"Opening hours: 9 to 17\n", content_type="text/plain")
    return attachment_create(actor=actor, upload=upload, name=name, description={})


@pytest.fixture
def files(admin_user, make_page):
    timetable = stored_file(admin_user, "timetable.txt", {"en": "Ferry timetable", "nb": "Fergerute"})
    menu = stored_file(admin_user, "menu.txt", {"en": "Lunch menu"})
    page = make_page("About", path_segment="about")
    page_update(
        actor=admin_user,
        page_id=page.pk,
        locale="en",
        changes=PageChanges.from_payload({"page_files_attributes": [{"attachment_id": timetable.pk, "position": 1}]}),
    )
    return {"timetable": timetable, "menu": menu, "page": page}


def test_the_library_redirects_to_the_login_form_without_a_login(client, db):
    response = client.get("/admin/attachments")
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/?next=/admin/attachments")


def test_the_library_embeds_every_file_with_the_pages_using_it(browser, files):
    screen = validate(FileLibraryScreenOut, embedded_json(browser.get("/admin/attachments")))
    assert isinstance(screen, FileLibraryScreenOut)
    assert screen.screen == "fileLibrary" and screen.locale == "en"
    assert screen.filters.model_dump() == {"q": "", "page": 1}
    assert screen.library.total == 2
    by_name = {attachment.filename: attachment for attachment in screen.library.attachments}
    assert [page.id for page in by_name["timetable.txt"].pages] == [files["page"].pk]
    assert by_name["menu.txt"].pages == []
    assert by_name["timetable.txt"].url == f"/files/{files['timetable'].pk}/timetable.txt"


def test_the_library_reads_its_search_and_locale_from_the_address(browser, files):
    response = browser.get("/admin/attachments?locale=nb&q=fergerute")
    screen = validate(FileLibraryScreenOut, embedded_json(response))
    assert isinstance(screen, FileLibraryScreenOut)
    assert screen.locale == "nb" and screen.filters.q == "fergerute"
    assert [attachment.id for attachment in screen.library.attachments] == [files["timetable"].pk]


def test_unknown_values_in_the_address_show_the_whole_library(browser, files):
    response = browser.get("/admin/attachments?locale=zz&page=abc&q=%00")
    screen = validate(FileLibraryScreenOut, embedded_json(response))
    assert isinstance(screen, FileLibraryScreenOut)
    assert screen.locale == "en"
    assert screen.filters.model_dump() == {"q": "", "page": 1}
    assert screen.library.total == 2
