"""Which pages are in a translation state in a locale, exactly, as SQL over the page table (alias
p) with its parameters (issue 28; its fragments are cms.pages.translations.sql's): the stored
outdated blocks, blocks to translate and copies (cms.pages.translations.marks) narrowed to the
blocks the page's template counts (states.counted_blocks), so the database counts and pages the
report, narrows the tree's filter, and no page is decoded to find out. The same rule as
states.StateReader, which reads the pages shown.

The registry of templates is static while the server runs; a page of a template it no longer has
is counted by the default template's blocks, as it is shown (Registry.shown). Only the stored
shapes the reader accepts match: a list of block names per locale ("missing", outdated), an
object keyed by block name ("copied"); anything else an imported archive may hold matches nothing,
as it counts nothing when read.
"""

from collections.abc import Callable

from cms.pages.templates_registry import registry
from cms.pages.translations import sql
from cms.pages.translations.sql import Sql
from cms.pages.translations.states import counted_blocks


def outdated_sql(locale: str) -> Sql:
    """A block of the page's template is behind its source in `locale`."""
    return _by_template(lambda blocks: sql.json_holds_any("p.translation_outdated", [locale], "array", blocks))


def to_translate_sql(locale: str) -> Sql:
    """A block of the page's template is still to translate in `locale`: empty, or a copy."""
    return _by_template(
        lambda blocks: sql.either(
            sql.json_holds_any("p.translation_todo", ["missing", locale], "array", blocks),
            sql.json_holds_any("p.translation_todo", ["copied", locale], "object", blocks),
        )
    )


def _by_template(condition: Callable[[frozenset[str]], Sql]) -> Sql:
    """`condition` of the blocks each template counts, for the pages of that template; the
    templates counting the same blocks share one condition."""
    templates = registry().templates
    by_blocks: dict[frozenset[str], list[str]] = {}
    for template in templates:
        by_blocks.setdefault(counted_blocks(template.template_name), []).append(template.template_name)
    cases = [(names, condition(blocks)) for blocks, names in by_blocks.items() if blocks]
    fallback = counted_blocks(registry().default.template_name)
    known = [template.template_name for template in templates]
    return sql.per_template(cases, (known, condition(fallback)) if fallback else None)
