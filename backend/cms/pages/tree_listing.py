"""The page-tree data source: every page in the Page shape, in three queries.

This is the hottest read of the admin (10,000 pages must list in well under 100 ms), so it
reads rows with plain SQL instead of building model instances, derives every page's public
address with one walk down the tree instead of one walk up per page, and keeps the serialised
answer in the cache until the tree's version stamp changes.
"""

import json
from collections import defaultdict
from datetime import datetime
from typing import Any

from django.core.cache import cache
from django.core.files.storage import default_storage
from django.db import connection
from django.db.models import Count, Max, Sum

from cms.accounts.permissions import page_permissions
from cms.api.renderers import dumps
from cms.core.locales import get_locale, locale_codes
from cms.media.models import Attachment, Image
from cms.pages.models import Page, PageFile, PageImage, PageLocalization, Tag
from cms.pages.templates_registry import NAME_BLOCK

CACHE_SECONDS = 3600


def tree_version() -> str:
    """Return a stamp that changes with every accepted change to any page, in one query.

    Every change increments a page's lock_version and a new page adds a row, so the sum and
    the count move on each write: unlike a timestamp alone this cannot be fooled by clock skew
    between app servers, and unlike a counter in the cache it is right in every process. The
    latest change time tells apart a database that was rebuilt to the same counts.
    """
    stamp = Page.objects.aggregate(
        count=Count("id"), versions=Sum("lock_version"), last=Max("id"), changed=Max("updated_at")
    )
    changed = stamp["changed"].timestamp() if stamp["changed"] else 0
    return f"{stamp['count']}.{stamp['versions'] or 0}.{stamp['last'] or 0}.{changed}"


# What the tree screen itself reads of each page. Its embedded data carries only these, a
# third of the full shape: 10,000 pages parse in the browser in well under a second.
SCREEN_FIELDS = (
    "id", "parent_page_id", "position", "status", "published_at", "pinned", "news_page", "template",
    "path_segment", "blocks", "urls", "permissions", "lock_version",
)  # fmt: skip


def tree_pages_json(*, locale: str, user: Any, screen: bool = False) -> bytes:
    """Return tree_pages() as JSON (only SCREEN_FIELDS when `screen`), cached while no page changes."""
    get_locale(locale)
    shape = "screen" if screen else "full"
    key = f"pages:tree:{shape}:{locale}:{'+'.join(page_permissions(user))}:{tree_version()}"
    data = cache.get(key)
    if data is None:
        pages = tree_pages(locale=locale, user=user, full=not screen)
        data = dumps([{field: page[field] for field in SCREEN_FIELDS} for page in pages] if screen else pages)
        cache.set(key, data, CACHE_SECONDS)
    return data


def tree_pages(*, locale: str, user: Any, full: bool = True) -> list[dict[str, Any]]:
    """Return every page in the Page shape (deleted ones too: the tree hides them).

    Three queries whatever the number of pages. `blocks` holds only the localized name, and
    `tags_and_suggestions` only the page's own tags: the editor's single-page answer adds the
    other blocks and every known tag. With `full` false, ancestors, links and tags are left
    empty and not read (the tree screen does not show them).
    """
    get_locale(locale)
    permissions = page_permissions(user)
    page_t, image_t = Page._meta.db_table, Image._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT p.id, p.parent_id, p.position, p.status, {_datetime_sql('p.published_at')},"
            f" {_datetime_sql('p.starts_at')}, {_datetime_sql('p.ends_at')}, p.all_day, p.pinned, p.template,"
            " p.unique_name, p.feed_enabled, p.news_page, p.user_id, p.redirect_to, p.skip_index,"
            " p.lock_version, p.meta_image_id, i.filename, i.file, i.real_width, i.real_height"
            f" FROM {page_t} p"
            f" LEFT JOIN {image_t} i ON i.id = p.meta_image_id"
        )
        pages = cursor.fetchall()
        # Ordered by page so SQLite reads the covering index instead of the rows with block text.
        cursor.execute(
            f"SELECT page_id, locale, name, path_segment FROM {PageLocalization._meta.db_table} ORDER BY page_id"
        )
        localizations = cursor.fetchall()
        relations = []
        if full:
            cursor.execute(_RELATIONS_SQL)
            relations = cursor.fetchall()
    names: dict[int, dict[str, str]] = defaultdict(dict)
    segments: dict[int, dict[str, str]] = defaultdict(dict)
    for page_id, code, name, segment in localizations:
        names[page_id][code] = name
        if segment:
            segments[page_id][code] = segment
    urls = _public_urls(pages, segments)
    ancestors = _ancestors(pages, names, segments) if full else defaultdict(list)
    images, files, tags = _relations(relations)
    return [
        {
            "id": page_id,
            "locale": locale,
            "parent_page_id": parent_id,
            "position": position,
            "status": status,
            "published_at": _iso(published_at),
            "starts_at": _iso(starts_at),
            "ends_at": _iso(ends_at),
            "all_day": bool(all_day),
            "pinned": bool(pinned),
            "template": template,
            "unique_name": unique_name,
            "feed_enabled": bool(feed_enabled),
            "news_page": bool(news_page),
            "user_id": user_id,
            "redirect_to": redirect_to,
            "path_segment": segments[page_id].get(locale, ""),
            "meta_image": _meta_image(meta_image_id, meta_filename, meta_file, meta_width, meta_height),
            "skip_index": bool(skip_index),
            "blocks": {NAME_BLOCK: names[page_id]},
            "ancestors": ancestors[page_id],
            "urls": urls[page_id],
            "page_files": files.get(page_id, []),
            "page_images": images.get(page_id, []),
            "tags_and_suggestions": tags.get(page_id, []),
            "enabled_tags": tags.get(page_id, []),
            "errors": [],
            "permissions": permissions,
            "lock_version": lock_version,
        }
        for (
            page_id,
            parent_id,
            position,
            status,
            published_at,
            starts_at,
            ends_at,
            all_day,
            pinned,
            template,
            unique_name,
            feed_enabled,
            news_page,
            user_id,
            redirect_to,
            skip_index,
            lock_version,
            meta_image_id,
            meta_filename,
            meta_file,
            meta_width,
            meta_height,
        ) in pages
    ]


# Every page's image links, file links (with their attachment) and tags, as rows of one shape.
_RELATIONS_SQL = (
    "SELECT 'i', l.page_id, l.id, l.image_id, CASE WHEN l.\"primary\" THEN 1 ELSE 0 END, l.position,"
    f" NULL, NULL, NULL, NULL FROM {PageImage._meta.db_table} l"
    " UNION ALL"
    " SELECT 'f', l.page_id, l.id, l.attachment_id, 0, l.position,"
    " a.filename, a.file, CAST(a.name AS TEXT), CAST(a.description AS TEXT)"
    f" FROM {PageFile._meta.db_table} l JOIN {Attachment._meta.db_table} a ON a.id = l.attachment_id"
    " UNION ALL"
    " SELECT 't', pt.page_id, t.id, 0, 0, 0, t.name, NULL, NULL, NULL"
    f" FROM {Page.tags.through._meta.db_table} pt JOIN {Tag._meta.db_table} t ON t.id = pt.tag_id"
)


def _relations(rows: list[tuple]) -> tuple[dict[int, list], dict[int, list], dict[int, list]]:
    images: dict[int, list] = defaultdict(list)
    files: dict[int, list] = defaultdict(list)
    tags: dict[int, list] = defaultdict(list)
    for kind, page_id, row_id, ref_id, primary, position, text, file, name, description in rows:
        if kind == "i":
            images[page_id].append({"id": row_id, "image_id": ref_id, "primary": bool(primary), "position": position})
        elif kind == "f":
            attachment = {
                "id": ref_id,
                "filename": text,
                "name": json.loads(name or "{}"),
                "description": json.loads(description or "{}"),
                "url": default_storage.url(file),
            }
            files[page_id].append(
                {"id": row_id, "attachment_id": ref_id, "position": position, "attachment": attachment}
            )
        else:
            tags[page_id].append(text)
    for links in (*images.values(), *files.values()):
        links.sort(key=lambda link: link["position"])
    for names in tags.values():
        names.sort()
    return images, files, tags


def _ancestors(
    pages: list[tuple], names: dict[int, dict[str, str]], segments: dict[int, dict[str, str]]
) -> dict[int, list[dict[str, Any]]]:
    """Return page id -> its ancestors, root first, each {id, path_segment, name} per locale."""
    parents = {row[0]: row[1] for row in pages}
    result: dict[int, list[dict[str, Any]]] = {}

    def chain(page_id: int) -> list[dict[str, Any]]:
        if page_id not in result:
            parent_id = parents.get(page_id)
            if parent_id is None:
                result[page_id] = []
            else:
                entry = {"id": parent_id, "path_segment": segments[parent_id], "name": names[parent_id]}
                result[page_id] = [*chain(parent_id), entry]
        return result[page_id]

    for page_id in parents:
        chain(page_id)
    return result


def _meta_image(
    image_id: int | None, filename: str | None, file: str | None, width: int | None, height: int | None
) -> dict[str, Any] | None:
    if image_id is None:
        return None
    url = default_storage.url(file)
    return {"id": image_id, "filename": filename, "thumbnail_url": url, "real_width": width, "real_height": height}


def _public_urls(pages: list[tuple], segments: dict[int, dict[str, str]]) -> dict[int, dict[str, str]]:
    """Return page id -> {locale: address}; a locale is missing where a segment on the way is."""
    children: dict[int | None, list[int]] = defaultdict(list)
    for row in pages:
        children[row[1]].append(row[0])
    codes = locale_codes()
    urls: dict[int, dict[str, str]] = {}
    prefixes = {code: f"/{code}" for code in codes}
    stack: list[tuple[int, dict[str, str]]] = [(page_id, prefixes) for page_id in children[None]]
    while stack:
        page_id, parent_urls = stack.pop()
        own = segments.get(page_id, {})
        page_urls = {code: f"{parent_urls[code]}/{own[code]}" for code in parent_urls if code in own}
        urls[page_id] = page_urls
        stack.extend((child, page_urls) for child in children.get(page_id, ()))
    return urls


def _datetime_sql(column: str) -> str:
    # SQLite's driver would parse 10,000 dates only for them to be written out again; reading
    # the stored text instead (UTC, "2026-11-22 10:00:00.5") is several times faster.
    return f"{column} || ''" if connection.vendor == "sqlite" else column


def _iso(value: datetime | str | None) -> datetime | str | None:
    if isinstance(value, str):
        return value.replace(" ", "T", 1) + "Z"
    return value
