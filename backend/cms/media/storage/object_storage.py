"""Uploaded files in an S3-compatible object store (django-storages' S3 backend, configured by
config/storage_settings.py), adapted to how this app reads and serves them.

- Reading streams: an opened object is one HEAD (its size and date), then ranged GETs read as the
  reader goes; django-storages' own S3File would first copy the whole object into memory.
- Addresses stay the app's own (MEDIA_URL + name): the app serves every file (cms.media.storage.views),
  with its safe headers, never a signed address of the bucket.
- A store that can't be reached (refused, timed out, 5xx, a failed multipart upload) raises
  ObjectStoreUnavailable, an OSError: callers that clean up after a failure suppress OSError
  already, and the HTTP layer answers 503.
- Uploads go by s3transfer's multipart upload from the spooled temporary file, a few parts in
  memory at a time (config.storage_settings.PART_BYTES).
"""

import contextlib
import errno
import io
from collections.abc import Iterator
from datetime import datetime
from typing import IO, Any, cast
from urllib.parse import urljoin

from botocore.exceptions import BotoCoreError, ClientError
from django.conf import settings
from django.core.files.base import ContentFile, File
from django.utils.encoding import filepath_to_uri
from storages.backends.s3 import S3Storage
from storages.utils import clean_name

from cms.media.storage.errors import ObjectStoreUnavailable

# Reading forward by at most this much is cheaper as a read than as a new ranged GET.
SKIP_BY_READING = 256 * 1024
# The first bytes of an object, kept once read: an image decoder asks for them again and again
# (each format's loader checks the header, then rewinds), which would each be a new GET.
HEAD_BYTES = 64 * 1024
READ_BUFFER_BYTES = 256 * 1024


def _missing(error: ClientError) -> bool:
    status = error.response.get("ResponseMetadata", {}).get("HTTPStatusCode")
    code = str(error.response.get("Error", {}).get("Code", ""))
    return status == 404 or code in ("404", "NoSuchKey", "NotFound")


@contextlib.contextmanager
def store_calls(name: str) -> Iterator[None]:
    """Turn the store's failures into FileNotFoundError (missing) or ObjectStoreUnavailable."""
    try:
        yield
    except ClientError as error:
        if _missing(error):
            raise FileNotFoundError(errno.ENOENT, "No such object", name) from error
        raise ObjectStoreUnavailable(str(error)) from error
    except BotoCoreError as error:
        raise ObjectStoreUnavailable(str(error)) from error
    except Exception as error:  # boto3's S3UploadFailedError and the like: a write that did not happen
        if type(error).__module__.startswith(("boto3", "s3transfer")):
            raise ObjectStoreUnavailable(str(error)) from error
        raise


class ObjectReader(io.RawIOBase):
    """An object's bytes as a seekable raw stream: ranged GETs, opened from the read position."""

    def __init__(self, storage: "MediaObjectStorage", key: str) -> None:
        super().__init__()
        self._storage, self._key = storage, key
        with store_calls(key):
            head = storage.connection.meta.client.head_object(Bucket=storage.bucket_name, Key=key)
        self.size = int(head["ContentLength"])
        self.last_modified: datetime = head["LastModified"]
        self._position = 0
        self._body: Any = None
        self._head: bytes | None = None

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._position

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self._position, io.SEEK_END: self.size}[whence]
        target = max(0, base + offset)
        if target != self._position:
            if self._body is not None and 0 < target - self._position <= SKIP_BY_READING:
                self.read(target - self._position)  # a short skip forward: keep the open GET
            else:
                self._drop_body()
        self._position = target
        return target

    def readinto(self, buffer: Any) -> int:
        if self.closed:
            raise ValueError("I/O operation on closed file.")
        wanted = min(len(buffer), self.size - self._position)
        if wanted <= 0:
            return 0
        if self._position < HEAD_BYTES and self._body is None:
            if self._head is None:
                with store_calls(self._key):
                    answer = self._storage.connection.meta.client.get_object(
                        Bucket=self._storage.bucket_name, Key=self._key, Range=f"bytes=0-{HEAD_BYTES - 1}"
                    )
                    self._head = answer["Body"].read()
            head = self._head[self._position : self._position + wanted]
            buffer[: len(head)] = head
            self._position += len(head)
            return len(head)
        if self._body is None:
            with store_calls(self._key):
                answer = self._storage.connection.meta.client.get_object(
                    Bucket=self._storage.bucket_name, Key=self._key, Range=f"bytes={self._position}-"
                )
            self._body = answer["Body"]
        with store_calls(self._key):
            data: bytes = self._body.read(wanted)
        buffer[: len(data)] = data
        self._position += len(data)
        return len(data)

    def _drop_body(self) -> None:
        if self._body is not None:
            with contextlib.suppress(Exception):
                self._body.close()
            self._body = None

    def close(self) -> None:
        self._drop_body()
        super().close()


class StreamedObject(File):
    """An object opened for reading: size and date from one HEAD, bytes read as they are asked for."""

    def __init__(self, reader: ObjectReader, name: str) -> None:
        # Buffered: a decoder's many small reads become few reads of the open GET.
        super().__init__(cast(IO[bytes], io.BufferedReader(reader, READ_BUFFER_BYTES)), name)
        self.reader = reader
        self.size = reader.size
        self.last_modified = reader.last_modified

    def open(self, mode: str | None = None, *args: Any, **kwargs: Any) -> "StreamedObject":
        if self.reader.closed:
            raise ValueError("The object is closed: open it again through the storage.")
        self.seek(0)
        return self


class MediaObjectStorage(S3Storage):
    """django-storages' S3 storage, streaming reads, with the app's own addresses and errors."""

    def _open(self, name: str, mode: str = "rb") -> File:
        if "w" in mode or "a" in mode or "+" in mode:
            with store_calls(name):
                return super()._open(name, mode)
        return StreamedObject(ObjectReader(self, self._normalize_name(clean_name(name))), clean_name(name))

    def _save(self, name: str, content: Any) -> str:
        with store_calls(name):
            return super()._save(name, content)

    def put(self, name: str, data: bytes) -> None:
        """Write `data` under exactly `name`, replacing what is there: S3 replaces an object whole,
        so a reader sees the old bytes or the new, never a half-written file."""
        with store_calls(name):
            super()._save(name, ContentFile(data))

    def delete(self, name: str) -> None:
        with store_calls(name):
            super().delete(name)

    def exists(self, name: str) -> bool:
        with store_calls(name):
            return super().exists(name)

    def listdir(self, name: str) -> tuple[list[str], list[str]]:
        with store_calls(name):
            return super().listdir(name)

    def size(self, name: str) -> int:
        with store_calls(name):
            return super().size(name)

    def get_modified_time(self, name: str) -> datetime:
        with store_calls(name):
            return super().get_modified_time(name)

    def url(self, name: str | None, parameters: Any = None, expire: Any = None, http_method: Any = None) -> str:
        """The app's own address of the file (cms.media.storage.views serves it), as FileSystemStorage gives."""
        url = filepath_to_uri(name or "").lstrip("/")
        return urljoin(str(settings.MEDIA_URL), url)

    def ping(self) -> None:
        """Raise ObjectStoreUnavailable unless the bucket answers (a health check's probe)."""
        with store_calls(""):
            self.connection.meta.client.head_bucket(Bucket=self.bucket_name)
