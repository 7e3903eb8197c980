"""Which pages are in a translation state in a locale, exactly, as SQL over the page table (alias
p) with its parameters (issue 28): the stored outdated blocks, blocks to translate and copies
(cms.pages.translations.marks) narrowed to the blocks the page's template counts
(states.counted_blocks), so the database counts and pages the report and no page is decoded to
find out. The same rule as states.StateReader, which reads the pages shown.

The registry of templates is static while the server runs; a page of a template it no longer has
is counted by the default template's blocks, as it is shown (Registry.shown). Only the stored
shapes the reader accepts match: a list of block names per locale ("missing", outdated), an
object keyed by block name ("copied"); anything else an imported archive may hold matches nothing,
as it counts nothing when read.
"""

from collections.abc import Callable, Iterable
from typing import Any

from django.db import connection

from cms.pages.templates_registry import registry
from cms.pages.translations.states import counted_blocks

Sql = tuple[str, list[Any]]
Condition = Callable[[frozenset[str]], Sql]


def outdated_sql(locale: str) -> Sql:
    """A block of the page's template is behind its source in `locale`."""
    return _by_template(lambda blocks: _any_of("p.translation_outdated", [locale], "array", blocks))


def to_translate_sql(locale: str) -> Sql:
    """A block of the page's template is still to translate in `locale`: empty, or a copy."""

    def either(blocks: frozenset[str]) -> Sql:
        missing, missing_params = _any_of("p.translation_todo", ["missing", locale], "array", blocks)
        copied, copied_params = _any_of("p.translation_todo", ["copied", locale], "object", blocks)
        return f"({missing} OR {copied})", missing_params + copied_params

    return _by_template(either)


def _by_template(condition: Condition) -> Sql:
    """`condition` of the blocks each template counts, for the pages of that template; the
    templates counting the same blocks share one condition."""
    templates = registry().templates
    by_blocks: dict[frozenset[str], list[str]] = {}
    for template in templates:
        by_blocks.setdefault(counted_blocks(template.template_name), []).append(template.template_name)
    known = [template.template_name for template in templates]
    parts: list[str] = []
    params: list[Any] = []
    for blocks, names in by_blocks.items():
        if blocks:
            sql, sql_params = condition(blocks)
            parts.append(f"(p.template IN ({_marks(names)}) AND {sql})")
            params += [*names, *sql_params]
    fallback = counted_blocks(registry().default.template_name)
    if fallback:
        sql, sql_params = condition(fallback)
        parts.append(f"(p.template NOT IN ({_marks(known)}) AND {sql})")
        params += [*known, *sql_params]
    return (f"({' OR '.join(parts)})" if parts else "(1 = 0)"), params


def _any_of(column: str, path: list[str], shape: str, blocks: Iterable[str]) -> Sql:
    """Whether the JSON at `path` in `column` is a list (shape "array") holding, or an object
    ("object") keyed by, one of `blocks`. Never NULL: NOT of it is what it says."""
    names = sorted(blocks)
    if connection.vendor == "postgresql":
        at = column + "".join(" -> %s" for _ in path)
        return (
            f"COALESCE(jsonb_typeof({at}) = %s AND ({at}) ?| %s::text[], FALSE)",
            [*path, shape, *path, names],
        )
    # SQLite: a path of quoted keys ('$."nb"'); the array's elements, or the object's keys.
    json_path = "$" + "".join(f'."{key}"' for key in path)
    member = "j.type = 'text' AND j.value" if shape == "array" else "j.key"
    return (
        f"EXISTS (SELECT 1 FROM json_each({column}, %s) j"
        f" WHERE json_type({column}, %s) = %s AND {member} IN ({_marks(names)}))",
        [json_path, json_path, shape, *names],
    )


def _marks(values: list[str]) -> str:
    return ", ".join(["%s"] * len(values))
