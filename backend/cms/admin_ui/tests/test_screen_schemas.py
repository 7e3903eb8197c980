"""Each screen's embedded data is exactly what its schema (and so the frontend's type) says."""

import json
import re
from datetime import datetime
from typing import Any, get_args

import pytest
from pydantic import BaseModel, ValidationError

from cms.admin_ui.schemas import PageEditorScreenOut, PageTreeScreenOut, TreeScreenPageOut
from cms.pages.models import Status
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_update
from cms.pages.schemas import TreePageOut


def embedded_json(response) -> bytes:
    assert response.status_code == 200
    match = re.search(rb'<script id="initial-data" type="application/json">(.*?)</script>', response.content, re.S)
    assert match, "the screen embeds its initial data"
    return match.group(1)


def validate(schema: type[BaseModel], data: bytes | str) -> BaseModel:
    """Validate without any give: every field the schema names, no other, nothing converted.

    ninja's Schema validates its input as Python objects (a wrap validator), where strict=True
    refuses ISO dates and extra="forbid" sees no extra key; so the result is written back out
    and compared: an unknown field is left out, a converted value ("1" for 1) comes back changed.
    """
    model = schema.model_validate_json(data)
    # Fields with a default that the data leaves out (the tree's `translation`) stay out.
    written = model.model_dump(mode="json", by_alias=True, exclude_unset=True)
    assert comparable(written) == comparable(json.loads(data)), f"the embedded data is not a {schema.__name__}"
    return model


ISO_DATETIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)")


def comparable(value: Any) -> str:
    """Return JSON text where equal dates are equal however they are written (Z or +00:00)."""

    def dates(item: Any) -> Any:
        if isinstance(item, dict):
            return {key: dates(inner) for key, inner in item.items()}
        if isinstance(item, list):
            return [dates(inner) for inner in item]
        if isinstance(item, str) and ISO_DATETIME.fullmatch(item):
            return datetime.fromisoformat(item).isoformat()
        return item

    return json.dumps(dates(value), sort_keys=True)


@pytest.fixture
def site(make_page, admin_user):
    """Pages in every status, translated and not, with dates, tags, a news page and children."""
    about = make_page("About", path_segment="about", status=Status.PUBLISHED, published_at="2024-05-01T10:00:00Z")
    page_update(
        actor=admin_user,
        page_id=about.pk,
        locale="nb",
        changes=PageChanges.from_payload({"name": "Om oss", "path_segment": "om"}),
    )
    staff = make_page("Staff", parent=about, template="article", serialized_tags='["Team", "People"]')
    make_page("Interns", parent=staff, status=Status.REVIEWED)
    news = make_page("News", news_page=True, pinned=True, status=Status.HIDDEN)
    make_page("Story", parent=news, template="event", starts_at="2024-06-01T09:00:00Z", ends_at="2024-06-01T17:00:00Z")
    make_page("Gone", status=Status.DELETED)
    make_page("Arabic only", locale="ar")
    return {"about": about, "staff": staff}


@pytest.mark.parametrize("locale", ["en", "nb", "ar"])
def test_the_tree_screen_embeds_what_its_schema_describes(browser, site, locale):
    screen = validate(PageTreeScreenOut, embedded_json(browser.get(f"/admin/{locale}/pages")))
    assert isinstance(screen, PageTreeScreenOut)
    assert screen.screen == "pageTree" and screen.locale == locale
    assert {page.id for page in screen.pages} >= {site["about"].pk, site["staff"].pk}
    assert {page.status for page in screen.pages} >= {Status.DRAFT, Status.PUBLISHED, Status.HIDDEN}
    # Only the screen's own locale's state, and only where a row is marked: "About" is
    # translated into nb, the rest are not; the default locale has no state.
    marks = {page.id: page.translation for page in screen.pages if "translation" in page.model_fields_set}
    expected = {"en": set(), "nb": {"missing"}, "ar": {"missing"}}[locale]
    assert set(marks.values()) == expected
    assert (site["about"].pk in marks) is (locale == "ar")


@pytest.mark.parametrize(
    "path",
    [
        "/admin/{locale}/pages/{staff}/edit",
        "/admin/{locale}/pages/{about}/edit",
        "/admin/{locale}/pages/new?parent={about}",
        "/admin/{locale}/pages/new",
    ],
)
@pytest.mark.parametrize("locale", ["en", "nb"])
def test_the_editor_screens_embed_what_their_schema_describes(browser, site, path, locale):
    address = path.format(locale=locale, about=site["about"].pk, staff=site["staff"].pk)
    screen = validate(PageEditorScreenOut, embedded_json(browser.get(address)))
    assert isinstance(screen, PageEditorScreenOut)
    assert screen.screen == "pageEditor" and screen.page.locale == locale
    assert screen.templates and screen.authors


def test_a_field_either_side_does_not_know_fails_validation(browser, site):
    raw = embedded_json(browser.get("/admin/en/pages")).decode()
    validate(PageTreeScreenOut, raw)
    with pytest.raises(AssertionError, match="not a PageTreeScreenOut"):
        validate(PageTreeScreenOut, raw.replace('"csrf_token":', '"unknown":1,"csrf_token":', 1))
    with pytest.raises(ValidationError, match="Field required"):
        validate(PageTreeScreenOut, raw.replace('"csrf_token":', '"csrf":', 1))
    with pytest.raises(ValidationError, match="Input should be 0, 1, 2, 3 or 4"):
        validate(PageTreeScreenOut, re.sub(r'"status":\d', '"status":7', raw, count=1))
    with pytest.raises(AssertionError, match="not a PageTreeScreenOut"):  # "3" for 3
        validate(PageTreeScreenOut, re.sub(r'"lock_version":(\d+)', r'"lock_version":"\1"', raw, count=1))


def test_the_tree_screens_pages_are_typed_as_the_tree_page_shape():
    # The tree screen's records are pages.json's records cut to these fields (test_screens.py).
    for name, field in TreeScreenPageOut.model_fields.items():
        if name == "id":  # the tree embeds stored pages only; a new page's record has none
            assert field.annotation is int
        elif name == "translation":  # translations[screen's locale], "current" left out
            _, state = get_args(TreePageOut.model_fields["translations"].annotation)
            assert set(get_args(field.annotation)) | {"current"} == set(get_args(state))
        else:
            assert field.annotation == TreePageOut.model_fields[name].annotation, name
