"""Schemas of the revision calls (DESIGN.md §3, Revisions)."""

from datetime import datetime
from typing import Annotated, Any

from ninja import Schema
from pydantic import Field

from cms.audit.schemas import ActorOut
from cms.core.input_types import Int64
from cms.pages.revisions.restore import MAX_LOCALES
from cms.pages.schemas import PageOut


class RestoredFromOut(Schema):
    at: datetime = Field(description="When the version brought back was saved")
    name: str = Field(description="Who saved it (empty: a user deleted since)")
    locales: list[str] = Field(description="The locales restored")


class RevisionOut(Schema):
    id: int
    user: ActorOut = Field(description="Who saved it (`id` null and `name` empty for a user deleted since)")
    at: datetime
    summary: str = Field(description="One line: what the save did, in the interface language")
    kind: str = Field(
        description="create, update, delete, undelete, restore, scheduled (went live by itself) or links (its"
        " links followed a page that moved)"
    )
    live: bool = Field(description="Visitors could see the page after this save (published or hidden)")
    restored: RestoredFromOut | None = Field(
        None, description="A restore: the version it brought back, by its time and author, and the locales"
    )


LocaleCode = Annotated[str, Field(min_length=1, max_length=35)]


class RestoreIn(Schema):
    lock_version: Int64 = Field(description="The page's lock_version as the client read it")
    locales: list[LocaleCode] | None = Field(
        None,
        max_length=MAX_LOCALES,
        description="The locales whose name, path segment and texts come back, each once (a locale the version had"
        " no name in loses its name); left out: the locales the version had a name in, the others keep theirs",
    )


class RestoreBlockOut(Schema):
    name: str
    title: str = Field(description="The block's title in the interface language")


class RestoreLocaleOut(Schema):
    locale: str
    restored_by_default: bool = Field(description="The version had a name in this locale")
    name_from: str = Field(description="The name now")
    name_to: str = Field(description="The name after restoring this locale")
    path_segment_from: str
    path_segment_to: str
    changed_blocks: list[RestoreBlockOut] = Field(description="Localized blocks whose text would change")
    changes: bool = Field(description="Restoring this locale changes its name, path segment or a block")
    loses_name: bool = Field(description="Restoring this locale takes its name, and the page's address there, away")
    pages_leaving: int = Field(
        description="With loses_name: the pages that would lose their address in this locale (the page and the"
        " descendants reached through it)"
    )


class RestorePlanOut(Schema):
    revision: RevisionOut
    locales: list[RestoreLocaleOut] = Field(description="Every configured locale, the default first")


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
