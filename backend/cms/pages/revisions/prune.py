"""Pruning history (issue 20, item 8): keep each page's newest revisions, every revision that
went live and every scheduled change that went live; then drop the texts no revision refers to."""

import json
from collections.abc import Iterator
from datetime import timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from cms.pages.models import Page, PageRevision, RevisionText
from cms.pages.revisions.recording import SCHEDULED

BATCH = 1000
# How long a text no revision names is kept after a save last stored it.
QUIET = timedelta(hours=1)


def prune(*, keep: int) -> tuple[int, int]:
    """Delete revisions beyond each page's `keep` newest that are neither live nor scheduled;
    return how many revisions and texts went. Saves go on meanwhile (see _drop_unreferenced_texts)."""
    removed_revisions = 0
    for page_id in Page.objects.values_list("pk", flat=True).iterator(chunk_size=BATCH):
        newest = PageRevision.objects.filter(page_id=page_id).order_by("-id").values_list("pk", flat=True)[:keep]
        old = PageRevision.objects.filter(page_id=page_id).exclude(pk__in=list(newest))
        removed_revisions += old.exclude(Q(live=True) | Q(kind=SCHEDULED)).delete()[0]
    return removed_revisions, _drop_unreferenced_texts()


def _referenced_parts() -> Iterator[str]:
    for manifest in PageRevision.objects.values_list("manifest", flat=True).iterator(chunk_size=BATCH):
        manifest = json.loads(manifest) if isinstance(manifest, str) else manifest
        if manifest.get("shared"):
            yield manifest["shared"]
        yield from manifest.get("locales", {}).values()


def _drop_unreferenced_texts() -> int:
    """Delete the texts that no revision (nor any part of one) names and that no save has stored
    for an hour: a save that refers to a text again stores it again (its time moves on), so a
    text a save still in flight holds, whose revision this reading can't see yet, is kept."""
    quiet_since = timezone.now() - QUIET
    with transaction.atomic():
        parts = set(_referenced_parts())
        referenced = set(parts)
        for text in RevisionText.objects.filter(digest__in=parts).values_list("text", flat=True).iterator():
            referenced.update(json.loads(text)["blocks"].values())
        unreferenced = [
            digest
            for digest in RevisionText.objects.filter(stored_at__lt=quiet_since)
            .values_list("digest", flat=True)
            .iterator(chunk_size=BATCH)
            if digest not in referenced
        ]
        for start in range(0, len(unreferenced), BATCH):
            chunk = unreferenced[start : start + BATCH]
            RevisionText.objects.filter(digest__in=chunk, stored_at__lt=quiet_since).delete()
    return len(unreferenced)
