"""What the index holds of a page in a locale: the text of the blocks its template shows, each
block's text cut to a bound.

- The blocks: those of the template the page is shown with (`Registry.shown`, `all_blocks`),
  the rule the website renders by (cms.site.rendering), so a block kept from an earlier template
  and hidden on the page is not found either. The localization's blocks, then the page's shared
  ones, by that list.
- The bounds: a block adds at most MAX_BLOCK_CHARS characters and a page's text in a locale at
  most MAX_DOCUMENT_CHARS, so what one search costs has a ceiling however much an editor writes
  (a block holds up to 200,000). A page's opening is what it is about; a word only in the
  middle of a very long text is not found.

SQLite calls `sqlite_document` and `sqlite_name` from its triggers (functions every connection
registers, cms.search.apps); PostgreSQL's triggers read the same lists from `search_template_blocks` (cms.search.sql).
"""

from typing import Any

import orjson

from cms.pages.templates_registry import registry
from cms.search.languages import terms

MAX_BLOCK_CHARS = 10_000
MAX_DOCUMENT_CHARS = 30_000
# The name is indexed up to this many characters (it holds 255).
MAX_NAME_CHARS = 1000


def shown_block_names(template_name: str) -> tuple[str, ...]:
    return tuple(block.name for block in registry().shown(template_name).all_blocks)


def template_rule() -> dict[str, tuple[str, ...]]:
    """Each template's indexed blocks, and the default's (under ""): what the index is built by."""
    names = {template.template_name: shown_block_names(template.template_name) for template in registry().templates}
    return {**names, "": shown_block_names("")}


def indexed_texts(template_name: str, blocks: object, shared: object) -> list[str]:
    """The texts of a page in a locale the index holds, each block's cut to its bound: the
    localized blocks', then the shared ones', in the template's order. Snippets are made of
    these too, so they show only what the page shows and what was searched."""
    texts = []
    names = shown_block_names(template_name)
    for source in (blocks, shared):
        if isinstance(source, dict):
            texts += [value[:MAX_BLOCK_CHARS] for name in names if isinstance(value := source.get(name), str) and value]
    return texts


def document_text(template_name: str, blocks: object, shared: object) -> str:
    """The page's indexed text in a locale, bounded as a whole too."""
    return "\n".join(indexed_texts(template_name, blocks, shared))[:MAX_DOCUMENT_CHARS]


def sqlite_document(locale: str, template_name: str | None, blocks_json: str | None, shared_json: str | None) -> str:
    text = document_text(template_name or "", _loaded(blocks_json), _loaded(shared_json))
    return terms(text, locale)


def sqlite_name(locale: str, name: str | None) -> str:
    return terms((name or "")[:MAX_NAME_CHARS], locale)


def _loaded(value: str | None) -> Any:
    try:
        return orjson.loads(value) if value else None
    except orjson.JSONDecodeError:  # not a JSON object: nothing an editor wrote through us
        return None
