"""Schemas of the revision calls (DESIGN.md §3, Revisions)."""

from datetime import datetime
from typing import Any

from ninja import Schema
from pydantic import Field

from cms.audit.schemas import ActorOut
from cms.core.input_types import Int64
from cms.pages.schemas import PageOut


class RevisionOut(Schema):
    id: int
    user: ActorOut = Field(description="Who saved it (`id` null and `name` empty for a user deleted since)")
    at: datetime
    summary: str = Field(description="One line: what the save did, in the interface language")
    kind: str = Field(description="create, update, delete, undelete, restore or scheduled (went live by itself)")
    live: bool = Field(description="Visitors could see the page after this save (published or hidden)")


class RestoreIn(Schema):
    lock_version: Int64 = Field(description="The page's lock_version as the client read it")


class RestoredPageOut(PageOut):
    missing_image_ids: list[int] = Field(description="Images the revision linked that are no longer in the library")
    missing_attachment_ids: list[int] = Field(description="Files the revision linked that are no longer in the library")


class ChangedFieldOut(Schema):
    name: str = Field(description="template, a page field, tags, images, files, or path_segment (per locale)")
    locale: str | None
    from_: Any = Field(alias="from")
    to: Any


class ComparedBlockOut(Schema):
    name: str
    title: str
    locale: str | None = Field(description="null: a block that is not localized")
    from_: str = Field(alias="from")
    to: str
    changed: bool


class CompareOut(Schema):
    from_: RevisionOut = Field(alias="from")
    to: RevisionOut | None = Field(description="null: the page as it is now")
    fields: list[ChangedFieldOut]
    blocks: list[ComparedBlockOut] = Field(
        description="Changed blocks (every block with a text, with all=true), whole texts, per locale"
    )
