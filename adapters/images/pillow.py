"""The image-processor port with Pillow: every upload is decoded, checked, re-encoded
as a fresh JPEG (so no EXIF, GPS or hidden payload survives) and thumbnailed."""

from __future__ import annotations

import io
import warnings

from PIL import Image, ImageOps, UnidentifiedImageError

from application.photos import ProcessedImage
from domain.errors import DomainError
from domain.photos import MAX_PIXELS, MIN_SIDE

FORMATS = {"JPEG", "PNG", "WEBP"}
LONGEST_SIDE = 1600
THUMB = (300, 300)


def _encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", quality=85, optimize=True, progressive=True)
    return out.getvalue()


class PillowImages:
    def process(self, data: bytes) -> ProcessedImage:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error", Image.DecompressionBombWarning)
                image = Image.open(io.BytesIO(data))
                if image.format not in FORMATS:
                    raise DomainError("photo_invalid")
                width, height = image.size
                if width * height > MAX_PIXELS:
                    raise DomainError("photo_too_many_pixels")
                image.load()  # a truncated or fake file fails here, not later
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError,
                Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise DomainError("photo_invalid") from None
        if min(width, height) < MIN_SIDE:
            raise DomainError("photo_too_small", min=MIN_SIDE)
        upright = ImageOps.exif_transpose(image).convert("RGB")
        upright.thumbnail((LONGEST_SIDE, LONGEST_SIDE), Image.Resampling.LANCZOS)
        thumb = ImageOps.fit(upright, THUMB, Image.Resampling.LANCZOS)
        return ProcessedImage(full=_encode(upright), thumb=_encode(thumb))
