"""The one Page shape (spec §3 Page, DESIGN.md §3), for one page or a hundred thousand.

Every reader goes through here: the page API's answers, the screens' embedded data, the tree,
the preview and the public site. A selection of pages is read in a fixed number of queries
whatever its size — the pages, their ancestors (when not all pages are read), the
localizations of both, and the pages' links and tags — with plain SQL rows rather than model
instances (the tree reads 10,000 pages at once):

- `rows`: a page's own columns, one field list for the SQL and the row;
- `loaders`: what the pages show besides, each part in one query;
- `builder`: rows to records, one method per derived part of the shape;
- `selectors`: which pages a reader asks for; `tree_answers`: the tree screen's JSON.

Nothing here depends on who reads except `permissions`, which is applied last, per user; the
shared cache (cms.pages.tree.cache, which keeps the whole tree) never holds it.
"""

from cms.pages.read_model.builder import RecordBuilder
from cms.pages.read_model.loaders import (
    Links,
    Texts,
    ancestor_parents,
    file_urls,
    read_images,
    read_links,
    read_texts,
)
from cms.pages.read_model.rows import (
    COLUMN_COUNT,
    LOCALIZATION_TABLE,
    PAGE_TABLE,
    PageRow,
    datetime_sql,
    id_in,
    json_value,
    page_columns,
    row_of,
    sql_ids,
)
from cms.pages.read_model.selectors import (
    MAX_SEARCH_MATCHES,
    children_of_records,
    children_records,
    page_record,
    records_by_id,
    records_where,
    search_records,
    tree_records,
    unsaved_page_record,
)
from cms.pages.read_model.tree_answers import (
    FIRST_PAINT_ROWS,
    children_json,
    first_paint_records,
    fragments,
    tree_json,
)

__all__ = [
    "COLUMN_COUNT", "FIRST_PAINT_ROWS", "LOCALIZATION_TABLE", "MAX_SEARCH_MATCHES", "PAGE_TABLE", "Links", "PageRow",
    "RecordBuilder", "Texts", "ancestor_parents", "children_json", "children_of_records", "children_records",
    "datetime_sql", "file_urls", "first_paint_records", "fragments", "id_in", "json_value", "page_columns",
    "page_record", "read_images", "read_links", "read_texts", "records_by_id", "records_where", "row_of",
    "search_records", "sql_ids", "tree_json", "tree_records", "unsaved_page_record",
]  # fmt: skip
