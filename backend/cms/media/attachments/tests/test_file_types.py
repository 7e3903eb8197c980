"""What an attachment is: the type its name says, checked against its first bytes; downloads named
after it for every browser (pure functions, tested as tables)."""

import pytest

from cms.media.attachments.file_types import NameMismatch, attachment_type, is_inline, stored_extension
from cms.media.storage.serving import content_disposition
from cms.media.tests.attachments import DOCX, PDF, SCRIPT_PAGE, SVG
from cms.media.tests.images import png

OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 40
MP4 = b"\x00\x00\x00\x20ftypisom" + b"\x00" * 40


@pytest.mark.parametrize(
    ("filename", "head", "content_type"),
    [
        ("guide.pdf", PDF, "application/pdf"),
        ("GUIDE.PDF", PDF, "application/pdf"),
        ("photo.png", png(), "image/png"),
        ("report.docx", DOCX, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
        ("old.doc", OLE, "application/msword"),
        ("film.mp4", MP4, "video/mp4"),
        ("notes.txt", b"plain words", "text/plain"),
        ("table.csv", b"a,b\n1,2\n", "text/csv"),
        ("page.html", SCRIPT_PAGE, "text/html"),
        ("logo.svg", SVG, "image/svg+xml"),
        ("feed.xml", b"<?xml version='1.0'?><x/>", "application/xml"),
        ("app.js", b"alert(1)", "text/javascript"),
        ("program.exe", b"MZ\x90\x00", "application/octet-stream"),
        ("no-extension", PDF, "application/pdf"),  # content that names itself
        ("no-extension", SCRIPT_PAGE, "application/octet-stream"),
        ("archive.tar.gz", b"\x1f\x8b\x08\x00", "application/gzip"),
    ],
)
def test_the_type_comes_from_the_name_when_the_content_agrees(filename, head, content_type):
    assert attachment_type(filename, head[:64]) == content_type


@pytest.mark.parametrize(
    ("filename", "head", "message"),
    [
        ("guide.pdf", SCRIPT_PAGE, "is not a PDF document, though its name ends in .pdf"),
        ("photo.png", PDF, "is not a PNG image, though its name ends in .png"),
        ("photo.jpg", png(), "is not a JPEG image, though its name ends in .jpg"),
        ("report.docx", PDF, "is not a Word document, though its name ends in .docx"),
        ("report.pdf", b"", "is not a PDF document, though its name ends in .pdf"),
        ("invoice.pdf", b"%PD", "is not a PDF document, though its name ends in .pdf"),
    ],
)
def test_a_file_whose_content_is_not_what_its_name_says_is_refused(filename, head, message):
    with pytest.raises(NameMismatch) as refused:
        attachment_type(filename, head)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("content_type", "inline", "extension"),
    [
        ("application/pdf", True, "pdf"),
        ("image/png", True, "png"),
        ("image/jpeg", True, "jpg"),
        ("image/tiff", False, "tif"),
        ("text/html", False, "bin"),
        ("image/svg+xml", False, "bin"),
        ("application/xml", False, "bin"),
        ("text/javascript", False, "bin"),
        ("text/plain", False, "txt"),
        ("application/octet-stream", False, "bin"),
        ("application/vnd.openxmlformats-officedocument.wordprocessingml.document", False, "docx"),
    ],
)
def test_only_pdfs_and_pictures_are_shown_inline_and_runnable_types_are_stored_as_bin(content_type, inline, extension):
    assert is_inline(content_type) is inline
    assert stored_extension(content_type) == extension


@pytest.mark.parametrize(
    ("filename", "inline", "header"),
    [
        ("guide.pdf", True, 'inline; filename="guide.pdf"'),
        ("page.html", False, 'attachment; filename="page.html"'),
        ("a b; c.pdf", False, 'attachment; filename="a b; c.pdf"'),
        (
            "Blåbær på fjellet.pdf",
            False,
            'attachment; filename="Blabaer pa fjellet.pdf"; '
            "filename*=UTF-8''Bl%C3%A5b%C3%A6r%20p%C3%A5%20fjellet.pdf",
        ),
        (
            "تقرير.pdf",
            False,
            "attachment; filename=\"download.pdf\"; filename*=UTF-8''%D8%AA%D9%82%D8%B1%D9%8A%D8%B1.pdf",
        ),
        ("日本語", True, "inline; filename=\"download\"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E"),
        ('say "hi".txt', False, "attachment; filename=\"say hi.txt\"; filename*=UTF-8''say%20%22hi%22.txt"),
        ("100%.txt", False, "attachment; filename=\"100.txt\"; filename*=UTF-8''100%25.txt"),
        ("back\\slash.txt", False, "attachment; filename=\"backslash.txt\"; filename*=UTF-8''back%5Cslash.txt"),
    ],
)
def test_content_disposition_names_the_file_for_old_and_new_browsers(filename, inline, header):
    assert content_disposition(filename, inline=inline) == header
    assert header.isascii()
