"""Which pages use an image, asked of whoever links to images.

The media app knows nothing of pages (apps depend one way: pages on media), so the pages app
registers a function here when it starts (cms.pages.apps), and the image library calls it.
"""

from collections.abc import Callable, Iterable
from typing import Any

# image ids -> {image id: [{"id": page id, "name": {locale: text}}, …]}
UsageFinder = Callable[[list[int]], dict[int, list[dict[str, Any]]]]

_finders: dict[str, UsageFinder] = {}


def register_usage_finder(name: str, finder: UsageFinder) -> None:
    """Add (or replace, by name) a function telling which pages use which images."""
    _finders[name] = finder


def pages_using(image_ids: Iterable[int]) -> dict[int, list[dict[str, Any]]]:
    """Return the pages that use each image, from every registered finder."""
    ids = list(image_ids)
    found: dict[int, list[dict[str, Any]]] = {image_id: [] for image_id in ids}
    if not ids:
        return found
    for finder in _finders.values():
        for image_id, pages in finder(ids).items():
            found.setdefault(image_id, []).extend(pages)
    return found
