"""Uploads are decoded, checked and re-encoded: no EXIF survives, bad files are refused."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageFile

from adapters.images.pillow import PillowImages
from domain.errors import DomainError


def picture(fmt: str = "JPEG", size: tuple[int, int] = (800, 600), exif: bool = False) -> bytes:
    image = Image.new("RGB", size, (200, 80, 120))
    out = io.BytesIO()
    if exif:
        data = Image.Exif()
        data[0x010F] = "SpyCam"  # Make
        data[0x0112] = 6  # orientation: rotate 90
        gps = {1: "N", 2: (52.0, 22.0, 0.0), 3: "E", 4: (4.0, 53.0, 0.0)}
        data[0x8825] = gps
        image.save(out, fmt, exif=data.tobytes())
    else:
        image.save(out, fmt)
    return out.getvalue()


@pytest.mark.parametrize("fmt", ["JPEG", "PNG", "WEBP"])
def test_supported_formats_become_clean_jpegs(fmt: str) -> None:
    processed = PillowImages().process(picture(fmt))
    full = Image.open(io.BytesIO(processed.full))
    thumb = Image.open(io.BytesIO(processed.thumb))
    assert (full.format, full.size) == ("JPEG", (800, 600))
    assert (thumb.format, thumb.size) == ("JPEG", (300, 300))


def test_exif_and_gps_are_removed_and_orientation_applied() -> None:
    processed = PillowImages().process(picture(exif=True))
    full = Image.open(io.BytesIO(processed.full))
    assert not full.getexif()
    assert b"SpyCam" not in processed.full
    assert full.size == (600, 800)  # turned upright, then the tag was dropped


def test_large_photos_are_scaled_down() -> None:
    full = Image.open(io.BytesIO(PillowImages().process(picture(size=(4000, 3000))).full))
    assert max(full.size) == 1600


@pytest.mark.parametrize(("data", "code"), [
    (b"not an image at all", "photo_invalid"),
    (b"GIF89a" + b"\x00" * 100, "photo_invalid"),
    (picture()[:2000], "photo_invalid"),
    (picture(size=(120, 90)), "photo_too_small"),
])
def test_bad_files_are_refused(data: bytes, code: str) -> None:
    with pytest.raises(DomainError) as refused:
        PillowImages().process(data)
    assert refused.value.code == code


def test_decompression_bombs_are_refused_before_decoding() -> None:
    out = io.BytesIO()
    Image.new("1", (10_000, 5_000)).save(out, "PNG")  # tiny file, 50 million pixels
    with pytest.raises(DomainError) as refused:
        PillowImages().process(out.getvalue())
    assert refused.value.code in ("photo_too_many_pixels", "photo_invalid")


def test_gif_is_not_accepted() -> None:
    out = io.BytesIO()
    Image.new("RGB", (400, 400)).save(out, "GIF")
    with pytest.raises(DomainError, match="photo_invalid"):
        PillowImages().process(out.getvalue())


def pixel_flood() -> bytes:
    """The reviewer's bomb: a flat 6300×6300 grey PNG, 52 KB that decode to 40 MP."""
    out = io.BytesIO()
    Image.new("L", (6300, 6300), 128).save(out, "PNG")
    return out.getvalue()


def test_a_pixel_flood_is_refused_from_its_header(monkeypatch: pytest.MonkeyPatch) -> None:
    import tracemalloc

    data = pixel_flood()
    assert len(data) < 60_000

    def no_decoding(self: Image.Image) -> None:
        raise AssertionError("pixels decoded")

    monkeypatch.setattr(Image.Image, "load", no_decoding)
    monkeypatch.setattr(ImageFile.ImageFile, "load", no_decoding)
    tracemalloc.start()
    try:
        with pytest.raises(DomainError) as refused:
            PillowImages().process(data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert refused.value.code == "photo_too_many_pixels"
    assert peak < 30 * 1024 * 1024  # Python's share; Pillow's pixel buffers: see no_decoding


def test_jpegs_decode_at_a_reduced_size_when_the_target_allows() -> None:
    loaded: list[tuple[int, int]] = []
    load = ImageFile.ImageFile.load

    def spy(self: ImageFile.ImageFile) -> object:
        loaded.append(self.size)
        return load(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ImageFile.ImageFile, "load", spy)
        full = Image.open(io.BytesIO(PillowImages().process(picture(size=(6000, 4000))).full))
    assert loaded[0] == (3000, 2000)  # half the pixels per side, a quarter of the memory
    assert full.size == (1600, 1067)
