"""Who may see a page (cms.pages.visibility): the Python predicate and the SQL expression agree
for every status, publication date and ancestor combination, and every reader asks them."""

from datetime import timedelta
from itertools import product

import pytest
from django.db import connection
from django.utils import timezone

from cms.pages import visibility
from cms.pages.models import Page, Status
from cms.pages.read_model.chains import chain_by_id

NOW = timezone.now().replace(microsecond=0)
DATES = {"past": NOW - timedelta(days=1), "now": NOW, "future": NOW + timedelta(seconds=1)}
STATES = list(product(list(Status), DATES))  # every status with every date


def _make(parent: Page | None, position: int, status: int, date: str) -> Page:
    return Page.objects.create(
        parent=parent, position=position, status=status, published_at=DATES[date], template="page"
    )


@pytest.fixture
def pages(db):
    """A top-level page in every state, each with a child in every state."""
    made = []
    for top_position, (top_status, top_date) in enumerate(STATES, start=1):
        top = _make(None, top_position, top_status, top_date)
        made.append((top, None))
        for position, (status, date) in enumerate(STATES, start=1):
            made.append((_make(top, position, status, date), top))
    return made


def _sql_ids(condition: str) -> set[int]:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT p.id FROM {Page._meta.db_table} p WHERE {condition}", [visibility.sql_time(NOW)])
        return {row[0] for row in cursor.fetchall()}


def test_the_predicate_and_the_sql_agree_on_every_state(pages):
    visible = {page.pk for page, _ in pages if visibility.is_visible(page.status, page.published_at, NOW)}
    listed = {page.pk for page, _ in pages if visibility.is_listed(page.status, page.published_at, NOW)}

    assert _sql_ids(visibility.visible_sql("p")) == visible
    assert _sql_ids(visibility.listed_sql("p")) == listed
    # The rule itself, spelled out once: published and due, or hidden.
    assert {(Status(p.status).name, date) for p, _ in pages if p.pk in listed for date, d in DATES.items()
            if d == p.published_at} == {("PUBLISHED", "past"), ("PUBLISHED", "now")}  # fmt: skip
    assert {Status(p.status) for p, _ in pages if p.pk in visible} == {Status.PUBLISHED, Status.HIDDEN}


def test_reachable_means_the_page_and_every_page_above_it_visible_in_both_forms(pages):
    def shown(page: Page) -> bool:
        return visibility.is_visible(page.status, page.published_at, NOW)

    expected = {page.pk for page, parent in pages if shown(page) and (parent is None or shown(parent))}
    assert len(expected) not in (0, len(pages))
    assert visibility.reachable_ids([page.pk for page, _ in pages], NOW) == expected
    by_chain = set()
    for page, _parent in pages:
        chain = chain_by_id(page.pk, NOW)
        assert chain is not None
        if chain.visible(NOW):
            by_chain.add(page.pk)
    assert by_chain == expected


def test_dates_as_the_drivers_give_them_read_the_same():
    past = NOW - timedelta(hours=1)
    for given in (past, past.isoformat(), past.strftime("%Y-%m-%d %H:%M:%S"), past.isoformat().replace("+00:00", "Z")):
        assert visibility.is_listed(Status.PUBLISHED, given, NOW), given
    assert not visibility.is_listed(Status.PUBLISHED, "2026-13-45", NOW)
