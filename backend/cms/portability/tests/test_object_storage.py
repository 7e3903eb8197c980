"""export_site and import_site with S3-compatible object storage (SeaweedFS on 127.0.0.1,
cms.media.tests.object_store): a site whose files are on disk is imported into a bucket, and
exported from it again, every file the same by its SHA-256. Only Django's storage API is used."""

import io
import json
import zipfile
from typing import Any

import pytest
from django.core.management import call_command

from cms.portability.tests.compare import differences
from cms.portability.tests.dump import site_dump


def file_digests(archive: Any) -> dict[str, str]:
    with zipfile.ZipFile(archive) as zip_file:
        return {row["name"]: row["sha256"] for row in map(json.loads, zip_file.read("files.jsonl").splitlines())}


@pytest.mark.django_db
def test_a_site_moves_from_the_file_system_into_a_bucket_and_back_out(
    site: Any,
    object_store: Any,
    settings: Any,
) -> None:
    site.emptied()
    bucket = object_store.new_bucket()
    settings.STORAGES = {**settings.STORAGES, "default": object_store.settings(bucket)}

    call_command("import_site", str(site.archive), stdout=io.StringIO())

    assert differences(site.dump, site_dump()) == []  # the dump hashes each file as read from the bucket
    assert sorted(object_store.keys(bucket)) == sorted(file_digests(site.archive))
    again = site.archive.with_name("from-the-bucket.zip")
    call_command("export_site", str(again), stdout=io.StringIO())
    assert file_digests(again) == file_digests(site.archive)
