"""The link index after an import (issue 33): carried like every table, or built from the pages
when the archive was made before it."""

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from cms.pages.models import PageLink
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create
from cms.portability.importing import _delete_present_site

pytestmark = pytest.mark.django_db


def rows() -> list[tuple[Any, ...]]:
    return sorted(PageLink.objects.values_list("source_id", "locale", "block", "url", "target_id", "permalink"))


@pytest.fixture
def linked_archive(media: Path, tmp_path: Path) -> Path:
    admin = get_user_model().objects.create_user(
        "archivist", "a@example.com", "archive-pass-1", is_superuser=True, is_staff=True
    )

    def create(**fields: Any) -> Any:
        return page_create(actor=admin, locale="en", changes=PageChanges.from_payload(fields))

    target = create(name="Target", path_segment="target")
    create(name="Linker", body=f"[a](/en/target) [b](/en/pages/{target.pk}) [c](/en/nowhere)")
    archive = tmp_path / "site.zip"
    call_command("export_site", str(archive), verbosity=0)
    return archive


def test_an_imported_site_has_the_links_it_was_exported_with(linked_archive: Path) -> None:
    before = rows()
    assert len(before) == 3
    _delete_present_site()
    call_command("import_site", str(linked_archive), verbosity=0)
    assert rows() == before


def test_an_archive_made_before_the_link_index_gets_it_built(linked_archive: Path, tmp_path: Path) -> None:
    before = rows()
    older = tmp_path / "older.zip"
    with zipfile.ZipFile(linked_archive) as source, zipfile.ZipFile(older, "w") as copy:
        for item in source.infolist():
            if item.filename == "tables/pages.pagelink.jsonl":
                continue
            data = source.read(item.filename)
            if item.filename == "manifest.json":
                manifest = json.loads(data)
                manifest["tables"] = [t for t in manifest["tables"] if t["model"] != "pages.pagelink"]
                data = json.dumps(manifest).encode()
            copy.writestr(item, data)
    _delete_present_site()
    call_command("import_site", str(older), verbosity=0)
    assert rows() == before
