"""Schemas every API answer shares."""

from typing import Annotated

from ninja import Field, Schema

# An (attribute, message) pair of a refused write (DESIGN.md §3).
ErrorPair = Annotated[list[str], Field(min_length=2, max_length=2)]


class ErrorOut(Schema):
    """A refusal: what went wrong, for people."""

    detail: str


class ValidationErrorOut(Schema):
    """A refused write: what went wrong, and each field's message."""

    detail: str
    errors: list[ErrorPair]
