"""The Image and Attachment shapes of spec §3, built in one place for one record or a thousand.

Every reader (the image calls, the page read model, the library) goes through here. Records are
built from plain column values in one query, with no storage call beyond the storage's `url` of
each original (which a caller may memoise across calls, as the page read model does).
"""

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any
from urllib.parse import quote

from django.core.files.storage import default_storage

from cms.media import sql
from cms.media.images.geometry import Mode
from cms.media.models import Attachment, Image
from cms.media.storage.rendition_addresses import FORMAT_NAMES, Address, address_path, crop_token

THUMBNAIL_WIDTH = 250  # spec §9: grid thumbnails are 250 px wide
UNCROPPED_SIZE = 1600  # the cropper's picture: the whole image, at most this wide and high
CROP_FIELDS = ("crop_start_x", "crop_start_y", "crop_width", "crop_height", "crop_gravity_x", "crop_gravity_y")
# The columns a record needs, for callers that read them in their own query.
COLUMNS = (
    "id", "file", "filename", "content_type", "real_width", "real_height", *CROP_FIELDS,
    "alternative", "caption", "has_alpha",
)  # fmt: skip

FileUrl = Callable[[str], str]


def image_record(image: Image, *, file_url: FileUrl | None = None) -> dict[str, Any]:
    """Return the Image shape of spec §3 for one image."""
    row = {column: getattr(image, column) for column in COLUMNS if column != "file"}
    row["id"], row["file"] = image.pk, image.file.name
    return record_from_row(row, file_url=file_url)


def image_records(ids: Iterable[int], *, file_url: FileUrl | None = None) -> dict[int, dict[str, Any]]:
    """Return the Image shapes of many images by id, in one query; unknown ids are left out."""
    wanted = sorted({int(image_id) for image_id in ids})
    if not wanted:
        return {}
    # Plain SQL (cms.media.sql): the ORM's compiling of the query cost more than the query (a
    # public page's images, each tree save's).
    found = sql.read_image_columns(COLUMNS, _JSON_COLUMNS, wanted)
    records = {}
    for values in found:
        row = dict(zip(COLUMNS, values, strict=True))
        for name in _JSON_COLUMNS:
            row[name] = json.loads(row[name]) if row[name] is not None else None
        records[row["id"]] = record_from_row(row, file_url=file_url)
    return records


_JSON_COLUMNS = ("alternative", "caption")


def record_from_row(row: Mapping[str, Any], *, file_url: FileUrl | None = None) -> dict[str, Any]:
    """Return the Image shape from an image's column values (COLUMNS)."""
    url = file_url or default_storage.url
    return {
        "id": row["id"],
        "filename": row["filename"],
        "content_type": row["content_type"],
        "real_width": row["real_width"],
        "real_height": row["real_height"],
        "thumbnail_url": rendition_url(row, THUMBNAIL_WIDTH, 0, "fit"),
        "original_url": url(row["file"]),
        "uncropped_url": rendition_url(row, UNCROPPED_SIZE, UNCROPPED_SIZE, "fit", uncropped=True),
        **{field: row[field] for field in CROP_FIELDS},
        "alternative": row["alternative"] or {},
        "caption": row["caption"] or {},
    }


def rendition_url(
    image_or_row: Image | Mapping[str, Any],
    width: int,
    height: int,
    mode: Mode,
    fmt: str | None = None,
    *,
    uncropped: bool = False,
) -> str:
    """Return the signed address of a rendition of an image (or of its COLUMNS values).

    `height` 0 with `fit` means any height. `fmt` is jpeg, png, webp, avif or auto (WebP or AVIF
    when the browser takes them); None means PNG when any pixel is transparent, else JPEG (spec §9).
    The stored crop applies unless `uncropped`.
    """
    get: Callable[[str], Any] = image_or_row.get if isinstance(image_or_row, Mapping) else image_or_row.__dict__.get
    image_id = get("id")
    state = tuple(get(field) for field in CROP_FIELDS)
    if fmt is None:
        fmt = "png" if get("has_alpha") else "jpeg"
    address = Address(
        image_id=image_id,
        width=width,
        height=height,
        mode=mode,
        crop=crop_token(state, uncropped=uncropped),
        format=FORMAT_NAMES.get(fmt, fmt),
    )
    return address_path(address)


# --- Attachments -----------------------------------------------------------------------------

# The columns an attachment's record needs, for callers that read them in their own query.
ATTACHMENT_COLUMNS = ("id", "filename", "content_type", "byte_size", "name", "description")
DOWNLOAD_PREFIX = "/files/"


def attachment_url(attachment_id: int, filename: str) -> str:
    """Return the stable address of an attachment's file: `/files/{id}/{filename}`.

    The id alone picks the file (cms.media.attachments.downloads): the filename is there for people and for
    browsers that name a download after the address, so an address made before the file was
    replaced (with another name) still works.
    """
    return f"{DOWNLOAD_PREFIX}{attachment_id}/{quote(filename, safe='')}"


def attachment_record(attachment: Attachment) -> dict[str, Any]:
    """Return the Attachment shape of spec §3 for one attachment."""
    return attachment_record_from_row({column: getattr(attachment, column) for column in ATTACHMENT_COLUMNS})


def attachment_records(ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    """Return the Attachment shapes of many attachments by id, in one query; unknown ids are left out."""
    wanted = set(ids)
    if not wanted:
        return {}
    rows = Attachment.objects.filter(pk__in=wanted).values(*ATTACHMENT_COLUMNS)
    return {row["id"]: attachment_record_from_row(row) for row in rows}


def attachment_record_from_row(row: Mapping[str, Any]) -> dict[str, Any]:
    """Return the Attachment shape from an attachment's column values (ATTACHMENT_COLUMNS).

    No storage call: the address is the server's own, whatever the storage.
    """
    return {
        "id": row["id"],
        "filename": row["filename"],
        "content_type": row["content_type"],
        "byte_size": row["byte_size"],
        "name": row["name"] or {},
        "description": row["description"] or {},
        "url": attachment_url(row["id"], row["filename"]),
    }
