"""The working copy's and scheduled changes' figures of `make bench` (BENCHMARKS.md, issue 20).
BENCH_ONLY=drafts: these alone.

- `working_copy_save_ms`: the editor's autosave, a PUT of draft.json with the payload the editor
  really sends (every field of a page with tags, image and file links), parsed as the API parses
  it and kept by the service (as bench/saves.py times saves), median of WORKING_COPY_RUNS, with
  its statements; the same PUT through the whole Django stack (test client, session login) beside it.
- `scheduled_lateness_median_s`, `scheduled_lateness_worst_s`: CHANGES scheduled changes due
  SPACING_S apart, applied by a worker of the task engine (cms.pages.scheduling.tasks: the task
  queued with each change for its time) polling as gunicorn's embedded one does
  (CMS_TASK_POLL_SECONDS, 0.1 s unless set), nothing else applying them (no page is read
  meanwhile, which would apply them at once): how long after its time each went live
  (`applied_at - at`). The run takes about CHANGES x SPACING_S.
"""

import json
import os
import statistics
import sys
import threading
import time
import traceback
from datetime import timedelta

from measuring import administrator, progress

WORKING_COPY_RUNS = 50
CHANGES = 20
SPACING_S = 1.0
FIRST_DUE_S = 2.0
PATIENCE_S = 90.0  # beyond this the figure says n/a: a change far later than any interval


def run() -> int:
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    failures = 0
    try:
        bench = Figures()
    except Exception as error:
        traceback.print_exception(error, file=sys.stderr)
        for name in NAMES:
            print(f"{name} n/a ({type(error).__name__}: {str(error)[:150]})", flush=True)
        return 1
    for measure in (bench.working_copy_save_ms, bench.scheduled_lateness):
        try:
            for line in measure():
                print(line, flush=True)
        except Exception as error:
            traceback.print_exception(error, file=sys.stderr)
            for name in FIGURES_OF[measure.__name__]:
                print(f"{name} n/a ({type(error).__name__}: {str(error)[:150]})", flush=True)
            failures += 1
    return 1 if failures else 0


FIGURES_OF = {
    "working_copy_save_ms": ("working_copy_save_ms",),
    "scheduled_lateness": ("scheduled_lateness_median_s", "scheduled_lateness_worst_s"),
}
NAMES = tuple(name for names in FIGURES_OF.values() for name in names)


class Figures:
    def __init__(self) -> None:
        import secrets

        from cms.media.models import Attachment, Image
        from cms.pages.saving.payload import PageChanges
        from cms.pages.saving.services import page_create

        self.user, self.client = administrator("bench-drafts")
        progress("drafts: a page as the editor shows it")
        images = [
            Image.objects.create(
                file=f"images/bench-{n}.png", filename=f"b{n}.png", content_type="image/png", real_width=4,
                real_height=3,
            )
            for n in range(3)
        ]  # fmt: skip
        files = [
            Attachment.objects.create(
                file=f"attachments/b{n}.pdf", filename=f"b{n}.pdf", content_type="application/pdf"
            )
            for n in range(2)
        ]
        payload = {
            "name": "Drafted page", "path_segment": f"drafted-{secrets.token_hex(4)}",
            "serialized_tags": json.dumps([f"Topic {n}" for n in range(5)]), "meta_image_id": images[0].pk,
            "body": "The text an editor changes. " * 40, "intro": "An introduction.",
            "page_images_attributes": [{"image_id": image.pk, "primary": n == 0} for n, image in enumerate(images)],
            "page_files_attributes": [{"attachment_id": attachment.pk} for attachment in files],
        }  # fmt: skip
        self.page = page_create(actor=self.user, locale="en", changes=PageChanges.from_payload(payload))

    def working_copy_save_ms(self) -> list[str]:
        """Through the service, as the other save figures (bench/saves.py): the body parsed as the
        API parses it, then draft_save. The same PUT through the whole Django stack (session,
        user, middleware: what any request costs here) is given beside it."""
        from django.core.serializers.json import DjangoJSONEncoder
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        from cms.pages.schemas import PageWriteIn
        from cms.pages.tests.editor_payload import editor_payload
        from cms.pages.working_copies import services as working_copies

        payload = editor_payload(self.page.pk)
        bodies = [
            json.dumps({"page": {**payload, "body": f"Typed {number} " * 40}}, cls=DjangoJSONEncoder)
            for number in range(WORKING_COPY_RUNS + 1)
        ]

        def service(body: str) -> None:
            fields = PageWriteIn.model_validate_json(body).page
            working_copies.draft_save(actor=self.user, page_id=self.page.pk, locale="en", fields=fields)

        def http(body: str) -> None:
            response = self.client.put(
                f"/admin/en/pages/{self.page.pk}/draft.json", body, content_type="application/json"
            )
            assert response.status_code == 200, response.content[:300]

        figures = []
        for action in (service, http):
            times, queries = [], 0
            for number, body in enumerate(bodies):
                with CaptureQueriesContext(connection) as captured:
                    start = time.perf_counter()
                    action(body)
                    elapsed = (time.perf_counter() - start) * 1000
                if number:  # the first is the warm-up
                    times.append(elapsed)
                queries = len(captured.captured_queries)
            figures.append((statistics.median(times), queries))
        (ms, queries), (http_ms, http_queries) = figures
        return [
            f"working_copy_save_ms {ms:.1f} ms {queries} queries (the editor's payload through the service;"
            f" the PUT through the whole stack: {http_ms:.1f} ms, {http_queries} queries)"
        ]

    def scheduled_lateness(self) -> list[str]:
        from django.db import connections
        from django.utils import timezone
        from django_tasks_db.management.commands.db_worker import Worker

        from cms.pages.models import ScheduledChange, ScheduledState
        from cms.pages.scheduling.services import schedule
        from cms.pages.schemas import PageFieldsIn

        interval = float(os.environ.get("CMS_TASK_POLL_SECONDS", "0.1"))
        progress(f"drafts: {CHANGES} scheduled changes {SPACING_S:g} s apart, a worker polling every {interval:g} s")
        first = timezone.now() + timedelta(seconds=FIRST_DUE_S)
        ids = []
        for number in range(CHANGES):
            self.page.refresh_from_db()
            change = schedule(
                actor=self.user, page_id=self.page.pk, locale="en",
                fields=PageFieldsIn.model_validate({"intro": f"Went live by itself ({number})"}),
                at=first + timedelta(seconds=number * SPACING_S), lock_version=self.page.lock_version,
            )  # fmt: skip
            ids.append(change.pk)
        # as config/gunicorn.conf.py runs one beside the web workers (`manage.py run_tasks`)
        worker = Worker(
            queue_names=["default"], interval=interval, batch=False, backend_name="default", startup_delay=False,
            max_tasks=None, worker_id="bench-drafts", excluded_queue_names=[],
        )  # fmt: skip

        def work() -> None:
            try:
                worker.run()
            finally:
                connections.close_all()

        thread = threading.Thread(target=work, daemon=True)
        thread.start()
        deadline = time.monotonic() + PATIENCE_S
        try:
            while ScheduledChange.objects.filter(pk__in=ids, state=ScheduledState.WAITING).exists():
                if time.monotonic() > deadline:
                    raise TimeoutError(f"changes still waiting {PATIENCE_S:g} s after scheduling")
                time.sleep(0.1)
        finally:
            worker.running = False
            thread.join(interval + 30)
            connections.close_all()
        changes = list(ScheduledChange.objects.filter(pk__in=ids))
        assert all(change.state == ScheduledState.APPLIED for change in changes), [c.errors for c in changes]
        lateness = [(change.applied_at - change.at).total_seconds() for change in changes]
        note = f"({CHANGES} changes {SPACING_S:g} s apart, a task worker polling every {interval:g} s)"
        return [
            f"scheduled_lateness_median_s {statistics.median(lateness):.1f} s {note}",
            f"scheduled_lateness_worst_s {max(lateness):.1f} s {note}",
        ]


if __name__ == "__main__" and os.environ.get("DJANGO_SETTINGS_MODULE"):
    sys.exit(run())
