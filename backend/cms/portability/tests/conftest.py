"""A site with some of everything, its files in a folder of the test's own, and its archive."""

import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from cms.portability.importing import _delete_present_site
from cms.portability.tests.dump import site_dump
from cms.portability.tests.site import add_media_and_more


@dataclass
class Site:
    media: Path
    archive: Path
    dump: dict[str, Any]
    ids: dict[str, Any]

    def media_files(self) -> list[Path]:
        return sorted(p for p in self.media.rglob("*") if p.is_file())

    def emptied(self) -> None:
        """Delete every row and file of the site: an empty database and storage to import into."""
        _delete_present_site()
        shutil.rmtree(self.media)
        self.media.mkdir()


@pytest.fixture
def media(settings: Any, tmp_path: Path) -> Path:
    folder = tmp_path / "media"
    folder.mkdir()
    settings.MEDIA_ROOT = folder
    settings.FILE_UPLOAD_TEMP_DIR = tmp_path
    return folder


@pytest.fixture
def site(db: Any, media: Path, tmp_path: Path) -> Site:
    """The site (cms.portability.tests.site), exported to site.zip."""
    ids = add_media_and_more()
    archive = tmp_path / "site.zip"
    call_command("export_site", str(archive), verbosity=0)
    return Site(media=media, archive=archive, dump=site_dump(), ids=ids)
