"""Crop and focal-point maths of renditions: pure functions of numbers, no libvips (of Django only
its lazy translations: crop_errors' messages are worded in the interface language when answered).

Every coordinate is a pixel of the original image as it is shown upright (DESIGN.md §3: crop
and focal point are pixels of the original; a photo stored sideways with an EXIF orientation is
measured after turning it, as real_width/real_height are).
"""

from dataclasses import dataclass
from typing import Literal

from django.utils.translation import gettext_lazy as _

from cms.core.messages import Errors, message

Mode = Literal["fill", "fit"]

CROP_INCOMPLETE = _("the crop needs all four of crop_start_x, crop_start_y, crop_width, crop_height")
CROP_EMPTY = _("the crop must be at least 1 pixel wide and high")
CROP_OUTSIDE = _("the crop must lie inside the image (%(width)dx%(height)d)")
FOCAL_INCOMPLETE = _("the focal point needs both crop_gravity_x and crop_gravity_y")
FOCAL_OUTSIDE = _("the focal point must lie inside the crop")


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Plan:
    """How to make a rendition: shrink the whole image to `scaled_*`, then cut `out_*` at `left, top`.

    Shrinking the whole image first lets libvips shrink on load (a JPEG decoded at 1/2, 1/4 or
    1/8 of its size); the cut is then made on the small image.
    """

    scaled_width: int
    scaled_height: int
    left: int
    top: int
    out_width: int
    out_height: int


def crop_region(
    real_width: int,
    real_height: int,
    crop: tuple[int | None, int | None, int | None, int | None],
) -> Box:
    """Return the stored crop as a box inside the image, or the whole image when there is none."""
    x, y, width, height = crop
    if x is None or y is None or not width or not height:
        return Box(0, 0, real_width, real_height)
    # Stored crops are checked against the bounds when saved; clamp anyway, so a row changed by
    # hand can never make libvips cut outside the picture.
    x, y = min(max(x, 0), real_width - 1), min(max(y, 0), real_height - 1)
    return Box(x, y, min(width, real_width - x), min(height, real_height - y))


def plan(
    real_width: int,
    real_height: int,
    region: Box,
    focal: tuple[float, float] | None,
    width: int,
    height: int,
    mode: Mode,
) -> Plan:
    """Return how to make a `width` x `height` rendition of `region`.

    fit: the whole region within the box (height 0: any height). fill: exactly the box's aspect
    ratio, cut from the region around the focal point (its centre when there is none), as far as
    the region allows. Renditions are never larger than the region: a small picture is not blown up.
    """
    source = _fill_source(region, focal, width / height) if mode == "fill" and height > 0 else region
    limits = [1.0, width / source.width]
    if height > 0:
        limits.append(height / source.height)
    scale = min(limits)
    out_width = max(1, round(source.width * scale))
    out_height = max(1, round(source.height * scale))
    scaled_width = max(out_width, round(real_width * scale))
    scaled_height = max(out_height, round(real_height * scale))
    return Plan(
        scaled_width=scaled_width,
        scaled_height=scaled_height,
        left=min(max(0, round(source.x * scale)), scaled_width - out_width),
        top=min(max(0, round(source.y * scale)), scaled_height - out_height),
        out_width=out_width,
        out_height=out_height,
    )


def _fill_source(region: Box, focal: tuple[float, float] | None, aspect: float) -> Box:
    """Return the largest box of the given aspect inside the region, centred on the focal point
    as far as the region allows."""
    if region.width / region.height > aspect:
        width, height = region.height * aspect, region.height
    else:
        width, height = region.width, region.width / aspect
    centre_x, centre_y = focal if focal else (region.x + region.width / 2, region.y + region.height / 2)
    x = min(max(centre_x - width / 2, region.x), region.x + region.width - width)
    y = min(max(centre_y - height / 2, region.y), region.y + region.height - height)
    return Box(x, y, width, height)


def crop_errors(
    real_width: int,
    real_height: int,
    crop: tuple[int | None, int | None, int | None, int | None],
    gravity: tuple[int | None, int | None],
) -> Errors:
    """Return what is wrong with a crop and focal point for an image of this size."""
    errors: Errors = []
    x, y, width, height = crop
    if any(value is None for value in crop) and any(value is not None for value in crop):
        errors.append(("crop_start_x", CROP_INCOMPLETE))
    elif x is not None and y is not None and width is not None and height is not None:
        if width < 1 or height < 1:
            errors.append(("crop_width", CROP_EMPTY))
        elif x + width > real_width or y + height > real_height:
            errors.append(("crop_start_x", message(CROP_OUTSIDE, width=real_width, height=real_height)))
    gravity_x, gravity_y = gravity
    if (gravity_x is None) != (gravity_y is None):
        errors.append(("crop_gravity_x", FOCAL_INCOMPLETE))
    elif gravity_x is not None and gravity_y is not None and not errors:
        region = crop_region(real_width, real_height, crop)
        inside_x = region.x <= gravity_x <= region.x + region.width
        inside_y = region.y <= gravity_y <= region.y + region.height
        if not (inside_x and inside_y):
            errors.append(("crop_gravity_x", FOCAL_OUTSIDE))
    return errors
