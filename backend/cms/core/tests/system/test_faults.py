"""Injected faults on production servers (issue 21 item 4): the database gone mid-save, Redis
down, an upload cut off by its client or by a killed worker."""

import os
import shutil
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

import psycopg
import pytest

from cms.audit.models import AuditEntry
from cms.core.tests.system.conftest import REDIS_URL
from cms.core.tests.system.servers import (
    Client,
    Server,
    database_url,
    free_port,
    running,
    server_environment,
    session_of,
)
from cms.core.tests.system.test_two_servers import PASSWORD, administrator, create_page, names
from cms.core.uploads import ABANDONED_AFTER
from cms.media.models import Attachment, Image
from cms.pages.models import PageLocalization, PageRevision

pytestmark = pytest.mark.long


def test_the_database_gone_during_a_save_answers_503_in_the_error_shape_and_keeps_nothing(servers):
    a, _ = servers
    editor = Client(a, session=session_of(administrator()))
    page = create_page(editor, "Before")
    revisions = PageRevision.objects.filter(page_id=page["id"]).count()
    audit = AuditEntry.objects.filter(subject="page", subject_id=page["id"]).count()
    answers = []
    # Another connection holds back writes to the audit table: the save gets as far as writing
    # the page's new name, then waits to write its audit entry, and there its connection is cut.
    with psycopg.connect(database_url()) as holder, psycopg.connect(database_url(), autocommit=True) as watcher:
        holder.execute(f'LOCK TABLE "{AuditEntry._meta.db_table}" IN SHARE MODE')
        payload = {"page": {"name": "Half", "lock_version": page["lock_version"]}}
        address = f"/admin/en/pages/{page['id']}.json"
        save = threading.Thread(target=lambda: answers.append(editor.json("PUT", address, payload)))
        save.start()
        waiting = None
        deadline = time.monotonic() + 20
        while waiting is None and time.monotonic() < deadline:
            # Autocommit: each read is a fresh look (a transaction would keep its first snapshot).
            waiting = watcher.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
                " AND query ILIKE %s",
                (f'INSERT INTO "{AuditEntry._meta.db_table}"%',),
            ).fetchone()
            time.sleep(0.02)
        assert waiting is not None, "the save never reached its audit entry"
        watcher.execute("SELECT pg_terminate_backend(%s)", waiting)
        holder.rollback()
    save.join(30)
    [answer] = answers
    assert answer.status == 503, answer.body
    assert answer.headers["Content-Type"] == "application/json"
    assert answer.headers["Retry-After"] == "5"
    body = answer.json()
    assert body["detail"].startswith("The database can't be reached right now")
    assert body["errors"] == [["base", body["detail"]]]
    # Nothing of the save was kept: the name, the version, a revision, an audit entry.
    assert PageLocalization.objects.get(page_id=page["id"], locale="en").name == "Before"
    assert PageRevision.objects.filter(page_id=page["id"]).count() == revisions
    assert AuditEntry.objects.filter(subject="page", subject_id=page["id"]).count() == audit
    # The server reconnects: the same save, sent again, is accepted.
    again = editor.json(
        "PUT", f"/admin/en/pages/{page['id']}.json", {"page": {"name": "Whole", "lock_version": page["lock_version"]}}
    )
    assert again.status == 200, again.body
    assert names([again.json()]) == ["Whole"]


@pytest.fixture
def own_redis(tmp_path):
    """A Redis server of this test's own, which it may kill and start again."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed")
    port = free_port()
    command = [
        binary,
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        str(tmp_path),
    ]

    def start() -> subprocess.Popen:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                return process
            except OSError:
                time.sleep(0.05)
        raise AssertionError("redis-server did not start")

    class OwnRedis:
        url = f"redis://127.0.0.1:{port}/0"
        process = start()

        def kill(self) -> None:
            self.process.kill()
            self.process.wait(10)

        def restart(self) -> None:
            self.process = start()

    own = OwnRedis()
    yield own
    if own.process.poll() is None:
        own.process.kill()
        own.process.wait(10)


def test_with_redis_down_the_site_and_admin_keep_working_from_the_database_sessions_included(
    servers, own_redis, system_folder, media_root
):
    folder = system_folder / "redis-down"
    server = Server("c", folder, server_environment(folder, redis_url=own_redis.url, media_root=media_root), workers=1)
    administrator()
    with running(server):
        browser = Client(server)
        browser.get("/admin/login/")
        assert browser.form("/admin/login/", {"username": "admin", "password": PASSWORD}).status == 302
        page = create_page(browser, "Up")
        assert names(browser.get("/admin/en/pages.json").json()) == ["Up"]  # cached in Redis
        session = browser.cookies["sessionid"]

        own_redis.kill()
        started = time.monotonic()
        assert names(browser.get("/admin/en/pages.json").json()) == ["Up"]  # the session, from the database
        saved = browser.json(
            "PUT",
            f"/admin/en/pages/{page['id']}.json",
            {"page": {"name": "Down", "lock_version": page["lock_version"]}},
        )
        assert saved.status == 200, saved.body
        assert names(browser.get("/admin/en/pages.json").json()) == ["Down"]  # not the copy cached before
        assert Client(server).get("/en/").status in (200, 302, 404)  # the website answers, no 5xx
        assert Client(server).get("/admin/login/").status == 200
        # A new sign-in works while Redis is down, and so does a sign-out.
        other = Client(server)
        other.get("/admin/login/")
        assert other.form("/admin/login/", {"username": "admin", "password": PASSWORD}).status == 302
        assert other.get("/admin/en/pages.json").status == 200
        assert browser.form("/admin/logout/", {}).status == 302
        assert Client(server, session=session).get("/admin/en/pages.json").status in (401, 403)
        assert time.monotonic() - started < 15  # slower, not stuck
        assert "can't be reached" in server.log.read_text()

        # Redis back (empty here; a Redis that kept its data would still hold the signed-out
        # session): the server first empties it of what it could not remove, then uses it again.
        own_redis.restart()
        time.sleep(5.5)  # the fail-soft cache tries Redis again after 5 s
        assert Client(server, session=session).get("/admin/en/pages.json").status in (401, 403)
        assert names(other.get("/admin/en/pages.json").json()) == ["Down"]
        assert other.get("/admin/en/pages.json").status == 200


def uploads_folder(server: Server) -> Path:
    return Path(server.environment["FILE_UPLOAD_TEMP_DIR"])


def left_behind(server: Server) -> list[str]:
    folder = uploads_folder(server)
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def start_upload(server: Server, session: str, *, total: int, sent: int) -> socket.socket:
    """Send the headers and the first `sent` bytes of an attachment upload of `total` bytes."""
    client = Client(server, session=session)
    boundary = "cutoffboundary"
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="attachment[file]"; filename="big.bin"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n"
    ).encode()
    length = len(head) + total + len(f"\r\n--{boundary}--\r\n")
    request = (
        f"POST /admin/attachments.json HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
        f"Cookie: csrftoken={client.token}; sessionid={session}\r\nX-CSRFToken: {client.token}\r\n"
        f"Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {length}\r\n\r\n"
    ).encode()
    connection = socket.create_connection(("127.0.0.1", server.port))
    connection.sendall(request + head)
    chunk = b"\0" * 65536
    for _ in range(sent // len(chunk)):
        connection.sendall(chunk)
    return connection


def wait_for(condition, seconds: float = 15) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


@pytest.fixture
def upload_server(servers, system_folder, media_root):
    """A server of one worker: the worker that takes an upload is the one to kill."""
    folder = system_folder / "uploads"
    server = Server("d", folder, server_environment(folder, redis_url=REDIS_URL, media_root=media_root), workers=1)
    with running(server):
        yield server


def test_a_task_worker_that_dies_is_started_again(upload_server):
    """Mail goes out through the one task worker the master runs: killed, it comes back."""
    [task_worker] = upload_server.task_worker_pids()
    os.kill(task_worker, signal.SIGKILL)
    assert wait_for(lambda: upload_server.task_worker_pids() not in ([], [task_worker]), seconds=15), (
        upload_server.log_tail()
    )
    assert "The task worker stopped" in upload_server.log_tail()


def test_an_upload_its_client_cuts_off_leaves_nothing_behind(upload_server):
    session = session_of(administrator())
    connection = start_upload(upload_server, session, total=20 * 1024 * 1024, sent=6 * 1024 * 1024)
    assert wait_for(lambda: left_behind(upload_server)), "the upload never reached a temporary file"
    connection.close()  # the client goes away mid-body
    assert wait_for(lambda: not left_behind(upload_server)), left_behind(upload_server)
    assert not Attachment.objects.exists()
    assert Client(upload_server, session=session).get("/admin/attachments.json").status == 200  # still serving


def test_an_upload_whose_worker_is_killed_is_swept_once_abandoned(upload_server, media_root):
    session = session_of(administrator())
    connection = start_upload(upload_server, session, total=20 * 1024 * 1024, sent=6 * 1024 * 1024)
    assert wait_for(lambda: left_behind(upload_server)), "the upload never reached a temporary file"
    [worker] = upload_server.worker_pids()
    os.kill(worker, signal.SIGKILL)
    connection.close()
    assert wait_for(lambda: upload_server.worker_pids() not in ([], [worker]))  # gunicorn starts another
    [orphan] = left_behind(upload_server)  # the killed worker could not remove its file
    assert not Attachment.objects.exists()
    assert not Image.objects.exists()
    # Ten minutes on, as no live upload goes that long without a write: the next request the
    # new worker serves sweeps it (as does any process's start, and each process once a minute).
    path = uploads_folder(upload_server) / orphan
    old = time.time() - ABANDONED_AFTER - 5
    os.utime(path, (old, old))
    assert Client(upload_server).get("/admin/login/").status == 200
    assert wait_for(lambda: not path.exists(), 5), "the abandoned upload was not swept"
    stored = [p for p in media_root.rglob("*") if p.is_file() and "big" in p.name]
    assert stored == []
