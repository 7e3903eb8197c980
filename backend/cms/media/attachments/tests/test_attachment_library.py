"""GET /admin/attachments.json: the file library, newest first, searched by name in any locale and
by filename, 48 a page, with the pages that link to each file; POST /admin/attachments/{id}/file.json
replaces a file's content and keeps its address, texts and page links."""

from datetime import timedelta

import pytest
from django.utils import timezone

from cms.media.library import PER_PAGE
from cms.media.models import Attachment
from cms.media.tests.attachments import DOCX, PDF, SCRIPT_PAGE, replace_file, stored_attachment
from cms.pages.models import PageFile


def make_attachment(filename: str, *, name=None, age: int = 0) -> Attachment:
    attachment = Attachment.objects.create(
        file=f"attachments/2026/11/{filename}", filename=filename, content_type="application/pdf", name=name or {}
    )
    Attachment.objects.filter(pk=attachment.pk).update(created_at=timezone.now() - timedelta(minutes=age))
    return attachment


def library(api, query: str = ""):
    response = api.get(f"/admin/attachments.json{query}")
    assert response.status_code == 200, response.content
    return response.json()


def filenames(answer) -> list[str]:
    return [attachment["filename"] for attachment in answer["attachments"]]


def test_every_file_newest_first_with_the_record_shape_and_its_pages(api, make_page):
    old = make_attachment("old.pdf", age=10)
    make_attachment("new.pdf", age=1)
    page = make_page("Harbour")
    api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"page_files_attributes": [{"attachment_id": old.pk}]}})

    answer = library(api)

    assert (answer["page"], answer["per_page"], answer["total"]) == (1, PER_PAGE, 2)
    assert filenames(answer) == ["new.pdf", "old.pdf"]
    assert answer["attachments"][0]["pages"] == []
    assert answer["attachments"][1]["pages"] == [{"id": page.pk, "name": {"en": "Harbour"}}]
    shape = api.get(f"/admin/attachments/{old.pk}.json").json()
    assert {k: v for k, v in answer["attachments"][1].items() if k != "pages"} == shape


def test_search_matches_the_filename_and_names_in_any_locale_and_case(api):
    make_attachment("HARBOUR_MAP.pdf")
    make_attachment("a.pdf", name={"nb": "Blåbær på fjellet"})
    make_attachment("b.pdf", name={"ar": "دليل الميناء"})
    make_attachment("c.pdf", name={"en": "Something else"})

    assert filenames(library(api, "?q=harbour_map")) == ["HARBOUR_MAP.pdf"]
    assert filenames(library(api, "?q=BLÅBÆR")) == ["a.pdf"]
    assert filenames(library(api, "?q=الميناء")) == ["b.pdf"]
    assert filenames(library(api, "?q=%20something%20")) == ["c.pdf"]
    assert library(api, "?q=.pdf")["total"] == 4
    assert library(api, "?q=%25")["total"] == 0  # LIKE's wildcards are plain characters
    assert library(api, "?q=b_")["total"] == 0


def test_a_renamed_file_is_found_by_its_new_name(api):
    record = stored_attachment(api, "scan.pdf")
    api.put(f"/admin/attachments/{record['id']}", {"attachment": {"name": {"nb": "Årsrapport"}}})
    assert filenames(library(api, "?q=årsrapport")) == ["scan.pdf"]


def test_paging(api):
    for n in range(PER_PAGE + 2):
        make_attachment(f"{n:03}.pdf", age=n)

    first, second = library(api), library(api, "?page=2")

    assert len(first["attachments"]) == PER_PAGE and first["total"] == PER_PAGE + 2
    assert filenames(second) == [f"{PER_PAGE:03}.pdf", f"{PER_PAGE + 1:03}.pdf"]
    assert library(api, "?page=99")["attachments"] == []


def test_the_library_costs_a_fixed_number_of_queries(api, make_page, django_assert_max_num_queries):
    attachments = [make_attachment(f"{n}.pdf") for n in range(30)]
    page = make_page("Page")
    records = [{"attachment_id": attachment.pk} for attachment in attachments]
    api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"page_files_attributes": records}})

    with django_assert_max_num_queries(8):  # session, user, count, rows, links, names
        assert library(api)["total"] == 30


@pytest.mark.parametrize(
    "query",
    [
        "?page=0", "?page=-1", "?page=abc", "?page=1.5", "?page=" + "9" * 40, "?page=100001", "?page=true",
        "?q=a%00b", "?q=" + "x" * 201,
    ],
)  # fmt: skip
def test_bad_parameters_answer_422(api, query):
    response = api.get(f"/admin/attachments.json{query}")
    assert response.status_code == 422, query
    assert response.json()["errors"]


def test_query_bytes_no_encoding_has_are_read_as_replacement_characters(api):
    make_attachment("a.pdf")
    assert library(api, "?q=%ED%A0%80")["total"] == 0  # a surrogate in UTF-8 bytes


def test_the_library_needs_a_login(anonymous_api):
    assert anonymous_api.get("/admin/attachments.json").status_code == 401


# --- Replacing a file -------------------------------------------------------------------------


def test_a_replaced_file_keeps_its_id_texts_links_and_address(
    api, make_page, storage, django_capture_on_commit_callbacks
):
    record = stored_attachment(api, "guide.pdf", PDF, **{"attachment[name][en]": "Guide"})
    page = make_page("Harbour")
    api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"page_files_attributes": [{"attachment_id": record["id"]}]}})
    old_file = storage.attachments()

    with django_capture_on_commit_callbacks(execute=True):
        response = replace_file(api, record["id"], "guide-2027.docx", DOCX)

    assert response.status_code == 200
    replaced = response.json()
    assert replaced["id"] == record["id"]
    assert replaced["name"] == {"en": "Guide"}
    assert (replaced["filename"], replaced["byte_size"]) == ("guide-2027.docx", len(DOCX))
    assert replaced["content_type"] == "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    assert replaced["url"] == f"/files/{record['id']}/guide-2027.docx"
    assert PageFile.objects.get(page=page).attachment_id == record["id"]
    for address in (record["url"], replaced["url"]):  # the earlier address still works
        download = api.client.get(address)
        assert download.getvalue() == DOCX
        assert download["Content-Disposition"] == 'attachment; filename="guide-2027.docx"'
    assert len(storage.attachments()) == 1
    assert storage.attachments() != old_file  # the old file is gone, the new one under a new name
    page_answer = api.get(f"/admin/en/pages/{page.pk}.json").json()
    assert page_answer["page_files"][0]["attachment"]["filename"] == "guide-2027.docx"


@pytest.mark.parametrize(
    ("filename", "content", "message"),
    [
        ("guide.pdf", SCRIPT_PAGE, "The file is not a PDF document, though its name ends in .pdf."),
        ("guide.pdf", b"", "The file is empty."),
    ],
)
def test_a_refused_replacement_changes_nothing(api, storage, filename, content, message):
    record = stored_attachment(api, "guide.pdf", PDF)
    before = storage.files()

    response = replace_file(api, record["id"], filename, content)

    assert response.status_code == 422
    assert response.json() == {"status": "error", "error": message}
    assert storage.files() == before
    assert api.get(f"/admin/attachments/{record['id']}.json").json() == record
