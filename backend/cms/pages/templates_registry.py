"""The page templates, read from a TOML file in the repository and validated at start.

A template lists the content blocks an editor fills in and the features it allows (dates, tags,
images, files). Blocks are defined once under [blocks.NAME] and referenced by name from
templates, so "body" means the same field in every template that uses it.

The texts editors read (a template's name; a block's title, description, placeholder and option
labels) are written in the base language (settings.LANGUAGE_CODE, English) and translated per
interface language in sub-tables, [blocks.NAME.nb] and [templates.NAME.nb]: the editor gets them
in the user's interface language, each missing one in the base language.
"""

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from cms.pages.models.page_fields import PAGE_FIELDS

BLOCK_TYPES = ("text", "select")
BLOCK_SIZES = ("field", "large", "other")
BLOCK_KEYS = {"title", "description", "type", "options", "size", "class", "placeholder", "localized"}
TEMPLATE_KEYS = {"name", "blocks", "metadata_blocks", "dates", "tags", "images", "files"}
# What a translation table ([blocks.NAME.nb], [templates.NAME.nb]) may hold.
BLOCK_TEXT_KEYS = ("title", "description", "placeholder")
TRANSLATED_BLOCK_KEYS = {*BLOCK_TEXT_KEYS, "options"}
TRANSLATED_TEMPLATE_KEYS = {"name"}
FEATURE_FLAGS = ("dates", "tags", "images", "files")
# Every page has a localized name: the tree, breadcrumbs and titles show it.
NAME_BLOCK = "name"
# Fields of the page itself, as answered and as sent (and the form's method override); a block
# with one of these names would shadow it in a payload.
RESERVED_NAMES = frozenset(
    {"_method", *(each.name for each in PAGE_FIELDS), *(each.sent_as for each in PAGE_FIELDS if each.sent_as)}
)


@dataclass(frozen=True)
class Option:
    label: str
    value: str


@dataclass(frozen=True)
class BlockTexts:
    """A block's texts in one interface language; an empty one shows the base text."""

    title: str = ""
    description: str = ""
    placeholder: str = ""
    options: Mapping[str, str] = field(default_factory=dict, hash=False)  # option value -> label


NO_TEXTS = BlockTexts()


def _in_language(translations: Mapping[str, Any], language: str | None) -> Any:
    """The translation for `language` ("nb", or "nb-no" for nb), None without one."""
    if not language:
        return None
    return translations.get(language) or translations.get(language.split("-")[0])


@dataclass(frozen=True)
class Block:
    name: str
    title: str
    description: str = ""
    type: str = "text"
    options: tuple[Option, ...] = ()
    size: str = "field"
    css_class: str = ""
    placeholder: str = ""
    localized: bool = True
    translations: Mapping[str, BlockTexts] = field(default_factory=dict, hash=False)  # language -> texts

    def as_dict(self, language: str | None = None) -> dict[str, Any]:
        """The block as the editor gets it, its texts in `language` (the base's where untranslated)."""
        texts: BlockTexts = _in_language(self.translations, language) or NO_TEXTS
        return {
            "name": self.name,
            "title": texts.title or self.title,
            "description": texts.description or self.description,
            "type": self.type,
            "options": [{"label": texts.options.get(o.value, o.label), "value": o.value} for o in self.options],
            "size": self.size,
            "class": self.css_class,
            "placeholder": texts.placeholder or self.placeholder,
            "localized": self.localized,
        }


@dataclass(frozen=True)
class Template:
    template_name: str
    name: str
    blocks: tuple[Block, ...]
    metadata_blocks: tuple[Block, ...] = ()
    dates: bool = False
    tags: bool = False
    images: bool = False
    files: bool = False
    names: Mapping[str, str] = field(default_factory=dict, hash=False)  # language -> name

    @property
    def all_blocks(self) -> tuple[Block, ...]:
        return self.blocks + self.metadata_blocks

    def as_dict(self, language: str | None = None) -> dict[str, Any]:
        """The template as the editor gets it, its texts in `language` (the base's where untranslated)."""
        return {
            "template_name": self.template_name,
            "name": _in_language(self.names, language) or self.name,
            "blocks": [b.as_dict(language) for b in self.blocks],
            "metadata_blocks": [b.as_dict(language) for b in self.metadata_blocks],
            "dates": self.dates,
            "tags": self.tags,
            "images": self.images,
            "files": self.files,
        }


@dataclass(frozen=True)
class Registry:
    templates: tuple[Template, ...]
    blocks: dict[str, Block] = field(default_factory=dict)

    def get(self, template_name: str) -> Template | None:
        for template in self.templates:
            if template.template_name == template_name:
                return template
        return None

    @property
    def default(self) -> Template:
        return self.templates[0]

    def shown(self, template_name: str) -> Template:
        """The template a page of this template name is shown with: its own, or the default one
        for a name the registry no longer has. The website renders, and the search indexes, by it."""
        return self.get(template_name) or self.default

    def as_dicts(self, language: str | None = None) -> list[dict[str, Any]]:
        """Every template as the editor gets it (TemplateOut), its texts in `language`."""
        return [template.as_dict(language) for template in self.templates]


def _check_keys(where: str, data: dict[str, Any], allowed: set[str], errors: list[str]) -> None:
    for key in sorted(set(data) - allowed):
        errors.append(f"{where}: unknown key '{key}' (allowed: {', '.join(sorted(allowed))})")


def translation_languages() -> list[str]:
    """The interface languages the texts may be translated into: all but the base language."""
    return [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


def _split_translations(
    where: str, table: str, data: dict[str, Any], keys: set[str], languages: list[str], errors: list[str]
) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """Split a [blocks.NAME] or [templates.NAME] table (named `table`) into its own keys and its
    translation sub-tables by language, reporting a sub-table for a language the interface does
    not speak."""
    own: dict[str, Any] = {}
    tables: dict[str, dict[str, Any]] = {}
    for key, value in data.items():
        if key in keys or not isinstance(value, dict):
            own[key] = value  # one of the table's own keys (or an unknown one, which _check_keys reports)
        elif key == settings.LANGUAGE_CODE:
            errors.append(f"{where}: [{table}.{key}] translates into the base language: its texts are [{table}]'s own")
        elif key not in languages:
            errors.append(
                f"{where}: unknown interface language '{key}' in [{table}.{key}]"
                f" (translations are for {', '.join(languages) or 'no language'})"
            )
        else:
            tables[key] = value
    return own, tables


def _translated_text(where: str, key: str, value: Any, base: str, errors: list[str]) -> str:
    """Return a translated text, or "" (reported) when it is not one."""
    if not isinstance(value, str) or not value.strip():
        errors.append(f"{where}: {key} must be a text that is not empty (leave it out to show the base text)")
        return ""
    if not base:
        errors.append(f"{where}: translates a {key} the base texts do not have")
        return ""
    return value


def _parse_block_texts(where: str, data: dict[str, Any], block: Block, errors: list[str]) -> BlockTexts:
    _check_keys(where, data, TRANSLATED_BLOCK_KEYS, errors)
    texts = {
        key: _translated_text(where, key, data[key], getattr(block, key), errors)
        for key in BLOCK_TEXT_KEYS
        if key in data
    }
    labels: dict[str, str] = {}
    options = data.get("options", {})
    values = [option.value for option in block.options]
    if "options" in data and block.type != "select":
        errors.append(f"{where}: only select blocks take options")
    elif not isinstance(options, dict):
        errors.append(f'{where}: options must be a table of option value = "label"')
    else:
        for value, label in options.items():
            if value not in values:
                errors.append(f"{where}: unknown option '{value}' (the block's options: {', '.join(values)})")
            elif not isinstance(label, str) or not label.strip():
                errors.append(f"{where}: option '{value}' needs a label that is not empty")
            else:
                labels[value] = label
    return BlockTexts(
        title=texts.get("title", ""),
        description=texts.get("description", ""),
        placeholder=texts.get("placeholder", ""),
        options=labels,
    )


def _parse_block(name: str, data: Any, errors: list[str], languages: list[str]) -> Block | None:
    where = f"block '{name}'"
    if not isinstance(data, dict):
        errors.append(f"{where}: must be a table")
        return None
    data, tables = _split_translations(where, f"blocks.{name}", data, BLOCK_KEYS, languages, errors)
    _check_keys(where, data, BLOCK_KEYS, errors)
    if not name.replace("_", "").isalnum() or not name.isascii() or name[0].isdigit():
        errors.append(f"{where}: a block name uses letters, digits and underscores only")
    if name in RESERVED_NAMES:
        errors.append(f"{where}: the name is reserved for a page field")
    block_type = data.get("type", "text")
    if block_type not in BLOCK_TYPES:
        errors.append(f"{where}: unknown block type '{block_type}' (use {' or '.join(BLOCK_TYPES)})")
    size = data.get("size", "field")
    if size not in BLOCK_SIZES:
        errors.append(f"{where}: unknown size '{size}' (use {', '.join(BLOCK_SIZES)})")
    options: list[Option] = []
    for option in data.get("options", []):
        if not (isinstance(option, dict) and set(option) == {"label", "value"}):
            errors.append(f"{where}: each option needs exactly a label and a value")
            continue
        options.append(Option(label=str(option["label"]), value=str(option["value"])))
    if block_type == "select" and not options:
        errors.append(f"{where}: a select block needs options")
    if block_type != "select" and options:
        errors.append(f"{where}: only select blocks take options")
    values = [o.value for o in options]
    if len(set(values)) != len(values):
        errors.append(f"{where}: duplicate option value")
    if not isinstance(data.get("title", ""), str) or not data.get("title"):
        errors.append(f"{where}: needs a title")
    block = Block(
        name=name,
        title=str(data.get("title", name)),
        description=str(data.get("description", "")),
        type=str(block_type),
        options=tuple(options),
        size=str(size),
        css_class=str(data.get("class", "")),
        placeholder=str(data.get("placeholder", "")),
        localized=bool(data.get("localized", True)),
    )
    translations = {
        code: _parse_block_texts(f"{where} ({code})", table, block, errors) for code, table in tables.items()
    }
    return replace(block, translations=translations)


def _template_names(where: str, tables: dict[str, dict[str, Any]], base: str, errors: list[str]) -> dict[str, str]:
    """Return a template's name per language from its translation tables."""
    names = {}
    for code, table in tables.items():
        _check_keys(f"{where} ({code})", table, TRANSLATED_TEMPLATE_KEYS, errors)
        if "name" in table:
            names[code] = _translated_text(f"{where} ({code})", "name", table["name"], base, errors)
    return names


def _block_list(where: str, names: Any, blocks: dict[str, Block], errors: list[str]) -> tuple[Block, ...]:
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        errors.append(f"{where}: must be a list of block names")
        return ()
    seen: set[str] = set()
    result = []
    for name in names:
        if name in seen:
            errors.append(f"{where}: duplicate block '{name}'")
        seen.add(name)
        if name not in blocks:
            errors.append(f"{where}: unknown block '{name}' (define it under [blocks.{name}])")
        else:
            result.append(blocks[name])
    return tuple(result)


def parse_registry(data: dict[str, Any], languages: list[str] | None = None) -> Registry:
    """Build the registry from parsed TOML, or raise ImproperlyConfigured listing every problem.

    `languages`: the interface languages texts may be translated into (translation_languages()).
    """
    languages = translation_languages() if languages is None else languages
    errors: list[str] = []
    _check_keys("file", data, {"blocks", "templates"}, errors)
    blocks: dict[str, Block] = {}
    for name, block_data in data.get("blocks", {}).items():
        block = _parse_block(name, block_data, errors, languages)
        if block:
            blocks[name] = block
    if NAME_BLOCK not in blocks:
        errors.append(f"block '{NAME_BLOCK}' must be defined: every page has a name")
    elif not (blocks[NAME_BLOCK].localized and blocks[NAME_BLOCK].type == "text"):
        errors.append(f"block '{NAME_BLOCK}' must be a localized text block")
    templates = []
    for template_name, tdata in data.get("templates", {}).items():
        where = f"template '{template_name}'"
        if not isinstance(tdata, dict):
            errors.append(f"{where}: must be a table")
            continue
        tdata, tables = _split_translations(
            where, f"templates.{template_name}", tdata, TEMPLATE_KEYS, languages, errors
        )
        _check_keys(where, tdata, TEMPLATE_KEYS, errors)
        if not tdata.get("name"):
            errors.append(f"{where}: needs a name")
        names = _template_names(where, tables, str(tdata.get("name", "")), errors)
        content = _block_list(f"{where} blocks", tdata.get("blocks", []), blocks, errors)
        metadata = _block_list(f"{where} metadata_blocks", tdata.get("metadata_blocks", []), blocks, errors)
        if NAME_BLOCK not in [b.name for b in content]:
            errors.append(f"{where}: blocks must include '{NAME_BLOCK}'")
        both = {b.name for b in content} & {b.name for b in metadata}
        for name in sorted(both):
            errors.append(f"{where}: block '{name}' is both a content and a metadata block")
        for flag in FEATURE_FLAGS:
            if not isinstance(tdata.get(flag, False), bool):
                errors.append(f"{where}: {flag} must be true or false")
        templates.append(
            Template(
                template_name=template_name,
                name=str(tdata.get("name", template_name)),
                blocks=content,
                metadata_blocks=metadata,
                **{flag: bool(tdata.get(flag, False)) for flag in FEATURE_FLAGS},
                names=names,
            )
        )
    if not templates:
        errors.append("no templates defined: add at least one [templates.NAME] table")
    if errors:
        raise ImproperlyConfigured("Invalid page templates:\n  - " + "\n  - ".join(errors))
    return Registry(templates=tuple(templates), blocks=blocks)


def load_registry(path: Path) -> Registry:
    try:
        with path.open("rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError as exc:
        raise ImproperlyConfigured(f"Page templates file not found: {path}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ImproperlyConfigured(f"Page templates file {path} is not valid TOML: {exc}") from exc
    try:
        return parse_registry(data)
    except ImproperlyConfigured as exc:
        raise ImproperlyConfigured(f"{path}: {exc}") from exc


@cache
def registry() -> Registry:
    """Return the registry of the configured templates file (read once per process)."""
    return load_registry(Path(settings.CMS_TEMPLATES_FILE))
