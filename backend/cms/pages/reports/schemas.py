"""Response schemas of the reports (issue 31, item 7)."""

from typing import Literal

from ninja import Schema
from pydantic import Field

ReferenceKind = Literal["iframe", "script", "media", "link"]


class TemplateUseOut(Schema):
    template_name: str
    name: str = Field(description="The template's name in the interface language (its key for an unknown one)")
    known: bool = Field(description="False: pages name a template the registry no longer has (shown with the default)")
    pages: int = Field(description="How many pages (not deleted) use it; 0: no page uses it")


class TemplatePageOut(Schema):
    page_id: int
    name: str = Field(description="The page's name in the locale, else the default locale's, else any ('' for none)")
    name_locale: str = Field(description="The locale `name` is in ('' for none)")
    status: int = Field(description="0 draft, 1 reviewed, 2 published, 3 hidden")


class TemplatePagesOut(Schema):
    items: list[TemplatePageOut] = Field(description="50 a page, oldest page first")
    total: int


class TemplatesReportOut(Schema):
    templates: list[TemplateUseOut] = Field(description="The registry's templates in its order, then unknown ones")
    pages: TemplatePagesOut | None = Field(description="The pages of `template` when one was asked for")


class ExternalReferenceOut(Schema):
    page_id: int
    name: str
    name_locale: str
    locale: str = Field(description="The locale of the block's text; '' for a block every locale shares")
    block: str
    block_title: str = Field(description="The block's title in the interface language")
    kind: ReferenceKind = Field(description="iframe or script src; media: an embedded image, video …; link")
    host: str
    url: str


class ExternalContentOut(Schema):
    items: list[ExternalReferenceOut] = Field(description="50 a page, in page, locale and block order")
    total: int = Field(description="How many there are, counted up to 10,000")
    more: bool = Field(description="There are more than `total`")
    family: str = Field(description="The host family the filter matched ('youtube' for youtu.be …); '' for all")
