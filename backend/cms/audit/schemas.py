"""Schemas of the audit log's answers."""

from datetime import datetime
from typing import Any, Literal

from ninja import Field, Schema
from pydantic import FieldSerializationInfo, field_serializer

from cms.core.people import may_know_username, reader_of, shown_fallback


def _optional_for_old_clients(schema: dict[str, Any]) -> None:
    """Leave the default out of the document: the field is always answered, and only optional
    (no default in the types) so that clients written before it was added still type-check
    (openapi-typescript would make a field with a default required)."""
    schema.pop("default", None)


# What an entry records (the log's filter takes one): every action the code records, which a
# test reads from the code (cms/audit/tests/test_actions_listed.py). The interface has words
# for each (frontend features/history, entities/history/describe.ts).
Action = Literal[
    # pages, images and files
    "create",
    "update",
    "move",
    "delete",
    "restore",
    "purge",
    "upload",
    "translation_checked",
    "bulk_job",  # one entry per bulk job besides one per page it changes (issue 33)
    # review before publishing (issue 32)
    "review_submitted",
    "review_comment",
    "review_approved",
    "review_changes_requested",
    "review_withdrawn",
    # people: grants, invitations, reactivation
    "grants",
    "invite",
    "revoke_invitation",
    "accept_invitation",
    "reactivate",
    # signing in and the account
    "sign_in",
    "sign_in_failed",
    "second_step_failed",
    "session_ended",
    "password_change",
    "password_reset",
    "password_reset_request",
    "two_factor_on",
    "two_factor_off",
    "passkey_added",
    "passkey_removed",
    "passkeys_removed",
]


class ActorOut(Schema):
    """Who did it (DESIGN.md §3: `{id, username, name}` wherever an answer names who did something)."""

    # Every answer naming people goes through this shape, so the rule of cms.core.people is
    # applied here, once, by the reader of the request: another user's username only to superusers.

    id: int | None = Field(description="null: a user deleted since, or the system")
    username: str = Field(
        "",
        description=(
            "The user's username, for a superuser reading or the reader themselves; empty to any other reader"
            " (a username is half of a login), and for a user deleted since, or the system"
        ),
        json_schema_extra=_optional_for_old_clients,
    )
    name: str = Field(
        description=(
            "The user's name; a user without one: their username to a reader who may know it, else"
            ' "User {id}" in the interface language'
        )
    )

    # Written for a request (django-ninja's answers): for its reader. Without one (a test's own
    # dump of a screen's data, which no reader sees through this shape) the values stay as given.
    @field_serializer("username")
    def _username_for_the_reader(self, username: str, info: FieldSerializationInfo) -> str:
        reader = reader_of(info.context)
        return username if reader is None or may_know_username(reader, self.id) else ""

    @field_serializer("name")
    def _name_for_the_reader(self, name: str, info: FieldSerializationInfo) -> str:
        reader = reader_of(info.context)
        # The answers give a nameless user's username as their name (what the log shows).
        if reader is not None and name and name == self.username:
            return shown_fallback(self.id, name, reader)
        return name


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
