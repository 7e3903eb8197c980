"""Images for upload tests, made with libvips, and the admin's upload call."""

import struct
import zlib
from typing import Any

import pyvips
from django.core.files.uploadedfile import SimpleUploadedFile

SCRIPT = b"<html><body><script>alert(document.domain)</script></body></html>"


def png(width: int = 40, height: int = 30, **options: Any) -> bytes:
    return pyvips.Image.black(width, height).write_to_buffer(".png", **options)


def picture(suffix: str, width: int = 16, height: int = 8) -> bytes:
    """Return an image in the format of a libvips suffix: '.jpg', '.gif', '.tif' …"""
    return pyvips.Image.black(width, height).write_to_buffer(suffix)


def png_with_script() -> bytes:
    """Return a valid PNG whose tEXt chunk holds an HTML page with a script.

    A browser sniffing the bytes, or told the file is text/html, would run it.
    """
    image = png()
    text = b"Comment\0" + SCRIPT
    chunk = struct.pack(">I", len(text)) + b"tEXt" + text + struct.pack(">I", zlib.crc32(b"tEXt" + text))
    ihdr_end = 8 + 25  # the signature, then the IHDR chunk, which must come first
    return image[:ihdr_end] + chunk + image[ihdr_end:]


def upload(api: Any, name: str, content: bytes, content_type: str = "image/png", **fields: Any) -> Any:
    """POST a file as the admin's image uploader does: multipart, with the CSRF header."""
    api.client.cookies["csrftoken"] = api.token
    data = {"image[file]": SimpleUploadedFile(name, content, content_type=content_type), **fields}
    return api.client.post("/admin/images.json", data, headers={"X-CSRFToken": api.token})
