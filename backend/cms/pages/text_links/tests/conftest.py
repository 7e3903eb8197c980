"""A small linked site: pages that link to `target` by its address, an old address and its
permalink, and helpers to save and move as the editor and the tree do."""

from typing import Any

import pytest

from cms.pages.models import Page, PageLink
from cms.pages.saving import services
from cms.pages.saving.payload import PageChanges


@pytest.fixture
def save(admin_user: Any) -> Any:
    def save(page: Page, locale: str = "en", **fields: Any) -> Page:
        changes = PageChanges.from_payload(fields)
        return services.page_update(actor=admin_user, page_id=page.pk, locale=locale, changes=changes)

    return save


@pytest.fixture
def move(admin_user: Any) -> Any:
    def move(page: Page, parent: Page | None, position: int = 1) -> Page:
        return services.page_move(
            actor=admin_user, page_id=page.pk, parent_id=parent.pk if parent else None, position=position
        )

    return move


def links_of(page: Page) -> list[tuple[str, str, str, int | None]]:
    """(locale, block, url, target) of the page's index rows."""
    rows = PageLink.objects.filter(source=page).order_by("locale", "block", "url")
    return list(rows.values_list("locale", "block", "url", "target_id"))


def text(page: Page, block: str = "body", locale: str = "en") -> str:
    return Page.objects.get(pk=page.pk).localizations.get(locale=locale).blocks.get(block, "")
