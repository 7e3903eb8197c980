"""Who hears of every page write: apps that keep something built from pages (the public site's
full-page cache, cms.site.purging) and that pages can't import (dependencies go one way).

A listener is told inside the write's transaction, once its changes are worked out; it must
cost next to nothing there (what it does with the write belongs after the commit:
transaction.on_commit) and never fail the write.
"""

from collections.abc import Callable

from django.db.models import QuerySet

from cms.pages.models import Page
from cms.pages.saving.changed import Changed

Listener = Callable[[Page, Changed], None]
# Told of the pages showing an image, file or tag that changed (cms.pages.tree.cache), unread.
ShownListener = Callable[["QuerySet[Page]"], None]
_listeners: list[Listener] = []
_shown_listeners: list[ShownListener] = []


def listen(listener: Listener, shown: ShownListener | None = None) -> None:
    """Hear of every page write from now on, and (`shown`) of every change of what pages show
    but is not theirs (an image, a file, a tag); once, however often asked."""
    if listener not in _listeners:
        _listeners.append(listener)
    if shown is not None and shown not in _shown_listeners:
        _shown_listeners.append(shown)


def shown_changed(pages: "QuerySet[Page]") -> None:
    for listener in _shown_listeners:
        listener(pages)


def written(page: Page, changed: Changed) -> None:
    for listener in _listeners:
        listener(page, changed)
