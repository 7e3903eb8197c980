"""Shapes of the deleted pages' calls (DESIGN.md §3, Deleted pages)."""

from datetime import datetime

from ninja import Schema
from pydantic import ConfigDict, Field

from cms.audit.schemas import ActorOut
from cms.core.input_types import Int64


class DeletedPageOut(Schema):
    id: int
    name: str = Field(description="Its name in the address's locale, else in any locale it has one")
    deleted_at: datetime
    user: ActorOut | None = Field(description="Who deleted it; null when not known (deleted before it was recorded)")
    parent_page_id: int | None = Field(description="Its parent when it was deleted; null: the top level")
    parent_name: str | None = Field(None, description="That parent's name; null at the top level")
    parent_shown: bool = Field(False, description="Whether that parent is there and not deleted (a restore goes there)")
    descendants: int = Field(description="How many pages below it were deleted with it (and come back with it)")
    status_before: int = Field(
        description="The status a restore gives it back (2 published, 3 hidden: visitors can reach it at once)"
    )


class DeletedPagesOut(Schema):
    pages: list[DeletedPageOut]
    total: int


class UndeleteIn(Schema):
    model_config = ConfigDict(extra="forbid")

    parent_page_id: Int64 | None = Field(
        None, description="Where it comes back; null: the top level; left out: its old parent (the top level when gone)"
    )
