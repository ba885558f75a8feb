"""The image-processor port with Pillow: every upload's header is checked, then it is
decoded, re-encoded as a fresh JPEG (so no EXIF, GPS or hidden payload survives),
thumbnailed and given its perceptual hashes (block lists, issue 31.3). A refused upload
never decodes a pixel."""

from __future__ import annotations

import io
import warnings

from PIL import Image, ImageOps, ImageStat, UnidentifiedImageError

from adapters.offload import offloaded
from application.photos import ProcessedImage
from domain.blocklists import PhotoHash, worth_hashing
from domain.errors import DomainError
from domain.photos import MAX_PIXELS, check_image_size

FORMATS = {"JPEG", "PNG", "WEBP"}
LONGEST_SIDE = 1600
THUMB = (300, 300)
# The perceptual hashes' sizes (domain.blocklists.PhotoHash): 8x8 = 64 bits, 16x16 = 256.
COARSE, FINE = 8, 16
HASHED_SIDE = 256
# Pillow's own bomb check in Image.open (a warning above, an error above twice this) as a
# second line behind check_image_size.
Image.MAX_IMAGE_PIXELS = MAX_PIXELS


def _encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", quality=85, optimize=True, progressive=True)
    return out.getvalue()


class PillowImages:
    def process(self, data: bytes) -> ProcessedImage:
        image = _opened(data)
        # Decoding and re-encoding hold their thread for up to seconds (a 23-MP PNG: 4 s),
        # so they run off the event loop (adapters.offload); Pillow lets go of the GIL.
        return offloaded(_processed, image)

    def photo_hash(self, data: bytes) -> PhotoHash | None:
        """An image's perceptual hashes as an upload of it would get them (a stored photo
        of before the block lists, an operator's file for `amora blocklist add`)."""
        return offloaded(_hashed, _opened(data))


def _opened(data: bytes) -> Image.Image:
    """The upload with only its header read, checked (cheap: on the caller's thread, the
    only one that swaps the process-wide warning filters)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
            if image.format not in FORMATS:
                raise DomainError("photo_invalid")
            check_image_size(*image.size, len(data))  # only the header is read so far
            # JPEG decodes at 1/2, 1/4 or 1/8 scale when that still covers the target.
            image.draft("RGB", (LONGEST_SIDE, LONGEST_SIDE))
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise DomainError("photo_too_many_pixels") from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        raise DomainError("photo_invalid") from None
    return image


def _processed(image: Image.Image) -> ProcessedImage:
    try:
        image.load()  # a truncated or fake file fails here, not later
    except Image.DecompressionBombError:
        raise DomainError("photo_too_many_pixels") from None
    except (OSError, SyntaxError, ValueError):
        raise DomainError("photo_invalid") from None
    upright = ImageOps.exif_transpose(image).convert("RGB")
    upright.thumbnail((LONGEST_SIDE, LONGEST_SIDE), Image.Resampling.LANCZOS)
    thumb = ImageOps.fit(upright, THUMB, Image.Resampling.LANCZOS)
    return ProcessedImage(full=_encode(upright), thumb=_encode(thumb),
                          phash=perceptual_hash(upright))


def _hashed(image: Image.Image) -> PhotoHash | None:
    try:
        image.load()
    except Image.DecompressionBombError:
        raise DomainError("photo_too_many_pixels") from None
    except (OSError, SyntaxError, ValueError):
        raise DomainError("photo_invalid") from None
    return perceptual_hash(ImageOps.exif_transpose(image).convert("RGB"))


def perceptual_hash(image: Image.Image) -> PhotoHash | None:
    """imagehash's DCT hash at two sizes, of the upright picture in grey; None for a
    picture too plain to compare (domain.blocklists.PLAIN_PICTURE)."""
    import imagehash  # numpy and scipy: only when a photo is hashed

    # Down to 256 x 256 first (bilinear: cheap; imagehash's own resize then goes to 64 x 64
    # from there): 15 ms instead of 45 on a 1600-pixel photo, the matches measured alike.
    grey = image.convert("L").resize((HASHED_SIDE, HASHED_SIDE), Image.Resampling.BILINEAR)
    if not worth_hashing(ImageStat.Stat(grey).stddev[0]):
        return None
    coarse, fine = (int(str(imagehash.phash(grey, hash_size=size)), 16)
                    for size in (COARSE, FINE))
    return PhotoHash(coarse, fine)
