"""Request and response schemas of the translation calls (issue 22)."""

from datetime import datetime
from typing import Annotated, Literal

from ninja import Schema
from pydantic import Field

from cms.core.input_types import Int64
from cms.pages.schemas import TranslationState
from cms.pages.translations.checking import MAX_BLOCKS

BlockName = Annotated[str, Field(min_length=1, max_length=64)]


class TranslationCheckedIn(Schema):
    lock_version: Int64 = Field(description="The page's lock_version as the client read it")
    blocks: list[BlockName] | None = Field(
        None,
        max_length=MAX_BLOCKS,
        description="The blocks to mark checked, each once; left out: every outdated block of the locale",
    )


class SourceChangeOut(Schema):
    name: str = Field(description="The block")
    since_revision: int | None = Field(
        description="The revision in which the locale's text of the block was last saved or checked (null: never)"
    )
    before: str = Field(description="The default locale's text of the block in that revision")
    after: str = Field(description="The default locale's text of the block now")


class SourceChangesOut(Schema):
    source_locale: str = Field(description="The default locale, the source of every translation")
    blocks: list[SourceChangeOut] = Field(description="One entry per outdated block of the locale, in name order")
    copied_blocks: dict[str, str] = Field(
        description="The locale's blocks whose text is a copy of another locale's, not yet edited nor marked checked"
        " (block -> that locale): to translate; the website shows them in that locale's language and direction"
    )


class TranslationReportItemOut(Schema):
    page_id: int
    name: str = Field(
        description="The page's name in the report's locale; when it has none there, in the default locale (else"
        " in any other; '' when it has none)"
    )
    name_locale: str = Field(description="The locale `name` is in ('' when the page has no name)")
    state: TranslationState
    outdated_blocks: list[str] = Field(description="Its blocks to update: translated, and behind their source")
    missing_blocks: list[str] = Field(description="Its blocks to translate: empty while the source has text")
    copied_blocks: dict[str, str] = Field(
        description="Its blocks whose text is a copy of another locale's (block -> that locale), to translate"
    )
    source_changed_at: datetime | None = Field(
        description="When a localized block of the default locale last changed (null: never since kept)"
    )


class TranslationReportOut(Schema):
    items: list[TranslationReportItemOut]
    total: int = Field(description="How many pages are in the state in the locale")


ReportState = Literal["outdated", "missing"]
