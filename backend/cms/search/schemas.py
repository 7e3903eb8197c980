"""The search call's answer."""

from typing import Annotated

from ninja import Field, Schema

from cms.search.queries import MAX_CANDIDATES

# [start, end): code-point offsets of a found word in `snippet`.
Highlight = Annotated[list[int], Field(min_length=2, max_length=2)]


class SearchResultOut(Schema):
    """A page found in one locale."""

    page_id: int
    locale: str = Field(description="The locale whose name or text matched: open the page in it")
    name: str = Field(description="The page's name in that locale (empty when it has none there)")
    snippet: str = Field(description="Plain text (not HTML) around the words found, Markdown's marks stripped")
    highlights: list[Highlight] = Field(
        description="The found words in `snippet`: [start, end) offsets in Unicode code points, in order"
    )


class SearchOut(Schema):
    results: list[SearchResultOut]
    total: int = Field(
        description=(
            "How many matches there are in all (every page of results), counting at most the"
            f" {MAX_CANDIDATES} that are ranked"
        )
    )
