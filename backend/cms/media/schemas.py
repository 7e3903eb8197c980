"""Schemas of the media calls."""

from typing import Annotated

from ninja import Schema
from pydantic import BaseModel, Field

from cms.core.input_types import INT32_MAX, Int64
from cms.core.schemas import ErrorPair, LocaleMap

# A pixel coordinate or length of an image: stored in 32-bit columns, never negative.
Pixels = Annotated[Int64, Field(ge=0, le=INT32_MAX)]
# Per-locale texts; which locales exist is checked by the service (its message names them).
LocaleTexts = Annotated[LocaleMap, Field(max_length=100)]


class ImageOut(Schema):
    id: int
    filename: str
    content_type: str
    real_width: int
    real_height: int
    thumbnail_url: str = Field(description="250 px wide rendition, the crop applied")
    original_url: str
    uncropped_url: str = Field(description="the whole image, at most 1600 px wide and high")
    crop_start_x: int | None
    crop_start_y: int | None
    crop_width: int | None
    crop_height: int | None
    crop_gravity_x: int | None
    crop_gravity_y: int | None
    alternative: LocaleMap
    caption: LocaleMap


class ImageFieldsIn(BaseModel):
    """An image change; every field is optional (absent fields keep their values). Crop and
    focal point are pixels of the original; all four crop fields null: no crop. Other fields of
    the image record may be sent back and are ignored."""

    alternative: LocaleTexts | None = None
    caption: LocaleTexts | None = None
    crop_start_x: Pixels | None = None
    crop_start_y: Pixels | None = None
    crop_width: Pixels | None = None
    crop_height: Pixels | None = None
    crop_gravity_x: Pixels | None = None
    crop_gravity_y: Pixels | None = None


class ImageWriteIn(Schema):
    image: ImageFieldsIn


class ImagePageOut(Schema):
    id: int
    name: LocaleMap


class LibraryImageOut(ImageOut):
    pages: list[ImagePageOut] = Field(description="the pages that show the image")


class ImageLibraryOut(Schema):
    images: list[LibraryImageOut]
    page: int
    per_page: int
    total: int


class ImageErrorsOut(Schema):
    """A refused change: `errors` lists [attribute, message] pairs (of images and attachments)."""

    detail: str
    errors: list[Annotated[list[str], Field(min_length=2, max_length=2)]]


class UploadErrorOut(Schema):
    status: str
    error: str


class StoreUnavailableOut(Schema):
    """503: the file store can't be reached; nothing was kept (try again). The upload error shape
    (`error`, which the uploader shows) with `detail` and `errors` as every refusal has."""

    status: str = Field(description='"error"')
    error: str
    detail: str
    errors: list[ErrorPair]


class AttachmentOut(Schema):
    """An attachment (spec §3), as its own calls and page answers' `page_files` carry it."""

    id: int
    filename: str = Field(description="the uploader's filename, cleaned; downloads are named after it")
    content_type: str = Field(description="the type stored at upload: what a download is sent as")
    byte_size: int
    name: LocaleMap
    description: LocaleMap
    url: str = Field(description="the file's stable address, /files/{id}/{filename}; kept when the file is replaced")


class AttachmentFieldsIn(BaseModel):
    """An attachment change: names and descriptions per locale; absent fields and locales keep their
    values, an empty text removes its locale. Other fields of the record may be sent back and are
    ignored."""

    name: LocaleTexts | None = None
    description: LocaleTexts | None = None


class AttachmentWriteIn(Schema):
    attachment: AttachmentFieldsIn


class LibraryAttachmentOut(AttachmentOut):
    pages: list[ImagePageOut] = Field(description="the pages that link to the file (deleted pages left out)")


class AttachmentLibraryOut(Schema):
    attachments: list[LibraryAttachmentOut]
    page: int
    per_page: int
    total: int
