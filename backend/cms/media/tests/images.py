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


RED, GREEN, BLUE, YELLOW = (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)


def quadrants(width: int = 400, height: int = 300) -> pyvips.Image:
    """Return an sRGB picture in four colours: red top left, green top right, blue bottom left,
    yellow bottom right, so where a part of it lands in a rendition can be read from pixels."""
    tiles = [
        pyvips.Image.black(width // 2, height // 2, bands=3) + list(colour) for colour in (RED, GREEN, BLUE, YELLOW)
    ]
    top = tiles[0].join(tiles[1], "horizontal")
    bottom = tiles[2].join(tiles[3], "horizontal")
    return top.join(bottom, "vertical").cast("uchar").copy(interpretation="srgb")


def transparent_png(width: int = 60, height: int = 40) -> bytes:
    """Return an RGBA PNG whose left half is fully transparent."""
    rgb = pyvips.Image.black(width, height, bands=3).linear(1, [10, 120, 200])
    alpha = (pyvips.Image.xyz(width, height)[0] >= width // 2).ifthenelse(255, 0)
    return rgb.bandjoin(alpha).cast("uchar").copy(interpretation="srgb").write_to_buffer(".png")


def colour_at(picture: bytes, x: int, y: int) -> tuple[int, ...]:
    image = pyvips.Image.new_from_buffer(picture, "")
    return tuple(round(value) for value in image(x, y))


def near(colour: tuple[int, ...], expected: tuple[int, ...], tolerance: int = 40) -> bool:
    """Whether a (JPEG-compressed) colour is close to the expected one."""
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected, strict=False))
