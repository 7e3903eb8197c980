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


# --- Translations of the texts: [blocks.NAME.nb], [templates.NAME.nb] ---------------------------

TRANSLATED = (
    VALID
    + """
[blocks.name.nb]
title = "Navn"
[blocks.kind.ar]
title = "النوع"
options = { a = "أ" }
[templates.page.nb]
name = "Side"
"""
)


def test_translations_are_used_and_missing_ones_fall_back_to_the_base_text():
    registry = parse(TRANSLATED)
    norwegian = registry.as_dicts("nb")[0]
    assert norwegian["name"] == "Side"
    assert [b["title"] for b in norwegian["blocks"]] == ["Navn", "Body", "Kind"]
    arabic = registry.as_dicts("ar")[0]
    assert arabic["name"] == "Page"
    assert arabic["blocks"][2]["title"] == "النوع"
    assert arabic["blocks"][2]["options"] == [{"label": "أ", "value": "a"}]
    # The base language, a language without translations and none at all: the base texts.
    assert registry.as_dicts("en") == registry.as_dicts("fr") == registry.as_dicts() == parse(VALID).as_dicts()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            '[blocks.body.fr]\ntitle = "Corps"\n',
            "block 'body': unknown interface language 'fr' in [blocks.body.fr] (translations are for nb, ar)",
        ),
        (
            '[templates.page.de]\nname = "Seite"\n',
            "template 'page': unknown interface language 'de' in [templates.page.de]",
        ),
        ('[blocks.body.en]\ntitle = "Body text"\n', "block 'body': [blocks.body.en] translates into the base language"),
        ('[blocks.body.nb]\nsize = "large"\n', "block 'body' (nb): unknown key 'size'"),
        ('[blocks.body.nb]\ntitle = ""\n', "block 'body' (nb): title must be a text that is not empty"),
        ("[blocks.body.nb]\ntitle = 3\n", "block 'body' (nb): title must be a text that is not empty"),
        ('[blocks.body.nb]\ndescription = "Tekst"\n', "block 'body' (nb): translates a description the base texts"),
        ('[blocks.body.nb]\noptions = { a = "A" }\n', "block 'body' (nb): only select blocks take options"),
        ('[blocks.kind.nb]\noptions = { b = "B" }\n', "block 'kind' (nb): unknown option 'b' (the block's options: a)"),
        ('[blocks.kind.nb]\noptions = { a = "" }\n', "block 'kind' (nb): option 'a' needs a label that is not empty"),
        ('[blocks.kind.nb]\noptions = ["A"]\n', "block 'kind' (nb): options must be a table"),
        ('[templates.page.nb]\nblocks = ["name"]\n', "template 'page' (nb): unknown key 'blocks' (allowed: name)"),
        ('[templates.page.ar]\nname = ""\n', "template 'page' (ar): name must be a text that is not empty"),
    ],
)
def test_translation_mistakes_are_reported_by_name(change: str, message: str):
    assert message in error_of(VALID + change)


def test_a_broken_translation_stops_the_start(tmp_path: Path, settings):
    """The pages app reads the file as the server starts: a bad table stops it, naming it."""
    from django.apps import apps

    from cms.pages.templates_registry import registry

    broken = tmp_path / "templates.toml"
    broken.write_text(VALID + '[blocks.body.xx]\ntitle = "?"\n[templates.page.nb]\ntitel = "Side"\n')
    settings.CMS_TEMPLATES_FILE = str(broken)
    registry.cache_clear()
    try:
        with pytest.raises(ImproperlyConfigured) as refused:
            apps.get_app_config("pages").ready()
    finally:
        registry.cache_clear()
    message = str(refused.value)
    assert message.startswith(f"{broken}: Invalid page templates:")
    assert "block 'body': unknown interface language 'xx' in [blocks.body.xx]" in message
    assert "template 'page' (nb): unknown key 'titel' (allowed: name)" in message


def test_the_repository_templates_file_translates_every_text():
    """Every template's name and every block's texts in each interface language (but an address
    such as the placeholder "https://", which reads the same in every language)."""
    registry = load_registry(Path(settings.CMS_TEMPLATES_FILE))
    for language in ("nb", "ar"):
        for template in registry.templates:
            assert template.name != template.as_dict(language)["name"], (template.template_name, language)
        for block in registry.blocks.values():
            texts = block.translations.get(language)
            assert texts is not None, (block.name, language)
            for key in ("title", "description", "placeholder"):
                base = getattr(block, key)
                words = bool(base) and not base.endswith("://")
                assert bool(getattr(texts, key)) == words, (block.name, key, language)
            assert set(texts.options) == {option.value for option in block.options}, (block.name, language)
