"""Schemas every API answer shares."""

from typing import Annotated

from ninja import Field, Schema

# Marks a locale map in the OpenAPI document: the API's post-processing (cms.api.openapi_rules)
# lists the configured locales (settings.CMS_LOCALES) as its keys, whatever they are when the
# document is made.
LOCALE_MAP_MARK = "x-locale-map"
# A text per website locale ({"en": "…", "ar": "…"}): a locale without a text is left out.
LocaleMap = Annotated[dict[str, str], Field(json_schema_extra={LOCALE_MAP_MARK: True})]

# An (attribute, message) pair of a refused write (DESIGN.md §3).
ErrorPair = Annotated[list[str], Field(min_length=2, max_length=2)]


class ErrorOut(Schema):
    """A refusal: what went wrong, for people."""

    detail: str


class ValidationErrorOut(Schema):
    """A refused write: what went wrong, and each field's message."""

    detail: str
    errors: list[ErrorPair]


class UploadRefusedOut(Schema):
    """A refused upload the server answers for itself (507: no room to store it): the spec's
    upload error shape, whose `error` the uploader shows, with `detail` as every refusal has."""

    status: str = Field(description='"error"')
    error: str
    detail: str
