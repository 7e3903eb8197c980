"""The one unit of work every page write goes through (issue 29, item 1).

Create, update (a scheduled change going live is one), restore, a move and a translation marked
checked each build only what they change — the page's fields, its localizations, its tags and
links, its place — and go through `unit.PageWrite`: made before the write changes anything, it
takes the page's state before once; its `commit` works out what changed once, as a typed value
(`changed.Changed`, read by the audit log, the revision, the translations' marks and the media
uses), and runs every after-step in one order: the lock version, the tree cache, the media uses,
the external references and the links between pages (cms.pages.text_links), the audit entry,
the revision, the translations' marks, and the page's row (the search index follows it: its
triggers); then, when its addresses changed, the texts linking to it follow them.

No page row is written anywhere else (a test reads the source for it): the tree's position
shifts are `tree_writes`, and the texts the system rewrites in many pages at once (the links
that follow a moved page) go through `rewrites.TextRewrites`, the same after-steps for a batch.

Import the modules (`from cms.pages.saving.unit import PageWrite`): this file imports nothing, so
that the tree cache may use `tree_writes` without importing what a save needs.
"""
