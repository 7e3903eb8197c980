"""Two production servers, one site (issue 21 item 2): one PostgreSQL database, one Redis, one
media store; whatever one server does, the other sees at once."""

import threading
import time
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import override_settings
from django.utils import timezone

from cms.audit.models import AuditEntry
from cms.core.tests.system.servers import Client, Server, session_of
from cms.media.models import Image
from cms.media.records import rendition_url
from cms.media.tests.images import quadrants
from cms.pages.models import PageRevision, ScheduledChange
from cms.pages.scheduling import tasks

pytestmark = pytest.mark.long

PASSWORD = "two-servers-pass-1"


def administrator(username: str = "admin"):
    # The servers run production's password hashers; the tests' fast one is not among them.
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.PBKDF2PasswordHasher"]):
        return get_user_model().objects.create_user(username, password=PASSWORD, is_staff=True, is_superuser=True)


def upload_image(client: Client, width: int = 400, height: int = 300) -> dict:
    picture = quadrants(width, height).write_to_buffer(".png")
    answer = client.upload("/admin/images.json", "image[file]", "quadrants.png", picture, "image/png")
    assert answer.status == 201, answer.body
    return answer.json()


def create_page(client: Client, name: str) -> dict:
    answer = client.json("POST", "/admin/en/pages.json", {"page": {"name": name}})
    assert answer.status == 201, answer.body
    return answer.json()


def names(records: list[dict]) -> list[str]:
    """The pages' names in the address's locale (the tree's `blocks.name` is a locale map)."""
    return [name.get("en") if isinstance(name, dict) else name for name in (r["blocks"]["name"] for r in records)]


def test_an_upload_through_one_server_is_served_by_the_other(servers):
    a, b = servers
    editor = Client(a, session=session_of(administrator()))
    image = upload_image(editor)
    original = Client(b).get(image["original_url"])
    assert original.status == 200
    assert original.headers["Content-Type"] == "image/png"
    assert original.body.startswith(b"\x89PNG")
    assert Client(b).get(image["thumbnail_url"]).status == 200
    assert editor.on(b).get(f"/admin/images/{image['id']}.json").json()["original_url"] == image["original_url"]


def test_a_session_made_on_one_works_on_the_other_and_a_logout_on_one_ends_it_on_both(servers):
    a, b = servers
    administrator()
    browser = Client(a)
    assert browser.get("/admin/login/").status == 200
    signed_in = browser.form("/admin/login/", {"username": "admin", "password": PASSWORD})
    assert signed_in.status == 302, signed_in.body
    assert "sessionid" in browser.cookies
    on_b = browser.on(b)
    for client in (browser, on_b):
        assert client.get("/admin/en/pages.json").status == 200
    # Read on both: each server's cache in front of the database holds the session now.
    session = browser.cookies["sessionid"]
    assert browser.form("/admin/logout/", {}).status == 302
    assert "sessionid" not in browser.cookies
    for server in (a, b):
        refused = Client(server, session=session).get("/admin/en/pages.json")
        assert refused.status in (401, 403), refused.body


def test_a_save_on_one_is_in_the_others_next_tree_read(servers):
    a, b = servers
    session = session_of(administrator())
    on_a, on_b = Client(a, session=session), Client(b, session=session)
    page = create_page(on_a, "Before")
    assert names(on_b.get("/admin/en/pages.json").json()) == ["Before"]  # cached on b now
    saved = on_a.json(
        "PUT", f"/admin/en/pages/{page['id']}.json", {"page": {"name": "After", "lock_version": page["lock_version"]}}
    )
    assert saved.status == 200, saved.body
    assert names(on_b.get("/admin/en/pages.json").json()) == ["After"]
    create_page(on_b, "Second")
    assert names(on_a.get("/admin/en/pages.json").json()) == ["After", "Second"]


def test_a_rendition_asked_of_both_servers_at_once_is_made_once(servers, object_store):
    a, _ = servers
    bucket = a.environment["CMS_S3_BUCKET"]
    s3 = object_store.client()
    # Every write of a key is kept as a version of its own: a rendition stored twice shows two.
    s3.put_bucket_versioning(Bucket=bucket, VersioningConfiguration={"Status": "Enabled"})
    image = upload_image(Client(a, session=session_of(administrator())), 1600, 1200)
    address = rendition_url(Image.objects.get(pk=image["id"]), 800, 600, "fill")
    answers: list[tuple[int, bytes]] = []
    start = threading.Barrier(8)

    def ask(server: Server) -> None:
        start.wait()
        answer = Client(server).get(address)
        answers.append((answer.status, answer.body))

    threads = [threading.Thread(target=ask, args=(server,)) for server in servers * 4]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert [status for status, _ in answers] == [200] * 8
    assert len({body for _, body in answers}) == 1
    stem = address.rsplit("/", 1)[1].split("-")[0]
    listed = s3.list_object_versions(Bucket=bucket, Prefix=f"renditions/{image['id']}/{stem}")
    versions = [v["VersionId"] for v in listed.get("Versions", [])]
    assert len(versions) == 1, f"the rendition was stored {len(versions)} times"


def test_a_scheduled_change_goes_live_once_whichever_server_is_first(servers):
    a, b = servers
    user = administrator()
    session = session_of(user)
    on_a, on_b = Client(a, session=session), Client(b, session=session)
    page = create_page(on_a, "Now")
    at = (timezone.now() + timedelta(seconds=1)).isoformat()
    scheduled = on_b.json(
        "POST",
        f"/admin/en/pages/{page['id']}/scheduled.json",
        {"page": {"name": "Later"}, "at": at, "lock_version": page["lock_version"]},
    )
    assert scheduled.status in (200, 201), scheduled.body
    audit_before = AuditEntry.objects.filter(subject="page", subject_id=page["id"]).count()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        states = [change["state"] for change in on_a.get(f"/admin/en/pages/{page['id']}/scheduled.json").json()]
        if states != ["waiting"]:
            break
        time.sleep(0.2)
    assert states == ["applied"]
    applied = ScheduledChange.objects.get(page_id=page["id"])
    # by the task queued for its time, run by one server's task worker (nothing else: no read
    # applies it, and the chain's next round is CMS_SCHEDULE_POLL_SECONDS away)
    assert applied.applied_at is not None
    assert timedelta(0) <= applied.applied_at - applied.at < timedelta(seconds=2)
    # every worker runs a round now: none applies it again
    for _ in range(2):
        tasks.apply_due_changes.using(run_after=timezone.now()).enqueue()
    deadline = time.monotonic() + 20
    while tasks.rounds_waiting(by=timezone.now()).exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not tasks.rounds_waiting(by=timezone.now()).exists()
    assert names([on_b.get(f"/admin/en/pages/{page['id']}.json").json()]) == ["Later"]
    assert PageRevision.objects.filter(page_id=page["id"], kind="scheduled").count() == 1
    assert AuditEntry.objects.filter(subject="page", subject_id=page["id"]).count() == audit_before + 1
