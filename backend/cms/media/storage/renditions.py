"""Making renditions with libvips, and keeping them in storage.

A rendition is made once, from the original read as a stream through the storage API, with
shrink-on-load (libvips decodes a JPEG at 1/2, 1/4 or 1/8 of its size when that is enough), then
kept in storage under a name made of its address, so every later request only streams it.
Metadata is never copied: no EXIF (GPS, camera serials), no comments, no ICC profile (pixels
are converted to sRGB first).
"""

import contextlib
import os
import tempfile
from collections.abc import Mapping
from typing import IO, Any

import pyvips
from django.core.files.base import ContentFile
from django.core.files.storage import FileSystemStorage, default_storage

from cms.media.images.geometry import Plan, crop_region, plan
from cms.media.images.reading import FAIL_ON, vips_source
from cms.media.storage.made_once import made_once
from cms.media.storage.rendition_addresses import Address

FOLDER = "renditions"
CONTENT_TYPES = {"jpg": "image/jpeg", "png": "image/png", "webp": "image/webp", "avif": "image/avif"}
# Savers and their options: quality for the web, metadata dropped (keep="none").
SAVERS: dict[str, tuple[str, dict[str, Any]]] = {
    "jpg": (".jpg", {"Q": 82, "keep": "none"}),
    "png": (".png", {"compression": 6, "keep": "none"}),
    "webp": (".webp", {"Q": 80, "keep": "none", "effort": 3}),
    "avif": (".avif", {"Q": 55, "keep": "none", "effort": 1, "compression": "av1"}),
}


class RenditionFailed(Exception):
    """The original could not be read or the rendition not written (a damaged or missing file)."""


def served_format(address: Address, *, has_alpha: bool, accept: str) -> str:
    """Return the file format to answer: the address's, or for `auto` the best the browser takes."""
    if address.format != "auto":
        return address.format
    accepted = accept.lower()
    if "image/avif" in accepted:
        return "avif"
    if "image/webp" in accepted:
        return "webp"
    return "png" if has_alpha else "jpg"


def stored_name(address: Address, fmt: str) -> str:
    return f"{FOLDER}/{address.image_id}/{address.stem()}.{fmt}"


def image_plan(image: Mapping[str, Any], address: Address) -> Plan:
    """Return the rendition's geometry for an image's column values (cms.media.records.COLUMNS)."""
    width, height = image["real_width"], image["real_height"]
    if address.uncropped:
        region = crop_region(width, height, (None, None, None, None))
    else:
        crop = (image["crop_start_x"], image["crop_start_y"], image["crop_width"], image["crop_height"])
        region = crop_region(width, height, crop)
    gravity_x, gravity_y = image["crop_gravity_x"], image["crop_gravity_y"]
    focal = (gravity_x, gravity_y) if gravity_x is not None and gravity_y is not None else None
    return plan(width, height, region, focal, address.width, address.height, address.mode)


def render(original: IO[bytes], geometry: Plan, fmt: str) -> bytes:
    """Return the encoded rendition of an original read from a stream."""
    source = vips_source(original)  # referenced until the pixels are written
    try:
        # The whole image is shrunk (on load where the format allows), then the plan's part cut.
        # Only the width is given: a forced height would cost libvips a second resampling pass.
        image = pyvips.Image.thumbnail_source(
            source,
            geometry.scaled_width,
            height=MAX_SCALED,
            # thumbnail's own fail_on does not reach the loader (libvips 8.18): say it to the loader.
            option_string=f"fail_on={FAIL_ON}",
        )
        image = _cut(image, geometry)
        image = _web_colours(image)
        if fmt == "jpg" and image.hasalpha():
            image = image.flatten(background=[255])  # JPEG has no transparency: on white
        suffix, options = SAVERS[fmt]
        return bytes(image.write_to_buffer(suffix, **options))
    except pyvips.Error as error:
        raise RenditionFailed(str(error).splitlines()[0] if str(error) else "libvips failed") from None
    finally:
        del source


MAX_SCALED = 10_000_000  # "any height": the width decides


def _cut(image: pyvips.Image, geometry: Plan) -> pyvips.Image:
    """Cut the plan's part from the shrunk image, whose height may differ from the plan's by a
    pixel of rounding."""
    if image.height < geometry.out_height:
        image = image.resize(1, vscale=geometry.out_height / image.height)
    top = min(geometry.top, image.height - geometry.out_height)
    left = min(geometry.left, image.width - geometry.out_width)
    return image.crop(left, top, geometry.out_width, geometry.out_height)


def _web_colours(image: pyvips.Image) -> pyvips.Image:
    """Return 8-bit sRGB (or grey) pixels: what every browser shows and every saver writes."""
    if image.interpretation in ("rgb16", "grey16") or image.format != "uchar":
        target = "b-w" if image.bands - int(image.hasalpha()) == 1 else "srgb"
        image = image.colourspace(target)
        if image.format != "uchar":
            image = image.cast("uchar")
    elif image.interpretation not in ("srgb", "b-w"):
        image = image.colourspace("srgb")  # CMYK, Lab …
    return image


def store(name: str, data: bytes) -> None:
    """Keep a rendition under `name` such that no reader ever sees it half written.

    Object storage writes an object whole by itself (MediaObjectStorage.put replaces it at once);
    the file-system storage would not (it writes the final name as it goes), so there the bytes go
    to a temporary file beside it that is renamed over the name, which is atomic.
    """
    storage = default_storage
    if isinstance(storage, FileSystemStorage):
        path = storage.path(name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".", suffix=".part")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.chmod(temporary, 0o644)
            os.replace(temporary, path)
        except BaseException:
            if os.path.exists(temporary):
                os.unlink(temporary)
            raise
    elif hasattr(storage, "put"):
        storage.put(name, data)
    elif not storage.exists(name):
        storage.save(name, ContentFile(data))


def discard_all(image_id: int) -> None:
    """Delete every stored rendition of an image (a deleted one), whatever its size and format."""
    storage = default_storage
    folder = f"{FOLDER}/{image_id}"
    try:
        _folders, names = storage.listdir(folder)
    except (FileNotFoundError, NotADirectoryError):  # none was ever made
        return
    for name in names:
        storage.delete(f"{folder}/{name}")
    if isinstance(storage, FileSystemStorage):
        with contextlib.suppress(OSError):  # a rendition made meanwhile keeps it: harmless
            os.rmdir(storage.path(folder))


def discard(name: str) -> None:
    """Delete a stored file if it is there: a rendition written for an upload that failed."""
    if name and default_storage.exists(name):
        default_storage.delete(name)


def stored_or_made(image: Mapping[str, Any], address: Address, fmt: str) -> IO[bytes] | bytes:
    """Return the stored rendition opened, or make it from the original, keep it and return its bytes.

    Made once however many ask at once, on one server or several (cms.media.storage.made_once): the others
    wait, then read what the first stored. Raises FileNotFoundError when the original is missing,
    RenditionFailed when it can't be read.
    """
    name = stored_name(address, fmt)
    if (stored := _opened(name)) is not None:
        return stored
    with made_once(name):
        if (stored := _opened(name)) is not None:  # made while this request waited
            return stored
        with default_storage.open(image["file"], "rb") as original:
            data = render(original, image_plan(image, address), fmt)
        store(name, data)
    return data


def _opened(name: str) -> IO[bytes] | None:
    try:
        file: IO[bytes] = default_storage.open(name, "rb")
    except (FileNotFoundError, IsADirectoryError):
        return None
    return file
