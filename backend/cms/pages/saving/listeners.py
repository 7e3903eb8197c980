"""Who hears of every page write: apps that keep something built from pages (the public site's
full-page cache, cms.site.purging) and that pages can't import (dependencies go one way).

A listener is told inside the write's transaction, once its changes are worked out; it must
cost next to nothing there (what it does with the write belongs after the commit:
transaction.on_commit) and never fail the write.
"""

from collections.abc import Callable

from cms.pages.models import Page
from cms.pages.saving.changed import Changed

Listener = Callable[[Page, Changed], None]
_listeners: list[Listener] = []


def listen(listener: Listener) -> None:
    """Hear of every page write from now on (once, however often asked)."""
    if listener not in _listeners:
        _listeners.append(listener)


def written(page: Page, changed: Changed) -> None:
    for listener in _listeners:
        listener(page, changed)
