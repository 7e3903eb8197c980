"""The editor's save figures (issue 19): what the payload the editor really sends costs, and how
long editors' saves take while another client moves pages elsewhere (PostgreSQL).

Run alone with `BENCH_ONLY=saves .venv/bin/python bench/run.py` (10,000 pages); `make bench`
runs them with the other 10k figures.
"""

import json
import multiprocessing
import time
from collections.abc import Callable
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection, connections

from cms.media.models import Attachment, Image
from cms.pages.models import Page
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create, page_move, page_update
from cms.pages.tests.editor_payload import editor_payload

SAVES_PER_PHASE = 250  # saves timed per phase; three phases with moves, three without, interleaved
PHASES = 3
# The mover rests this long after each move (~100 moves a second, more than any team moves by
# hand): on two cores a mover that never rests takes one whole, and the figure would time the
# share of the processor the saves get, not how long they wait for a move's locks. Tried with
# the old site-wide lock in every save: 5.6 times the p99 with this rest, 7.2 without it.
MOVE_REST_S = 0.005
MOVER_DEADLINE_S = 120  # the mover stops by itself after this, whatever happens to the bench
MAX_RATIO = 1.5


def editor_page(user: Any, parent_id: int) -> Page:
    """A page as the editor shows it: 3 image links, 2 file links, 5 tags, a sharing image."""
    images = list(Image.objects.order_by("pk").values_list("pk", flat=True)[:3])
    files = list(Attachment.objects.order_by("pk").values_list("pk", flat=True)[:2])
    assert len(images) == 3 and len(files) == 2, "the generated data holds images and files"
    payload = {
        "name": "Edited page", "parent_page_id": parent_id, "path_segment": f"edited-{time.monotonic_ns()}",
        "serialized_tags": json.dumps([f"Topic {n}" for n in range(5)]), "meta_image_id": images[0],
        "body": "The text an editor changes.", "intro": "An introduction.",
        "page_images_attributes": [{"image_id": image, "primary": n == 0} for n, image in enumerate(images)],
        "page_files_attributes": [{"attachment_id": attachment} for attachment in files],
    }  # fmt: skip
    return page_create(actor=user, locale="en", changes=PageChanges.from_payload(payload))


class EditorSave:
    """The editor's save of one page, as a measured action: the payload is read before (untimed)."""

    def __init__(self, user: Any, page_id: int) -> None:
        self.user, self.page_id, self.count, self.payload = user, page_id, 0, {}

    def prepare(self) -> None:
        self.count += 1
        self.payload = editor_payload(self.page_id, body=f"Changed text {self.count}")

    def save(self) -> None:
        # Parsed as the API parses it: part of every real save.
        changes = PageChanges.from_payload(self.payload)
        page_update(actor=self.user, page_id=self.page_id, locale="en", changes=changes)


def p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def save_p99_under_moves(user: Any, ids: dict[str, Any], editor_page_id: int) -> tuple[float, float]:
    """The p99 (ms) of editors' saves of a page in one subtree with, and without, another
    process moving pages among the 1,000 children of another subtree, in interleaved phases."""
    saving = EditorSave(user, editor_page_id)

    def timed_saves() -> list[float]:
        times = []
        for _ in range(SAVES_PER_PHASE):
            saving.prepare()
            start = time.perf_counter()
            saving.save()
            times.append((time.perf_counter() - start) * 1000)
        return times

    with_moves: list[float] = []
    without: list[float] = []
    saving.prepare()
    saving.save()  # warm-up
    for _phase in range(PHASES):
        without += timed_saves()
        with mover(user.pk, ids["wide_parent"]) as moves:
            with_moves += timed_saves()
        assert moves.value > 0, "the mover moved no page while the saves ran"
    return p99(with_moves), p99(without)


class mover:
    """Another process moving pages among one parent's children until told to stop (or until
    MOVER_DEADLINE_S has passed): the last child to the front, the first to the end."""

    def __init__(self, user_id: int, parent_id: int) -> None:
        context = multiprocessing.get_context("fork")
        self.stop, self.ready, self.moves = context.Event(), context.Event(), context.Value("i", 0)
        connections.close_all()  # the child must not share this process's connection
        self.process = context.Process(
            target=_move_until_stopped, args=(user_id, parent_id, self.stop, self.ready, self.moves), daemon=True
        )

    def __enter__(self) -> Any:
        self.process.start()
        if not self.ready.wait(30):
            self.stop.set()
            raise RuntimeError("the moving process did not start")
        return self.moves

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.process.join(30)
        if self.process.is_alive():
            self.process.kill()


def _move_until_stopped(user_id: int, parent_id: int, stop: Any, ready: Any, moves: Any) -> None:
    connections.close_all()
    user = get_user_model().objects.get(pk=user_id)
    deadline = time.monotonic() + MOVER_DEADLINE_S
    children = list(Page.objects.filter(parent_id=parent_id).order_by("position").values_list("pk", flat=True))
    ready.set()
    turn = 0
    while not stop.is_set() and time.monotonic() < deadline:
        turn += 1
        page_id = children[-1] if turn % 2 else children[0]
        page_move(actor=user, page_id=page_id, parent_id=parent_id, position=1 if turn % 2 else len(children))
        children = [page_id, *children[:-1]] if turn % 2 else [*children[1:], page_id]
        moves.value += 1
        time.sleep(MOVE_REST_S)
    connections.close_all()


def run(
    user: Any,
    ids: dict[str, Any],
    *,
    figure: Callable[..., None],
    value: Callable[..., None],
    unavailable: Callable[[str, str], None],
    step: Callable[..., Any],
) -> None:
    """Measure both figures into the bench's report (bench/figures.py passes its helpers)."""
    page = editor_page(user, ids["subtree_target"])
    saving = EditorSave(user, page.pk)
    figure("page_save_editor_ms", saving.save, setup=saving.prepare)
    name = "page_save_p99_under_moves_ms"
    with step(name):
        if connection.vendor != "postgresql":
            unavailable(name, "PostgreSQL only: SQLite lets one writer at a time in by design (IMMEDIATE transactions)")
            return
        under_moves, alone = save_p99_under_moves(user, ids, page.pk)
        ratio = under_moves / alone
        verdict = "within" if ratio <= MAX_RATIO else "OVER"
        value(name, under_moves, "ms", note=f"without moves {alone:.1f} ms, ratio {ratio:.2f} ({verdict} {MAX_RATIO})")
