"""The image figures with object storage (issue 21): the same measures as bench/images.py, with
uploads, originals and renditions in an S3-compatible store, SeaweedFS on 127.0.0.1 started for
the figure as the tests start it (cms.media.tests.object_store), stopped after it.

`rendition_fill_800x600_ms[s3]` reads the original by ranged GETs and stores the rendition with
one PUT; `image_upload_ms[s3]` sends the temporary upload file and its thumbnail to the store.
"""

import contextlib
from collections.abc import Callable, Iterator

from measuring import progress


@contextlib.contextmanager
def object_storage() -> Iterator[None]:
    """Django's default storage in a fresh SeaweedFS bucket for the block."""
    import time

    from django.conf import settings
    from django.test import override_settings

    from cms.media.tests.object_store import seaweedfs

    started = time.monotonic()
    with seaweedfs() as store:
        progress(f"SeaweedFS started in {time.monotonic() - started:.1f} s at {store.endpoint_url}")
        with override_settings(STORAGES={**settings.STORAGES, "default": store.settings()}):
            yield


def with_object_storage(figure: Callable[[], tuple[float, str]]) -> Callable[[], tuple[float, str]]:
    def measured() -> tuple[float, str]:
        with object_storage():
            return figure()

    return measured
