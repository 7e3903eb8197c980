"""Helpers of the translation tests: pages written through the API as the editor writes them."""

from typing import Any


def create(api: Any, locale: str = "en", **fields: Any) -> int:
    answer = api.post(f"/admin/{locale}/pages.json", {"page": {"template": "article", **fields}})
    assert answer.status_code == 201, answer.content
    return int(answer.json()["id"])


def read(api: Any, page_id: int, locale: str = "en") -> dict[str, Any]:
    answer = api.get(f"/admin/{locale}/pages/{page_id}.json")
    assert answer.status_code == 200, answer.content
    return dict(answer.json())


def save(api: Any, page_id: int, locale: str = "en", **fields: Any) -> dict[str, Any]:
    version = read(api, page_id, locale)["lock_version"]
    answer = api.put(f"/admin/{locale}/pages/{page_id}.json", {"page": {"lock_version": version, **fields}})
    assert answer.status_code == 200, answer.content
    return dict(answer.json())


def state(api: Any, page_id: int) -> tuple[dict[str, str], dict[str, list[str]]]:
    record = read(api, page_id)
    return record["translations"], record["outdated_blocks"]


def check(api: Any, page_id: int, locale: str, **body: Any) -> Any:
    version = read(api, page_id, locale)["lock_version"]
    return api.post(f"/admin/{locale}/pages/{page_id}/translation_checked.json", {"lock_version": version, **body})
