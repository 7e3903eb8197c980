"""Renditions checked on their pixels: the stored crop first, then the focal point; PNG only when
something is transparent; signed addresses; made once and kept (DESIGN.md §3, §4)."""

import re
import threading

import pytest
import pyvips

from cms.media.models import Image
from cms.media.records import COLUMNS, image_record, rendition_url
from cms.media.storage import renditions
from cms.media.storage.rendition_addresses import parse
from cms.media.tests.images import BLUE, GREEN, RED, YELLOW, colour_at, near, quadrants, transparent_png, upload

FOREVER = "public, max-age=31536000, immutable"


@pytest.fixture
def picture(api):
    """A 400x300 picture in four colours, uploaded as PNG (lossless)."""
    response = upload(api, "quadrants.png", quadrants().write_to_buffer(".png"))
    assert response.status_code == 201
    return Image.objects.get(pk=response.json()["id"])


def fetch(client, url, **headers):
    response = client.get(url, headers=headers)
    assert response.status_code == 200, (url, response.status_code)
    return response, b"".join(response.streaming_content) if response.streaming else response.content


def set_crop(api, image, **crop):
    response = api.put(f"/admin/images/{image.pk}.json", {"image": crop})
    assert response.status_code == 200, response.json()
    image.refresh_from_db()
    return response.json()


def test_the_thumbnail_is_250_wide_jpeg_without_metadata_and_cached_for_ever(api):
    photo = pyvips.Image.black(1000, 500, bands=3).linear(1, [200, 100, 50]).cast("uchar").copy(interpretation="srgb")
    photo = photo.copy()
    photo.set_type(pyvips.GValue.gstr_type, "exif-ifd0-Make", "Secret Camera")
    record = upload(api, "photo.jpg", photo.write_to_buffer(".jpg"), "image/jpeg").json()

    response, body = fetch(api.client, record["thumbnail_url"])

    assert response["Content-Type"] == "image/jpeg"
    assert response["Cache-Control"] == FOREVER
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Content-Security-Policy"] == "sandbox"
    thumbnail = pyvips.Image.new_from_buffer(body, "")
    assert (thumbnail.width, thumbnail.height) == (250, 125)
    assert thumbnail.get_typeof("exif-data") == 0
    assert b"Secret Camera" not in body


def test_the_stored_crop_applies_to_the_thumbnail(api, picture):
    set_crop(api, picture, crop_start_x=200, crop_start_y=0, crop_width=200, crop_height=150)  # green

    _, body = fetch(api.client, image_record(picture)["thumbnail_url"])

    image = pyvips.Image.new_from_buffer(body, "")
    assert (image.width, image.height) == (200, 150)  # never enlarged
    for x, y in [(2, 2), (197, 2), (100, 75), (2, 147), (197, 147)]:
        assert near(colour_at(body, x, y), GREEN), (x, y)


def test_a_fill_that_cuts_keeps_the_focal_point_in_view(api, picture):
    _, middle = fetch(api.client, rendition_url(picture, 200, 50, "fill", "png"))
    assert near(colour_at(middle, 10, 2), RED) and near(colour_at(middle, 10, 47), BLUE)  # the middle band

    set_crop(api, picture, crop_gravity_x=50, crop_gravity_y=290)  # bottom left

    _, body = fetch(api.client, rendition_url(picture, 200, 50, "fill", "png"))
    assert pyvips.Image.new_from_buffer(body, "").width == 200
    for x, y in [(2, 2), (2, 47), (50, 25)]:
        assert colour_at(body, x, y) == BLUE, (x, y)
    for x, y in [(197, 2), (197, 47), (150, 25)]:
        assert colour_at(body, x, y) == YELLOW, (x, y)


def test_the_crop_applies_before_the_focal_point(api, picture):
    # The left half (red over blue), then a 2:1 band around a focal point near its bottom.
    set_crop(api, picture, crop_start_x=0, crop_start_y=0, crop_width=200, crop_height=300)
    _, centred = fetch(api.client, rendition_url(picture, 200, 100, "fill", "png"))
    assert colour_at(centred, 100, 10) == RED and colour_at(centred, 100, 90) == BLUE
    set_crop(api, picture, crop_gravity_x=100, crop_gravity_y=290)

    _, body = fetch(api.client, rendition_url(picture, 200, 100, "fill", "png"))

    for x, y in [(1, 1), (198, 1), (100, 50), (1, 98), (198, 98)]:
        assert colour_at(body, x, y) == BLUE, (x, y)


def test_a_photo_stored_sideways_is_measured_and_cut_upright(api):
    sideways = quadrants(400, 200).copy()
    sideways.set_type(pyvips.GValue.gint_type, "orientation", 6)  # shown turned a quarter clockwise
    record = upload(api, "portrait.jpg", sideways.write_to_buffer(".jpg", Q=95), "image/jpeg").json()

    assert (record["real_width"], record["real_height"]) == (200, 400)
    _, body = fetch(api.client, record["thumbnail_url"])
    image = pyvips.Image.new_from_buffer(body, "")
    assert (image.width, image.height) == (200, 400)
    assert image.get_typeof("orientation") == 0 or image.get("orientation") == 1
    # Turned clockwise, the stored top left (red) is now the top right.
    assert near(colour_at(body, 190, 10), RED) and near(colour_at(body, 10, 10), BLUE)


def test_transparency_gives_png_and_opacity_jpeg(api):
    transparent = upload(api, "logo.png", transparent_png()).json()
    opaque = upload(api, "flat.png", quadrants().write_to_buffer(".png")).json()

    response, body = fetch(api.client, transparent["thumbnail_url"])
    assert response["Content-Type"] == "image/png"
    assert pyvips.Image.new_from_buffer(body, "").hasalpha()
    assert colour_at(body, 1, 1)[3] == 0
    response, _ = fetch(api.client, opaque["thumbnail_url"])
    assert response["Content-Type"] == "image/jpeg"


def test_auto_answers_avif_or_webp_when_the_browser_takes_them(api, picture):
    url = rendition_url(picture, 100, 100, "fill", "auto")

    for accept, content_type in [
        ("image/avif,image/webp,*/*", "image/avif"),
        ("image/webp,*/*", "image/webp"),
        ("*/*", "image/jpeg"),
    ]:
        response, body = fetch(api.client, url, Accept=accept)
        assert response["Content-Type"] == content_type
        assert response["Vary"] == "Accept"
        assert pyvips.Image.new_from_buffer(body, "").width == 100


def test_a_rendition_is_made_once_and_then_served_from_storage(api, picture, storage, monkeypatch):
    url = rendition_url(picture, 120, 90, "fill")
    made = []
    render = renditions.render
    monkeypatch.setattr(renditions, "render", lambda *args: made.append(args) or render(*args))

    _, first = fetch(api.client, url)
    response, second = fetch(api.client, url)

    assert len(made) == 1
    assert response.streaming and first == second
    assert any(path.name == "120x90-fill-" + url.split("-")[2] + ".jpg" for path in storage.files())


def test_two_processes_making_the_same_new_rendition_at_once_leave_one_whole_file(picture, storage):
    # The making itself, in threads (the test database can't be shared between threads).
    row = Image.objects.filter(pk=picture.pk).values(*COLUMNS).get()
    address = parse(picture.pk, rendition_url(picture, 300, 200, "fill", "png").rsplit("/", 1)[1])
    assert address is not None
    bodies, errors = [], []

    def make():
        try:
            content = renditions.stored_or_made(row, address, "png")
            bodies.append(content if isinstance(content, bytes) else content.read())
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=make) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == [] and len(set(bodies)) == 1
    made = [path for path in storage.files() if "300x200" in path.name]
    assert len(made) == 1 and not any(path.name.endswith(".part") for path in storage.files())
    assert made[0].read_bytes() == bodies[0]


def test_a_crop_change_gives_new_addresses_and_the_old_one_answers_404(api, picture):
    before = image_record(picture)
    record = set_crop(api, picture, crop_start_x=10, crop_start_y=10, crop_width=100, crop_height=100)

    assert record["thumbnail_url"] != before["thumbnail_url"]
    assert api.client.get(before["thumbnail_url"]).status_code == 404
    assert api.client.get(record["thumbnail_url"]).status_code == 200
    # The uncropped picture ignores the crop but not the focal point: it changes too, harmlessly.
    assert api.client.get(record["uncropped_url"]).status_code == 200


def tampered(url: str) -> list[str]:
    match = re.fullmatch(r"/renditions/(\d+)/(\d+)x(\d+)-(\w+)-(\w+)-([0-9a-f]+)\.(\w+)", url)
    assert match
    image_id, width, height, mode, crop, signature, fmt = match.groups()
    flipped = ("0" if signature[0] != "0" else "1") + signature[1:]

    def address(**words):
        parts = {"image_id": image_id, "width": width, "height": height, "mode": mode, "crop": crop,
                 "signature": signature, "fmt": fmt, **words}  # fmt: skip
        return "/renditions/{image_id}/{width}x{height}-{mode}-{crop}-{signature}.{fmt}".format(**parts)

    return [
        address(width=str(int(width) + 1)),
        address(height="1"),
        address(image_id=str(int(image_id) + 1)),
        address(mode="fit" if mode == "fill" else "fill"),
        address(crop="c0000000000"),
        address(signature=flipped),
        address(signature=signature[:-1]),
        address(fmt="png" if fmt != "png" else "jpg"),
        address(fmt="svg"),
        address(width="99999999999"),
        url + "x",
        url.replace(".jpg", ".jpg/"),
        "/renditions/1/..%2F..%2Fsecret_key",
        "/renditions/99999999999999999999/" + url.rsplit("/", 1)[1],
    ]


def test_a_tampered_address_answers_4xx_and_stores_nothing(api, picture, storage):
    other = Image.objects.create(
        file=picture.file.name, filename="b", content_type="image/png", real_width=400, real_height=300
    )
    assert other.pk == picture.pk + 1
    url = rendition_url(picture, 100, 80, "fill", "jpeg")
    before = storage.files()

    for address in tampered(url):
        response = api.client.get(address)
        assert 400 <= response.status_code < 500, address
        assert response["X-Content-Type-Options"] == "nosniff"
    assert storage.files() == before
    assert api.client.get(url).status_code == 200


def test_renditions_answer_only_get_and_head(api, picture):
    url = image_record(picture)["thumbnail_url"]
    assert api.client.head(url).status_code == 200
    assert api.client.post(url).status_code in (403, 405)  # refused by the CSRF check, or as a method


def test_an_image_whose_original_is_gone_answers_404(api, picture, storage):
    storage.originals()[0].unlink()
    assert api.client.get(rendition_url(picture, 77, 77, "fill")).status_code == 404
