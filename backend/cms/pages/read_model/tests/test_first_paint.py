"""What the tree screen embeds: the top level, and the children of open top-level pages while
read_model.FIRST_PAINT_ROWS (tree_answers) holds (issue 8, item 3). The rest loads in the browser."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cms.pages import read_model
from cms.pages.models import Status
from cms.pages.read_model import tree_answers


@pytest.fixture
def tree(make_page):
    """Top level, in order: A (2 shown children and a deleted one), News (a news page, 3
    children), B (3 children), C (1 child), D (none), and a deleted page with a child. The tree
    shows five top-level pages."""
    pages = {}
    pages["A"] = make_page("A")
    pages["a1"], pages["a2"] = make_page("a1", parent=pages["A"]), make_page("a2", parent=pages["A"])
    pages["a-gone"] = make_page("a-gone", parent=pages["A"], status=Status.DELETED)
    pages["News"] = make_page("News", news_page=True)
    for name in ("n1", "n2", "n3"):
        pages[name] = make_page(name, parent=pages["News"])
    pages["B"] = make_page("B")
    for name in ("b1", "b2", "b3"):
        pages[name] = make_page(name, parent=pages["B"])
    pages["C"] = make_page("C")
    pages["c1"] = make_page("c1", parent=pages["C"])
    pages["D"] = make_page("D")
    pages["Gone"] = make_page("Gone", status=Status.DELETED)
    pages["under-gone"] = make_page("under-gone", parent=pages["Gone"])
    return pages


def first_paint(user) -> list[dict]:
    return read_model.first_paint_records(locale="en", user=user)


def names(records: list[dict]) -> list[str]:
    return [record["blocks"]["name"]["en"] for record in records]


def assert_whole_child_lists(records: list[dict]) -> None:
    """Each page either comes with every child its child_count promises, or with none."""
    by_parent: dict[int, int] = {}
    for record in records:
        if record["parent_page_id"] is not None:
            by_parent[record["parent_page_id"]] = by_parent.get(record["parent_page_id"], 0) + 1
    for record in records:
        assert by_parent.get(record["id"], 0) in (0, record["child_count"]), record["blocks"]["name"]


TOP_LEVEL = ["A", "News", "B", "C", "D"]


@pytest.mark.parametrize(
    ("budget", "children"),
    [
        (100, ["a1", "a2", "b1", "b2", "b3", "c1"]),  # everything fits, as before
        (11, ["a1", "a2", "b1", "b2", "b3", "c1"]),  # exactly: 5 + 2 + 3 + 1
        (10, ["a1", "a2", "b1", "b2", "b3"]),  # C's one child no longer fits
        # B's three do not fit: neither do C's, though one would (the rows embedded are the top
        # of the tree as shown; what follows B's children would show below them anyway).
        (9, ["a1", "a2"]),
        (7, ["a1", "a2"]),  # the deleted child of A neither counts nor comes
        (6, []),
        (5, []),
    ],
)
def test_children_come_while_the_budget_holds(tree, admin_user, monkeypatch, budget, children):
    monkeypatch.setattr(tree_answers, "FIRST_PAINT_ROWS", budget)
    records = first_paint(admin_user)
    assert names(records) == TOP_LEVEL + children
    assert len(records) <= budget
    assert_whole_child_lists(records)


def test_the_top_level_comes_whole_past_the_budget(tree, admin_user, monkeypatch):
    monkeypatch.setattr(tree_answers, "FIRST_PAINT_ROWS", 2)
    records = first_paint(admin_user)
    assert names(records) == TOP_LEVEL


def test_open_pages_past_the_budget_come_without_children_but_with_their_count(tree, admin_user, monkeypatch):
    monkeypatch.setattr(tree_answers, "FIRST_PAINT_ROWS", 7)
    records = {record["id"]: record for record in first_paint(admin_user)}
    parents = {record["parent_page_id"] for record in records.values()}
    for name, count in (("B", 3), ("C", 1)):
        page = records[tree[name].pk]
        assert page["child_count"] == count and page["id"] not in parents
    assert records[tree["A"].pk]["child_count"] == 2


def test_deleted_pages_and_news_children_are_left_out(tree, admin_user):
    assert read_model.FIRST_PAINT_ROWS >= 11
    shown = set(names(first_paint(admin_user)))
    assert shown == {*TOP_LEVEL, "a1", "a2", "b1", "b2", "b3", "c1"}  # not Gone, under-gone, a-gone, n1…


def test_the_records_are_the_ones_the_children_call_answers(tree, admin_user, monkeypatch):
    monkeypatch.setattr(tree_answers, "FIRST_PAINT_ROWS", 10)
    embedded = first_paint(admin_user)
    listed = [
        record
        for parent in (None, tree["A"].pk, tree["B"].pk)
        for record in read_model.children_records(parent, locale="en", user=admin_user)
        if record["status"] != Status.DELETED
    ]
    assert embedded == listed


def test_a_fixed_number_of_queries_whatever_fits(tree, admin_user, make_page, monkeypatch):
    def count(budget: int) -> int:
        monkeypatch.setattr(tree_answers, "FIRST_PAINT_ROWS", budget)
        with CaptureQueriesContext(connection) as captured:
            first_paint(admin_user)
        return len(captured.captured_queries)

    # The top level alone reads no ancestors: one query fewer than with children.
    top_level_only, with_children = count(5), count(9)
    assert count(100) == with_children <= top_level_only + 1 <= 5
    for i in range(10):  # more pages, open and with children, fitting and not
        parent = make_page(f"More {i}")
        make_page(f"More {i}.1", parent=parent)
    assert count(15) == top_level_only  # 15 top-level pages: nothing else fits
    assert count(20) == count(1000) == with_children
