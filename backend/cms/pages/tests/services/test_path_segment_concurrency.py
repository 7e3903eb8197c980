"""Two saves at once can't give siblings the same path segment (PostgreSQL: real concurrency)."""

import threading

import pytest
from django.db import connection, connections

from cms.core.exceptions import ValidationFailed
from cms.pages.models import PageLocalization
from cms.pages.services import page_create, page_update

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's concurrency")


@pytest.mark.django_db(transaction=True)
def test_parallel_saves_never_give_siblings_one_segment(admin_user):
    parent = page_create(actor=admin_user, locale="en", changes={"name": "Parent", "path_segment": "parent"})
    siblings = [
        page_create(actor=admin_user, locale="en", changes={"name": f"Page {i}", "parent_page_id": parent.pk})
        for i in range(4)
    ]
    outcomes: list[str] = []

    def save(page_id: int, segment: str, start: threading.Barrier) -> None:
        try:
            start.wait()
            page_update(actor=admin_user, page_id=page_id, locale="en", changes={"path_segment": segment})
            outcomes.append("saved")
        except ValidationFailed:
            outcomes.append("refused")
        except BaseException as exc:  # reported to the main thread
            outcomes.append(repr(exc))
        finally:
            connections.close_all()

    for round_number in range(15):
        start = threading.Barrier(len(siblings))
        segment = f"same-{round_number}"
        threads = [threading.Thread(target=save, args=(page.pk, segment, start)) for page in siblings]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        holders = PageLocalization.objects.filter(locale="en", path_segment=segment).count()
        assert holders == 1, f"round {round_number}: {holders} siblings hold {segment!r}"
    assert set(outcomes) == {"saved", "refused"}, outcomes


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("field", ["unique_name", "serialized_tags"])
def test_parallel_saves_of_one_unique_name_or_new_tag_never_fail_with_an_error(admin_user, field):
    pages = [page_create(actor=admin_user, locale="en", changes={"name": f"Page {i}"}) for i in range(4)]
    outcomes: list[str] = []

    def save(page_id: int, value: str, start: threading.Barrier) -> None:
        try:
            start.wait()
            page_update(actor=admin_user, page_id=page_id, locale="en", changes={field: value})
            outcomes.append("saved")
        except ValidationFailed:
            outcomes.append("refused")
        except BaseException as exc:  # an IntegrityError would land here
            outcomes.append(repr(exc))
        finally:
            connections.close_all()

    for round_number in range(8):
        value = f"same-{round_number}" if field == "unique_name" else f'["Tag {round_number}"]'
        start = threading.Barrier(len(pages))
        threads = [threading.Thread(target=save, args=(page.pk, value, start)) for page in pages]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
    assert set(outcomes) <= {"saved", "refused"}, outcomes
