"""Signed rendition addresses: `/renditions/{image id}/{W}x{H}-{mode}-{crop}-{signature}.{format}`.

The signature is an HMAC (SHA-256, keyed from SECRET_KEY) of everything else in the address, so
only sizes the server itself wrote into an answer can be asked for: nobody can make the server
render arbitrary sizes, or another image's. `crop` is a fingerprint of the image's crop and focal
point (and whether the crop applies), so a crop change gives new addresses and a cached
rendition never outlives the crop it was made with.

Building an address is one HMAC and no storage call: cheap enough for every image of a page list.
"""

import hashlib
import hmac
import re
from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings

from cms.media.images.geometry import Mode

PREFIX = "/renditions/"
SALT = "cms.media.addresses.rendition"
# Address format word -> what the file is. `auto` is chosen per request from the Accept header.
FORMATS = ("jpg", "png", "webp", "avif", "auto")
FORMAT_NAMES = {"jpeg": "jpg", "jpg": "jpg", "png": "png", "webp": "webp", "avif": "avif", "auto": "auto"}
MAX_SIDE = 10_000
SIGNATURE_LENGTH = 20  # hex digits: 80 bits
KEY = re.compile(r"^(\d{1,5})x(\d{1,5})-(fill|fit)-([cu][0-9a-f]{10})-([0-9a-f]{20})\.(jpg|png|webp|avif|auto)$")

CropState = tuple[int | None, int | None, int | None, int | None, int | None, int | None]


@dataclass(frozen=True)
class Address:
    image_id: int
    width: int
    height: int  # 0: any height (fit only)
    mode: Mode
    crop: str
    format: str  # one of FORMATS

    @property
    def uncropped(self) -> bool:
        return self.crop.startswith("u")

    def stem(self) -> str:
        """Return the address's words without signature and format: the stored file's stem."""
        return f"{self.width}x{self.height}-{self.mode}-{self.crop}"


def crop_token(state: CropState, *, uncropped: bool = False) -> str:
    """Return the fingerprint of a crop and focal point (crop x, y, width, height, focal x, y)."""
    text = ",".join("" if value is None else str(value) for value in state)
    digest = hashlib.blake2b(text.encode(), digest_size=5).hexdigest()
    return ("u" if uncropped else "c") + digest


def address_path(address: Address) -> str:
    """Return the signed path of a rendition."""
    if not (0 < address.width <= MAX_SIDE and 0 <= address.height <= MAX_SIDE):
        raise ValueError(f"A rendition is 1 to {MAX_SIDE} pixels wide and at most as high: {address}")
    if address.mode == "fill" and address.height == 0:
        raise ValueError("A fill rendition needs a height")
    if address.format not in FORMATS:
        raise ValueError(f"Unknown rendition format {address.format!r}")
    words = f"{address.stem()}.{address.format}"
    return f"{PREFIX}{address.image_id}/{address.stem()}-{_signature(address.image_id, words)}.{address.format}"


def parse(image_id: int, key: str) -> Address | None:
    """Return the address a request names, or None when it is malformed or its signature is wrong."""
    match = KEY.match(key)
    if match is None:
        return None
    width, height, mode, crop, signature, fmt = match.groups()
    address = Address(image_id, int(width), int(height), mode, crop, fmt)  # type: ignore[arg-type]
    expected = _signature(image_id, f"{address.stem()}.{fmt}")
    if not hmac.compare_digest(expected, signature):
        return None
    return address


def _signature(image_id: int, words: str) -> str:
    return _signed(settings.SECRET_KEY, image_id, words)


# A page shows the same images' addresses request after request (15 on a page with a gallery):
# each signature is worked out once per process. Keyed by the secret, so a new one signs anew.
@lru_cache(maxsize=16_384)
def _signed(secret: str, image_id: int, words: str) -> str:
    message = f"{image_id}/{words}".encode()
    return hmac.new(_key(secret), message, hashlib.sha256).hexdigest()[:SIGNATURE_LENGTH]


@lru_cache(maxsize=4)
def _key(secret: str) -> bytes:
    """Derive this purpose's key from the secret once, as django.utils.crypto.salted_hmac does."""
    return hashlib.sha256((SALT + secret).encode()).digest()
