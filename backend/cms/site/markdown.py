"""Block text to safe HTML: Markdown rendered by markdown-it, then sanitised by nh3."""

import nh3
from markdown_it import MarkdownIt

_markdown = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
ALLOWED_TAGS = {"p", "br", "strong", "em", "a", "ul", "ol", "li", "blockquote", "h2", "h3", "h4", "code", "pre", "hr"}


def render_markdown(text: str) -> str:
    """Return sanitised HTML for a block's Markdown (raw HTML in the text is escaped)."""
    html = _markdown.render(text or "")
    return nh3.clean(html, tags=ALLOWED_TAGS, attributes={"a": {"href", "title"}}, link_rel="noopener")
