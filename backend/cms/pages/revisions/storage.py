"""How revisions are stored: a small manifest per revision, texts once by their content's hash.

A manifest (a JSON object, kept in PageRevision.manifest and, for the latest, Page.revision_head):

    {"template": …, "fields": {the page's own fields but template},
     "shared": digest of {"blocks": {block: digest}} (blocks that are not localized) or "",
     "locales": {code: digest of {"name", "path_segment", "blocks": {block: digest}}},
     "tags": [names], "images": [[link id, image id, primary]], "files": [[link id, attachment id]]}

Each digest names a RevisionText. A block's text is stored once, whatever how many revisions
(of any page) hold it; so is each locale's part, so a save that changes one block in one locale
stores that block's text, that locale's part (names and digests, no text) and the manifest
(a few digests and the page's short fields): ~2 % of a full copy of a 50-block page in three
locales. Reading any revision reads its row, its parts and their texts: three queries whatever
the history's length (no chain of deltas to replay).
"""

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from hashlib import blake2b
from typing import Any

from django.utils import timezone

from cms.pages.models import RevisionText
from cms.pages.read_model.stored_content import PageContent
from cms.pages.saving.payload import SCALAR_FIELDS

Manifest = dict[str, Any]
# The page's own fields a revision keeps beside its template: those a save sets.
KEPT_FIELDS = tuple(name for name in SCALAR_FIELDS if name != "template")


def digest(text: str) -> str:
    return blake2b(text.encode(), digest_size=16).hexdigest()


def _canonical(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


@dataclass
class TextBatch:
    """Texts a revision needs stored, by digest: written together, once, after the save."""

    texts: dict[str, str] = field(default_factory=dict)

    def add(self, text: str) -> str:
        key = digest(text)
        self.texts[key] = text
        return key

    def add_blocks(self, blocks: Mapping[str, Any], *, changed: Iterable[str] | None = None) -> dict[str, str]:
        """Block name -> digest of its text. With `changed`, only those blocks' texts are sent to be stored:
        the others are the previous revision's, stored already."""
        sent = None if changed is None else set(changed)
        digests = {}
        for name, value in blocks.items():
            text = "" if value is None else str(value)  # an emptied block stays, as the page shows it
            digests[name] = self.add(text) if sent is None or name in sent else digest(text)
        return digests

    def write(self) -> None:
        """Store the texts no revision stored before: one statement, in digest order (so two saves
        storing the same new texts at once never wait for each other in opposite orders)."""
        if self.texts:
            now = timezone.now()
            rows = [RevisionText(digest=key, text=self.texts[key], stored_at=now) for key in sorted(self.texts)]
            RevisionText.objects.bulk_create(
                rows, update_conflicts=True, unique_fields=["digest"], update_fields=["stored_at"]
            )


def locale_part(
    batch: TextBatch, *, name: str, path_segment: str, blocks: Mapping[str, Any], changed: Iterable[str] | None = None
) -> str:
    """Store one locale's part of a manifest; return its digest."""
    digests = batch.add_blocks(blocks, changed=changed)
    return batch.add(_canonical({"name": name, "path_segment": path_segment, "blocks": digests}))


def shared_part(batch: TextBatch, blocks: Mapping[str, Any], changed: Iterable[str] | None = None) -> str:
    """Store the blocks that are not localized; return their part's digest ("" for none)."""
    digests = batch.add_blocks(blocks, changed=changed)
    return batch.add(_canonical({"blocks": digests})) if digests else ""


def field_value(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


def page_fields(page: Any) -> dict[str, Any]:
    return {name: field_value(getattr(page, name)) for name in KEPT_FIELDS}


def texts_of(digests: Iterable[str]) -> dict[str, str]:
    """The stored texts of these digests (one query)."""
    wanted = {key for key in digests if key}
    if not wanted:
        return {}
    return dict(RevisionText.objects.filter(digest__in=wanted).values_list("digest", "text"))


def read_contents(manifests: Iterable[Manifest]) -> list[PageContent]:
    """Read manifests back into their contents: two queries for any number of them (their parts,
    then the texts the parts name), and only the texts they hold once."""
    manifests = list(manifests)
    parts = texts_of(
        key for manifest in manifests for key in (manifest.get("shared", ""), *manifest.get("locales", {}).values())
    )
    decoded = {key: json.loads(text) for key, text in parts.items()}
    block_digests = set()
    for part in decoded.values():
        block_digests.update(part["blocks"].values())
    texts = texts_of(block_digests)
    contents = []
    for manifest in manifests:
        shared = decoded.get(manifest.get("shared", ""), {})
        locales = {code: decoded.get(key, {}) for code, key in manifest.get("locales", {}).items()}
        contents.append(
            PageContent(
                template=manifest.get("template", ""),
                fields=dict(manifest.get("fields", {})),
                shared={name: texts.get(key, "") for name, key in shared.get("blocks", {}).items()},
                names={code: part.get("name", "") for code, part in locales.items()},
                segments={code: part.get("path_segment", "") for code, part in locales.items()},
                localized={
                    code: {name: texts.get(key, "") for name, key in part.get("blocks", {}).items()}
                    for code, part in locales.items()
                },
                tags=list(manifest.get("tags", [])),
                images=[list(link) for link in manifest.get("images", [])],
                files=[list(link) for link in manifest.get("files", [])],
            )
        )
    return contents


def stored_bytes(manifest: Manifest, *, new_digests: Iterable[str]) -> int:
    """What a revision added to the database: its manifest and the texts it stored first
    (for the bench's revision_bytes_one_block_pct)."""
    return len(_canonical(manifest).encode()) + sum(len(text.encode()) for text in texts_of(new_digests).values())
