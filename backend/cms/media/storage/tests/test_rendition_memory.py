"""How a server process makes pictures: one libvips thread per request and one malloc arena, which
keep a worker's memory low (bench: rendition_peak_rss_mb), with renditions still whole and right."""

import pytest
import pyvips

from cms.media import apps
from cms.media.records import rendition_url
from cms.media.tests.images import upload


@pytest.fixture
def vips_threads():
    """Put libvips' thread count back as it was after a test that changes it."""
    before = pyvips.concurrency_get()
    yield
    pyvips.concurrency_set(before)


def test_libvips_works_each_picture_with_one_thread(monkeypatch, vips_threads):
    monkeypatch.delenv("VIPS_CONCURRENCY", raising=False)
    pyvips.concurrency_set(4)

    apps._one_vips_thread_per_request()

    assert pyvips.concurrency_get() == 1


def test_a_deployment_that_sets_vips_concurrency_keeps_its_threads(monkeypatch, vips_threads):
    monkeypatch.setenv("VIPS_CONCURRENCY", "3")
    pyvips.concurrency_set(3)

    apps._one_vips_thread_per_request()

    assert pyvips.concurrency_get() == 3


class FakeC:
    """Stands for glibc: records mallopt calls instead of making them."""

    def __init__(self, calls: list[tuple[int, int]]) -> None:
        self.mallopt = lambda parameter, value: calls.append((parameter, value)) or 1


def test_glibc_keeps_one_malloc_arena(monkeypatch):
    calls: list[tuple[int, int]] = []
    monkeypatch.delenv("MALLOC_ARENA_MAX", raising=False)
    monkeypatch.setattr(apps.ctypes, "CDLL", lambda name: FakeC(calls))

    apps._one_malloc_arena()

    assert calls == [(apps.M_ARENA_MAX, 1)]


def test_a_deployment_that_sets_malloc_arena_max_keeps_its_arenas(monkeypatch):
    calls: list[tuple[int, int]] = []
    monkeypatch.setenv("MALLOC_ARENA_MAX", "4")
    monkeypatch.setattr(apps.ctypes, "CDLL", lambda name: FakeC(calls))

    apps._one_malloc_arena()

    assert calls == []


def cut_out_logo(width: int, height: int) -> bytes:
    """An RGBA PNG: the left third fully transparent, the rest an opaque colour, as the bench's logo."""
    rgb = pyvips.Image.black(width, height, bands=3).linear(1, [10, 120, 200])
    alpha = (pyvips.Image.xyz(width, height)[0] < width // 3).ifthenelse(0, 255)
    return rgb.bandjoin(alpha).cast("uchar").copy(interpretation="srgb").write_to_buffer(".png")


@pytest.mark.parametrize(
    ("width", "height", "mode", "size"),
    [(400, 150, "fill", (400, 150)), (250, 0, "fit", (250, 188)), (300, 300, "fit", (300, 225))],
)
def test_a_transparent_png_made_with_one_thread_keeps_its_alpha_size_and_edge(
    api, vips_threads, width, height, mode, size
):
    pyvips.concurrency_set(1)
    image = upload(api, "logo.png", cut_out_logo(1200, 900)).json()
    row = {**image, "has_alpha": True}

    response = api.client.get(rendition_url(row, width, height, mode))

    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    # The 250 px thumbnail was made at upload and is served from storage; the others are made now.
    body = b"".join(response.streaming_content) if response.streaming else response.content
    picture = pyvips.Image.new_from_buffer(body, "")
    assert (picture.width, picture.height) == size
    assert picture.bands == 4 and picture.hasalpha()
    # The transparent third is still transparent, the rest opaque in its own colour (no dark fringe
    # from resizing without premultiplied alpha), on either side of where the third ends.
    edge = size[0] // 3
    assert picture(2, size[1] // 2)[3] == 0
    assert picture(edge - 6, size[1] // 2)[3] == 0
    assert [round(value) for value in picture(edge + 6, size[1] // 2)] == [10, 120, 200, 255]
    assert [round(value) for value in picture(size[0] - 2, size[1] - 2)] == [10, 120, 200, 255]
