"""Deleted pages (issue 31, item 1; DESIGN.md §3 "Deleted pages"): the list of deletions, and the
calls that bring a page back or remove it for good. The writes are the page unit of work's
(cms.pages.saving.trash); this package reads and answers."""
