"""Deleting pages as the editor does (a save of status 4) and calling the deleted pages' API."""

from typing import Any

from cms.pages.models import Page


def delete(api: Any, page: Page, locale: str = "en") -> None:
    response = api.put(f"/admin/{locale}/pages/{page.pk}.json", {"page": {"status": 4}})
    assert response.status_code == 200, response.content


def undelete(api: Any, page: Page | int, body: Any = None, locale: str = "en") -> Any:
    page_id = page if isinstance(page, int) else page.pk
    return api.post(f"/admin/{locale}/pages/{page_id}/undelete.json", {} if body is None else body)


def purge(api: Any, page: Page | int, locale: str = "en") -> Any:
    page_id = page if isinstance(page, int) else page.pk
    return api.client.delete(f"/admin/{locale}/pages/{page_id}.json", headers=api._headers())


def listed(api: Any, query: str = "") -> Any:
    response = api.get(f"/admin/en/deleted_pages.json{query}")
    assert response.status_code == 200, response.content
    return response.json()
