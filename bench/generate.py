"""Generate the bench's data fast (bulk inserts, no services), shaped as BENCHMARKS.md asks.

Every page is published, has a localization in every configured locale (~2 KB of text in the
default one), two tags, two image links, one file link and a meta image. Images and
attachments are rows only: no figure reads their files.

The tree is five levels deep. From 10,000 pages on it also holds the nodes the figures need,
hung under the first top-level sections:

- a parent of 500 children (moving the last one to the front; creating a page under it),
- a parent of 1,000 children (one node's children),
- a page with 1,000 descendants over three levels (moving a subtree), and a page to move it to.

Twenty pages of the deepest level, spread over the tree, have SEARCH_WORD in their name.

Rows go in as prepared tuples (multi-row INSERTs on SQLite, COPY on PostgreSQL), not through
bulk_create, whose per-row model instances took most of the time: 100,000 pages (900,000
rows) take ~6 s on SQLite and ~12 s on PostgreSQL here, against 31 s and 40 s.
"""

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from django.core.management.color import no_style
from django.db import connection, models, transaction
from django.utils import timezone

from cms.core.locales import locale_codes
from cms.media.models import Attachment, Image
from cms.pages.models import MediaUse, Page, PageFile, PageImage, PageLocalization, Status, Tag
from cms.pages.tree.cache import invalidate_on_commit

DEPTH = 5
SIBLINGS = 500
WIDE = 1_000
SUBTREE = (10, 100, 890)  # children, grandchildren, great-grandchildren: 1,000 descendants
SPECIAL_FROM = 10_000  # smaller trees serve only the tree list figures
SPECIAL_PAGES = 3 + SIBLINGS + WIDE + sum(SUBTREE)  # three parents and their pages
SEARCH_WORD = "Lighthouse"
SEARCH_MATCHES = 20
IMAGES, ATTACHMENTS, TAGS = 50, 30, 40
GRANTED_SUBTREES = 50
BATCH = 2_000  # rows per INSERT at most (SQLite allows 999 parameters anyway)

WORDS = "The library lends books, music and films and hosts readings, workshops and talks. "
INTRO = (WORDS * 3)[:200]
BODY = (WORDS * 25)[:1_800]  # with the intro, ~2 KB of text per page
OTHER_BODY = (WORDS * 4)[:300]  # the other locales are shorter, as translations often are
# Name and path segment prefixes per locale; other locales use their code.
PREFIXES = {"en": ("Page", "page"), "nb": ("Side", "side"), "ar": ("صفحة", "safha")}


@dataclass
class Shape:
    """The tree before it is stored, one entry per page: its parent (an index) and position."""

    parents: list[int | None] = field(default_factory=list)
    depths: list[int] = field(default_factory=list)
    positions: list[int] = field(default_factory=list)
    child_counts: dict[int | None, int] = field(default_factory=dict)

    def add(self, parent: int | None) -> int:
        self.child_counts[parent] = self.child_counts.get(parent, 0) + 1
        self.parents.append(parent)
        self.depths.append(1 if parent is None else self.depths[parent] + 1)
        self.positions.append(self.child_counts[parent])
        return len(self.parents) - 1

    def add_children(self, parents: Sequence[int | None], count: int) -> list[int]:
        """Add `count` pages spread evenly over `parents` (round robin)."""
        return [self.add(parents[i % len(parents)]) for i in range(count)]


def clear() -> None:
    """Delete the pages, media, tags and links of the previous size (the users stay); ids restart at 1."""
    tables = [
        model._meta.db_table
        for model in (PageImage, PageFile, Page.tags.through, PageLocalization, Page, Tag, Image, Attachment)
    ]
    flush = connection.ops.sql_flush(no_style(), tables, reset_sequences=True, allow_cascade=True)
    connection.ops.execute_sql_flush(flush)


def generate_pages(total: int) -> dict[str, Any]:
    """Create `total` pages in an empty database; return the ids (and word) the figures use."""
    shape = Shape()
    special = total >= SPECIAL_FROM
    generic = total - (SPECIAL_PAGES if special else 0)
    # The smallest fan-out whose five levels hold the generic pages, so the fifth is used.
    fan_out = 2
    while sum(fan_out**level for level in range(1, DEPTH + 1)) < generic:
        fan_out += 1
    levels: list[list[int]] = []
    parents: Sequence[int | None] = [None]
    for _ in range(DEPTH):
        parents = shape.add_children(parents, min(generic - len(shape.parents), len(parents) * fan_out))
        levels.append(parents)
    deepest = levels[-1]
    roles = {"leaf": deepest[0]}  # a page five levels down
    if special:
        sections = levels[0]
        roles["siblings_parent"] = shape.add(sections[0])
        roles["last_sibling"] = shape.add_children([roles["siblings_parent"]], SIBLINGS)[-1]
        roles["wide_parent"] = shape.add(sections[1])
        shape.add_children([roles["wide_parent"]], WIDE)
        roles["subtree_home"], roles["subtree_target"] = sections[2], sections[3]
        roles["subtree_root"] = shape.add(sections[2])
        below = [roles["subtree_root"]]
        for count in SUBTREE:
            below = shape.add_children(below, count)
    matches = set(deepest[:: max(1, len(deepest) // SEARCH_MATCHES)][:SEARCH_MATCHES])
    assert len(shape.parents) == total and max(shape.depths) >= DEPTH, (len(shape.parents), max(shape.depths))

    with transaction.atomic():
        _store(shape, matches)
        invalidate_on_commit(everything=True)  # ids restart: no fragment of the previous size may be served
    if connection.vendor == "postgresql":
        # What autovacuum does soon after a bulk load in production: planner statistics and the
        # visibility map (for index-only scans). Without it the first plans are guesses.
        with connection.cursor() as cursor:
            for model in (Page, PageLocalization, PageImage, PageFile, Page.tags.through, Tag):
                cursor.execute(f"VACUUM ANALYZE {connection.ops.quote_name(model._meta.db_table)}")
    ids: dict[str, Any] = {name: index + 1 for name, index in roles.items()}  # page n has id n + 1
    if special:
        ids["subtree_position"] = shape.positions[roles["subtree_root"]]
    ids["search"], ids["total"] = SEARCH_WORD, total
    # An editor's grants: 50 subtrees of the second level (the leaf's among them).
    ids["granted"] = [index + 1 for index in levels[1][:GRANTED_SUBTREES]]
    return ids


def _store(shape: Shape, matches: set[int]) -> None:
    """Insert the pages (page n gets id n + 1, in the emptied table) and their rows."""
    images = Image.objects.bulk_create(
        Image(file=f"images/bench/photo-{n}.jpg", filename=f"photo-{n}.jpg", content_type="image/jpeg",
              byte_size=4_500_000, real_width=4000, real_height=3000, alternative={"en": f"Photo {n}"})
        if n % 5 else  # every fifth a transparent PNG
        Image(file=f"images/bench/logo-{n}.png", filename=f"logo-{n}.png", content_type="image/png",
              byte_size=900_000, real_width=2000, real_height=1500, alternative={"en": f"Logo {n}"})
        for n in range(IMAGES)
    )  # fmt: skip
    attachments = Attachment.objects.bulk_create(
        Attachment(file=f"attachments/bench/report-{n}.pdf", filename=f"report-{n}.pdf",
                   content_type="application/pdf", byte_size=350_000, name={"en": f"Annual report {n}"})
        for n in range(ATTACHMENTS)
    )  # fmt: skip
    tags = Tag.objects.bulk_create(Tag(name=f"Topic {n}", key=f"topic {n}") for n in range(TAGS))

    page = Page(template="page", status=Status.PUBLISHED, published_at=timezone.now(), blocks={"layout": "standard"})
    _insert(
        page,
        ("id", "parent_id", "position", "meta_image_id"),
        (
            (n + 1, None if parent is None else parent + 1, shape.positions[n], images[n % IMAGES].pk)
            for n, parent in enumerate(shape.parents)
        ),
    )
    with connection.cursor() as cursor:  # PostgreSQL's id sequence continues after the given ids
        for sql in connection.ops.sequence_reset_sql(no_style(), [Page]):
            cursor.execute(sql)
    codes = locale_codes()
    blocks_field = PageLocalization._meta.get_field("blocks")
    blocks = {  # prepared once: two values for 300,000 rows
        code: blocks_field.get_db_prep_save(
            {"intro": INTRO, "body": BODY} if code == codes[0] else {"body": OTHER_BODY}, connection
        )
        for code in codes
    }
    _insert(
        PageLocalization(),
        ("page_id", "locale", "name", "path_segment", "blocks"),
        (
            (n + 1, code, _name(code, n + 1, n in matches), f"{_prefix(code)[1]}-{n + 1}", blocks[code])
            for n in range(len(shape.parents))
            for code in codes
        ),
    )
    _insert(
        PageImage(),
        ("page_id", "image_id", "primary", "position"),
        ((n + 1, images[(n + k) % IMAGES].pk, k == 0, k + 1) for n in range(len(shape.parents)) for k in range(2)),
    )
    _insert(
        PageFile(),
        ("page_id", "attachment_id"),
        ((n + 1, attachments[n % ATTACHMENTS].pk) for n in range(len(shape.parents))),
    )
    _insert(  # what the page save records of what each page shows: its two images (the first also
        MediaUse(),  # its sharing image) and its file (cms.pages.media_uses)
        ("page_id", "image_id", "attachment_id"),
        (
            row
            for n in range(len(shape.parents))
            for row in (
                (n + 1, images[n % IMAGES].pk, None),
                (n + 1, images[(n + 1) % IMAGES].pk, None),
                (n + 1, None, attachments[n % ATTACHMENTS].pk),
            )
        ),
    )
    _insert(
        Page.tags.through(),
        ("page_id", "tag_id"),
        ((n + 1, tags[(n + 7 * k) % TAGS].pk) for n in range(len(shape.parents)) for k in range(2)),
    )


def _insert(prototype: models.Model, columns: tuple[str, ...], rows: Iterable[tuple[Any, ...]]) -> None:
    """Insert one row per tuple: `columns` from the tuple, every other column as in `prototype`.

    The other columns' values are prepared once, by the model's own fields, so a column added
    to a model later gets its default here without a change.
    """
    meta = prototype._meta
    fixed = {
        field.column: field.get_db_prep_save(field.pre_save(prototype, add=True), connection)
        for field in meta.concrete_fields
        if field.column not in columns and not field.primary_key
    }
    names = [*columns, *fixed]
    qn = connection.ops.quote_name
    table, column_list = qn(meta.db_table), ", ".join(map(qn, names))
    fixed_values = tuple(fixed.values())
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # COPY: a third of the time of multi-row INSERTs, whose text psycopg has to parse.
            with cursor.cursor.copy(f"COPY {table} ({column_list}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row((*row, *fixed_values))
            return
        rows_per_statement = min(BATCH, (connection.features.max_query_params or 65_535) // len(names))
        one_row = f"({', '.join(['%s'] * len(names))})"
        for chunk in _chunks(rows, rows_per_statement):
            values = ", ".join([one_row] * len(chunk))
            cursor.execute(
                f"INSERT INTO {table} ({column_list}) VALUES {values}",
                [v for row in chunk for v in (*row, *fixed_values)],
            )


def _chunks(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    iterator = iter(items)
    while chunk := list(islice(iterator, size)):
        yield chunk


def _prefix(code: str) -> tuple[str, str]:
    return PREFIXES.get(code, (code.upper(), code))


def _name(code: str, page_id: int, match: bool) -> str:
    name = f"{_prefix(code)[0]} {page_id}"
    return f"{SEARCH_WORD} {name}" if match and code == locale_codes()[0] else name
