"""Crop and focal-point maths of renditions, as tables (no database, no libvips)."""

import pytest

from cms.media.images.geometry import Box, Plan, crop_errors, crop_region, plan

WHOLE = (None, None, None, None)


@pytest.mark.parametrize(
    ("crop", "expected"),
    [
        (WHOLE, Box(0, 0, 400, 300)),
        ((200, 0, 200, 150), Box(200, 0, 200, 150)),
        ((0, 0, 0, 0), Box(0, 0, 400, 300)),  # no size: the whole image
        ((390, 290, 100, 100), Box(390, 290, 10, 10)),  # a row changed by hand is clamped
    ],
)
def test_the_crop_region(crop, expected):
    assert crop_region(400, 300, crop) == expected


@pytest.mark.parametrize(
    ("real", "region", "focal", "size", "mode", "expected"),
    [
        # 250 px wide thumbnail of the whole 4000x3000: shrink by 16, cut nothing.
        ((4000, 3000), Box(0, 0, 4000, 3000), None, (250, 0), "fit", Plan(250, 188, 0, 0, 250, 188)),
        # fit never enlarges a small region.
        ((400, 300), Box(200, 0, 200, 150), None, (250, 0), "fit", Plan(400, 300, 200, 0, 200, 150)),
        # fill 200x50 without a focal point: the middle band.
        ((400, 300), Box(0, 0, 400, 300), None, (200, 50), "fill", Plan(200, 150, 0, 50, 200, 50)),
        # with a focal point near the bottom, the band moves down as far as the image goes.
        ((400, 300), Box(0, 0, 400, 300), (50, 290), (200, 50), "fill", Plan(200, 150, 0, 100, 200, 50)),
        # the stored crop (left half) first, then the focal point within it.
        ((400, 300), Box(0, 0, 200, 300), (100, 290), (200, 100), "fill", Plan(400, 300, 0, 200, 200, 100)),
        # fit in a box: the limiting side decides.
        ((4000, 3000), Box(0, 0, 4000, 3000), None, (1600, 1600), "fit", Plan(1600, 1200, 0, 0, 1600, 1200)),
    ],
)
def test_the_plan(real, region, focal, size, mode, expected):
    assert plan(*real, region, focal, *size, mode) == expected


def test_a_fill_keeps_the_exact_size_asked_for_from_an_odd_crop():
    result = plan(4000, 3000, Box(333, 217, 2999, 2001), (1000, 1000), 800, 600, "fill")
    assert (result.out_width, result.out_height) == (800, 600)
    assert result.left + result.out_width <= result.scaled_width
    assert result.top + result.out_height <= result.scaled_height


@pytest.mark.parametrize(
    ("crop", "gravity", "expected"),
    [
        ((0, 0, 400, 300), (None, None), []),
        (WHOLE, (10, 10), []),
        ((0, 0, 401, 300), (None, None), [("crop_start_x", "the crop must lie inside the image (400x300)")]),
        ((300, 0, 101, 10), (None, None), [("crop_start_x", "the crop must lie inside the image (400x300)")]),
        ((0, 0, 0, 10), (None, None), [("crop_width", "the crop must be at least 1 pixel wide and high")]),
        (
            (0, 0, None, 10),
            (None, None),
            [("crop_start_x", "the crop needs all four of crop_start_x, crop_start_y, crop_width, crop_height")],
        ),
        ((0, 0, 100, 100), (150, 50), [("crop_gravity_x", "the focal point must lie inside the crop")]),
        (WHOLE, (401, 10), [("crop_gravity_x", "the focal point must lie inside the crop")]),
        (WHOLE, (1, None), [("crop_gravity_x", "the focal point needs both crop_gravity_x and crop_gravity_y")]),
    ],
)
def test_crop_errors(crop, gravity, expected):
    assert crop_errors(400, 300, crop, gravity) == expected
