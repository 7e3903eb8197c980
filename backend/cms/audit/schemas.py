"""Schemas of the audit log's answers."""

from datetime import datetime
from typing import Any, Literal

from ninja import Field, Schema


def _optional_for_old_clients(schema: dict[str, Any]) -> None:
    """Leave the default out of the document: the field is always answered, and only optional
    (no default in the types) so that clients written before it was added still type-check
    (openapi-typescript would make a field with a default required)."""
    schema.pop("default", None)


# What an entry records (the log's filter takes one).
Action = Literal["create", "update", "move", "delete", "restore", "grants", "upload"]


class ActorOut(Schema):
    """Who did it (DESIGN.md §3: `{id, username, name}` wherever an answer names who did something)."""

    id: int | None = Field(description="null: a user deleted since, or the system")
    username: str = Field(
        "", description="empty for a user deleted since, or the system", json_schema_extra=_optional_for_old_clients
    )
    name: str = Field(description="The user's name, else their username (what the log shows)")


class AuditEntryOut(Schema):
    id: int
    action: str
    user: ActorOut
    at: datetime
    subject: str = Field(description="What was acted on: page, image, attachment or user")
    subject_id: int | None
    subject_name: str | None = Field(
        None,
        json_schema_extra=_optional_for_old_clients,
        description=(
            "The subject's name in the reader's content locale, falling back as the page tree does (the default"
            " locale's, else any); a file's name else its filename, an image's filename, a user's name. Once an"
            " image or file is deleted, the name it had then. null: it has none"
        ),
    )
    names: dict[str, dict[str, str]] = Field(
        default_factory=dict,
        json_schema_extra=_optional_for_old_clients,
        description=(
            "The names of what the entry mentions by id, by kind (page, image, attachment, user) and id: the"
            " subject, and e.g. the parent pages of a move or the pages of a grant; one without a name is left out"
        ),
    )
    details: dict[str, Any] = Field(
        description=(
            "What changed. An update lists in `fields` exactly the fields whose stored value changed, and gives"
            " `values: {field: {from, to}}` for those whose values are short (a locale map: its changed locales"
            " only)"
        )
    )


class AuditLogOut(Schema):
    entries: list[AuditEntryOut]
    page: int
    per_page: int
    total: int
