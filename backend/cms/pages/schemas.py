"""Request and response schemas of the page API (spec §3 Page, §7 calls, DESIGN.md §3)."""

from datetime import datetime
from typing import Literal

from ninja import Schema
from pydantic import BaseModel, ConfigDict, Field

from cms.accounts.permissions import PagePermission
from cms.core.input_types import Int64, Position, StorableDateTime, TreePosition
from cms.core.schemas import ErrorPair, LocaleMap
from cms.media.schemas import AttachmentOut, ImageOut

# A page's status (spec §4, §9); the model's Status choices, as the answers' type.
PageStatus = Literal[0, 1, 2, 3, 4]
STATUS_DESCRIPTION = "0 Draft, 1 Reviewed, 2 Published, 3 Hidden, 4 Deleted"
# A locale's translation state (cms.pages.translations.states).
TranslationState = Literal["missing", "current", "outdated"]

# The most link records one save takes per kind (images, files): more than any page shows, few
# enough that a save never holds the tree lock long (issue 18, item 2).
MAX_LINKS = 200


class PageImageLinkIn(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    id: Int64 | None = None
    image_id: Int64 | None = None
    primary: bool = False
    position: Position | None = None
    destroy: bool = Field(False, alias="_destroy")


class PageFileLinkIn(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    id: Int64 | None = None
    attachment_id: Int64 | None = None
    position: Position | None = None
    destroy: bool = Field(False, alias="_destroy")


# The field table's sent fields (cms.pages.models.page_fields; a test holds them equal).
class PageFieldsIn(BaseModel):
    """A page payload; every field is optional (a PUT is partial). Block values sit beside
    these fields, keyed by block name, and are for the locale in the path.

    A plain pydantic model: ninja's Schema wrapper drops extra (block) fields.
    """

    model_config = ConfigDict(extra="allow")

    # `status` and `template` may be left out but never null: a page always has both.
    status: Int64 = Field(None, description=STATUS_DESCRIPTION)
    published_at: StorableDateTime | None = Field(None, description="null: now")
    starts_at: StorableDateTime | None = None
    ends_at: StorableDateTime | None = None
    all_day: bool | None = None
    pinned: bool | None = None
    template: str = Field(None, description="a template_name from templates.json")  # type: ignore[assignment]
    unique_name: str | None = None
    feed_enabled: bool | None = None
    news_page: bool | None = None
    user_id: Int64 | None = None
    redirect_to: str | None = None
    serialized_tags: str | None = None
    path_segment: str | None = None
    meta_image_id: Int64 | None = None
    parent_page_id: Int64 | Literal[False] | None = Field(None, description="false or null: the top level")
    position: TreePosition | None = None
    skip_index: bool | None = None
    lock_version: Int64 | None = None
    page_images_attributes: list[PageImageLinkIn] | None = Field(None, max_length=MAX_LINKS)
    page_files_attributes: list[PageFileLinkIn] | None = Field(None, max_length=MAX_LINKS)


class PageWriteIn(Schema):
    page: PageFieldsIn


class MoveIn(Schema):
    parent_id: Int64 | Literal[False] | None = Field(description="The new parent's id; false or null for the top level")
    position: TreePosition = Field(
        description="1-based index among the new siblings (deleted pages do not count); past the end appends"
    )


class AncestorOut(Schema):
    id: int
    path_segment: LocaleMap
    name: LocaleMap


class PageImageOut(Schema):
    id: int
    image_id: int
    primary: bool
    position: int
    image: ImageOut


class PageFileOut(Schema):
    id: int
    attachment_id: int
    position: int
    attachment: AttachmentOut


# The page shape: the field table's fields in its order, as the read model's records hold them
# (cms.pages.models.page_fields; tests hold all three equal). No docstring: it would be the
# OpenAPI document's description.
class PageOut(Schema):
    id: int | None
    locale: str
    parent_page_id: int | None
    position: int
    status: PageStatus = Field(description=STATUS_DESCRIPTION)
    published_at: datetime | None
    starts_at: datetime | None
    ends_at: datetime | None
    all_day: bool
    pinned: bool
    template: str
    unique_name: str
    feed_enabled: bool
    news_page: bool
    user_id: int | None
    redirect_to: str
    path_segment: str
    meta_image: ImageOut | None
    skip_index: bool
    blocks: dict[str, str | LocaleMap]
    ancestors: list[AncestorOut]
    urls: LocaleMap
    page_files: list[PageFileOut]
    page_images: list[PageImageOut]
    tags_and_suggestions: list[str]
    enabled_tags: list[str]
    errors: list[ErrorPair]
    permissions: list[PagePermission]
    lock_version: int
    child_count: int = Field(description="How many children the tree shows under the page (deleted ones not counted)")
    translations: dict[str, TranslationState] = Field(
        description="Every locale but the default one: `missing` (no name there; or, with none of its translated"
        " blocks behind, a block still to translate: empty, in `missing_blocks`, or a copy of another locale's"
        " text not yet edited nor marked checked), `outdated` (a"
        " translated block's source text is not the one it was made against) or `current`"
    )
    outdated_blocks: dict[str, list[str]] = Field(
        description="Every locale but the default one: its outdated blocks, in name order ([] when none is, and"
        " when the page has no name there)"
    )
    missing_blocks: dict[str, list[str]] = Field(
        description="Every locale but the default one: its localized blocks that are empty while the default"
        " locale's have text, in name order ([] when none is)"
    )


class TreePageOut(PageOut):
    """A page as the tree lists it: the Page shape, with only the localized name in `blocks`
    and only the page's own tags in `tags_and_suggestions`."""

    blocks: dict[str, LocaleMap]  # type: ignore[assignment]


class OptionOut(Schema):
    label: str
    value: str


class BlockOut(Schema):
    name: str
    title: str
    description: str
    type: Literal["text", "select"]
    options: list[OptionOut]
    size: Literal["field", "large", "other"]
    class_: str = Field(alias="class")
    placeholder: str
    localized: bool

    model_config = ConfigDict(populate_by_name=True)


class TagsOut(Schema):
    tags: list[str] = Field(description="At most 20 names, alphabetically whatever the letter case")


class TemplateOut(Schema):
    template_name: str
    name: str
    blocks: list[BlockOut]
    metadata_blocks: list[BlockOut]
    dates: bool
    tags: bool
    images: bool
    files: bool


class ConflictOut(Schema):
    detail: str
    lock_version: int
