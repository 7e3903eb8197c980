"""Reading uploaded images: the format from the content (never the name), sizes from the header.

libvips reads only the header to learn the format and dimensions, so a 12-megapixel JPEG is
checked in milliseconds without decoding its pixels. Pictures are always read from a stream (an
upload, or a file opened through the storage API), never from a local path, so object storage
works by configuration alone.
"""

import os
from dataclasses import dataclass
from typing import IO, Any

import pyvips
from django.utils.translation import gettext_lazy as _

from cms.core.exceptions import ValidationFailed
from cms.core.messages import message

# libvips loader name prefix -> the content type we store (spec §5: gif, jpeg, pjpeg, png, tiff).
LOADER_TYPES = {"jpegload": "image/jpeg", "pngload": "image/png", "gifload": "image/gif", "tiffload": "image/tiff"}
MAX_PIXELS = 100_000_000  # refuses decompression bombs: a tiny file that claims a huge canvas
INVALID_TYPE = _("is not an image in GIF, JPEG, PNG or TIFF format")
DAMAGED = _("could not be read: it is damaged or incomplete")
TOO_MANY_PIXELS = message(_("is too large: at most %(megapixels)d megapixels"), megapixels=MAX_PIXELS // 1_000_000)
# EXIF orientations 5-8 turn the picture a quarter: its upright width is the stored height.
QUARTER_TURNS = frozenset({5, 6, 7, 8})
# What a damaged file must fail on: libvips would otherwise fill a truncated JPEG with grey.
FAIL_ON = "truncated"
MAP_AT_MOST = 8 * 1024 * 1024  # bytes of a file libvips may map rather than stream (vips_source)


@dataclass(frozen=True)
class ImageInfo:
    content_type: str
    width: int  # upright, after the EXIF orientation
    height: int
    alpha_band: bool  # whether it has an alpha band (pixels may or may not be transparent)


def vips_source(file: IO[bytes]) -> pyvips.Source:
    """Return a libvips source reading `file` from its start, in chunks as libvips asks.

    The caller keeps the source referenced until libvips is done with it: libvips reads lazily,
    and a source collected too early crashes the process.
    """
    file.seek(0)
    descriptor = _descriptor(file)
    if descriptor is not None and os.fstat(descriptor).st_size <= MAP_AT_MOST:
        # A real file (an upload's temporary file, a file-system storage's file): libvips reads
        # it itself, without a call into Python for every 4 KB. It maps such a file into memory
        # whole, though: only small ones, so a 50 MB upload still streams.
        return pyvips.Source.new_from_descriptor(descriptor)
    source = pyvips.SourceCustom()
    source.on_read(file.read)

    def seek(offset: int, whence: int) -> int:
        try:
            return file.seek(offset, whence)
        except (OSError, ValueError):
            return -1

    source.on_seek(seek)
    return source


def read_image_info(file: IO[bytes]) -> ImageInfo:
    """Return the format and upright size of an image from its header, or raise ValidationFailed."""
    source = vips_source(file)
    try:
        image = pyvips.Image.new_from_source(source, "", access="sequential")
        loader = str(image.get("vips-loader"))
    except pyvips.Error:
        raise ValidationFailed([("file", INVALID_TYPE)]) from None
    content_type = next((t for prefix, t in LOADER_TYPES.items() if loader.startswith(prefix)), None)
    if content_type is None:
        raise ValidationFailed([("file", INVALID_TYPE)])
    if image.width * image.height > MAX_PIXELS:
        raise ValidationFailed([("file", TOO_MANY_PIXELS)])
    width, height = image.width, image.height
    if _orientation(image) in QUARTER_TURNS:
        width, height = height, width
    return ImageInfo(content_type=content_type, width=width, height=height, alpha_band=image.hasalpha())


def any_transparent_pixel(file: IO[bytes]) -> bool:
    """Return whether any pixel of an image with an alpha band is not fully opaque.

    Decodes every pixel (streamed, a few lines at a time), so a damaged file raises
    ValidationFailed here too.
    """
    source = vips_source(file)
    try:
        image = pyvips.Image.new_from_source(source, "", access="sequential", fail_on=FAIL_ON)
        opaque = 65535 if image.format == "ushort" else 255
        return bool(image[image.bands - 1].min() < opaque)
    except pyvips.Error:
        raise ValidationFailed([("file", DAMAGED)]) from None


def _descriptor(file: IO[bytes]) -> int | None:
    try:
        return file.fileno()
    except (AttributeError, OSError, ValueError):  # in memory, or an object storage's stream
        return None


def _orientation(image: Any) -> int:
    if image.get_typeof("orientation") == 0:
        return 1
    try:
        return int(image.get("orientation"))
    except (pyvips.Error, ValueError):
        return 1
