"""The workers' housekeeping (cms.background.housekeeping): each function named in
CMS_WORKER_HOUSEKEEPING called in turn; one that fails stops none of the others, except the
database going away, which the worker's loop waits out."""

import pytest
from django.db import OperationalError

from cms.background.housekeeping import run_housekeeping

called: list[str] = []


def fine() -> None:
    called.append("fine")


def broken() -> None:
    called.append("broken")
    raise ValueError("a bug")


def database_away() -> None:
    raise OperationalError("connection refused")


PREFIX = "cms.background.tests.test_housekeeping."


def test_each_function_is_called_and_a_failing_one_stops_no_other(settings, caplog):
    called.clear()
    settings.CMS_WORKER_HOUSEKEEPING = [PREFIX + "broken", PREFIX + "fine"]
    run_housekeeping()
    assert called == ["broken", "fine"]
    assert "worker housekeeping cms.background.tests.test_housekeeping.broken failed" in caplog.text


def test_a_database_away_is_left_to_the_worker_loop(settings):
    settings.CMS_WORKER_HOUSEKEEPING = [PREFIX + "database_away", PREFIX + "fine"]
    with pytest.raises(OperationalError):
        run_housekeeping()
