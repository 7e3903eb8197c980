"""Rows to records: the Page shape (spec §3 Page), one method per derived part."""

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from django.utils import timezone

from cms.core.locales import locale_codes
from cms.pages.addresses import Addresses
from cms.pages.read_model.loaders import Links, Texts
from cms.pages.read_model.rows import PageRow, json_value
from cms.pages.saving.tags import with_suggestions
from cms.pages.templates_registry import NAME_BLOCK, registry
from cms.pages.translations.states import StateReader, decoded

UNSAVED = 0  # the id under which an unsaved page's texts and links are given to the builder


class RecordBuilder:
    """Builds the records of pages whose texts, parents, links and images have been read."""

    def __init__(
        self, *, locale: str, texts: Texts, parents: Mapping[int, int | None], detail: bool,
        links: Links | None = None, pool: list[str] | None = None, child_counts: Mapping[int, int] | None = None,
        images: Mapping[int, dict] | None = None, home_id: int | None = None,
    ) -> None:  # fmt: skip
        self.locale, self.texts, self.parents, self.detail = locale, texts, parents, detail
        self.links = links or Links()
        self.pool = pool
        self.child_counts = child_counts or {}
        self.images = images or {}
        self.codes = locale_codes()
        self.addresses = Addresses(parents, texts.segments, home_id)
        self._chains: dict[int | None, list[dict]] = {None: []}
        self.states = StateReader()

    def record(self, row: PageRow) -> dict[str, Any]:
        page_id = row.id
        key = _key(page_id)
        own_segments = self.texts.segments.get(key, {})
        tags = self.links.tags.get(key, [])
        stored = decoded(row.translation_outdated), decoded(row.translation_todo)
        states = self.states.states(row.template, self.texts.names.get(key, {}), *stored)
        # PageOut's fields in its order (a test holds them equal): written out, as the tree builds
        # 10,000 of these at a time.
        return {
            "id": page_id,
            "locale": self.locale,
            "parent_page_id": row.parent_id,
            "position": row.position,
            "status": row.status,
            "published_at": _iso(row.published_at),
            "starts_at": _iso(row.starts_at),
            "ends_at": _iso(row.ends_at),
            "all_day": bool(row.all_day),
            "pinned": bool(row.pinned),
            "template": row.template,
            "unique_name": row.unique_name,
            "feed_enabled": bool(row.feed_enabled),
            "news_page": bool(row.news_page),
            "user_id": row.user_id,
            "redirect_to": row.redirect_to,
            "path_segment": own_segments.get(self.locale, ""),
            "meta_image": self.images.get(row.meta_image_id) if row.meta_image_id else None,
            "skip_index": bool(row.skip_index),
            "blocks": self.blocks(row),
            "ancestors": self.ancestors(row.parent_id),
            "urls": self.urls(row),
            "page_files": self.links.files.get(key, []),
            "page_images": self.links.images.get(key, []),
            "tags_and_suggestions": with_suggestions(tags, self.pool) if self.pool is not None else tags,
            "enabled_tags": tags,
            "errors": [],
            "permissions": [],
            "lock_version": row.lock_version,
            "child_count": self.child_counts.get(page_id, 0) if page_id else 0,
            **states.fields(),
        }

    def blocks(self, row: PageRow) -> dict[str, Any]:
        """Block name -> text (not localized) or -> {locale: text} (localized).

        The tree reads only the localized name; the editor reads every block.
        """
        names = self.texts.names.get(_key(row.id), {})
        if not self.detail:
            return {NAME_BLOCK: names}
        known = registry().blocks
        blocks: dict[str, Any] = {
            name: value
            for name, value in json_value(row.blocks).items()
            if not (name in known and known[name].localized)  # a block that became localized: old value hidden
        }
        blocks[NAME_BLOCK] = {}
        for code, name in names.items():
            localized = {NAME_BLOCK: name, **self.texts.blocks.get(_key(row.id), {}).get(code, {})}
            for block, value in localized.items():
                if block in known and not known[block].localized:
                    continue
                blocks.setdefault(block, {})[code] = value
        return blocks

    def ancestors(self, parent_id: int | None) -> list[dict]:
        """The chain from the top level down to the parent, each {id, path_segment, name}."""
        chain = self._chains.get(parent_id)
        if chain is None:
            assert parent_id is not None
            entry = {
                "id": parent_id,
                "path_segment": self.texts.segments.get(parent_id, {}),
                "name": self.texts.names.get(parent_id, {}),
            }
            chain = self._chains[parent_id] = [*self.ancestors(self.parents.get(parent_id)), entry]
        return chain

    def urls(self, row: PageRow) -> dict[str, str]:
        """Public address per locale (cms.pages.addresses); none for an unsaved page (its id None
        or UNSAVED)."""
        return self.addresses.urls(row.id) if row.id else {}


def _key(page_id: int | None) -> int:
    """Where a page's texts and links are found: an unsaved page's under UNSAVED; None has none."""
    return -1 if page_id is None else page_id


def _iso(value: datetime | str | None) -> datetime | str | None:
    if isinstance(value, datetime) and timezone.is_naive(value):
        return value.replace(tzinfo=UTC)  # an unsaved page's time set without a zone
    return value
