"""Photos' perceptual hashes (issue 31.3) with Pillow and imagehash: the same picture,
re-encoded, resized or converted, still matches; a different one does not. The pictures
are the demo's painted portraits: far more alike than photos of different people."""

from __future__ import annotations

import io
from itertools import combinations

import pytest
from PIL import Image

from adapters.demo.portraits import PillowPortraits
from adapters.images.pillow import PillowImages
from domain.blocklists import PHOTO_HASH_DISTANCE, PhotoHash
from tests.adapters.test_images import picture

IMAGES = PillowImages()
HAIR = ("blond", "brown", "black", "red", "grey")


def portrait(seed: int) -> bytes:
    return PillowPortraits().paint(seed, "female" if seed % 2 else "male", 20 + seed % 50,
                                   HAIR[seed % 5], seed % 3).image


def altered(data: bytes, scale: float, fmt: str = "JPEG", quality: int = 60) -> bytes:
    image = Image.open(io.BytesIO(data)).convert("RGB")
    image = image.resize((round(image.width * scale), round(image.height * scale)),
                         Image.Resampling.BICUBIC)
    out = io.BytesIO()
    image.save(out, fmt, **({"quality": quality} if fmt == "JPEG" else {}))
    return out.getvalue()


def uploaded(data: bytes) -> PhotoHash:
    phash = IMAGES.process(data).phash
    assert phash is not None
    return phash


@pytest.mark.parametrize("seed", range(12))
def test_the_same_picture_re_encoded_or_resized_still_matches(seed: int) -> None:
    original = uploaded(portrait(seed))
    for copy in (altered(portrait(seed), 1.0, quality=40), altered(portrait(seed), 0.4),
                 altered(portrait(seed), 1.5, quality=90), altered(portrait(seed), 0.7, "PNG"),
                 altered(portrait(seed), 0.5, "WEBP"), altered(portrait(seed), 0.34)):
        again = uploaded(copy)
        assert original.matches(again), original.distance(again)
        # A quarter of the coarse hash among the probes: the database finds it by index.
        assert any(quarter in probes for quarter, probes in zip(
            again.quarters(), original.probes(), strict=True))
    # A stored photo (the upload's JPEG) hashes as its upload did.
    stored = IMAGES.photo_hash(IMAGES.process(portrait(seed)).full)
    assert stored is not None and original.matches(stored)


def test_different_pictures_do_not_match() -> None:
    hashes = [uploaded(portrait(seed)) for seed in range(30)]
    closest = min(a.distance(b) for a, b in combinations(hashes, 2))
    assert closest > PHOTO_HASH_DISTANCE  # these 30: 40 at least (of 200: 24)


def test_a_plain_picture_gets_no_hash() -> None:
    """A single colour would match every other single colour: it is not hashed (and so
    never held as another member's photo)."""
    for fmt in ("JPEG", "PNG", "WEBP"):
        assert IMAGES.process(picture(fmt)).phash is None
        assert IMAGES.photo_hash(picture(fmt)) is None
