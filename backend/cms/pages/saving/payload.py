"""What one page save changes: the typed value a save payload becomes (issue 19, item 5).

The API validates a payload with its input schema (cms.pages.schemas.PageFieldsIn); this module
turns the validated schema into a PageChanges, running every check that needs no database, so
the services receive typed values and check only the rules that need the page or the database.
Anything else that holds a payload as a dict (the preview, seed data, tests, the bench) parses it
the same way: `PageChanges.from_payload({...})`.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from pydantic import ValidationError

from cms.core.exceptions import ValidationFailed
from cms.core.input_types import unstorable_text_message
from cms.core.messages import MUST_BE_TEXT, Errors
from cms.pages.models.page_fields import PAGE_FIELDS, Kind
from cms.pages.saving import validation
from cms.pages.saving.tags import parse_serialized_tags
from cms.pages.schemas import PageFieldsIn
from cms.pages.templates_registry import registry

# The page's own fields a payload sets (PageFieldsIn's names) and a revision keeps, in the field
# table's order; copied onto the page after the rules that need it (cms.pages.saving.services).
_KEPT = [page_field for page_field in PAGE_FIELDS if page_field.kept]
SCALAR_FIELDS = tuple(page_field.sent_as for page_field in _KEPT)
BOOLEAN_FIELDS = frozenset(page_field.sent_as for page_field in _KEPT if page_field.kind is Kind.BOOLEAN)
TEXT_FIELDS = frozenset(page_field.sent_as for page_field in _KEPT if page_field.kind is Kind.TEXT)
IMAGE_LINKS, FILE_LINKS = "page_images_attributes", "page_files_attributes"  # their errors' attribute


class Unsent(Enum):
    """A field the payload left out (for fields where null means something)."""

    UNSENT = "unsent"


UNSENT = Unsent.UNSENT


@dataclass(frozen=True, kw_only=True)
class ImageLinkChange:
    """One record of `page_images_attributes`: an existing link (`id`) to reorder, change or
    drop, or a new link to `image_id`."""

    id: int | None = None
    image_id: int | None = None
    primary: bool = False
    position: int | None = None
    destroy: bool = False


@dataclass(frozen=True, kw_only=True)
class FileLinkChange:
    """One record of `page_files_attributes`, like ImageLinkChange for an attachment."""

    id: int | None = None
    attachment_id: int | None = None
    position: int | None = None
    destroy: bool = False


@dataclass(frozen=True, kw_only=True)
class PageChanges:
    """The fields one save sends, checked for what needs no database; what it leaves out is
    None (UNSENT where null has a meaning of its own) or missing from `scalars` and `blocks`."""

    # The sent fields of SCALAR_FIELDS: booleans as bool, texts stripped, dates as datetimes.
    scalars: Mapping[str, Any] = field(default_factory=dict)
    # Block values for the save's locale, by block name ("name" included); null sent as "".
    blocks: Mapping[str, str] = field(default_factory=dict)
    path_segment: str | None = None  # stripped
    tags: tuple[str, ...] | None = None  # parsed and de-duplicated (cms.pages.saving.tags)
    image_links: tuple[ImageLinkChange, ...] | None = None
    file_links: tuple[FileLinkChange, ...] | None = None
    parent_page_id: int | Unsent | None = UNSENT  # None: the top level
    position: int | None = None
    lock_version: int | None = None

    @classmethod
    def from_input(cls, fields: PageFieldsIn) -> "PageChanges":
        """Return the changes of a validated payload; raise ValidationFailed listing every field
        that breaks a rule needing no database (text that can't be stored, HTML in a block, a
        malformed tag list)."""
        sent = fields.model_fields_set
        errors: Errors = []
        scalars: dict[str, Any] = {}
        for name in SCALAR_FIELDS:
            if name not in sent:
                continue
            value = getattr(fields, name)
            if name in BOOLEAN_FIELDS:
                value = bool(value)
            elif isinstance(value, str) or name in TEXT_FIELDS:
                value = value or ""
                if problem := unstorable_text_message(value):
                    errors.append((name, problem))
                value = value.strip() if name in TEXT_FIELDS else value
            scalars[name] = value
        blocks: dict[str, str] = {}
        known = registry().blocks.keys()
        for name, value in (fields.model_extra or {}).items():
            if name not in known:
                continue  # not a block of any template: ignored, as the spec's clients send extras
            if value is None:
                value = ""
            if not isinstance(value, str):
                errors.append((name, MUST_BE_TEXT))
                continue
            errors += validation.text_errors(name, value)
            blocks[name] = value
        path_segment = None
        if "path_segment" in sent:
            path_segment = fields.path_segment or ""
            if problem := unstorable_text_message(path_segment):
                errors.append(("path_segment", problem))
            path_segment = path_segment.strip()
        tags = None
        if "serialized_tags" in sent:
            try:
                tags = tuple(parse_serialized_tags(fields.serialized_tags or ""))
            except ValidationFailed as exc:
                errors += exc.errors
        if errors:
            raise ValidationFailed(errors)
        parent: int | Unsent | None = UNSENT
        if "parent_page_id" in sent:
            parent = None if fields.parent_page_id is False else fields.parent_page_id  # the tree says false
        return cls(
            scalars=scalars,
            blocks=blocks,
            path_segment=path_segment,
            tags=tags,
            image_links=None
            if fields.page_images_attributes is None
            else tuple(
                ImageLinkChange(id=r.id, image_id=r.image_id, primary=r.primary, position=r.position, destroy=r.destroy)
                for r in fields.page_images_attributes
            ),
            file_links=None
            if fields.page_files_attributes is None
            else tuple(
                FileLinkChange(id=r.id, attachment_id=r.attachment_id, position=r.position, destroy=r.destroy)
                for r in fields.page_files_attributes
            ),
            parent_page_id=parent,
            position=fields.position,
            lock_version=fields.lock_version,
        )

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> "PageChanges":
        """Parse a payload held as a dict (`{"name": …, "body": …, "status": 2}`, the inside of
        `{"page": …}`) exactly as the API does; a malformed field raises ValidationFailed."""
        try:
            fields = PageFieldsIn.model_validate(dict(payload))
        except ValidationError as exc:
            raise ValidationFailed(
                [(str(error["loc"][0]) if error["loc"] else "page", error["msg"]) for error in exc.errors()]
            ) from None
        return cls.from_input(fields)

    def sends(self, name: str) -> bool:
        """Whether the payload sent the field or block `name` (its name in the payload)."""
        match name:
            case "path_segment":
                return self.path_segment is not None
            case "serialized_tags":
                return self.tags is not None
            case "parent_page_id":
                return self.parent_page_id is not UNSENT
            case _ if name == IMAGE_LINKS:
                return self.image_links is not None
            case _ if name == FILE_LINKS:
                return self.file_links is not None
        return name in self.scalars or name in self.blocks
