"""No single request holds a tree lock for more than a second (issue 18, item 2): the largest
save the caps allow — 100 new tags, 200 image and 200 file links, a new segment — stays well
inside it."""

import json
import time

from cms.media.models import Attachment, Image
from cms.pages import locks
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_update


def test_the_largest_save_allowed_holds_the_tree_lock_under_a_second(make_page, admin_user, monkeypatch):
    page = make_page("Page")
    images = Image.objects.bulk_create(
        Image(file=f"images/{n}.png", filename=f"{n}.png", content_type="image/png", real_width=4, real_height=3)
        for n in range(200)
    )
    files = Attachment.objects.bulk_create(
        Attachment(file=f"attachments/{n}.pdf", filename=f"{n}.pdf", content_type="application/pdf") for n in range(200)
    )
    taken: list[float] = []
    lock_parents = locks.lock_parents

    def timed_lock(*parent_ids: int | None) -> None:
        lock_parents(*parent_ids)
        taken.append(time.perf_counter())

    monkeypatch.setattr(locks, "lock_parents", timed_lock)  # a new segment locks the page's siblings
    changes = {
        "path_segment": "renamed",
        "serialized_tags": json.dumps([f"New tag {n}" for n in range(100)]),
        "page_images_attributes": [{"image_id": image.pk} for image in images],
        "page_files_attributes": [{"attachment_id": attachment.pk} for attachment in files],
        "body": " ".join(f"[image:{image.pk}]" for image in images),
    }
    page_update(
        actor=admin_user, page_id=page.pk, locale="en", changes=PageChanges.from_payload(changes)
    )  # its transaction holds the lock
    held = time.perf_counter() - taken[0]
    assert len(taken) == 1
    assert held < 1.0, f"the parent lock was held {held:.2f} s"
    print(f"held {held:.3f} s")
