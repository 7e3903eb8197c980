"""SQL only in `sql.py` modules (issue 29, item 4): each app's statements and fragments where the
ORM cannot say them (recursive CTEs, full-text search, advisory locks, JSON membership) or says
them too slowly (the hottest reads), named, in one place a reader finds them; everything else is
the ORM's. The source is read for the three ways SQL gets written elsewhere: SQL text in a
string (statements and clauses by their keywords, columns of an alias compared), and the ORM's
escape hatches (`RawSQL(`, `.raw(`, `.extra(`) given text of their own rather than a fragment of
a `sql` module. And where SQL is run by hand — a cursor, `.execute(`, `RawSQL`, `.raw(` — it is
run by the sql modules' functions, which give their rows by the columns named beside each
statement: no other module holds a cursor. Migrations and tests set rows up and look at them as
they must."""

import ast
import re
from pathlib import Path

import pytest

BACKEND = Path(__file__).resolve().parents[3]
SOURCE = BACKEND / "cms"
# Modules allowed SQL besides the sql.py modules, each for its reason.
EXCEPTIONS = {
    # DESIGN §2, one rule in one place: who may see a page, as a Python predicate and as the SQL
    # expression every reader's statement embeds, side by side so they change together (a table
    # test holds them equal: tests/test_visibility.py).
    "cms/pages/visibility.py": "the visibility rule's SQL beside its Python twin",
    # Likewise where a page lives: which page is the home page, in Python and in SQL.
    "cms/pages/addresses.py": "the home page rule's SQL beside its Python twin",
}
# Modules that still run SQL by hand besides the sql.py modules, each for its reason (their SQL
# text is their app's sql.py's all the same: the test above holds that).
RUNS_SQL = {
    # The search index's installer: the schema's DDL (cms.search.sql), dropped, created and
    # filled in one transaction on one cursor that each backend is handed — a migration in all
    # but name (it runs after every `migrate`), whose statements depend on what the database has.
    "cms/search/index.py": "the index's installer, a migration in all but name",
    "cms/search/sqlite_index.py": "the index's installer (SQLite)",
    "cms/search/postgres_index.py": "the index's installer (PostgreSQL)",
}
BY_HAND = frozenset({"cursor", "execute", "executemany", "raw", "extra"})

# Statements and clauses, by their keywords (SQL is written in capitals here), and a column of a
# one-letter alias compared (`p.status != 4`).
SQL_TEXT = re.compile(
    r"\b(?:SELECT\s|INSERT\s+INTO\b|UPDATE\s+\S+\s+SET\b|DELETE\s+FROM\b|WITH\s+RECURSIVE\b|"
    r"CREATE\s+(?:TABLE|INDEX|TRIGGER|FUNCTION|VIRTUAL|EXTENSION|TEXT)\b|DROP\s+(?:TABLE|TRIGGER|FUNCTION|INDEX)\b|"
    r"ALTER\s+TABLE\b|UNION\s+ALL\b|ORDER\s+BY\b|GROUP\s+BY\b|JOIN\s|EXISTS\s*\(|CASE\s+WHEN\b|NULLS\s+FIRST\b|"
    r"COALESCE\(|SAVEPOINT\b|SET\s+LOCAL\b|IS\s+(?:NOT\s+)?NULL\b)"
    r"|\b[a-z]\.[a-z_]+\s*(?:=|!=|<>|<=|>=|<|>|IN\b|LIKE\b|IS\b)"
)
ESCAPE_HATCHES = frozenset({"RawSQL", "raw", "extra"})
EXTRA_SQL = frozenset({"where", "select", "tables", "order_by"})
OWN_TEXT = (ast.Constant, ast.JoinedStr, ast.BinOp, ast.List, ast.Dict)  # SQL given in place


def raw_sql(source: str) -> list[str]:
    """The SQL written in one module's source: `line: what`."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
    }  # fmt: skip
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = "".join(part.value if isinstance(part, ast.Constant) else "{}" for part in node.values)
            if SQL_TEXT.search(text):
                found.add(f"{node.lineno}: SQL text")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            if SQL_TEXT.search(node.value):
                found.add(f"{node.lineno}: SQL text")
        elif isinstance(node, ast.Call) and _called(node.func) in ESCAPE_HATCHES:
            # .extra() takes its SQL by keyword (where=, select=, tables=): always its own.
            given = [*node.args[:1], *(keyword.value for keyword in node.keywords if keyword.arg in EXTRA_SQL)]
            if any(
                isinstance(value, ast.Constant | ast.JoinedStr | ast.BinOp | ast.List | ast.Dict) for value in given
            ):
                found.add(f"{node.lineno}: {_called(node.func)}( with its own SQL")
    return sorted(found)


def runs_sql(source: str) -> list[str]:
    """Where one module's source runs SQL by hand: `line: what`."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in BY_HAND:
            found.add(f"{node.lineno}: .{node.func.attr}(")
        elif (isinstance(node, ast.Name) and node.id == "RawSQL") or (
            isinstance(node, ast.alias) and node.name == "RawSQL"
        ):
            found.add(f"{getattr(node, 'lineno', 0)}: RawSQL")
    return sorted(found)


def _called(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def modules() -> list[Path]:
    return [
        path
        for path in sorted(SOURCE.rglob("*.py"))
        if "tests" not in path.parts and "migrations" not in path.parts and path.name != "sql.py"
        and str(path.relative_to(BACKEND)) not in EXCEPTIONS
    ]  # fmt: skip


def test_no_sql_is_written_outside_the_sql_modules():
    assert all((BACKEND / path).exists() for path in EXCEPTIONS), "an exception moved: update the list"
    written = {str(path.relative_to(BACKEND)): found for path in modules() if (found := raw_sql(path.read_text()))}
    assert written == {}


def test_sql_is_run_only_by_the_sql_modules():
    """A cursor, `.execute(`, `RawSQL`, `.raw(`: only in sql.py modules (and the few of RUNS_SQL)."""
    assert all((BACKEND / path).exists() for path in RUNS_SQL), "an exception moved: update the list"
    running = {
        str(path.relative_to(BACKEND)): found
        for path in SOURCE.rglob("*.py")
        if "tests" not in path.parts and "migrations" not in path.parts and path.name != "sql.py"
        and str(path.relative_to(BACKEND)) not in RUNS_SQL and (found := runs_sql(path.read_text()))
    }  # fmt: skip
    assert running == {}


def test_the_modules_running_sql_still_do():
    """An exception that no longer runs SQL leaves the list."""
    assert all(runs_sql((BACKEND / path).read_text()) for path in RUNS_SQL)


@pytest.mark.parametrize(
    "source",
    [
        "with connection.cursor() as cursor:\n    cursor.execute(sql.PING)",
        "cursor.executemany(sql.insert_row(model, columns, quote), batch)",
        "from django.db.models.expressions import RawSQL",
        "Q(page_id__in=RawSQL(sql.ancestry_ids(), [page_id]))",
        "Page.objects.raw(sql.ALL)",
        "Page.objects.extra(where=[sql.NOT_DELETED])",
        "connections['default'].cursor()",
    ],
)
def test_each_way_of_running_sql_is_found(source):
    assert runs_sql(source)


@pytest.mark.parametrize(
    "source",
    [
        "rows = sql.read_page_rows(columns, where)",
        "Q(page_id__in=sql.ancestry_ids_query(page_id))",
        "Page.objects.filter(pk=1).values_list('id', flat=True)",
        "text = 'a cursor, then execute it'",
    ],
)
def test_what_runs_no_sql_is_not_taken_for_it(source):
    assert runs_sql(source) == []


def test_the_exceptions_still_hold_sql():
    """An exception that no longer writes SQL leaves the list."""
    assert all(raw_sql((BACKEND / path).read_text()) for path in EXCEPTIONS)


@pytest.mark.parametrize(
    "source",
    [
        "cursor.execute('SELECT 1')",
        "query = f'SELECT {columns} FROM {PAGE} p WHERE {where}'",
        "sql = (\n    'WITH RECURSIVE up(id) AS ('\n    f' SELECT id FROM {T}'\n)",
        "cursor.execute(f'UPDATE {PAGES} SET lock_version = 1')",
        "q = 'DELETE FROM x'",
        "condition = f'p.status != {Status.DELETED}'",
        "where = f'p.parent_id IN ({ids})'",
        "f'{alias}.x = 1 OR p.parent_id IS NULL'",
        "Page.objects.annotate(x=RawSQL('SELECT 1', []))",
        "Page.objects.raw(f'SELECT * FROM {table}')",
        "Page.objects.extra(where=['1 = 1'])",
        "Page.objects.extra(select={'n': 'count'})",
        "parts = ' UNION ALL '.join(selects)",
        "cursor.execute(f'CREATE TRIGGER t AFTER INSERT ON {T} BEGIN END')",
    ],
)
def test_each_way_of_writing_sql_is_found(source):
    assert raw_sql(source)


@pytest.mark.parametrize(
    "source",
    [
        '"""A docstring may say SELECT … FOR UPDATE and ORDER BY."""',
        "def f():\n    '''Takes the rows (SELECT … FOR UPDATE) in one order.'''",
        "cursor.execute(sql.ancestry_ids(), [page_id])",
        "Q(page_id__in=RawSQL(sql.ancestry_ids(), [page_id]))",
        "message = _('must not be blank')",
        "label = 'Select a page'",
        "Page.objects.filter(status=Status.DELETED).order_by('position')",
        "text = f'{count} pages, e.g. ten'",
    ],
)
def test_what_is_not_sql_is_not_taken_for_it(source):
    assert raw_sql(source) == []
