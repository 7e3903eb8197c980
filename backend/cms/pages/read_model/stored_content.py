"""The Page shape of a page's content as it was (a revision, cms.pages.revisions): the page's
own texts, fields, tags and links from that content, its place in the tree as it is now."""

from dataclasses import dataclass, field, replace
from typing import Any

from cms.core.exceptions import NotFound
from cms.core.locales import get_locale, locale_codes
from cms.core.messages import message
from cms.core.types import Visitor
from cms.media.records import attachment_records
from cms.pages import sql
from cms.pages.read_model.builder import RecordBuilder
from cms.pages.read_model.loaders import Links, Texts, ancestor_parents, file_urls, read_images, read_texts
from cms.pages.read_model.rows import page_columns, row_of
from cms.pages.read_model.selectors import with_permissions
from cms.pages.saving.tags import suggestion_pool, tag_order
from cms.pages.saving.validation import PAGE_MISSING
from cms.pages.templates_registry import registry


@dataclass
class PageContent:
    """What a page holds, apart from its place in the tree: its fields, the blocks that are not
    localized (`shared`), each locale's name, segment and blocks, its tags and its links."""

    template: str
    fields: dict[str, Any]
    shared: dict[str, str] = field(default_factory=dict)  # block -> text
    names: dict[str, str] = field(default_factory=dict)  # locale -> name
    segments: dict[str, str] = field(default_factory=dict)  # locale -> path segment
    localized: dict[str, dict[str, str]] = field(default_factory=dict)  # locale -> block -> text
    tags: list[str] = field(default_factory=list)
    images: list[list] = field(default_factory=list)  # [link id, image id, primary], in order
    files: list[list] = field(default_factory=list)  # [link id, attachment id], in order

    def as_flagged_now(self) -> "PageContent":
        """The content read with the blocks' `localized` flags as the templates set them now.

        Blocks are kept by name whatever their flag was. A block that became localized reads its
        old single value as the default locale's (the other locales have none yet); a block that
        stopped being localized reads the default locale's value (or, without one, the first
        locale's that has one)."""
        known = registry().blocks
        codes = [code for code in locale_codes() if code in self.localized] + sorted(
            set(self.localized) - set(locale_codes())
        )
        shared = {name: text for name, text in self.shared.items() if not (name in known and known[name].localized)}
        localized = {
            code: {name: text for name, text in blocks.items() if not (name in known and not known[name].localized)}
            for code, blocks in self.localized.items()
        }
        default = locale_codes()[0]
        for name, text in self.shared.items():
            if name in known and known[name].localized and text:
                localized.setdefault(default, {}).setdefault(name, text)
        for code in codes:
            for name, text in self.localized[code].items():
                if name in known and not known[name].localized and text:
                    shared.setdefault(name, text)
        return replace(self, shared=shared, localized=localized)


def content_record(page_id: int, content: PageContent, *, locale: str, user: Visitor | None) -> dict[str, Any]:
    """The Page shape of `content` on the stored page `page_id` (in the tree where it is now)."""
    get_locale(locale)
    found = sql.read_page_rows(page_columns(detail=False, count_children=True), sql.page_is(page_id))
    if not found:
        raise NotFound(message(PAGE_MISSING, id=page_id))
    content = content.as_flagged_now()
    row = replace(row_of(found[0]), template=content.template, blocks=dict(content.shared))
    for name, value in content.fields.items():
        if hasattr(row, name) and name not in ("id", "parent_id", "position", "lock_version"):
            setattr(row, name, value)
    lineage = ancestor_parents([row.parent_id]) if row.parent_id else {}
    texts = read_texts(lineage.keys(), detail=False) if lineage else Texts()
    for code, name in content.names.items():
        texts.add(page_id, code, name, content.segments.get(code, ""), content.localized.get(code, {}))
    links = Links()
    links.images[page_id] = [
        {"id": link_id, "image_id": image_id, "primary": bool(primary), "position": position}
        for position, (link_id, image_id, primary) in enumerate(content.images, start=1)
    ]
    attachments = attachment_records(attachment_id for _link, attachment_id in content.files)
    links.files[page_id] = [
        {"id": link_id, "attachment_id": attachment_id, "position": position, "attachment": attachments[attachment_id]}
        for position, (link_id, attachment_id) in enumerate(content.files, start=1)
        if attachment_id in attachments
    ]
    links.tags[page_id] = sorted(content.tags, key=tag_order)
    images = read_images(links, [row], file_urls())
    links.images[page_id] = [link for link in links.images[page_id] if link["image"]]  # gone from the library
    builder = RecordBuilder(
        locale=locale, texts=texts, parents={**lineage, page_id: row.parent_id}, detail=True, links=links,
        pool=suggestion_pool(), child_counts={page_id: row.child_count}, images=images,
        home_id=page_id if row.is_home else None,
    )  # fmt: skip
    return with_permissions([builder.record(row)], user)[0]
