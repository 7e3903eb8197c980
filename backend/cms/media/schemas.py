"""Schemas of the media calls."""

from ninja import Schema


class ImageOut(Schema):
    id: int
    filename: str
    content_type: str
    real_width: int
    real_height: int
    thumbnail_url: str
    original_url: str
    uncropped_url: str
    crop_start_x: int | None
    crop_start_y: int | None
    crop_width: int | None
    crop_height: int | None
    crop_gravity_x: int | None
    crop_gravity_y: int | None
    alternative: dict[str, str]
    caption: dict[str, str]


class UploadErrorOut(Schema):
    status: str
    error: str


class AttachmentOut(Schema):
    id: int
    filename: str
    name: dict[str, str]
    description: dict[str, str]
    url: str
