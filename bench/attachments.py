"""The attachment figures of `make bench` (BENCHMARKS.md): the streaming upload, a download through
the production server, and the file library.

Run by bench/run.py after the image figures (BENCH_ONLY=attachments: these alone), in the
environment it sets up. Files are written at bench time in chunks, so making a 100 MB file costs
no memory. The memory figure is measured in a child process (this file run as a script), from its
resident size just before the upload to its peak during it (Linux's VmHWM, reset first).
"""

import json
import os
import statistics
import sys
import tempfile
import time
import traceback
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from measuring import RUNS, FileMultipart, child, median_ms, peak_growth, progress

DOWNLOAD_RUNS = min(RUNS, 5)  # each reads the whole file
UPLOAD_BYTES = 100 * 1000 * 1000  # "a 100 MB attachment", under the 100 MiB limit
DOWNLOAD_BYTES = 100 * 1000 * 1000  # long enough that the transfer, not the request, is timed
LIBRARY_FILES = 10_000
CHUNK = 1024 * 1024
PDF_HEAD = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"


def run() -> int:
    """Print every attachment figure as `name median unit`; return 1 if any could not be measured."""
    from django.core.management import call_command

    call_command("migrate", verbosity=0)  # done already after the tree figures; not when alone
    failures = 0
    for name, figure in FIGURES:
        try:
            value, unit = figure()
            print(f"{name} {value:.1f} {unit}", flush=True)
        except Exception as error:
            traceback.print_exception(error, file=sys.stderr)
            print(f"{name} n/a ({type(error).__name__}: {str(error)[:150]})", flush=True)
            failures += 1
    return 1 if failures else 0


@contextmanager
def pdf_file(size: int) -> Iterator[Path]:
    """Yield the path of a PDF-looking file of `size` bytes (incompressible), written in chunks."""
    with tempfile.NamedTemporaryFile(suffix=".pdf", dir=os.environ.get("VAR_DIR")) as file:
        file.write(PDF_HEAD)
        written = len(PDF_HEAD)
        while written < size:
            chunk = os.urandom(min(CHUNK, size - written))
            file.write(chunk)
            written += len(chunk)
        file.flush()
        yield Path(file.name)


# --- The upload, in a child process --------------------------------------------------------------


def attachment_upload_100mb_rss_mb() -> tuple[float, str]:
    """Memory growth of a server process while a 100 MB attachment streams in and is stored."""
    with pdf_file(UPLOAD_BYTES) as path:
        progress(f"a {UPLOAD_BYTES / 1e6:.0f} MB file made for the streaming attachment upload")
        return child(__file__, "upload", str(path)), "MiB"


def child_upload(path: str) -> None:
    from django.contrib.auth import get_user_model
    from django.middleware.csrf import _get_new_csrf_string
    from django.test import Client

    user = get_user_model().objects.create_user(f"bench-attachment-{os.getpid()}", is_staff=True)
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    client.cookies["csrftoken"] = token = _get_new_csrf_string()
    # Django's own first-request costs (URLs, middleware, the API's modules) are not the upload's.
    assert client.get("/admin/attachments/0.json").status_code == 404
    body = FileMultipart(
        Path(path),
        field="attachment[file]",
        content_type="application/pdf",
        texts={"attachment[name][en]": "Annual report"},
    )
    with peak_growth():
        response = client.generic("POST", "/admin/attachments.json", headers={"X-CSRFToken": token}, **body.environ())
    assert response.status_code == 201, response.content[:300]
    assert json.loads(response.content)["byte_size"] == UPLOAD_BYTES


# --- The download, through gunicorn --------------------------------------------------------------


def attachment_download_mb_s() -> tuple[float, str]:
    """One large download (100 MB) at the file's address, through the production server
    (gunicorn, 2 workers), by an anonymous visitor of a published page: megabytes a second."""
    from figures import gunicorn

    url = offered_attachment_url(DOWNLOAD_BYTES)
    with gunicorn() as base_url:
        times = []
        for run in range(DOWNLOAD_RUNS + 1):
            start = time.perf_counter()
            received = download(base_url + url)
            if run:  # the first is the warm-up
                times.append(time.perf_counter() - start)
            assert received == DOWNLOAD_BYTES, received
    return DOWNLOAD_BYTES / 1e6 / statistics.median(times), "MB/s"


def offered_attachment_url(size: int) -> str:
    """Store a file of `size` bytes through the upload service, linked from a published page."""
    from django.core.files.uploadedfile import TemporaryUploadedFile
    from django.utils import timezone

    from cms.media.attachments.services import attachment_create
    from cms.media.records import attachment_url
    from cms.pages.models import Page, Status
    from cms.pages.saving.payload import PageChanges
    from cms.pages.saving.services import page_create

    with pdf_file(size) as path:
        upload = TemporaryUploadedFile("annual report.pdf", "application/pdf", size, None)
        with path.open("rb") as source:
            while chunk := source.read(CHUNK):
                upload.write(chunk)
        upload.flush()
        attachment = attachment_create(actor=None, upload=upload, name={"en": "Annual report"})
        upload.close()  # its file was moved into storage: closing only forgets it
    page = page_create(
        actor=bench_admin(), locale="en",
        changes=PageChanges.from_payload(
            {"name": "Downloads", "page_files_attributes": [{"attachment_id": attachment.pk}]}
        ),
    )  # fmt: skip
    Page.objects.filter(pk=page.pk).update(status=Status.PUBLISHED, published_at=timezone.now())
    return attachment_url(attachment.pk, attachment.filename)


def download(url: str) -> int:
    """Read the whole answer in 1 MiB chunks, keeping none of it; return how many bytes came."""
    received = 0
    with urllib.request.urlopen(url, timeout=120) as response:
        assert response.status == 200, response.status
        while chunk := response.read(CHUNK):
            received += len(chunk)
    return received


# --- The library ---------------------------------------------------------------------------------


def file_library_ms() -> tuple[float, str]:
    """The first page of the file library among 10,000 files, searched for a word in names."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from cms.media.models import Attachment

    Attachment.objects.all().delete()
    generate_attachments(LIBRARY_FILES)
    user = get_user_model().objects.create_user(f"bench-files-{os.getpid()}", is_staff=True)
    client = Client()
    client.force_login(user)
    url = "/admin/attachments.json?q=havn"  # in the Norwegian name of every tenth file
    answer = json.loads(client.get(url).content)
    assert len(answer["attachments"]) == 48 and answer["total"] == LIBRARY_FILES // 10, answer["total"]
    return median_ms(lambda: client.get(url)), "ms"


def generate_attachments(total: int) -> None:
    """Store `total` attachment rows (no files: the library reads none), names in three locales;
    every tenth is about the harbour; the newest are each linked from two pages."""
    from django.db import transaction

    from cms.media.models import Attachment
    from cms.pages.models import MediaUse, PageFile
    from cms.pages.saving.payload import PageChanges
    from cms.pages.saving.services import page_create

    rows = []
    for n in range(total):
        topic = ("Harbour map", "Havnekart", "خريطة الميناء") if n % 10 == 0 else ("Report", "Rapport", "تقرير")
        name = {"en": f"{topic[0]} {n}", "nb": f"{topic[1]} {n}", "ar": f"{topic[2]} {n}"}
        filename = f"document_{n:05}.pdf"
        rows.append(Attachment(
            file=f"attachments/2026/11/{n:032x}.pdf", filename=filename, content_type="application/pdf",
            byte_size=250_000, name=name, description={"en": f"Document {n}"},
        ))  # fmt: skip
    with transaction.atomic():
        for row in rows:
            row.keep_search_text()  # what save() keeps, for rows written in bulk
        Attachment.objects.bulk_create(rows, batch_size=500)
        admin = bench_admin()
        pages = [
            page_create(actor=admin, locale="en", changes=PageChanges.from_payload({"name": f"Documents {n}"}))
            for n in range(2)
        ]
        newest = Attachment.objects.order_by("-created_at", "-id").values_list("pk", flat=True)[:200]
        PageFile.objects.bulk_create(
            PageFile(page=page, attachment_id=attachment_id, position=i + 1)
            for page in pages
            for i, attachment_id in enumerate(newest)
        )
        # What the page save would have recorded of what these pages show (cms.pages.media_uses).
        MediaUse.objects.bulk_create(
            MediaUse(page=page, attachment_id=attachment_id) for page in pages for attachment_id in newest
        )


def bench_admin() -> Any:
    """Return an administrator (created once), who may create pages anywhere."""
    from django.contrib.auth import get_user_model

    user, _ = get_user_model().objects.get_or_create(
        username="bench-attachments-admin", defaults={"is_staff": True, "is_superuser": True}
    )
    return user


FIGURES: tuple[tuple[str, Callable[[], tuple[float, str]]], ...] = (
    ("attachment_upload_100mb_rss_mb", attachment_upload_100mb_rss_mb),
    ("attachment_download_mb_s", attachment_download_mb_s),
    ("file_library_ms", file_library_ms),
)


if __name__ == "__main__":  # a child process measuring memory (see `child`)
    sys.path[:0] = [str(Path(__file__).resolve().parent.parent / "backend")]
    import django

    django.setup()
    {"upload": child_upload}[sys.argv[1]](sys.argv[2])
