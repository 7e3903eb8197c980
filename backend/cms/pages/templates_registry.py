"""The page templates, read from a TOML file in the repository and validated at start.

A template lists the content blocks an editor fills in and the features it allows (dates, tags,
images, files). Blocks are defined once under [blocks.NAME] and referenced by name from
templates, so "body" means the same field in every template that uses it.
"""

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

BLOCK_TYPES = ("text", "select")
BLOCK_SIZES = ("field", "large", "other")
BLOCK_KEYS = {"title", "description", "type", "options", "size", "class", "placeholder", "localized"}
TEMPLATE_KEYS = {"name", "blocks", "metadata_blocks", "dates", "tags", "images", "files"}
FEATURE_FLAGS = ("dates", "tags", "images", "files")
# Every page has a localized name: the tree, breadcrumbs and titles show it.
NAME_BLOCK = "name"
# Fields of the page itself; a block with one of these names would shadow it in a payload.
RESERVED_NAMES = frozenset(
    {
        "id", "status", "published_at", "starts_at", "ends_at", "all_day", "pinned", "template",
        "unique_name", "feed_enabled", "news_page", "user_id", "redirect_to", "path_segment",
        "meta_image", "meta_image_id", "parent_page_id", "position", "skip_index", "blocks",
        "ancestors", "urls", "page_files", "page_images", "tags_and_suggestions", "enabled_tags",
        "errors", "permissions", "lock_version", "serialized_tags", "locale", "_method",
        "page_files_attributes", "page_images_attributes",
    }
)  # fmt: skip


@dataclass(frozen=True)
class Option:
    label: str
    value: str


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

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "type": self.type,
            "options": [{"label": o.label, "value": o.value} for o in self.options],
            "size": self.size,
            "class": self.css_class,
            "placeholder": self.placeholder,
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

    @property
    def all_blocks(self) -> tuple[Block, ...]:
        return self.blocks + self.metadata_blocks

    def as_dict(self) -> dict[str, Any]:
        return {
            "template_name": self.template_name,
            "name": self.name,
            "blocks": [b.as_dict() for b in self.blocks],
            "metadata_blocks": [b.as_dict() for b in self.metadata_blocks],
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


def _check_keys(where: str, data: dict[str, Any], allowed: set[str], errors: list[str]) -> None:
    for key in sorted(set(data) - allowed):
        errors.append(f"{where}: unknown key '{key}' (allowed: {', '.join(sorted(allowed))})")


def _parse_block(name: str, data: Any, errors: list[str]) -> Block | None:
    where = f"block '{name}'"
    if not isinstance(data, dict):
        errors.append(f"{where}: must be a table")
        return None
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
    return Block(
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


def parse_registry(data: dict[str, Any]) -> Registry:
    """Build the registry from parsed TOML, or raise ImproperlyConfigured listing every problem."""
    errors: list[str] = []
    _check_keys("file", data, {"blocks", "templates"}, errors)
    blocks: dict[str, Block] = {}
    for name, block_data in data.get("blocks", {}).items():
        block = _parse_block(name, block_data, errors)
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
        _check_keys(where, tdata, TEMPLATE_KEYS, errors)
        if not tdata.get("name"):
            errors.append(f"{where}: needs a name")
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
