"""Rounds at the same moment (two workers' rounds, a task run twice), each on its own database
connection: every address is checked once (PostgreSQL: SQLite serialises writers)."""

from collections import Counter

import pytest
from django.db import connection

from cms.accounts.tests.concurrency import at_once
from cms.pages.linkcheck.models import LinkCheck
from cms.pages.linkcheck.rounds import run_round
from cms.pages.models import ExternalReference

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs concurrent writers (PostgreSQL)"),
]


def test_three_rounds_at_once_check_each_address_once(make_page, server):
    page = make_page("Links")
    urls = [f"{server.base}/slow?n={n}" for n in range(12)]
    ExternalReference.objects.bulk_create(
        ExternalReference(page=page, locale="en", block="body", kind="link", host="127.0.0.1", family="x", url=url)
        for url in urls
    )
    done = at_once(*[lambda: run_round(limit=6) for _ in range(3)])
    asked = Counter(path for _method, path, _at in server.log.requests)
    assert set(asked.values()) == {1}  # none twice
    assert sum(round_.checked for round_ in done) == len(asked)
    assert LinkCheck.objects.count() == 12  # the rows made once, whichever round made them
    run_round(limit=12)  # what the three left (each took at most six)
    assert LinkCheck.objects.filter(reason="ok").count() == 12
