"""`make bench`: print one line per figure, `name median unit [N queries]` (see BENCHMARKS.md).

Every run starts from nothing and leaves nothing behind: a temporary VAR_DIR (the SQLite
database, the file cache the tree is cached in, the secret key), and, when DATABASE_URL names
a PostgreSQL server, a fresh database on that server, named after the URL's with this
process's id, created with scripts/pg_database.py and dropped at the end even on failure
(the database the URL names is never touched). bench/figures.py measures.

BENCH_ONLY runs one group: `images`, `attachments`, `public` (the public site), `saves` (the
editor's save), `revisions` (bench/revisions.py), `drafts` (the working copy and scheduled
changes, bench/drafts.py), `portability` (the whole site exported and
imported, bench/portability.py), `password_reset` (bench/password_reset.py), `two_factor`
(the login with a TOTP code, bench/two_factor.py), `purge` (the full-page cache's purge,
bench/purge.py), `deleted_pages` (bench/deleted_pages.py), `news_archive` (the admin's news archive
at 10,000 articles, bench/news_archive.py), `reviews` (review before publishing: the
waiting list, approving, the editor with a waiting change, bench/reviews.py), `links` (the link
index: linked_from_ms, move_rewrites_links_ms, bench/links.py), `bulk` (a bulk job publishing
1,000 pages and the tree read meanwhile, bench/bulk.py), `search`
(content search at 100,000 pages x 3 locales,
bench/search.py), `translations` (the translation filter at 100,000 pages,
bench/translations.py), or `tree` (the tree list at 1,000 and 10,000 pages:
`tree_list_ms[1k]`, `tree_list_uncached_ms[1k]`, `tree_list_ms[10k]` and
`tree_list_uncached_ms[10k]` alone; the other figures print n/a (not measured)).

Times are medians of BENCH_RUNS runs (default 7) after a warm-up, in this process; the tree
screen in Chromium loads at most 5 times at 10k pages and 3 times at 100k. Query counts are
every statement the measured action sends, transaction control (BEGIN, COMMIT, SAVEPOINT,
RELEASE) included: `… 6 queries`. BENCH_SQL=1 prints the statements on stderr.
"""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "backend"), str(ROOT / "bench")]
PG_DATABASE = [sys.executable, str(ROOT / "scripts" / "pg_database.py")]


def main() -> int:
    # A stopped run (Ctrl-C, kill) still goes through `finally` and cleans up.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    var_dir = tempfile.mkdtemp(prefix="cms-bench-")
    database_url = None
    try:
        os.environ["VAR_DIR"] = var_dir  # never the developer's var/: the bench empties the database
        os.environ["MEDIA_ROOT"] = str(Path(var_dir) / "media")
        os.environ.pop("SQLITE_PATH", None)
        # REDIS_URL, when given, is kept: the figures are then taken with Redis as the shared cache
        # (DESIGN §5); without it, the default file cache in VAR_DIR, as the targets assume.
        os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"  # the production settings
        # In process, an access line per request would bury the figures; the production servers the
        # bench starts write theirs to a file (figures.gunicorn).
        os.environ["CMS_ACCESS_LOG"] = "false"
        if os.environ.get("DATABASE_URL"):
            database_url = os.environ["DATABASE_URL"] = fresh_database(os.environ["DATABASE_URL"])
        import django

        django.setup()
        import attachments
        import bulk
        import deleted_pages
        import drafts
        import figures
        import images
        import links
        import news_archive
        import password_reset
        import portability
        import public
        import purge
        import reviews
        import revisions
        import search
        import translations
        import two_factor

        only = {
            "images": images.run,
            "attachments": attachments.run,
            "public": public.run,
            "saves": figures.run_saves,
            "revisions": revisions.run,
            "drafts": drafts.run,
            "portability": portability.run,
            "search": search.run,
            "translations": translations.run,
            "tree": tree_list_10k,
            "password_reset": password_reset.run,
            "two_factor": two_factor.run,
            "purge": purge.run,
            "deleted_pages": deleted_pages.run,
            "news_archive": news_archive.run,
            "reviews": reviews.run,
            "links": links.run,
            "bulk": bulk.run,
        }.get(os.environ.get("BENCH_ONLY", ""))
        if only:  # one group's figures alone
            return only()
        return max(
            figures.run(), images.run(), attachments.run(), public.run(), revisions.run(), drafts.run(),
            portability.run(), translations.run(), search.run(), password_reset.run(), two_factor.run(), purge.run(),
            deleted_pages.run(), news_archive.run(), reviews.run(), links.run(), bulk.run(),
        )  # fmt: skip
    finally:
        if database_url:
            from django.db import connections

            connections.close_all()
            subprocess.run([*PG_DATABASE, "drop", database_url], timeout=120, check=False)
        shutil.rmtree(var_dir, ignore_errors=True)


def tree_list_10k() -> int:
    """The tree list's figures alone at 1,000 and 10,000 pages, as figures.run measures them."""
    import figures
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    bench = figures.Bench()
    with figures.step(*figures.SIZE_1K):
        figures.tree_list(bench, figures.generate(1_000), "1k")
    with figures.step("tree_list_ms[10k]", "tree_list_uncached_ms[10k]"):
        figures.tree_list(bench, figures.generate(10_000), "10k")
    figures.report.finish()
    return 1 if figures.report.errors else 0


def fresh_database(url: str) -> str:
    """Create an empty PostgreSQL database for this run beside the one `url` names; return its URL."""
    parts = urlsplit(url)
    if not parts.scheme.startswith("postgres"):
        sys.exit(f"bench: DATABASE_URL must name a PostgreSQL server (or be unset for SQLite), not {parts.scheme}:")
    name = f"{(parts.path.lstrip('/') or 'cms')[:40]}_run{os.getpid()}"  # as .ci/run names its database
    fresh = urlunsplit(parts._replace(path=f"/{name}"))
    subprocess.run([*PG_DATABASE, "create", fresh], timeout=120, check=True)
    return fresh


if __name__ == "__main__":
    sys.exit(main())
