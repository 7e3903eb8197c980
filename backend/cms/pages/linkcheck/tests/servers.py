"""HTTP servers the link checker's tests start on loopback addresses, in a thread each; never the
internet. Each serves a few fixed behaviours by path and records what it was asked, when."""

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SLEEP_S = 1.0  # /sleep: well past the tests' timeout (0.3 s)
SLOW_S = 0.15  # /slow: slow, but within it
BIG_BYTES = 64 * 1024 * 1024  # /big: a body no check may download


@dataclass
class Log:
    requests: list[tuple[str, str, float]] = field(default_factory=list)  # method, path, time.monotonic()
    user_agents: list[str] = field(default_factory=list)
    in_flight: int = 0
    most_in_flight: int = 0
    big_bytes_sent: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


class Handler(BaseHTTPRequestHandler):
    server: "Server"

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass

    def do_HEAD(self) -> None:
        self._serve("HEAD")

    def do_GET(self) -> None:
        self._serve("GET")

    def _serve(self, method: str) -> None:
        log = self.server.log
        with log.lock:
            log.requests.append((method, self.path, time.monotonic()))
            log.user_agents.append(self.headers.get("User-Agent", ""))
            log.in_flight += 1
            log.most_in_flight = max(log.most_in_flight, log.in_flight)
        try:
            self._answer(method)
        except (BrokenPipeError, ConnectionResetError):
            pass
        finally:
            with log.lock:
                log.in_flight -= 1

    def _answer(self, method: str) -> None:
        path = self.path.split("?", 1)[0]
        if path == "/ok":
            self._send(200)
        elif path == "/missing":
            self._send(404)
        elif path == "/loop-a":
            self._send(302, location="/loop-b")
        elif path == "/loop-b":
            self._send(302, location=f"http://{self.headers['Host']}/loop-a")
        elif path.startswith("/chain/"):  # /chain/3 → /chain/2 → … → /chain/0, which is fine
            left = int(path.rsplit("/", 1)[1])
            self._send(200) if left == 0 else self._send(301, location=f"/chain/{left - 1}")
        elif path.startswith("/onward/"):  # an endless chain of new addresses
            self._send(302, location=f"/onward/{int(path.rsplit('/', 1)[1]) + 1}")
        elif path == "/no-head":
            self._send(405 if method == "HEAD" else 200)
        elif path == "/sleep":
            time.sleep(SLEEP_S)
            self._send(200)
        elif path == "/slow":
            time.sleep(SLOW_S)
            self._send(200)
        elif path == "/big":
            self._big(method)
        elif path == "/bad-location":
            self._send(302, location="http://[oops/")
        elif path.startswith("/to/"):  # /to/<address>: a redirect to http://<address>/ok
            self._send(302, location=f"http://{path[4:]}/ok")
        else:
            self._send(404)

    def _send(self, status: int, location: str = "") -> None:
        self.send_response(status)
        if location:
            self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _big(self, method: str) -> None:
        if method == "HEAD":  # so the check asks with GET, whose body is large
            self._send(405)
            return
        self.send_response(200)
        self.send_header("Content-Length", str(BIG_BYTES))
        self.end_headers()
        chunk = b"x" * 65536
        for _ in range(BIG_BYTES // len(chunk)):
            self.wfile.write(chunk)
            with self.server.log.lock:
                self.server.log.big_bytes_sent += len(chunk)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self, address: str, log: Log | None = None) -> None:
        super().__init__((address, 0), Handler)
        self.log = log or Log()

    @property
    def base(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}"


@contextmanager
def serving(address: str = "127.0.0.1", log: Log | None = None) -> Iterator[Server]:
    """A server on `address` (a free port) for the duration of the block; servers given one
    `log` record in it together."""
    server = Server(address, log)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
