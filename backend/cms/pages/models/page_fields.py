"""The Page's fields in one table: what the page shape answers, what a save payload sends, which
column holds it, and how a revision keeps and a summary names it (issue 29, item 2).

The lists the other modules need are derived from it: the fields a save copies onto the page
(cms.pages.saving.payload), those a revision keeps (cms.pages.revisions.storage), the block names a
template may not use (cms.pages.templates_registry), the fields' names in a revision summary
(cms.pages.revisions.history) and the ids the audit log names (cms.pages.apps). The model, the
read model's row and record, and the API's schemas are written out for the type checker, the
migrations and the OpenAPI document; tests hold each to this table
(cms/pages/tests/test_page_fields.py).
"""

from dataclasses import dataclass
from enum import Enum

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class Kind(Enum):
    ID = "id"
    INTEGER = "integer"
    REFERENCE = "reference"  # the id of another record (`refers_to` says of what)
    DATETIME = "datetime"
    BOOLEAN = "boolean"
    TEXT = "text"  # stripped when saved
    TEMPLATE = "template"  # a template's name
    BLOCKS = "blocks"  # the template's blocks; those not localized are the page's column
    LINKS = "links"  # image or attachment link records
    TAGS = "tags"
    DERIVED = "derived"  # worked out when the page is read; never sent


@dataclass(frozen=True, kw_only=True)
class PageField:
    name: str  # in the page shape (PageOut)
    kind: Kind
    column: str = ""  # the page row's column (Page's attname); "": not a column of the page row
    sent_as: str = ""  # in a save payload (PageFieldsIn); "": answered only
    localized: bool = False  # one value per locale (PageLocalization), sent for the address's locale
    # In the manifest of every revision, and copied onto the page by a save as sent.
    kept: bool = False
    label: Promise | None = None  # how a revision's summary names it in the interface language
    refers_to: str = ""  # what a REFERENCE names, as the audit log calls it ("page", "image", "user")


# In the page shape's order. The labels keep their texts and contexts: the catalogues translate them.
PAGE_FIELDS = (
    PageField(name="id", kind=Kind.ID, column="id"),
    PageField(name="locale", kind=Kind.DERIVED),  # the address's
    PageField(
        name="parent_page_id", kind=Kind.REFERENCE, column="parent_id", sent_as="parent_page_id", refers_to="page",
    ),
    PageField(name="position", kind=Kind.INTEGER, column="position", sent_as="position"),
    PageField(
        name="status", kind=Kind.INTEGER, column="status", sent_as="status", kept=True,
        label=pgettext_lazy("a page field", "status"),
    ),
    PageField(
        name="published_at", kind=Kind.DATETIME, column="published_at", sent_as="published_at", kept=True,
        label=_("publication date"),
    ),
    PageField(
        name="starts_at", kind=Kind.DATETIME, column="starts_at", sent_as="starts_at", kept=True,
        label=pgettext_lazy("a page field", "start"),
    ),
    PageField(
        name="ends_at", kind=Kind.DATETIME, column="ends_at", sent_as="ends_at", kept=True,
        label=pgettext_lazy("a page field", "end"),
    ),
    PageField(
        name="all_day", kind=Kind.BOOLEAN, column="all_day", sent_as="all_day", kept=True,
        label=pgettext_lazy("a page field", "all day"),
    ),
    PageField(
        name="pinned", kind=Kind.BOOLEAN, column="pinned", sent_as="pinned", kept=True,
        label=pgettext_lazy("a page field", "pinned"),
    ),
    PageField(
        name="template", kind=Kind.TEMPLATE, column="template", sent_as="template", kept=True,
        label=pgettext_lazy("a page field", "template"),
    ),
    PageField(
        name="unique_name", kind=Kind.TEXT, column="unique_name", sent_as="unique_name", kept=True,
        label=_("unique name"),
    ),
    PageField(
        name="feed_enabled", kind=Kind.BOOLEAN, column="feed_enabled", sent_as="feed_enabled", kept=True,
        label=pgettext_lazy("a page field", "feed"),
    ),
    PageField(
        name="news_page", kind=Kind.BOOLEAN, column="news_page", sent_as="news_page", kept=True,
        label=pgettext_lazy("a page field", "news page"),
    ),
    PageField(
        name="user_id", kind=Kind.REFERENCE, column="user_id", sent_as="user_id", kept=True, refers_to="user",
        label=pgettext_lazy("a page field", "author"),
    ),
    PageField(
        name="redirect_to", kind=Kind.TEXT, column="redirect_to", sent_as="redirect_to", kept=True,
        label=_("redirect"),
    ),
    PageField(name="path_segment", kind=Kind.TEXT, sent_as="path_segment", localized=True, label=_("path segment")),
    # Answered as the image's record, sent as its id.
    PageField(
        name="meta_image", kind=Kind.REFERENCE, column="meta_image_id", sent_as="meta_image_id", kept=True,
        refers_to="image", label=_("sharing image"),
    ),
    PageField(
        name="skip_index", kind=Kind.BOOLEAN, column="skip_index", sent_as="skip_index", kept=True,
        label=pgettext_lazy("a page field", "hiding from search engines"),
    ),
    # Sent beside the other fields, each by its block name (cms.pages.saving.payload).
    PageField(name="blocks", kind=Kind.BLOCKS, column="blocks"),
    PageField(name="ancestors", kind=Kind.DERIVED),
    PageField(name="urls", kind=Kind.DERIVED),
    PageField(name="page_files", kind=Kind.LINKS, sent_as="page_files_attributes", label=_("files")),
    PageField(name="page_images", kind=Kind.LINKS, sent_as="page_images_attributes", label=_("images")),
    # Sent as a JSON text of a list; answered with suggestions in the editor (cms.pages.saving.tags).
    PageField(name="tags_and_suggestions", kind=Kind.TAGS, sent_as="serialized_tags", label=_("tags")),
    PageField(name="enabled_tags", kind=Kind.TAGS),
    PageField(name="errors", kind=Kind.DERIVED),
    PageField(name="permissions", kind=Kind.DERIVED),
    PageField(name="lock_version", kind=Kind.INTEGER, column="lock_version", sent_as="lock_version"),
    PageField(name="child_count", kind=Kind.DERIVED),
    PageField(name="translations", kind=Kind.DERIVED),
    PageField(name="outdated_blocks", kind=Kind.DERIVED),
    PageField(name="missing_blocks", kind=Kind.DERIVED),
)  # fmt: skip
