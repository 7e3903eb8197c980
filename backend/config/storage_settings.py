"""Where uploaded files live: the file system (MEDIA_ROOT) unless CMS_S3_BUCKET names a bucket of
an S3-compatible object store (AWS S3, SeaweedFS, MinIO, Ceph, R2 …), read from the environment.

Files are always served by the app (cms.media.storage.views) under MEDIA_URL, whatever the storage: that
keeps the safe headers, byte ranges, validators and the signed rendition addresses one code path.
"""

from collections.abc import Mapping
from typing import Any

FILE_SYSTEM = {"BACKEND": "django.core.files.storage.FileSystemStorage"}
OBJECT_STORE = "cms.media.storage.object_storage.MediaObjectStorage"
ADDRESSING_STYLES = ("auto", "path", "virtual")
# Parts of a multipart upload: what one upload holds in memory is about part size times parts in
# flight (s3transfer), whatever the file's size.
PART_BYTES = 8 * 1024 * 1024
PARTS_IN_FLIGHT = 2


def object_storage_settings(env: Mapping[str, str]) -> dict[str, Any]:
    """Return the STORAGES "default" entry the environment asks for."""
    bucket = env.get("CMS_S3_BUCKET", "").strip()
    if not bucket:
        return FILE_SYSTEM
    from boto3.s3.transfer import TransferConfig
    from botocore.config import Config
    from django.core.exceptions import ImproperlyConfigured

    style = env.get("CMS_S3_ADDRESSING_STYLE", "auto").strip() or "auto"
    if style not in ADDRESSING_STYLES:
        raise ImproperlyConfigured(f"CMS_S3_ADDRESSING_STYLE must be one of {', '.join(ADDRESSING_STYLES)}")
    timeout = float(env.get("CMS_S3_TIMEOUT_SECONDS", "20"))
    attempts = int(env.get("CMS_S3_MAX_ATTEMPTS", "3"))
    transfer = TransferConfig(
        multipart_threshold=PART_BYTES,
        multipart_chunksize=PART_BYTES,
        max_concurrency=PARTS_IN_FLIGHT,
        max_io_queue=PARTS_IN_FLIGHT,
    )
    transfer.max_in_memory_upload_chunks = PARTS_IN_FLIGHT  # s3transfer's default (10) would hold 80 MB
    options: dict[str, Any] = {
        "bucket_name": bucket,
        "endpoint_url": env.get("CMS_S3_ENDPOINT_URL") or None,
        # Unset: boto3's own chain (AWS_ACCESS_KEY_ID …, a profile, an instance role).
        "access_key": env.get("CMS_S3_ACCESS_KEY_ID") or None,
        "secret_key": env.get("CMS_S3_SECRET_ACCESS_KEY") or None,
        "region_name": env.get("CMS_S3_REGION") or None,
        "location": env.get("CMS_S3_PREFIX", "").strip("/"),
        "addressing_style": None if style == "auto" else style,
        "signature_version": "s3v4",
        # Django's semantics: a name in use gets another (names are random anyway, cms.media.names).
        "file_overwrite": False,
        "default_acl": None,  # the bucket stays private: the app serves every file
        "querystring_auth": True,
        "client_config": Config(
            connect_timeout=min(timeout, 5.0),
            read_timeout=timeout,
            retries={"mode": "standard", "max_attempts": attempts},
            s3={"addressing_style": None if style == "auto" else style},
        ),
        "transfer_config": transfer,
    }
    return {"BACKEND": OBJECT_STORE, "OPTIONS": options}
