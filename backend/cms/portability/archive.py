"""The site archive's layout, and reading one that may be damaged or made to do harm.

A zip file (its central directory lets the import read the manifest first and every member by
name; members are written as they stream, their sizes unknown beforehand):

- `manifest.json`: FORMAT and VERSION, when and from what it was made, per table its member,
  row count and SHA-256, and the files' count and bytes;
- `tables/<app>.<model>.jsonl`: one JSON object per row (attname -> value), by primary key;
- `files.jsonl`: one line per stored file a row names: {"name", "sha256", "size"}, or
  {"name", "missing": true} for a name whose file the site's storage had lost (the import takes
  only rows whose file names this list holds);
- `media/<sha256>`: each file's bytes once, named by their SHA-256 (the same content under two
  names is stored once).

Nothing is ever extracted under a member's name: the import opens only the names above, and
refuses an archive holding any other (`../../etc/passwd`, absolute paths, duplicates).
"""

import hashlib
import json
import re
import zipfile
from collections.abc import Iterator
from typing import IO, Any

from django.conf import settings

FORMAT = "cms-site-archive"
VERSION = 1
MANIFEST = "manifest.json"
FILES = "files.jsonl"
TABLE_MEMBER = re.compile(r"^tables/([a-z0-9_]+\.[a-z0-9_]+)\.jsonl$")
MEDIA_MEMBER = re.compile(r"^media/([0-9a-f]{64})$")
SHA256 = re.compile(r"^[0-9a-f]{64}$")

CHUNK = 1024 * 1024  # bytes read or written at a time
MANIFEST_MAX_BYTES = 1024 * 1024
LINE_MAX_BYTES = 64 * 1024 * 1024  # one row: a page's blocks are large, never this large
STORED_NAME_MAX = 255  # FileField's max_length in the media models


class ArchiveError(Exception):
    """The archive is not one this version can import (damaged, hostile, or of another format)."""


def media_member(digest: str) -> str:
    return f"media/{digest}"


def file_max_bytes() -> int:
    """The largest file a member may hold: the largest upload the site accepts, as the file can
    only have come from an upload (a larger member is a zip bomb or not ours)."""
    return max(settings.CMS_IMAGE_MAX_UPLOAD_BYTES, settings.CMS_ATTACHMENT_MAX_UPLOAD_BYTES)


def safe_stored_name(name: Any) -> bool:
    """A name a storage may be asked to write: relative, no `..`, no backslashes or controls."""
    if not isinstance(name, str) or not name or len(name) > STORED_NAME_MAX:
        return False
    if name.startswith("/") or "\\" in name or any(ord(c) < 32 or c == "\x7f" for c in name):
        return False
    return all(part not in ("", ".", "..") for part in name.split("/"))


class ArchiveReader:
    """An open archive whose member names have been checked; reads members with limits."""

    def __init__(self, path: str) -> None:
        try:
            self.zip = zipfile.ZipFile(path)
        except (zipfile.BadZipFile, OSError, ValueError) as error:
            raise ArchiveError(f"not a site archive (not a readable zip file: {error})") from None
        self.members: dict[str, zipfile.ZipInfo] = {}
        for info in self.zip.infolist():
            name = info.filename
            if name in self.members:
                raise ArchiveError(f"the archive holds {name!r} twice")
            if not (name in (MANIFEST, FILES) or TABLE_MEMBER.match(name) or MEDIA_MEMBER.match(name)):
                raise ArchiveError(f"unexpected member {name!r} in the archive (refused: only known names are read)")
            if info.flag_bits & 0x1:
                raise ArchiveError(f"member {name!r} is encrypted")
            self.members[name] = info
        if MANIFEST not in self.members:
            raise ArchiveError("not a site archive: it has no manifest.json")

    def close(self) -> None:
        self.zip.close()

    def manifest(self) -> dict[str, Any]:
        raw = self.read_small(MANIFEST, MANIFEST_MAX_BYTES)
        try:
            manifest = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise ArchiveError("manifest.json is not JSON") from None
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
            raise ArchiveError("not a site archive: manifest.json names another format")
        version = manifest.get("version")
        if version != VERSION:
            raise ArchiveError(f"archive format version {version!r}; this version of the site imports {VERSION}")
        return manifest

    def read_small(self, name: str, limit: int) -> bytes:
        if self.members[name].file_size > limit:
            raise ArchiveError(f"member {name!r} is larger than {limit} bytes")
        return b"".join(self.chunks(name, limit))

    def chunks(self, name: str, limit: int) -> Iterator[bytes]:
        """The member's bytes, refused past `limit` whatever its header claims (a zip bomb)."""
        info = self.members.get(name)
        if info is None:
            raise ArchiveError(f"the archive lacks {name!r}")
        if info.file_size > limit:
            raise ArchiveError(f"member {name!r} is {info.file_size} bytes, more than the {limit} allowed")
        total = 0
        try:
            with self.zip.open(info) as member:
                while chunk := member.read(CHUNK):
                    total += len(chunk)
                    if total > limit:
                        raise ArchiveError(f"member {name!r} holds more than the {limit} bytes allowed")
                    yield chunk
        except (zipfile.BadZipFile, OSError, EOFError, ValueError) as error:  # CRC, truncation, zlib
            raise ArchiveError(f"member {name!r} is damaged: {error}") from None

    def lines(self, name: str, digest: str | None = None) -> Iterator[Any]:
        """The member's lines as JSON values, one at a time; checks its SHA-256 at the end."""
        hasher = hashlib.sha256()
        pending = bytearray()  # the line begun: grown in place, not copied whole for each chunk
        for chunk in self.chunks(name, 1 << 62):
            hasher.update(chunk)
            *whole, rest = chunk.split(b"\n")
            for line in whole:
                pending += line
                _within_line_bound(name, pending)
                yield _json_line(name, bytes(pending))
                pending.clear()
            pending += rest
            _within_line_bound(name, pending)  # refused as it grows: never held much past the bound
        if pending:
            yield _json_line(name, bytes(pending))
        if digest is not None and hasher.hexdigest() != digest:
            raise ArchiveError(f"member {name!r} does not match its SHA-256 in the manifest (damaged)")

    def copy_verified(self, name: str, digest: str, out: IO[bytes] | None) -> int:
        """Copy a media member to `out` (or only read it) checking its SHA-256; return its size."""
        hasher, size = hashlib.sha256(), 0
        for chunk in self.chunks(name, file_max_bytes()):
            hasher.update(chunk)
            size += len(chunk)
            if out is not None:
                out.write(chunk)
        if hasher.hexdigest() != digest:
            raise ArchiveError(f"member {name!r} does not match its SHA-256 (damaged or altered)")
        return size


def _within_line_bound(name: str, line: bytearray) -> None:
    if len(line) > LINE_MAX_BYTES:
        raise ArchiveError(f"a line of {name!r} is longer than {LINE_MAX_BYTES} bytes")


def _json_line(name: str, line: bytes) -> Any:
    try:
        return json.loads(line)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise ArchiveError(f"a line of {name!r} is not JSON") from None
