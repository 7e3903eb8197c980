"""Each media test stores files in its own folders: MEDIA_ROOT and the upload temp folder."""

from dataclasses import dataclass
from pathlib import Path

import pytest

from cms.media.models import Attachment, Image


@dataclass(frozen=True)
class Storage:
    media: Path
    temp: Path

    def files(self) -> list[Path]:
        return sorted(path for path in self.media.rglob("*") if path.is_file())

    def originals(self) -> list[Path]:
        """The stored uploads, without the renditions made of them."""
        return [path for path in self.files() if path.is_relative_to(self.media / "images")]

    def attachments(self) -> list[Path]:
        return [path for path in self.files() if path.is_relative_to(self.media / "attachments")]

    def assert_nothing_stored(self) -> None:
        """No image or attachment row, no file in MEDIA_ROOT, no temporary upload file left behind."""
        assert Image.objects.count() == 0
        assert Attachment.objects.count() == 0
        assert self.files() == []
        assert list(self.temp.iterdir()) == []


@pytest.fixture(autouse=True)
def storage(settings, tmp_path) -> Storage:
    media, temp = tmp_path / "media", tmp_path / "uploads"
    media.mkdir()
    temp.mkdir()
    settings.MEDIA_ROOT = media
    settings.FILE_UPLOAD_TEMP_DIR = temp
    return Storage(media=media, temp=temp)
