"""export_site and import_site in this process, on the test database (SQLite or PostgreSQL)."""

import io
import json
import zipfile
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from cms.pages.models import Page, PageRedirect, PageRevision, WorkingCopy
from cms.portability import archive
from cms.portability.tables import LEFT_OUT, SITE_APPS, carried_fields, carried_models
from cms.portability.tests.compare import differences
from cms.portability.tests.dump import site_dump


def run(*args: str) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_a_site_exported_and_imported_into_an_empty_database_is_the_same(site: Any) -> None:
    assert PageRevision.objects.exists() and PageRedirect.objects.exists() and WorkingCopy.objects.exists()
    site.emptied()
    assert Page.objects.count() == 0 and site.media_files() == []

    output = run("import_site", str(site.archive))

    assert differences(site.dump, site_dump()) == []
    assert "Imported" in output and "changepassword" in output
    # Ids continue after the imported ones (PostgreSQL's sequences were moved).
    assert Page.objects.create(template="page").pk > max(row["id"] for row in site.dump["pages.page"])


def test_the_archive_holds_every_field_of_every_table_and_each_content_once(site: Any) -> None:
    with zipfile.ZipFile(site.archive) as zip_file:
        manifest = json.loads(zip_file.read("manifest.json"))
        assert (manifest["format"], manifest["version"]) == (archive.FORMAT, archive.VERSION)
        for model in carried_models():
            lines = zip_file.read(f"tables/{model._meta.label_lower}.jsonl").splitlines()
            assert len(lines) == model._base_manager.count()
            if lines:
                assert set(json.loads(lines[0])) == {f.attname for f in carried_fields(model)}
        files = [json.loads(line) for line in zip_file.read("files.jsonl").splitlines()]
        media = [name for name in zip_file.namelist() if name.startswith("media/")]
    assert len(files) == 4  # two images, two attachments
    assert len(media) == 3  # the two attachments hold the same bytes: stored once
    assert set(LEFT_OUT) <= set(manifest["left_out"])


def test_every_table_of_the_site_apps_is_carried_or_left_out_with_a_reason() -> None:
    from django.apps import apps

    carried = {model._meta.label_lower for model in carried_models()}
    for app_label in SITE_APPS:
        for model in apps.get_app_config(app_label).get_models(include_auto_created=True):
            assert model._meta.label_lower in carried | set(LEFT_OUT), model


def test_no_password_leaves_the_site_and_imported_users_cannot_log_in_until_given_one(site: Any) -> None:
    user_model = get_user_model()
    hashes = list(user_model.objects.values_list("password", flat=True))
    with zipfile.ZipFile(site.archive) as zip_file:
        users = [json.loads(line) for line in zip_file.read("tables/auth.user.jsonl").splitlines()]
        everything = b"".join(zip_file.read(name) for name in zip_file.namelist())
    assert users and all("password" not in user for user in users)
    assert all(h.encode() not in everything for h in hashes if h)
    site.emptied()
    run("import_site", str(site.archive))
    nora = user_model.objects.get(username="nora")
    assert (nora.first_name, nora.email, nora.is_active, nora.preferences.interface_language) == (
        "Nora", "nora@example.com", True, "nb",
    )  # fmt: skip
    assert not any(user.has_usable_password() for user in user_model.objects.all())


def test_a_database_with_a_site_is_refused_and_left_as_it_was(site: Any) -> None:
    with pytest.raises(CommandError, match=r"Refused: the database holds .* --replace"):
        run("import_site", str(site.archive))
    assert site_dump() == site.dump


def test_a_storage_holding_the_archives_files_is_refused(site: Any) -> None:
    _delete_rows_only()
    with pytest.raises(CommandError, match="storage already holds 4 of the archive's files"):
        run("import_site", str(site.archive))
    assert Page.objects.count() == 0


def test_replace_deletes_the_present_site_and_imports(site: Any, make_page: Any) -> None:
    make_page("Made after the export")
    Page.objects.filter(pk=site.ids["page_id"]).update(template="landing")
    output = run("import_site", "--replace", str(site.archive))
    assert "Replaced" in output
    assert differences(site.dump, site_dump()) == []


def test_a_dry_run_says_what_it_would_do_and_changes_nothing(site: Any) -> None:
    site.emptied()
    before = site_dump()

    output = run("import_site", "--dry-run", str(site.archive))

    assert site_dump() == before and site.media_files() == []
    assert "Dry run: nothing was changed." in output
    assert f"pages.page: {len(site.dump['pages.page'])}" in output
    assert f"pages.pagerevision: {len(site.dump['pages.pagerevision'])}" in output
    assert "files: 4 (3 distinct contents" in output


def test_a_dry_run_on_a_site_says_it_would_be_refused(site: Any) -> None:
    out = io.StringIO()
    with pytest.raises(CommandError, match=r"Refused \(dry run\): the database holds .* --replace"):
        call_command("import_site", "--dry-run", str(site.archive), stdout=out)
    assert "Would replace" in out.getvalue()
    assert site_dump() == site.dump


def test_a_failure_after_the_files_were_stored_keeps_neither_rows_nor_files(site: Any, monkeypatch: Any) -> None:
    from cms.portability import importing

    site.emptied()

    def fail(_models: Any) -> None:
        raise OSError("disk gone")

    monkeypatch.setattr(importing, "_reset_sequences", fail)
    with pytest.raises(CommandError, match="disk gone"):
        run("import_site", str(site.archive))
    assert Page.objects.count() == 0 and get_user_model().objects.count() == 0
    assert site.media_files() == []


def test_export_reads_every_page_through_a_chunked_iterator(site: Any, monkeypatch: Any) -> None:
    """Rows come in chunks from the database, never as one list (memory stays flat)."""
    from django.db.models.query import QuerySet

    chunk_sizes = []
    original = QuerySet.iterator

    def iterator(self: QuerySet, chunk_size: int | None = None) -> Any:
        chunk_sizes.append(chunk_size)
        return original(self, chunk_size=chunk_size)

    monkeypatch.setattr(QuerySet, "iterator", iterator)
    run("export_site", str(site.archive))
    assert len(chunk_sizes) >= len(carried_models()) and set(chunk_sizes) == {2_000}


def _delete_rows_only() -> None:
    from cms.portability.importing import _delete_present_site

    _delete_present_site()
