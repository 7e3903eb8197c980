"""import_site on damaged and hostile archives: refused with a message, nothing stored, nothing
written outside the storage. Each archive is the good one with one thing changed, the manifest's
digests made to agree where the test aims past them."""

import hashlib
import io
import json
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from cms.pages.models import Page
from cms.portability.tests.dump import site_dump

Members = dict[str, bytes]


def rewritten(site: Any, change: Callable[[Members], None], *, fix_digests: bool = True) -> Path:
    """The site's archive with `change` applied to its members (name -> bytes)."""
    with zipfile.ZipFile(site.archive) as source:
        members = {name: source.read(name) for name in source.namelist()}
    change(members)
    if fix_digests and "manifest.json" in members:
        manifest = json.loads(members["manifest.json"])
        for table in manifest["tables"]:
            if table["member"] in members:
                table["sha256"] = hashlib.sha256(members[table["member"]]).hexdigest()
        manifest["files"]["sha256"] = hashlib.sha256(members.get("files.jsonl", b"")).hexdigest()
        members["manifest.json"] = json.dumps(manifest).encode()
    path = site.archive.with_name("changed.zip")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for name, data in members.items():
            target.writestr(zipfile.ZipInfo(name), data)  # the name as given: no normalising
    return path


def refused(site: Any, path: Path, message: str) -> None:
    """Importing `path` into the emptied site fails with `message`; nothing is stored anywhere."""
    site.emptied()
    before = site_dump()
    with pytest.raises(CommandError, match=message):
        call_command("import_site", str(path), stdout=io.StringIO())
    assert site_dump() == before
    assert site.media_files() == []
    assert not (site.media.parent / "outside.txt").exists()


def first_media(members: Members) -> str:
    return next(name for name in members if name.startswith("media/"))


def edit_lines(members: Members, name: str, edit: Callable[[dict[str, Any]], None]) -> None:
    rows = [json.loads(line) for line in members[name].splitlines()]
    edit(rows[0])
    members[name] = b"".join(json.dumps(row).encode() + b"\n" for row in rows)


def test_a_member_named_to_climb_out_is_refused(site: Any) -> None:
    path = rewritten(site, lambda m: m.update({"../outside.txt": b"x"}))
    refused(site, path, r"unexpected member '\.\./outside\.txt'")


def test_an_absolute_member_name_is_refused(site: Any) -> None:
    refused(site, rewritten(site, lambda m: m.update({"/etc/cron.d/x": b"x"})), "unexpected member '/etc/cron.d/x'")


def test_a_file_list_naming_a_place_outside_the_storage_is_refused(site: Any) -> None:
    def climb(members: Members) -> None:
        edit_lines(members, "files.jsonl", lambda row: row.update(name="../outside.txt"))

    refused(site, rewritten(site, climb), "files.jsonl: a bad entry")


def test_a_file_whose_bytes_do_not_match_their_digest_is_refused(site: Any) -> None:
    def tamper(members: Members) -> None:
        name = first_media(members)
        members[name] = b"\x00" * len(members[name])  # the same size, other bytes

    refused(site, rewritten(site, tamper), "does not match its SHA-256")


def test_a_changed_row_is_refused_by_its_tables_digest(site: Any) -> None:
    def tamper(members: Members) -> None:
        edit_lines(members, "tables/auth.user.jsonl", lambda row: row.update(first_name="Mallory"))

    path = rewritten(site, tamper, fix_digests=False)
    refused(site, path, r"tables/auth\.user\.jsonl' does not match its SHA-256")


def test_a_member_larger_than_any_upload_is_refused(site: Any, settings: Any) -> None:
    settings.CMS_IMAGE_MAX_UPLOAD_BYTES = settings.CMS_ATTACHMENT_MAX_UPLOAD_BYTES = 10_000

    def bomb(members: Members) -> None:
        zeros = b"\x00" * 5_000_000  # deflates to ~5 KB
        digest = hashlib.sha256(zeros).hexdigest()
        members[f"media/{digest}"] = zeros
        edit_lines(members, "files.jsonl", lambda row: row.update(sha256=digest, size=len(zeros)))

    refused(site, rewritten(site, bomb), "a bad entry|more than the 10000")


def test_a_huge_member_is_refused_whatever_the_file_list_says(site: Any, settings: Any) -> None:
    settings.CMS_IMAGE_MAX_UPLOAD_BYTES = settings.CMS_ATTACHMENT_MAX_UPLOAD_BYTES = 10_000
    zeros = b"\x00" * 5_000_000
    path = rewritten(site, lambda m: m.update({f"media/{hashlib.sha256(zeros).hexdigest()}": zeros}))
    refused(site, path, "5000000 bytes, more than the 10000 allowed")


def test_another_format_version_is_refused(site: Any) -> None:
    def newer(members: Members) -> None:
        manifest = json.loads(members["manifest.json"])
        members["manifest.json"] = json.dumps({**manifest, "version": 99}).encode()

    refused(site, rewritten(site, newer, fix_digests=False), "format version 99; this version of the site imports 1")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not a zip at all", "not a readable zip file"),
        (b"PK\x05\x06" + b"\x00" * 18, "no manifest.json"),  # an empty zip
    ],
)
def test_what_is_not_an_archive_is_refused(site: Any, content: bytes, message: str) -> None:
    path = site.archive.with_name("junk.zip")
    path.write_bytes(content)
    refused(site, path, message)


def test_a_truncated_archive_is_refused(site: Any) -> None:
    path = site.archive.with_name("cut.zip")
    path.write_bytes(site.archive.read_bytes()[: site.archive.stat().st_size // 2])
    refused(site, path, "not a readable zip file|damaged")


def test_a_member_named_twice_is_refused(site: Any) -> None:
    path = site.archive.with_name("twice.zip")
    path.write_bytes(site.archive.read_bytes())
    with zipfile.ZipFile(path, "a") as zip_file, pytest.warns(UserWarning, match="Duplicate name"):
        zip_file.writestr("files.jsonl", b"")
    refused(site, path, "holds 'files.jsonl' twice")


def test_a_row_with_a_column_the_site_lacks_is_refused_and_rolled_back(site: Any) -> None:
    def extra(members: Members) -> None:
        edit_lines(members, "tables/pages.page.jsonl", lambda row: row.update(secret_column=1))

    refused(site, rewritten(site, extra), "columns this site lacks: secret_column")


def test_a_value_the_column_cannot_hold_is_refused_and_rolled_back(site: Any) -> None:
    def wrong(members: Members) -> None:
        edit_lines(members, "tables/pages.page.jsonl", lambda row: row.update(published_at="yesterday"))

    refused(site, rewritten(site, wrong), "a value this site cannot store")


def test_rows_that_break_the_databases_rules_are_rolled_back(site: Any) -> None:
    def duplicate(members: Members) -> None:
        # A second text of a page in the same locale, under an id of its own (the check of the
        # rows passes it: only the database's unique constraint knows).
        name = "tables/pages.pagelocalization.jsonl"
        rows = [json.loads(line) for line in members[name].splitlines()]
        members[name] += json.dumps({**rows[0], "id": max(row["id"] for row in rows) + 1}).encode() + b"\n"
        manifest = json.loads(members["manifest.json"])
        for table in manifest["tables"]:
            if table["member"] == name:
                table["rows"] += 1
        members["manifest.json"] = json.dumps(manifest).encode()

    refused(site, rewritten(site, duplicate), "Not imported, nothing kept: IntegrityError")
    assert Page.objects.count() == 0


def test_deeply_nested_json_is_refused(site: Any) -> None:
    def deep(members: Members) -> None:
        members["tables/pages.tag.jsonl"] += b"[" * 200_000 + b"]" * 200_000 + b"\n"

    refused(site, rewritten(site, deep), "is not JSON|rows, the manifest says")
