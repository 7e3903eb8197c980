"""Writing an upload's files to storage so that a failed write leaves none of them behind.

A write may fail half way (a full disk, a lost connection to object storage): the storage has
then written part of a file under a name nobody records. So every name is noted before a byte
is written under it, and a failure anywhere in the block (the writes, the database, the audit
entry) deletes every noted file. A full disk or quota becomes StorageFull (answered 507), an
object store that fails StorageUnavailable (503). An object store writes an object whole or not
at all (a failed multipart upload is aborted, and never becomes an object), so a write that
failed there left nothing; the names written before it are deleted as on a disk.
"""

import contextlib
from collections.abc import Callable, Iterator

from django.core.files.uploadedfile import UploadedFile
from django.db.models.fields.files import FieldFile

from cms.core.exceptions import StorageFull, StorageUnavailable
from cms.core.uploads import NO_ROOM, is_storage_full
from cms.media.storage.errors import STORE_AWAY, store_unavailable


class Written:
    """The names one write stores, noted before anything is written under them."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def save(self, field_file: FieldFile, filename: str, content: UploadedFile) -> None:
        """Store `content` as a record's file (not saving the record), as FieldFile.save does,
        under a server-made name noted first (cms.media.names: a fresh random name, which no
        other file has)."""
        field, storage = field_file.field, field_file.storage
        name = field.generate_filename(field_file.instance, filename)
        while storage.exists(name):  # never note (and so never delete) another file's name
            name = field.generate_filename(field_file.instance, filename)
        self.names.append(name)
        field_file.name = storage.save(name, content, max_length=field.max_length)
        setattr(field_file.instance, field.attname, field_file.name)
        field_file._committed = True  # type: ignore[attr-defined]  # as FieldFile.save marks it stored
        if field_file.name != name:
            self.names.append(field_file.name)

    def note(self, name: str) -> str:
        """Note a name the caller is about to write under itself (a rendition)."""
        self.names.append(name)
        return name


@contextlib.contextmanager
def removed_on_failure(discard: Callable[[str], None]) -> Iterator[Written]:
    """Yield a Written; if the block fails, `discard` every name it noted, and raise StorageFull
    in place of a full disk's OSError, StorageUnavailable in place of an object store's failure."""
    written = Written()
    try:
        yield written
    except BaseException as failure:
        for name in written.names:  # nothing of a failed upload stays in storage
            with contextlib.suppress(OSError):
                discard(name)
        if is_storage_full(failure):
            raise StorageFull(NO_ROOM) from failure
        if store_unavailable(failure):
            raise StorageUnavailable(STORE_AWAY) from failure
        raise
