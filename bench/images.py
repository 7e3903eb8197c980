"""The image figures of `make bench` (BENCHMARKS.md): renditions, uploads and the image library.

Run by bench/run.py after the tree figures (BENCH_ONLY=images: these alone), in the environment
it sets up. Pictures are made with libvips at bench time: a 4000x3000 photo-like JPEG (~2.5 MB,
like a 12-megapixel camera's), a transparent 2000x1500 PNG and a ~50 MB JPEG for the streaming
upload. Memory figures are measured in a child process (this file run as a script), from its
resident size just before the work to its peak during it (Linux's VmHWM, reset first).
"""

import functools
import json
import os
import sys
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from images_s3 import with_object_storage
from measuring import FileMultipart, child, median_ms, peak_growth, progress

PHOTO_SIZE, PNG_SIZE = (4000, 3000), (2000, 1500)
BIG_UPLOAD_BYTES = 50 * 1000 * 1000  # "a 50 MB upload", under the 50 MiB limit
LIBRARY_IMAGES = 10_000


def run() -> int:
    """Print every image figure as `name median unit`; return 1 if any could not be measured."""
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


# --- Pictures ------------------------------------------------------------------------------------


def photo_jpeg(width: int, height: int, *, noise: float = 6, quality: int = 85) -> bytes:
    """Return a photo-like JPEG: smooth gradients with grain, which compresses as photos do."""
    import pyvips

    xyz = pyvips.Image.xyz(width, height)
    red, green = xyz[0] * 255 / width, xyz[1] * 255 / height
    blue = (xyz[0] + xyz[1]) % 256
    grain = pyvips.Image.gaussnoise(width, height, sigma=noise, mean=0)
    picture = (red.bandjoin([green, blue]) + grain).cast("uchar").copy(interpretation="srgb")
    return bytes(picture.write_to_buffer(".jpg", Q=quality))


def transparent_png(width: int, height: int) -> bytes:
    """Return an RGBA PNG with soft transparency over a third of it (a logo-like cut-out)."""
    import pyvips

    xyz = pyvips.Image.xyz(width, height)
    rgb = (xyz[0] % 256).bandjoin([xyz[1] % 256, (xyz[0] * 0 + 90)])
    alpha = (xyz[0] < width // 3).ifthenelse(xyz[1] * 255 / height, 255)
    return bytes(rgb.bandjoin(alpha).cast("uchar").copy(interpretation="srgb").write_to_buffer(".png"))


@functools.cache
def administrator() -> Any:
    """The bench's acting user: an administrator, who may change any image."""
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(f"bench-media-{os.getpid()}", is_staff=True, is_superuser=True)


def stored_image(data: bytes, name: str, **crop: int) -> Any:
    """Store a picture through the upload service, with a crop; return the Image."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from cms.media.images.services import image_create, image_update
    from cms.media.models import Image

    image = image_create(actor=administrator(), upload=SimpleUploadedFile(name, data), alternative={})
    if crop:
        image = image_update(actor=administrator(), image_id=image.pk, changes=crop)
    return Image.objects.get(pk=image.pk)


# --- Renditions ----------------------------------------------------------------------------------


def rendition_maker(image: Any, width: int, height: int, mode: str) -> tuple[Callable[[], Any], Callable[[], Any]]:
    """Return (forget, fetch): forget deletes the stored rendition; fetch asks for it by its address."""
    from django.core.files.storage import default_storage
    from django.test import Client

    from cms.media.records import rendition_url
    from cms.media.storage import renditions
    from cms.media.storage.rendition_addresses import parse

    url = rendition_url(image, width, height, mode)  # type: ignore[arg-type]
    address = parse(image.pk, url.rsplit("/", 1)[1])
    assert address is not None
    name = renditions.stored_name(address, address.format)
    client = Client()

    def forget() -> None:
        if default_storage.exists(name):
            default_storage.delete(name)

    def fetch() -> None:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        assert not response.streaming, "the rendition was served from storage: it must be made"

    return forget, fetch


def rendition_figure(
    data: Callable[[], bytes], name: str, size: tuple[int, int], mode: str, **crop: int
) -> Callable[[], tuple[float, str]]:
    def figure() -> tuple[float, str]:
        image = stored_image(data(), name, **crop)
        forget, fetch = rendition_maker(image, *size, mode)
        return median_ms(fetch, setup=forget), "ms"

    return figure


_photo: bytes | None = None
_png: bytes | None = None


def photo() -> bytes:
    global _photo
    if _photo is None:
        _photo = photo_jpeg(*PHOTO_SIZE)
        progress(f"a {PHOTO_SIZE[0]}x{PHOTO_SIZE[1]} JPEG of {len(_photo) / 1e6:.1f} MB made")
    return _photo


def png() -> bytes:
    global _png
    if _png is None:
        _png = transparent_png(*PNG_SIZE)
    return _png


STORED_CROP = {"crop_start_x": 400, "crop_start_y": 300, "crop_width": 3200, "crop_height": 2400,
               "crop_gravity_x": 1200, "crop_gravity_y": 1000}  # fmt: skip


def rendition_peak_rss_mb() -> tuple[float, str]:
    """Peak memory growth of a process making the renditions above, each anew, several times."""
    ids = [
        stored_image(photo(), "photo.jpg", **STORED_CROP).pk,
        stored_image(png(), "logo.png", crop_start_x=0, crop_start_y=0, crop_width=2000, crop_height=1400).pk,
    ]
    return child(__file__, "renditions", json.dumps(ids)), "MiB"


def child_renditions(argument: str) -> None:
    from django.test import Client

    from cms.media.models import Image

    makers = []
    for image in Image.objects.filter(pk__in=json.loads(argument)):
        makers += [rendition_maker(image, 800, 600, "fill"), rendition_maker(image, 250, 0, "fit")]
    # Django's own first-request costs (URLs, middleware, the API's modules) are not renditions'.
    assert Client().get("/renditions/0/warm-up").status_code == 404
    with peak_growth():
        for _ in range(3):
            for forget, fetch in makers:
                forget()
                fetch()


# --- Uploads -------------------------------------------------------------------------------------


def image_upload_ms() -> tuple[float, str]:
    """Store an uploaded 4000x3000 JPEG: the upload service, from the temporary file the request's
    upload handler left (as for every upload over 2 MB), header, thumbnail, storage and row."""
    from django.core.files.uploadedfile import TemporaryUploadedFile

    from cms.media.images.services import image_create

    data = photo()
    uploads: list[Any] = []

    def receive() -> None:
        for done in uploads:
            done.close()  # its file was moved into storage: closing only forgets it
        uploads.clear()
        upload = TemporaryUploadedFile("photo.jpg", "image/jpeg", len(data), None)
        upload.write(data)
        upload.flush()
        upload.seek(0)
        uploads.append(upload)

    def store() -> None:
        image_create(actor=administrator(), upload=uploads[-1], alternative={"en": "A photo"})

    try:
        return median_ms(store, setup=receive), "ms"
    finally:
        for done in uploads:  # else the last is forgotten later, with a warning that its file is gone
            done.close()


def image_upload_http_ms() -> tuple[float, str]:
    """The same through the whole call: POST /admin/images.json, multipart parsed to a temporary file."""
    from django.contrib.auth import get_user_model
    from django.middleware.csrf import _get_new_csrf_string
    from django.test import Client

    user = get_user_model().objects.create_user(f"bench-images-{os.getpid()}", is_staff=True, is_superuser=True)
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    client.cookies["csrftoken"] = token = _get_new_csrf_string()
    with tempfile.NamedTemporaryFile(suffix=".jpg") as file:
        file.write(photo())
        file.flush()

        def post() -> None:
            body = FileMultipart(Path(file.name), field="image[file]", content_type="image/jpeg")
            response = client.generic("POST", "/admin/images.json", headers={"X-CSRFToken": token}, **body.environ())
            assert response.status_code == 201, response.content[:300]

        return median_ms(post), "ms"


def upload_50mb_rss_mb() -> tuple[float, str]:
    """Memory growth of a server process while a 50 MB JPEG streams in and is stored."""
    with tempfile.NamedTemporaryFile(suffix=".jpg", dir=os.environ.get("VAR_DIR")) as file:
        file.write(big_jpeg())
        file.flush()
        return child(__file__, "upload", file.name), "MiB"


def big_jpeg() -> bytes:
    """Return a grainy JPEG of a little under BIG_UPLOAD_BYTES (within the 100-megapixel limit)."""
    data = photo_jpeg(7000, 7000, noise=40, quality=92)
    progress(f"a 7000x7000 JPEG of {len(data) / 1e6:.1f} MB made for the streaming upload")
    if len(data) > 50 * 1024 * 1024:
        raise RuntimeError(f"the big JPEG is over the upload limit: {len(data)} bytes")
    return data


def child_upload(path: str) -> None:
    from django.contrib.auth import get_user_model
    from django.middleware.csrf import _get_new_csrf_string
    from django.test import Client

    user = get_user_model().objects.create_user(f"bench-upload-{os.getpid()}", is_staff=True, is_superuser=True)
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    client.cookies["csrftoken"] = token = _get_new_csrf_string()
    body = FileMultipart(Path(path), field="image[file]", content_type="image/jpeg")
    with peak_growth():
        response = client.generic("POST", "/admin/images.json", headers={"X-CSRFToken": token}, **body.environ())
    assert response.status_code == 201, response.content[:300]


# --- The library ---------------------------------------------------------------------------------


def image_library_ms() -> tuple[float, str]:
    """The first page of the library among 10,000 images, filtered by missing `ar` alternative text."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from cms.media.models import Image

    Image.objects.all().delete()
    user = get_user_model().objects.create_user(f"bench-library-{os.getpid()}", is_staff=True, is_superuser=True)
    generate_images(LIBRARY_IMAGES, author=user)
    client = Client()
    client.force_login(user)
    url = "/admin/images.json?missing_alt=ar"
    answer = json.loads(client.get(url).content)
    assert len(answer["images"]) == 48 and answer["total"] == LIBRARY_IMAGES // 3 + 1, answer["total"]
    return median_ms(lambda: client.get(url)), "ms"


def generate_images(total: int, *, author: Any) -> None:
    """Store `total` image rows (no files: the library reads none): a third lack `ar` alternative
    text; the newest are each linked from two pages."""
    from django.db import transaction

    from cms.media.models import Image
    from cms.pages.models import PageImage
    from cms.pages.saving.payload import PageChanges
    from cms.pages.saving.services import page_create

    rows = []
    for n in range(total):
        alternative = {"en": f"Photo {n} of the harbour", "nb": f"Bilde {n} av havna"}
        if n % 3:
            alternative["ar"] = f"صورة {n}"
        caption = {"en": f"Caption {n}"}
        filename = f"IMG_{n:05}.jpg"
        rows.append(Image(
            file=f"images/2026/11/{n:032x}.jpg", filename=filename, content_type="image/jpeg", byte_size=2_500_000,
            real_width=4000, real_height=3000, alternative=alternative, caption=caption,
        ))  # fmt: skip
    with transaction.atomic():
        for row in rows:
            row.keep_search_text()  # what save() keeps, for rows written in bulk
        Image.objects.bulk_create(rows, batch_size=500)
        pages = [
            page_create(actor=author, locale="en", changes=PageChanges.from_payload({"name": f"Gallery {n}"}))
            for n in range(2)
        ]
        newest = Image.objects.order_by("-created_at", "-id").values_list("pk", flat=True)[:200]
        PageImage.objects.bulk_create(
            PageImage(page=page, image_id=image_id, position=i + 1)
            for page in pages
            for i, image_id in enumerate(newest)
        )


# --- Memory, in a child process ------------------------------------------------------------------


FIGURES: tuple[tuple[str, Callable[[], tuple[float, str]]], ...] = (
    ("rendition_fill_800x600_ms", rendition_figure(photo, "photo.jpg", (800, 600), "fill", **STORED_CROP)),
    ("rendition_width_250_ms", rendition_figure(photo, "photo.jpg", (250, 0), "fit")),
    ("rendition_png_fill_800x600_ms", rendition_figure(png, "logo.png", (800, 600), "fill")),
    ("rendition_peak_rss_mb", rendition_peak_rss_mb),
    ("image_upload_ms", image_upload_ms),
    ("image_upload_http_ms", image_upload_http_ms),
    ("upload_50mb_rss_mb", upload_50mb_rss_mb),
    ("image_library_ms", image_library_ms),
    # The same with an S3-compatible object store (SeaweedFS on 127.0.0.1) in place of the disk.
    (
        "rendition_fill_800x600_ms[s3]",
        with_object_storage(rendition_figure(photo, "photo.jpg", (800, 600), "fill", **STORED_CROP)),
    ),
    ("image_upload_ms[s3]", with_object_storage(image_upload_ms)),
)


if __name__ == "__main__":  # a child process measuring memory (see `child`)
    sys.path[:0] = [str(Path(__file__).resolve().parent.parent / "backend")]
    import django

    django.setup()
    {"renditions": child_renditions, "upload": child_upload}[sys.argv[1]](sys.argv[2])
