"""The templates file is checked at start with messages that name the problem."""

import tomllib
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from cms.pages.templates_registry import load_registry, parse_registry

VALID = """
[blocks.name]
title = "Name"
[blocks.body]
title = "Body"
size = "large"
[blocks.kind]
title = "Kind"
type = "select"
options = [{ label = "A", value = "a" }]
[templates.page]
name = "Page"
blocks = ["name", "body", "kind"]
"""


def parse(text: str):
    return parse_registry(tomllib.loads(text))


def error_of(text: str) -> str:
    with pytest.raises(ImproperlyConfigured) as info:
        parse(text)
    return str(info.value)


def test_the_repository_templates_file_is_valid_and_uses_every_option():
    registry = load_registry(Path(settings.CMS_TEMPLATES_FILE))
    blocks = [b for t in registry.templates for b in t.all_blocks]
    assert {b.type for b in blocks} == {"text", "select"}
    assert {b.size for b in blocks} == {"field", "large", "other"}
    assert {b.localized for b in blocks} == {True, False}
    assert any(b.placeholder for b in blocks) and any(b.description for b in blocks)
    assert any(b.css_class for b in blocks) and any(t.metadata_blocks for t in registry.templates)
    for flag in ("dates", "tags", "images", "files"):
        assert {getattr(t, flag) for t in registry.templates} == {True, False}, flag


def test_a_valid_registry_exposes_blocks_in_order():
    template = parse(VALID).get("page")
    assert template is not None
    assert [b.name for b in template.blocks] == ["name", "body", "kind"]
    assert template.blocks[2].as_dict()["options"] == [{"label": "A", "value": "a"}]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ('[blocks.x]\ntitle = "X"\ntype = "image"\n', "block 'x': unknown block type 'image'"),
        ('[blocks.x]\ntitle = "X"\nsize = "huge"\n', "block 'x': unknown size 'huge'"),
        ('[blocks.x]\ntitle = "X"\ntype = "select"\n', "block 'x': a select block needs options"),
        ('[blocks.x]\ntitle = "X"\ncolour = "red"\n', "block 'x': unknown key 'colour'"),
        ('[blocks.status]\ntitle = "S"\n', "block 'status': the name is reserved for a page field"),
        ('[templates.other]\nname = "O"\nblocks = ["name", "body", "body"]\n', "duplicate block 'body'"),
        ('[templates.other]\nname = "O"\nblocks = ["name", "missing"]\n', "unknown block 'missing'"),
        ('[templates.other]\nname = "O"\nblocks = ["body"]\n', "blocks must include 'name'"),
        ('[templates.other]\nname = "O"\nblocks = ["name"]\ntags = "yes"\n', "tags must be true or false"),
    ],
)
def test_mistakes_are_reported_by_name(change: str, message: str):
    assert message in error_of(VALID + change)


def test_every_mistake_is_listed_at_once():
    text = VALID + '[blocks.x]\ntitle = "X"\ntype = "image"\nsize = "huge"\n'
    error = error_of(text)
    assert "unknown block type 'image'" in error and "unknown size 'huge'" in error


def test_a_missing_or_broken_file_is_a_clear_error(tmp_path: Path):
    with pytest.raises(ImproperlyConfigured, match="not found"):
        load_registry(tmp_path / "nope.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("[templates\n")
    with pytest.raises(ImproperlyConfigured, match="not valid TOML"):
        load_registry(broken)
