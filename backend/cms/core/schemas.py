"""Schemas every API answer shares."""

from ninja import Schema


class ErrorOut(Schema):
    """A refusal: what went wrong, for people."""

    detail: str
