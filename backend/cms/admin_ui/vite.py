"""Find the built files of an admin screen's entry point in Vite's manifest."""

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

STATIC_PREFIX = "admin/"


@dataclass(frozen=True)
class EntryAssets:
    script: str
    styles: tuple[str, ...]
    preloads: tuple[str, ...]


@cache
def _manifest(path: Path, mtime: float) -> dict:
    return json.loads(path.read_text())


def entry_assets(entry: str) -> EntryAssets:
    """Return static paths (under STATIC_URL) of an entry's script, its CSS and its imports."""
    path = Path(settings.FRONTEND_DIST) / ".vite" / "manifest.json"
    if not path.exists():
        raise ImproperlyConfigured(f"The admin frontend is not built ({path} is missing): run `make run`.")
    manifest = _manifest(path, path.stat().st_mtime)
    key = f"src/app/{entry}"
    if key not in manifest:
        raise ImproperlyConfigured(f"The admin frontend has no entry {key}: rebuild it.")
    styles: list[str] = []
    preloads: list[str] = []
    seen: set[str] = set()

    def collect(chunk_key: str) -> None:
        if chunk_key in seen:
            return
        seen.add(chunk_key)
        chunk = manifest[chunk_key]
        styles.extend(STATIC_PREFIX + css for css in chunk.get("css", []))
        for imported in chunk.get("imports", []):
            preloads.append(STATIC_PREFIX + manifest[imported]["file"])
            collect(imported)

    collect(key)
    return EntryAssets(
        script=STATIC_PREFIX + manifest[key]["file"],
        styles=tuple(dict.fromkeys(styles)),
        preloads=tuple(dict.fromkeys(preloads)),
    )
