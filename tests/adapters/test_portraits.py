"""The Pillow portrait painter: valid JPEGs, the same bytes for the same inputs."""

from __future__ import annotations

import io
import time

import pytest
from PIL import Image

from adapters.demo.portraits import PillowPortraits
from domain.members import HAIR_COLOURS

painter = PillowPortraits()


def open_jpeg(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "JPEG" and image.mode == "RGB"
    assert "exif" not in image.info
    return image


@pytest.mark.parametrize("gender", ["female", "male"])
@pytest.mark.parametrize("hair", HAIR_COLOURS)
def test_portraits_are_jpegs_of_the_right_size(gender: str, hair: str) -> None:
    portrait = painter.paint(seed=7, gender=gender, age=30 + len(hair) * 5, hair_colour=hair)
    assert open_jpeg(portrait.image).size == (600, 800)
    assert open_jpeg(portrait.thumbnail).size == (200, 200)


def test_the_same_inputs_paint_the_same_bytes() -> None:
    first = painter.paint(seed=42, gender="female", age=41, hair_colour="red", variant=2)
    again = painter.paint(seed=42, gender="female", age=41, hair_colour="red", variant=2)
    assert first == again


def test_different_seeds_and_variants_differ() -> None:
    images = {painter.paint(seed=seed, gender="male", age=35, hair_colour="brown").image
              for seed in range(8)}
    assert len(images) == 8
    variants = {painter.paint(seed=3, gender="male", age=35, hair_colour="brown",
                              variant=variant).image for variant in range(4)}
    assert len(variants) == 4


def test_the_thumbnail_is_the_centre_of_the_portrait() -> None:
    portrait = painter.paint(seed=5, gender="female", age=28, hair_colour="blond")
    image, thumb = open_jpeg(portrait.image), open_jpeg(portrait.thumbnail)
    expected = image.crop((0, 100, 600, 700)).resize((200, 200))
    difference = sum(abs(a - b) for a, b in zip(expected.tobytes(), thumb.tobytes(),
                                                  strict=True)) / (200 * 200 * 3)
    assert difference < 12


def test_painting_is_quick() -> None:
    start = time.perf_counter()
    for seed in range(20):
        painter.paint(seed=seed, gender="female" if seed % 2 else "male", age=20 + seed * 2,
                      hair_colour=HAIR_COLOURS[seed % len(HAIR_COLOURS)])
    assert (time.perf_counter() - start) / 20 < 0.1  # generous: ~15 ms on a laptop
