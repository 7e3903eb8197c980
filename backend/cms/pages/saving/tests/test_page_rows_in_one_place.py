"""No page row is written outside the one unit of work (cms.pages.saving; issue 29, item 1): a
write elsewhere would skip its after-steps (the lock version, the tree cache, the audit log, the
revision, the translations' marks, the media uses). The source is read for the three ways a row
is written: the ORM's `Page.objects….update(` (and its bulk and create cousins), `.save(` on a
page, and raw `UPDATE` of the pages' table. Migrations and tests set rows up as they must."""

import ast
import re
from pathlib import Path

import pytest

BACKEND = Path(__file__).resolve().parents[4]
SOURCE = BACKEND / "cms"
ALLOWED = (SOURCE / "pages" / "saving",)
# The save's other modules share saving/ with the unit of work but build what they change and
# call it: they are read like every module outside it.
CHECKED_IN_SAVING = frozenset(
    SOURCE / "pages" / "saving" / f"{name}.py"
    for name in ("services", "payload", "rules", "validation", "segments", "reserved_segments", "redirects",
                 "links", "tags")
)  # fmt: skip
# The ORM's calls that write rows of the queryset they are called on.
WRITING_CALLS = frozenset({"update", "bulk_update", "bulk_create", "create", "get_or_create", "update_or_create"})
# The pages' table named in Python: its model's name for it, or the name itself.
PAGE_TABLE_NAMES = frozenset({"Page._meta.db_table", "'pages_page'"})
# Raw SQL updating the pages' table, by its name or the names the code gives it.
RAW_UPDATE = re.compile(
    r"\bUPDATE\s+[\"'{]?(?:pages_page|PAGES|PAGE_TABLE|page|Page\._meta\.db_table)[\"'}]?\s+(?:\w+\s+)?SET\b",
    re.IGNORECASE,
)


def page_row_writes(source: str) -> list[str]:
    """The page row writes in one module's source: `line: what`."""
    tree = ast.parse(source)
    found = set()
    for scope in [tree, *(node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef))]:
        # Names the scope gives a queryset of pages (`siblings = Page.objects.filter(…)`).
        querysets = {
            target.id
            for node in ast.walk(scope)
            if isinstance(node, ast.Assign) and _on_page_objects(node.value, set())
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in ast.walk(scope):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            method, receiver = node.func.attr, node.func.value
            if method in WRITING_CALLS and _on_page_objects(receiver, querysets if scope is not tree else set()):
                found.add(f"{node.lineno}: Page.objects….{method}(")
            if method == "save" and _names_a_page(receiver):
                found.add(f"{node.lineno}: {ast.unparse(receiver)}.save(")
        for node in ast.walk(scope):  # a helper that updates the table it is given, given the pages'
            if isinstance(node, ast.Call) and _called(node) == "update_rows" and node.args:
                table = node.args[0]
                named = ast.unparse(table)
                if named.rsplit(".", 1)[-1] in ("PAGE", "PAGES", "PAGE_TABLE") or named in PAGE_TABLE_NAMES:
                    found.add(f"{node.lineno}: update_rows of pages_page")
    for number, line in enumerate(source.splitlines(), 1):
        if RAW_UPDATE.search(line):
            found.add(f"{number}: raw UPDATE of pages_page")
    return sorted(found)


def _on_page_objects(node: ast.expr, querysets: set[str]) -> bool:
    """Whether a call chain starts from `Page.objects` (`Page.objects.filter(…).exclude(…)`) or
    from a name given such a chain."""
    while True:
        if isinstance(node, ast.Name):
            return node.id in querysets
        if isinstance(node, ast.Attribute):
            if node.attr == "objects" and isinstance(node.value, ast.Name) and node.value.id == "Page":
                return True
            node = node.value
        elif isinstance(node, ast.Call):
            node = node.func
        else:
            return False


def _called(node: ast.Call) -> str:
    return node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")


def _names_a_page(node: ast.expr) -> bool:
    """Whether `x.save(` is called on a page: a name or attribute `page`, `locked`, `*_page`."""
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return name == "page" or name.endswith("_page") or name == "locked"


def modules() -> list[Path]:
    return [
        path
        for path in sorted(SOURCE.rglob("*.py"))
        if "tests" not in path.parts and "migrations" not in path.parts
        and (path in CHECKED_IN_SAVING or not any(path.is_relative_to(allowed) for allowed in ALLOWED))
    ]  # fmt: skip


# Known writes outside the unit of work, each with why it is one and what would end it (none:
# the links that follow a moved page go through the unit of work for many pages,
# cms.pages.saving.rewrites).
EXCEPTIONS: dict[str, str] = {}


def test_no_page_row_is_written_outside_the_unit_of_work():
    assert all(path.exists() for path in CHECKED_IN_SAVING), "a module of the save moved: update the list"
    assert all((BACKEND / path).exists() for path in EXCEPTIONS), "an exception moved: update the list"
    writes = {
        str(path.relative_to(BACKEND)): found for path in modules() if (found := page_row_writes(path.read_text()))
    }
    assert {path for path in writes if path not in EXCEPTIONS} == set(), writes
    assert set(EXCEPTIONS) <= set(writes), "an exception writes no page row any more: take it off the list"


@pytest.mark.parametrize(
    "source",
    [
        "Page.objects.filter(pk=page.pk).update(revision_head=manifest)",
        "Page.objects.filter(\n    parent_id=parent_id\n).exclude(pk=1).update(position=F('position') + 1)",
        "Page.objects.bulk_update(pages, ['translation_marks'])",
        "def f():\n    siblings = Page.objects.filter(parent_id=1)\n    siblings.exclude(pk=2).update(position=1)",
        "page.save(update_fields=ROW_FIELDS)",
        "self.page.save()",
        "cursor.execute(f'UPDATE {PAGES} SET lock_version = lock_version + 1 WHERE id = %s', [1])",
        "cursor.execute('update pages_page p set position = 1')",
        "sql.update_rows(sql.PAGE, ['blocks'], rows, json=['blocks'])",
        "update_rows(Page._meta.db_table, ['blocks'], rows)",
        "sql.update_rows('pages_page', ['blocks'], rows)",
    ],
)
def test_each_way_of_writing_a_page_row_is_found(source):
    assert page_row_writes(source)


@pytest.mark.parametrize(
    "source",
    [
        "PageLocalization.objects.filter(page_id=1).update(parent_key=0)",
        "Page.objects.filter(pk=1).values_list('pk', flat=True)",
        "localization.save()",
        "def f():\n    parents = Page.objects.filter(pk=1)\ndef g(parents):\n    parents.update({1: 2})",
        "change.save(update_fields=['state'])",
        "f'CREATE TRIGGER search_page_update AFTER UPDATE OF blocks ON {PAGES} BEGIN END'",
        "f'UPDATE {TABLE} d SET document = 1'",
        "sql.update_rows(sql.LOCALIZATION, ['blocks'], rows, json=['blocks'])",
        "sql.update_rows(PageLocalization._meta.db_table, ['blocks'], rows)",
    ],
)
def test_writes_of_other_rows_are_not_taken_for_page_writes(source):
    assert page_row_writes(source) == []
