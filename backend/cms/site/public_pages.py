"""A page as the public site shows it: its record (the one Page shape, cms.pages.read_model),
the menu and the breadcrumbs, read in at most five queries whatever the tree holds:

1. the page with its ancestors (cms.pages.read_model.chains, read by the caller);
2. names, segments (and the page's own blocks) of the page, its ancestors and the top-level
   pages (the menu), with what the menu needs of them;
3. the page's image and file links and tags;
4. the images it shows: linked, its meta image and those its text embeds (`[image:{id}]`);
   a fifth only when its text embeds an attachment it does not link to;
5. the addresses of its links to deleted or unpublished pages (cms.pages.text_links).
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from cms.core.embed_codes import codes_in
from cms.core.locales import get_locale, locale_codes
from cms.media.records import attachment_records
from cms.pages import visibility
from cms.pages.addresses import Addresses, locale_root
from cms.pages.read_model import RecordBuilder, Texts, file_urls, json_value, read_images, read_links
from cms.pages.read_model.chains import Chain
from cms.pages.text_links.services import dead_link_targets
from cms.pages.translations.states import copied_blocks, decoded
from cms.site import sql


@dataclass
class MenuEntry:
    id: int
    name: str
    url: str


@dataclass
class PublicPage:
    """What a page template shows: the page's record (the Page shape), its menu and breadcrumbs."""

    record: dict[str, Any]
    locale: str
    menu: list[MenuEntry]
    breadcrumbs: list[MenuEntry]
    images: dict[int, dict[str, Any]] = field(default_factory=dict)  # every image it shows, by id
    attachments: dict[int, dict[str, Any]] = field(default_factory=dict)  # every attachment it shows
    # Its blocks in `locale` whose text is a copy of another locale's: block -> that locale (issue 28).
    copied: dict[str, str] = field(default_factory=dict)
    # The addresses (as written) of its links to deleted or unpublished pages: shown as their
    # label alone, never as a dead `href` (issue 33; one read of the link index).
    unlinked: set[str] = field(default_factory=set)


@dataclass
class _TopLevel:
    id: int
    status: int
    published_at: Any
    is_home: bool


def public_page(chain: Chain, *, locale: str, now: datetime) -> PublicPage:
    """Return the page's record, menu and breadcrumbs (four queries, a fifth for images)."""
    get_locale(locale)
    row = chain.page
    assert row.id is not None
    texts, top_level = _texts_and_menu([r.id for r in chain.rows if r.id is not None], row.id)
    links = read_links([row.id])
    embedded_images, embedded_files = embedded_ids(
        text
        for code in {locale, locale_codes()[0]}
        for text in [*texts.blocks.get(row.id, {}).get(code, {}).values(), *json_value(row.blocks).values()]
        if isinstance(text, str)
    )
    images = read_images(links, [row], file_urls(), also=embedded_images)
    attachments = links.attachments()
    if missing := embedded_files - attachments.keys():
        attachments.update(attachment_records(missing))
    parents: dict[int, int | None] = {r.id: r.parent_id for r in chain.rows if r.id is not None}
    parents.update((entry.id, None) for entry in top_level)
    home_id = next((r.id for r in chain.rows if r.is_home), None) or next((e.id for e in top_level if e.is_home), None)
    builder = RecordBuilder(
        locale=locale, texts=texts, parents=parents, detail=True, links=links, images=images, home_id=home_id
    )
    record = builder.record(row)
    menu = _menu(top_level, texts, builder, locale, now)
    copied = copied_blocks(row.template, decoded(row.translation_todo), locale)
    unlinked = dead_link_targets(row.id, now)
    return PublicPage(record, locale, menu, breadcrumbs(record, locale, home_id), images, attachments, copied, unlinked)


def breadcrumbs(record: dict[str, Any], locale: str, home_id: int | None) -> list[MenuEntry]:
    """The pages above a record, each with its name and address in `locale` ("" where it has
    none), from what the record's `ancestors` hold."""
    chain = record["ancestors"]
    parents = {ancestor["id"]: chain[step - 1]["id"] if step else None for step, ancestor in enumerate(chain)}
    addresses = Addresses(parents, {ancestor["id"]: ancestor["path_segment"] for ancestor in chain}, home_id)
    return [
        MenuEntry(ancestor["id"], localized(ancestor["name"], locale), addresses.urls(ancestor["id"]).get(locale, ""))
        for ancestor in chain
    ]


def home_entry(menu: list[MenuEntry], locale: str) -> MenuEntry | None:
    """The menu's entry of the page at the locale's root (the front page), if it shows one: what
    the site's name in every page's header reads and links to."""
    root = locale_root(locale)
    return next((entry for entry in menu if entry.url == root), None)


def menu_entries(locale: str, now: datetime) -> list[MenuEntry]:
    """Return the menu alone (the 404 page and the preview show it), in one query."""
    get_locale(locale)
    texts, top_level = _texts_and_menu([], 0)
    home_id = next((entry.id for entry in top_level if entry.is_home), None)
    parents: dict[int, int | None] = {entry.id: None for entry in top_level}
    builder = RecordBuilder(locale=locale, texts=texts, parents=parents, detail=False, home_id=home_id)
    return _menu(top_level, texts, builder, locale, now)


def _texts_and_menu(chain_ids: list[int], page_id: int) -> tuple[Texts, list[_TopLevel]]:
    """Read names and segments of the chain's pages and the top-level ones, the page's blocks,
    and the top-level pages' status and date, in one query."""
    texts = Texts()
    top_level: dict[int, _TopLevel] = {}
    for own_id, code, name, segment, blocks, parent_id, status, published_at, is_home in sql.read_texts_and_menu(
        chain_ids, page_id
    ):
        texts.add(own_id, code, name, segment, blocks)
        if parent_id is None and own_id not in top_level:
            top_level[own_id] = _TopLevel(own_id, status, published_at, bool(is_home))
    return texts, list(top_level.values())


def _menu(
    top_level: list[_TopLevel], texts: Texts, builder: RecordBuilder, locale: str, now: datetime
) -> list[MenuEntry]:
    """The listed top-level pages with an address in `locale` (the home page's: the locale's root)."""
    entries = []
    for entry in top_level:
        url = builder.addresses.urls(entry.id).get(locale)
        if url and visibility.is_listed(entry.status, entry.published_at, now):
            entries.append(MenuEntry(entry.id, localized(texts.names.get(entry.id, {}), locale), url))
    return entries


def embedded_ids(texts: Iterable[str]) -> tuple[set[int], set[int]]:
    """Return the image ids and attachment ids the texts embed."""
    found: tuple[set[int], set[int]] = (set(), set())
    for text in texts:
        for code in codes_in(text) if isinstance(text, str) else ():
            found[0 if code.kind == "image" else 1].update(code.ids)
    return found


def localized(values: dict[str, str], locale: str) -> str:
    """The text in `locale`, else in the default locale (the site's one fallback rule)."""
    return values.get(locale) or values.get(locale_codes()[0]) or ""
