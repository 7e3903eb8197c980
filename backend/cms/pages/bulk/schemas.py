"""Shapes of the bulk calls (DESIGN.md §3 Links and bulk work)."""

from datetime import datetime
from typing import Annotated, Literal

from ninja import Schema
from pydantic import ConfigDict, Field

from cms.core.input_types import Int64, StorableText
from cms.pages.bulk import MAX_PAGES

Action = Literal["publish", "hide", "unpublish", "delete", "move", "tag", "untag", "submit"]
PageId = Annotated[Int64, Field(ge=1)]
MAX_MESSAGE = 5_000  # as a review's message (cms.pages.reviews.api)


class BulkIn(Schema):
    model_config = ConfigDict(extra="forbid")

    action: Action = Field(
        description="publish (status 2), hide (3), unpublish (0), delete (4), move (under `parent_page_id`, last"
        " among its children, in the order given), tag or untag (`tag`), or submit (publishing each page submitted"
        " for review, with `message`)"
    )
    page_ids: list[PageId] = Field(
        min_length=1,
        max_length=MAX_PAGES,
        description=f"The pages, each once, written in this order; at most {MAX_PAGES:,}. An id that is no page"
        " (any more) is refused when its turn comes, as the page's own call would be.",
    )
    parent_page_id: Int64 | None = Field(
        None, description="move only, and needed for it: the new parent; null: the top level"
    )
    tag: StorableText | None = Field(None, max_length=1_000, description="tag and untag only, and needed for them")
    message: StorableText = Field("", max_length=MAX_MESSAGE, description="submit only: what the reviewers are told")


JobState = Literal["queued", "running", "done"]


class JobStartedOut(Schema):
    id: int
    state: JobState
    total: int = Field(description="How many pages the job writes")


class JobResultOut(Schema):
    page_id: int
    outcome: Literal["done", "refused", "failed"]
    message: str = Field(description="Why it was refused or failed (the page's own call's message); empty when done")


class JobOut(JobStartedOut):
    action: str
    locale: str
    done: int = Field(description="How many pages have a result (whatever its outcome)")
    refused: int = Field(description="How many of those were refused")
    failed: int = Field(description="How many of those failed (an error of ours; the page is as it was)")
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    offset: int = Field(description="The index of the first result given (the `offset` asked for)")
    results: list[JobResultOut] = Field(
        description="The results from `offset` on, in the order the pages were given, at most 1,000 in one answer"
    )
