"""A real Varnish (Debian's `varnish` package) on 127.0.0.1, in front of a test server, with the
project's VCL (deploy/varnish/default.vcl): started by a test, stopped after it."""

import contextlib
import http.client
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

VCL = Path(__file__).resolve().parents[4] / "deploy" / "varnish" / "default.vcl"
START_TIMEOUT_S = 30.0


def varnishd() -> str:
    """varnishd's path; the test is skipped where it is not installed, but fails in CI (CI=true),
    where scripts/setup.sh installed it."""
    found = shutil.which("varnishd") or next((p for p in ("/usr/sbin/varnishd",) if os.access(p, os.X_OK)), None)
    if found is None:
        reason = "varnishd is not installed (Debian's varnish package: scripts/setup.sh installs it)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return found


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: str

    @property
    def hit(self) -> bool:
        return self.headers.get("X-Cache") == "HIT"


@dataclass
class Varnish:
    folder: Path
    backend_port: int
    port: int
    # False: bans are kept (no lurker tests and drops them), for whoever reads ban.list.
    lurker: bool = True
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def workdir(self) -> Path:
        return self.folder / "n"

    def start(self) -> "Varnish":
        self.folder.chmod(0o755)
        vcl = self.folder / "default.vcl"
        vcl.write_text(VCL.read_text().replace('.port = "8000"', f'.port = "{self.backend_port}"'))
        vcl.chmod(0o644)
        lurker = f"ban_lurker_sleep={0.01 if self.lurker else 0}"
        command = [varnishd(), "-F", "-a", f"127.0.0.1:{self.port}", "-f", str(vcl), "-n", str(self.workdir),
                   "-s", "malloc,32m", "-T", "127.0.0.1:0", "-p", lurker]  # fmt: skip
        with open(self.folder / "varnishd.log", "ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=log)
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            assert self.process.poll() is None, (self.folder / "varnishd.log").read_text()
            with contextlib.suppress(OSError, http.client.HTTPException):
                self.get("/robots.txt")
                return self
            time.sleep(0.1)
        raise AssertionError(f"varnishd did not answer within {START_TIMEOUT_S} s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=20)

    def get(self, path: str) -> Answer:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            return Answer(response.status, dict(response.getheaders()), response.read().decode(errors="replace"))
        finally:
            connection.close()

    def bans(self) -> str:
        """The bans Varnish holds (varnishadm ban.list)."""
        varnishadm = shutil.which("varnishadm") or "/usr/bin/varnishadm"
        done = subprocess.run([varnishadm, "-n", str(self.workdir), "ban.list"], capture_output=True, timeout=20)
        return done.stdout.decode(errors="replace")


@contextlib.contextmanager
def running_varnish(backend_port: int, port: int | None = None, *, lurker: bool = True) -> Iterator[Varnish]:
    # Under /tmp, not pytest's tmp_path: varnishd started by root reads its VCL as its own user,
    # and pytest's folders are its owner's alone.
    folder = Path(tempfile.mkdtemp(prefix="cms-varnish-"))
    varnish = Varnish(folder, backend_port, port or free_port(), lurker)
    try:
        yield varnish.start()
    finally:
        varnish.stop()
        shutil.rmtree(folder, ignore_errors=True)
