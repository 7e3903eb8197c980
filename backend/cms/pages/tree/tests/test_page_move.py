"""The move service keeps sibling positions 1..n and never makes a cycle."""

import contextlib
import os

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cms.core.exceptions import ValidationFailed
from cms.pages.models import Page
from cms.pages.saving.services import page_move
from conftest import data_statements


def positions(parent):
    return list(Page.objects.filter(parent=parent).order_by("position").values_list("pk", "position"))


def assert_tree_is_sound():
    by_parent: dict = {}
    for parent_id, position in Page.objects.values_list("parent_id", "position"):
        by_parent.setdefault(parent_id, []).append(position)
    for siblings in by_parent.values():
        assert sorted(siblings) == list(range(1, len(siblings) + 1))
    parents = dict(Page.objects.values_list("pk", "parent_id"))
    for pk in parents:
        seen, node = set(), pk
        while node is not None:
            assert node not in seen, "cycle"
            seen.add(node)
            node = parents[node]


def test_move_within_siblings_to_the_front(make_page, admin_user):
    a, b, c = make_page("a"), make_page("b"), make_page("c")
    page_move(actor=admin_user, page_id=c.pk, parent_id=None, position=1)
    assert positions(None) == [(c.pk, 1), (a.pk, 2), (b.pk, 3)]


def test_move_to_another_parent_closes_and_opens_gaps(make_page, admin_user):
    a, b = make_page("a"), make_page("b")
    x, y = make_page("x", parent=a), make_page("y", parent=a)
    page_move(actor=admin_user, page_id=x.pk, parent_id=b.pk, position=1)
    assert positions(a) == [(y.pk, 1)]
    assert positions(b) == [(x.pk, 1)]


def test_a_position_past_the_end_appends(make_page, admin_user):
    a, b = make_page("a"), make_page("b")
    page_move(actor=admin_user, page_id=a.pk, parent_id=None, position=99)
    assert positions(None) == [(b.pk, 1), (a.pk, 2)]


def test_moving_under_itself_or_a_descendant_is_refused(make_page, admin_user):
    a = make_page("a")
    child = make_page("child", parent=a)
    grandchild = make_page("grandchild", parent=child)
    for target in (a, child, grandchild):
        with pytest.raises(ValidationFailed) as info:
            page_move(actor=admin_user, page_id=a.pk, parent_id=target.pk, position=1)
        assert info.value.errors == [("parent_id", "A page can't be moved into itself or one of its own subpages.")]
    assert Page.objects.get(pk=a.pk).parent_id is None


def test_move_uses_a_constant_number_of_statements(make_page, admin_user):
    parent = make_page("parent")
    siblings = [make_page(f"s{i}", parent=parent) for i in range(40)]
    with CaptureQueriesContext(connection) as few:
        page_move(actor=admin_user, page_id=siblings[-1].pk, parent_id=parent.pk, position=1)
    more = [make_page(f"t{i}", parent=parent) for i in range(60)]
    with CaptureQueriesContext(connection) as many:
        page_move(actor=admin_user, page_id=more[-1].pk, parent_id=parent.pk, position=1)
    tree_lock = 1 if connection.vendor == "postgresql" else 0  # the advisory lock statement
    assert len(data_statements(few)) == len(data_statements(many))
    # BENCHMARKS.md: at most 6, every statement counted (BEGIN, COMMIT and the audit entry too).
    assert len(few.captured_queries) == len(many.captured_queries) <= 6 + tree_lock
    assert_tree_is_sound()


# Generated move lists: FUZZ_EXAMPLES, as for the schema fuzzing (CI's PostgreSQL round runs a
# short one: scripts/test.sh).
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "40"))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@pytest.mark.long
@given(
    moves=st.lists(st.tuples(st.integers(0, 11), st.integers(-1, 11), st.integers(1, 14)), min_size=20, max_size=100)
)
def test_random_moves_keep_the_tree_sound(make_page, moves, admin_user):
    pages = list(Page.objects.order_by("pk"))
    if not pages:
        roots = [make_page(f"r{i}") for i in range(3)]
        pages = roots + [make_page(f"c{i}", parent=roots[i % 3]) for i in range(9)]
    for page_index, parent_index, position in moves:
        parent_id = None if parent_index < 0 else pages[parent_index].pk
        with contextlib.suppress(ValidationFailed):
            page_move(actor=admin_user, page_id=pages[page_index].pk, parent_id=parent_id, position=position)
        assert_tree_is_sound()


def test_moving_next_to_a_page_with_the_same_path_segment_is_refused(make_page, admin_user):
    make_page("Top", path_segment="dupe")
    parent = make_page("Parent", path_segment="parent")
    child = make_page("Child", parent=parent, path_segment="dupe")
    with pytest.raises(ValidationFailed) as info:
        page_move(actor=admin_user, page_id=child.pk, parent_id=None, position=1)
    assert info.value.errors == [("path_segment", "is already used by another page at the same level")]
    assert Page.objects.get(pk=child.pk).parent_id == parent.pk
    page_move(
        actor=admin_user, page_id=child.pk, parent_id=parent.pk, position=1
    )  # a reorder among its siblings is fine
