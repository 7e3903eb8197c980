"""import_site's bounds (issue 28 item 12): the rows an archive may make it read, the bytes of a
line, the ids a row may hold and the file names it may give; each refused before anything is
written, with a message saying why. And an import's ids leave the tables usable after it."""

import io
import json
import time
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from cms.pages.models import Tag
from cms.portability import archive
from cms.portability.checking import ID_MAX
from cms.portability.tests.test_hostile_archives import Members, edit_lines, refused, rewritten

TAGS = "tables/pages.tag.jsonl"


def add_rows(members: Members, member: str, lines: bytes, count: int, *, declared: int | None = None) -> None:
    """Append `lines` (`count` rows) to a table; the manifest declares `declared` more rows (all by default)."""
    members[member] += lines
    manifest = json.loads(members["manifest.json"])
    for table in manifest["tables"]:
        if table["member"] == member:
            table["rows"] += count if declared is None else declared
    members["manifest.json"] = json.dumps(manifest).encode()


def imported(path: Path) -> str:
    out = io.StringIO()
    call_command("import_site", str(path), stdout=out)
    return out.getvalue()


def test_more_lines_than_the_manifest_declares_are_refused_at_the_first_one_too_many(site: Any) -> None:
    # Half a million rows (in a real zip they deflate to a few KB), the manifest declaring one more.
    # The id is past every stored tag's (on PostgreSQL, sequences run on across tests), so the first
    # added row is in order and the second is the one too many.
    flood = b'{"id": 536870912, "name": "x", "key": "x"}\n' * 500_000
    path = rewritten(site, lambda m: add_rows(m, TAGS, flood, 0, declared=1))

    started = time.monotonic()
    refused(site, path, r"tables/pages\.tag\.jsonl holds more than the \d+ rows the manifest says")
    # Refused after one line too many, not after reading (and checking) them all.
    assert time.monotonic() - started < 3


def test_a_table_declaring_more_rows_than_an_import_takes_is_refused_unread(site: Any, settings: Any) -> None:
    settings.CMS_IMPORT_MAX_TABLE_ROWS = 1_000
    flood = b"{}\n" * 1_001
    refused(
        site,
        rewritten(site, lambda m: add_rows(m, TAGS, flood, 1_001)),
        r"table 'pages\.tag' declares \d+ rows, more than the 1000 an import takes \(CMS_IMPORT_MAX_TABLE_ROWS\)",
    )


def test_an_archive_declaring_more_rows_in_all_than_an_import_takes_is_refused(site: Any, settings: Any) -> None:
    settings.CMS_IMPORT_MAX_ROWS = 10  # the site has more than ten rows
    refused(site, rewritten(site, lambda m: None), r"declares \d+ rows, more than the 10 an import takes")


def test_a_line_longer_than_the_bound_is_refused_as_it_grows(site: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr(archive, "LINE_MAX_BYTES", 10_000)
    long_name = b'{"id": 9, "name": "' + b"x" * 50_000 + b'", "key": "x"}\n'
    refused(
        site, rewritten(site, lambda m: add_rows(m, TAGS, long_name, 1)), r"a line of .* is longer than 10000 bytes"
    )


@pytest.mark.parametrize("tag_id", [2**63 - 1, 2**31 - 1, ID_MAX + 1, 0, -5, "7", 1.5])
def test_an_id_out_of_range_is_refused(site: Any, tag_id: Any) -> None:
    line = json.dumps({"id": tag_id, "name": "Far away", "key": "far away"}).encode() + b"\n"
    path = rewritten(site, lambda m: add_rows(m, TAGS, line, 1))
    refused(site, path, r"tables/pages\.tag\.jsonl: id .* out of range")


def test_a_count_near_its_columns_limit_is_refused(site: Any) -> None:
    def worn(members: Members) -> None:
        edit_lines(members, "tables/pages.page.jsonl", lambda row: row.update(lock_version=2**31 - 1))

    refused(site, rewritten(site, worn), r"tables/pages\.page\.jsonl: lock_version 2147483647 is out of range")


@pytest.mark.parametrize(("column", "value"), [("status", 40_000), ("position", -1)])
def test_a_number_its_column_cannot_hold_is_refused_before_anything_is_written(
    site: Any, column: str, value: int
) -> None:
    def wrong(members: Members) -> None:
        edit_lines(members, "tables/pages.page.jsonl", lambda row: row.update({column: value}))

    refused(site, rewritten(site, wrong), rf"tables/pages\.page\.jsonl: {column} {value} is out of range")


@pytest.mark.parametrize(
    "name",
    [
        "../outside.txt",  # outside the storage
        "/etc/passwd",
        "images/2020/01/someone-elses.jpg",  # in the storage, perhaps, but not the archive's
    ],
)
def test_a_row_naming_a_file_the_file_list_does_not_hold_is_refused(site: Any, name: str) -> None:
    def elsewhere(members: Members) -> None:
        edit_lines(members, "tables/media.image.jsonl", lambda row: row.update(file=name))

    refused(site, rewritten(site, elsewhere), r"media\.image\.jsonl: names the file .* file list does not hold")


@pytest.mark.parametrize(
    "flood",
    [b"{}\n", b'{"name": "x"}\n', b'{"id": 1, "name": "x", "key": "x"}\n'],
    ids=["empty", "without an id", "an id again"],
)
def test_a_flood_of_the_same_line_is_refused_at_its_first_line(site: Any, flood: bytes) -> None:
    lines = flood * 100_000  # all declared: only the rows themselves can tell
    started = time.monotonic()
    refused(
        site,
        rewritten(site, lambda m: add_rows(m, TAGS, lines, 100_000)),
        r"tables/pages\.tag\.jsonl: (a row without its id|id 1 is not after)",
    )
    assert time.monotonic() - started < 3


def test_a_file_list_naming_a_name_twice_is_refused(site: Any) -> None:
    def twice(members: Members) -> None:
        first = members["files.jsonl"].splitlines()[0]
        members["files.jsonl"] += first + b"\n"

    refused(site, rewritten(site, twice), "files.jsonl")


def test_the_tables_take_new_rows_after_the_import_beyond_its_largest_ids(site: Any) -> None:
    line = json.dumps({"id": 1_000_000, "name": "Far", "key": "far"}).encode() + b"\n"
    path = rewritten(site, lambda m: add_rows(m, TAGS, line, 1))
    site.emptied()

    imported(path)

    assert Tag.objects.filter(pk=1_000_000).exists()
    assert Tag.objects.create(name="After the import").pk > 1_000_000  # the sequence was moved past it


def test_a_file_the_exported_site_had_lost_is_listed_missing_and_the_archive_imports(site: Any) -> None:
    lost = site.media_files()[0]
    lost_name = lost.relative_to(site.media).as_posix()
    lost.unlink()
    call_command("export_site", str(site.archive), verbosity=0, stderr=io.StringIO())
    site.emptied()

    report = imported(site.archive)

    assert "1 file names rows give were missing from the exported site already" in report
    assert not (site.media / lost_name).exists()  # nothing stored under it
