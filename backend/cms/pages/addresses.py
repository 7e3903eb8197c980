"""Where a page lives: its public address per locale, the home page included — the one builder.

A page's *path* in a locale is its segments and those of every page above it ("about/staff");
a locale is missing where a segment on the way is. Its *address* is `/{locale}/{path}`, except
for the home page — the page whose unique name is `home` — which lives at `/{locale}/` in every
locale. A site without a home page shows its first top-level page at `/{locale}/` (so a new
site is never an error), but that page keeps its own address: the root's canonical link
points there.

The read model, the redirect table (which stores paths), the preview's breadcrumbs, the site's
menu and its redirects all build addresses here.
"""

from collections.abc import Mapping

from cms.core.locales import locale_codes
from cms.pages.models import Page, Status
from cms.pages.tree import services as tree

HOME_UNIQUE_NAME = "home"


def is_home_sql(alias: str) -> str:
    """SQL that is true for the home page (alias: the page table's)."""
    return f"{alias}.unique_name = '{HOME_UNIQUE_NAME}'"


def root_page_sql() -> str:
    """SQL of the id of the page `/{locale}/` shows (NULL when there are no pages), to nest in
    another query: two index seeks."""
    table = Page._meta.db_table
    return (
        f"COALESCE((SELECT id FROM {table} h WHERE {is_home_sql('h')}),"
        f" (SELECT id FROM {table} WHERE parent_id IS NULL AND status != {Status.DELETED}"
        " ORDER BY position, id LIMIT 1))"
    )


def locale_root(locale: str) -> str:
    """The home page's address in a locale."""
    return f"/{locale}/"


def address(locale: str, path: str) -> str:
    """The public address of a path in a locale."""
    return f"/{locale}/{path}" if path else locale_root(locale)


def home_addresses() -> dict[str, str]:
    return {code: locale_root(code) for code in locale_codes()}


class Addresses:
    """Paths and addresses of pages whose parents and own segments are known, each page's
    worked out once (a parent's is shared by all its children)."""

    def __init__(
        self, parents: Mapping[int, int | None], segments: Mapping[int, Mapping[str, str]], home_id: int | None
    ) -> None:
        self.parents, self.segments, self.home_id = parents, segments, home_id
        self._paths: dict[int | None, dict[str, str]] = {None: {code: "" for code in locale_codes()}}

    def paths(self, page_id: int | None) -> dict[str, str]:
        """Locale -> the page's path ("about/staff"), for the locales it has one in."""
        paths = self._paths.get(page_id)
        if paths is None:
            assert page_id is not None
            above = self.paths(self.parents.get(page_id))
            own = self.segments.get(page_id, {})
            paths = self._paths[page_id] = {
                code: f"{path}/{own[code]}" if path else own[code] for code, path in above.items() if code in own
            }
        return paths

    def urls(self, page_id: int | None) -> dict[str, str]:
        """Locale -> the page's public address (the home page's: the locale's root)."""
        if page_id is not None and page_id == self.home_id:
            return home_addresses()
        return {code: address(code, path) for code, path in self.paths(page_id).items()}


def stored_paths(page_id: int) -> dict[str, str]:
    """Return a stored page's path per locale, read in one query (the redirect table keeps these)."""
    parents: dict[int, int | None] = {}
    segments: dict[int, dict[str, str]] = {}
    above: int | None = None
    for step_id, locale, _name, segment in tree.lineage_localizations(page_id):
        if step_id not in parents:
            parents[step_id], above = above, step_id
        if locale and segment:
            segments.setdefault(step_id, {})[locale] = segment
    if page_id not in parents:
        return {}
    return dict(sorted(Addresses(parents, segments, None).paths(page_id).items()))


def stored_urls(page_id: int) -> dict[str, str]:
    """Return a stored page's public address per locale (one query, two for the home page)."""
    paths = stored_paths(page_id)
    if paths and Page.objects.filter(pk=page_id, unique_name=HOME_UNIQUE_NAME).exists():
        return home_addresses()
    return {code: address(code, path) for code, path in paths.items()}
