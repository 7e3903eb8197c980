"""Files for attachment tests, and the admin's attachment calls."""

from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile

from cms.media.tests.images import png

PDF = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
DOCX = b"PK\x03\x04" + b"\x14\x00\x06\x00" + b"word/document.xml" * 4
SCRIPT_PAGE = b"<!doctype html><html><body><script>alert(document.domain)</script></body></html>"
SVG = b'<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>'


def upload_attachment(
    api: Any, name: str, content: bytes, content_type: str = "application/pdf", *, path: str = "", **fields: Any
) -> Any:
    """POST a file as the admin's attachment uploader does: multipart, with the CSRF header."""
    api.client.cookies["csrftoken"] = api.token
    data = {"attachment[file]": SimpleUploadedFile(name, content, content_type=content_type), **fields}
    return api.client.post(path or "/admin/attachments.json", data, headers={"X-CSRFToken": api.token})


def raw_upload(api: Any, disposition: bytes, content: bytes, *, fields: bytes = b"") -> Any:
    """POST a hand-made multipart body: `disposition` is the file part's Content-Disposition value."""
    boundary = b"b0undaryXyz"
    body = (
        fields.replace(b"{boundary}", boundary)
        + b"--" + boundary + b"\r\nContent-Disposition: " + disposition + b"\r\n"
        + b"Content-Type: application/pdf\r\n\r\n" + content + b"\r\n--" + boundary + b"--\r\n"
    )  # fmt: skip
    api.client.cookies["csrftoken"] = api.token
    return api.client.post(
        "/admin/attachments.json",
        body,
        content_type=f"multipart/form-data; boundary={boundary.decode()}",
        headers={"X-CSRFToken": api.token},
    )


def replace_file(api: Any, attachment_id: int, name: str, content: bytes, content_type: str = "application/pdf") -> Any:
    return upload_attachment(api, name, content, content_type, path=f"/admin/attachments/{attachment_id}/file.json")


def stored_attachment(api: Any, name: str = "guide.pdf", content: bytes = PDF, **fields: Any) -> dict[str, Any]:
    """Upload a file and return its record."""
    response = upload_attachment(api, name, content, **fields)
    assert response.status_code == 201, response.content
    record: dict[str, Any] = response.json()
    return record


__all__ = [
    "DOCX",
    "PDF",
    "SCRIPT_PAGE",
    "SVG",
    "png",
    "raw_upload",
    "replace_file",
    "stored_attachment",
    "upload_attachment",
]
