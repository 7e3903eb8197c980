"""Answers of the news archive and calendar calls (cms.pages.dated.services)."""

from datetime import datetime

from ninja import Schema
from pydantic import Field

from cms.pages.schemas import STATUS_DESCRIPTION, PageStatus


class ArchiveItemOut(Schema):
    id: int = Field(description="The article's id: its editor is /admin/{locale}/pages/{id}/edit")
    name: str = Field(description="Its name in the locale ('' when it has none there)")
    news_page_id: int = Field(description="The news page it is a child of")
    news_page_name: str = Field(description="That news page's name in the locale")
    status: PageStatus = Field(description=STATUS_DESCRIPTION)
    published_at: datetime
    pinned: bool


class YearCountOut(Schema):
    year: int
    count: int


class MonthCountOut(Schema):
    month: int = Field(description="1 to 12")
    count: int = Field(description="Articles published that month of the archive's year")


class NewsArchiveOut(Schema):
    """One page of the articles of the news pages published in a year or one of its months,
    newest first, with the counts per year and per month of that year."""

    year: int
    month: int | None = Field(description="The month shown, or null for the whole year")
    page: int
    per_page: int
    total: int = Field(description="Articles in the year (or month) shown")
    items: list[ArchiveItemOut]
    years: list[YearCountOut] = Field(description="Every year with articles, newest first")
    months: list[MonthCountOut] = Field(description="The twelve months of the year shown")


class CalendarItemOut(Schema):
    id: int = Field(description="The page's id: its editor is /admin/{locale}/pages/{id}/edit")
    name: str
    status: PageStatus = Field(description=STATUS_DESCRIPTION)
    starts_at: datetime
    ends_at: datetime | None
    all_day: bool


class CalendarOut(Schema):
    """The dated pages (not deleted) whose span meets a month, by their start."""

    month: str = Field(description="YYYY-MM")
    items: list[CalendarItemOut]
    truncated: bool = Field(description="More pages meet the month than `cap`; the first `cap` are listed")
    cap: int
