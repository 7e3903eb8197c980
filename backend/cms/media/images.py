"""Reading uploaded images: the format from the content (never the name), sizes from the header.

libvips reads only the header to learn the format and dimensions, so a 12-megapixel JPEG is
checked in milliseconds without decoding its pixels.
"""

from dataclasses import dataclass

import pyvips

from cms.core.exceptions import ValidationFailed

# libvips loader name prefix -> the content type we store (spec §5: gif, jpeg, pjpeg, png, tiff).
LOADER_TYPES = {"jpegload": "image/jpeg", "pngload": "image/png", "gifload": "image/gif", "tiffload": "image/tiff"}
MAX_PIXELS = 100_000_000  # refuses decompression bombs: a tiny file that claims a huge canvas
INVALID_TYPE = "is not an image in GIF, JPEG, PNG or TIFF format"


@dataclass(frozen=True)
class ImageInfo:
    content_type: str
    width: int
    height: int


def read_image_info(source: str | bytes) -> ImageInfo:
    """Return the format and size of an image (a file path or its bytes), or raise ValidationFailed."""
    try:
        if isinstance(source, bytes):
            image = pyvips.Image.new_from_buffer(source, "", access="sequential")
        else:
            image = pyvips.Image.new_from_file(source, access="sequential")
        loader = str(image.get("vips-loader"))
    except pyvips.Error:
        raise ValidationFailed([("file", INVALID_TYPE)]) from None
    content_type = next((t for prefix, t in LOADER_TYPES.items() if loader.startswith(prefix)), None)
    if content_type is None:
        raise ValidationFailed([("file", INVALID_TYPE)])
    if image.width * image.height > MAX_PIXELS:
        raise ValidationFailed([("file", f"is too large: at most {MAX_PIXELS // 1_000_000} megapixels")])
    return ImageInfo(content_type=content_type, width=image.width, height=image.height)
