"""Production servers for system tests: gunicorn serving config.wsgi (as scripts/run.sh does) on
127.0.0.1, on this test run's PostgreSQL database, and a small HTTP client that speaks to them
as the admin does (session cookie, CSRF header, JSON and multipart bodies)."""

import contextlib
import http.client
import json
import os
import secrets
import signal
import socket
import subprocess
import time
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connection

BACKEND_DIR = Path(__file__).resolve().parents[4]
GUNICORN = BACKEND_DIR.parent / ".venv" / "bin" / "gunicorn"
GUNICORN_CONF = BACKEND_DIR / "config" / "gunicorn.conf.py"
START_TIMEOUT_S = 60.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def database_url() -> str:
    """The URL of the database this test run uses (pytest-django's test database)."""
    database = connection.settings_dict
    user, password = database["USER"] or "postgres", database["PASSWORD"]
    host, port = database["HOST"] or "127.0.0.1", database["PORT"] or 5432
    credentials = f"{user}:{password}" if password else user
    return f"postgres://{credentials}@{host}:{port}/{database['NAME']}"


@dataclass
class Server:
    """One gunicorn master and its workers; `url` is where it answers."""

    name: str
    folder: Path
    environment: dict[str, str]
    workers: int = 2
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log(self) -> Path:
        return self.folder / f"{self.name}.log"

    def start(self) -> "Server":
        self.folder.mkdir(parents=True, exist_ok=True)
        config = ["-c", str(GUNICORN_CONF)] if GUNICORN_CONF.exists() else []
        command = [str(GUNICORN), "--chdir", str(BACKEND_DIR), *config, "config.wsgi",
                   "--bind", f"127.0.0.1:{self.port}", "--workers", str(self.workers), "--timeout", "30",
                   "--no-control-socket", "--log-level", "warning"]  # fmt: skip
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(command, env=self.environment, stdout=log, stderr=log)
        self.wait_until_answering()
        return self

    def wait_until_answering(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            assert self.process is not None and self.process.poll() is None, self.log_tail()
            with contextlib.suppress(OSError, http.client.HTTPException):
                if Client(self).get("/admin/login/").status == 200:
                    return
            time.sleep(0.1)
        raise AssertionError(f"{self.name} did not answer within {START_TIMEOUT_S} s\n{self.log_tail()}")

    def worker_pids(self) -> list[int]:
        """The web workers' process ids: the master's children but its task worker (run_tasks)."""
        return [pid for pid in self._children() if b"run_tasks" not in _command_line(pid)]

    def task_worker_pids(self) -> list[int]:
        """The process ids of the task worker the master runs beside its web workers (one)."""
        return [pid for pid in self._children() if b"run_tasks" in _command_line(pid)]

    def _children(self) -> list[int]:
        assert self.process is not None
        # Each thread's own: the master starts a task worker again from a thread of its own.
        threads = Path(f"/proc/{self.process.pid}/task").glob("*/children")
        return [int(pid) for children in threads for pid in children.read_text().split()]

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            # A quick stop: what the tests sent is answered or abandoned, nothing waits for it.
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=20)

    def log_tail(self, lines: int = 40) -> str:
        with contextlib.suppress(OSError):
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        return ""


def server_environment(folder: Path, *, redis_url: str, media_root: Path, **extra: str) -> dict[str, str]:
    """A production process's environment: the production settings on this run's database, a
    Redis database, shared media, and a VAR_DIR of its own (each server is its own machine)."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CMS_", "REDIS_"))}
    environment.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=database_url(),
        REDIS_URL=redis_url,
        # One key for every server of the deployment, the test process's: sessions it signs in hold.
        SECRET_KEY=settings.SECRET_KEY,
        VAR_DIR=str(folder / "var"),
        MEDIA_ROOT=str(media_root),
        FILE_UPLOAD_TEMP_DIR=str(folder / "var" / "uploads"),
        LOG_LEVEL="WARNING",
        LOG_FORMAT="text",
        CMS_ACCESS_LOG="false",
        PYTHONUNBUFFERED="1",
        **extra,
    )
    return environment


@contextlib.contextmanager
def running(*servers: Server) -> Iterator[tuple[Server, ...]]:
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()


@dataclass
class Answer:
    status: int
    headers: Mapping[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


class Client:
    """An admin's browser, reduced to what the API needs: cookies, the CSRF header, one kept-alive
    connection. One per thread."""

    def __init__(self, server: Server, *, session: str | None = None, timeout: float = 30) -> None:
        self.server = server
        self.timeout = timeout
        self.token = secrets.token_hex(16)  # a CSRF secret of ours, sent as cookie and header
        self.cookies = {"csrftoken": self.token}
        if session:
            self.cookies["sessionid"] = session
        self._connection: http.client.HTTPConnection | None = None

    def on(self, server: Server) -> "Client":
        """The same browser (cookies) speaking to another server."""
        other = Client(server, timeout=self.timeout)
        other.token, other.cookies = self.token, self.cookies
        return other

    def request(
        self, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None
    ) -> Answer:
        sent = {
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            "X-CSRFToken": self.token,
            "X-Requested-With": "XMLHttpRequest",
            **(headers or {}),
        }
        for attempt in range(4):
            if self._connection is None:
                self._connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=self.timeout)
            try:
                self._connection.request(method, path, body=body, headers=sent)
                response = self._connection.getresponse()
                answer = Answer(response.status, dict(response.getheaders()), response.read())
                break
            except ConnectionRefusedError:  # nothing was sent: a listen queue full for a moment
                self.close()
                if attempt == 3:
                    raise
                time.sleep(0.2)
            except (ConnectionError, http.client.RemoteDisconnected, http.client.BadStatusLine):
                self.close()  # a kept-alive connection the server closed meanwhile: reads once more
                if attempt or method not in ("GET", "HEAD"):
                    raise
        if answer.headers.get("Connection", "").lower() == "close":
            self.close()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                cookie_value = rest.split(";", 1)[0]
                if cookie_value in ("", '""') or "max-age=0" in value.lower():
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = cookie_value
        # Django gives a new CSRF secret at login: the header follows the cookie, as the admin's does.
        self.token = self.cookies.get("csrftoken", self.token)
        return answer

    def get(self, path: str) -> Answer:
        return self.request("GET", path)

    def json(self, method: str, path: str, data: Any) -> Answer:
        return self.request(method, path, json.dumps(data).encode(), {"Content-Type": "application/json"})

    def form(self, path: str, fields: Mapping[str, str]) -> Answer:
        from urllib.parse import urlencode

        fields = {"csrfmiddlewaretoken": self.token, **fields}
        return self.request(
            "POST", path, urlencode(fields).encode(), {"Content-Type": "application/x-www-form-urlencoded"}
        )

    def upload(self, path: str, field_name: str, filename: str, content: bytes, content_type: str) -> Answer:
        body, boundary = multipart(field_name, filename, content, content_type)
        return self.request("POST", path, body, {"Content-Type": f"multipart/form-data; boundary={boundary}"})

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None


def multipart(field_name: str, filename: str, content: bytes, content_type: str) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="{field_name}"; filename="{filename}"\r\n'
        f"Content-Type: {content_type}\r\n\r\n"
    ).encode()
    return head + content + f"\r\n--{boundary}--\r\n".encode(), boundary


def session_of(user: Any) -> str:
    """A session key signed in as `user`, made in the database as a login would (no password
    hashing: the servers find it in the database, their cache missing it)."""
    from django.test import Client as DjangoClient

    client = DjangoClient()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def _command_line(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:  # gone meanwhile
        return b""
