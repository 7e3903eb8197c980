"""Answers of the link calls (DESIGN §3, Links)."""

from datetime import datetime

from ninja import Schema
from pydantic import Field


class LinkingPageOut(Schema):
    id: int
    name: str = Field(description="In the locale of the address, else the default locale's, else any ('' for none)")


class LinkedFromOut(Schema):
    pages: list[LinkingPageOut] = Field(description="50 a page, in id order")
    total: int = Field(description="How many pages link to it")


class BrokenLinkOut(Schema):
    page_id: int = Field(description="The page whose text writes the link")
    locale: str = Field(description="The locale of the block's text; '' for a block every locale shares")
    block: str
    url: str = Field(description="The link's address as written")
    reason: str = Field(
        description="Internal links: deleted, unpublished or missing; external ones: what the checker found "
        "(http_404, timeout …)"
    )
    checked_at: datetime | None = Field(description="External links: when the checker last read the address")
    name: str = Field(description="The linking page's name in the locale asked, else the default's, else any")
    name_locale: str = Field(description="The locale of `name` ('' when the page has no name)")


class BrokenLinksOut(Schema):
    links: list[BrokenLinkOut] = Field(description="50 a page, in page, locale and block order")
    total: int
