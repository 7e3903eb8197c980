"""What the image, attachment, public-site and revision figures share: medians (with the
statements of a run), child processes whose memory peak is measured, and multipart bodies
streamed from disk."""

import io
import os
import statistics
import subprocess
import sys
import time
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

RUNS = int(os.environ.get("BENCH_RUNS", "7"))


def measure(action: Callable[[], Any]) -> tuple[float, int]:
    """Median milliseconds of `action` after a warm-up, and the statements its last run sent."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    action()
    times, queries = [], 0
    for _ in range(max(RUNS, 25)):  # a few ms each: more runs for a steadier median
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            action()
            times.append((time.perf_counter() - start) * 1000)
        queries = len(captured.captured_queries)
    return statistics.median(times), queries


def administrator(prefix: str) -> tuple[Any, Any]:
    """A new administrator (a name no other run uses) and a test client logged in as them."""
    import secrets

    from django.contrib.auth import get_user_model
    from django.test import Client

    user = get_user_model().objects.create_user(f"{prefix}-{secrets.token_hex(4)}", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(user)
    return user, client


def progress(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


def median_ms(action: Callable[[], Any], *, setup: Callable[[], Any] | None = None, runs: int = RUNS) -> float:
    """Return the median milliseconds of `action` after one warm-up run; `setup` runs untimed before each."""
    times = []
    for run in range(runs + 1):
        if setup:
            setup()
        start = time.perf_counter()
        action()
        if run:  # the first is the warm-up
            times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def child(script: str, kind: str, argument: str) -> float:
    """Run `kind` in a fresh process (`script` run as a script); return the memory growth it printed."""
    result = subprocess.run(
        [sys.executable, script, kind, argument], capture_output=True, text=True, timeout=600, env=dict(os.environ)
    )
    if result.returncode != 0:
        raise RuntimeError(f"the {kind} child failed: {result.stderr.strip().splitlines()[-1:]}")
    return float(result.stdout.strip().splitlines()[-1])


class peak_growth:
    """Print (MiB) how far the process's resident size peaked above where it stood on entry."""

    def __enter__(self) -> None:
        Path("/proc/self/clear_refs").write_text("5")  # resets VmHWM to the current size
        self.start = _status_kib("VmRSS")

    def __exit__(self, *exc: object) -> None:
        if exc[0] is None:
            print(f"{(_status_kib('VmHWM') - self.start) / 1024:.1f}")


def _status_kib(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise RuntimeError(f"no {field} in /proc/self/status")


class FileMultipart:
    """A multipart body of text fields and one file read from disk as the server asks for it (no
    copy in memory), used as the request's wsgi.input."""

    BOUNDARY = "BenchBoundary7MA4YWxkTrZu0gW"

    def __init__(self, path: Path, *, field: str, content_type: str, texts: dict[str, str] | None = None) -> None:
        head = "".join(
            f'--{self.BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
            for name, value in (texts or {}).items()
        )
        head += (
            f'--{self.BOUNDARY}\r\nContent-Disposition: form-data; name="{field}"; filename="{path.name}"\r\n'
            f"Content-Type: {content_type}\r\n\r\n"
        )
        tail = f"\r\n--{self.BOUNDARY}--\r\n".encode()
        self.length = len(head.encode()) + path.stat().st_size + len(tail)
        self.parts: list[Any] = [io.BytesIO(head.encode()), path.open("rb"), io.BytesIO(tail)]

    def read(self, size: int | None = -1) -> bytes:
        size = self.length if size is None or size < 0 else size
        out = bytearray()
        while len(out) < size and self.parts:
            chunk = self.parts[0].read(size - len(out))
            if chunk:
                out += chunk
            else:
                self.parts.pop(0).close()
        return bytes(out)

    def readline(self, size: int | None = -1) -> bytes:
        line = bytearray()
        while (size is None or size < 0 or len(line) < size) and not line.endswith(b"\n"):
            byte = self.read(1)
            if not byte:
                break
            line += byte
        return bytes(line)

    def environ(self) -> dict[str, Any]:
        return {
            "wsgi.input": self,
            "CONTENT_LENGTH": str(self.length),
            "CONTENT_TYPE": f"multipart/form-data; boundary={self.BOUNDARY}",
        }


Prepared = TypeVar("Prepared")


def print_figures(names: Iterable[str], prepare: Callable[[], Prepared], figure: Callable[[Prepared, str], str]) -> int:
    """Print `name value` for each figure, or `name n/a (why)` with its traceback on standard
    error when it (or the data all of them need) could not be made; 1 when any could not."""
    names = list(names)
    try:
        prepared = prepare()
    except Exception as error:
        for name in names:
            not_measured(name, error)
        return 1
    failures = 0
    for name in names:
        try:
            print(f"{name} {figure(prepared, name)}", flush=True)
        except Exception as error:
            not_measured(name, error)
            failures += 1
    return 1 if failures else 0


def not_measured(name: str, error: Exception) -> None:
    traceback.print_exception(error, file=sys.stderr)
    print(f"{name} n/a ({type(error).__name__}: {str(error)[:150]})", flush=True)
