"""The landing pages' intro video, made by the project itself: no footage, no downloads.

Paints a few illustrated portraits with the demo portrait painter
(``adapters.demo.portraits.PillowPortraits``), lays them out as photo cards on the brand
colours (teal #14998f, plum #2d1b4e) with Pillow, moves them in slow pans and zooms,
cross-fades from one portrait to the next and encodes the frames with PyAV as VP9 in WebM.
Every motion is periodic, so the last frame runs smoothly into the first: the video loops.

Writes (both ship as the project's own assets):

- ``web/public/landers/intro.webm``       720x404, 10 s, 24 fps, VP9, no audio track
- ``web/public/landers/intro-poster.jpg`` the first frame, shown before the video plays

Regenerate (PyAV is in the ``assets`` extra of pyproject.toml)::

    .venv/bin/pip install -e '.[assets]'      # or: .venv/bin/pip install av
    .venv/bin/python tools/lander_video.py    # --seconds 10 --fps 24 --crf 38

The output is deterministic for a given Pillow, PyAV and libvpx version.
"""

from __future__ import annotations

import argparse
import io
import math
import random
import sys
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adapters.demo.portraits import PillowPortraits  # noqa: E402

OUT_DIR = ROOT / "web" / "public" / "landers"
WIDTH, HEIGHT = 720, 404  # 16:9; VP9 with yuv420p wants even sides
TEAL = (20, 153, 143)
PLUM = (45, 27, 78)
DEEP = (26, 16, 46)

# (seed, gender, age, hair colour): the people in the video, drawn, not photographed
PEOPLE: tuple[tuple[int, str, int, str], ...] = (
    (4107, "female", 34, "brown"),
    (5120, "male", 38, "black"),
    (3311, "female", 29, "red"),
    (7702, "male", 45, "blond"),
    (6248, "female", 41, "blond"),
    (2093, "male", 31, "brown"),
    (8830, "female", 52, "grey"),
    (1457, "male", 27, "other"),
    (9314, "female", 37, "black"),
)


@dataclass(frozen=True)
class Slot:
    """A photo card: where it sits, how large, its tilt and which people it shows in turn."""

    cx: float
    cy: float
    height: float
    tilt: float
    people: tuple[int, ...]
    phase: float  # when in the cycle its cross-fades happen (0..1 of one portrait's time)


SLOTS: tuple[Slot, ...] = (  # back to front
    Slot(cx=0.2, cy=0.54, height=0.6, tilt=-7.0, people=(1, 3, 5), phase=0.62),
    Slot(cx=0.8, cy=0.52, height=0.6, tilt=6.0, people=(2, 4, 6), phase=0.28),
    Slot(cx=0.5, cy=0.5, height=0.86, tilt=0.0, people=(0, 8, 7), phase=0.0),
)


def _card(portrait: Image.Image, height: int) -> Image.Image:
    """The portrait as a rounded photo card with a thin white border, RGBA."""
    width = round(height * 3 / 4)
    border = max(4, height // 60)
    radius = height // 14
    photo = portrait.resize((width - 2 * border, height - 2 * border), Image.Resampling.LANCZOS)
    card = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    frame = Image.new("L", (width, height), 0)
    ImageDraw.Draw(frame).rounded_rectangle((0, 0, width - 1, height - 1), radius, fill=255)
    card.paste(Image.new("RGBA", (width, height), (255, 255, 255, 255)), (0, 0), frame)
    inner = Image.new("L", photo.size, 0)
    ImageDraw.Draw(inner).rounded_rectangle(
        (0, 0, photo.width - 1, photo.height - 1), radius - border, fill=255)
    card.paste(photo.convert("RGBA"), (border, border), inner)
    return card


def _shadow(card: Image.Image) -> Image.Image:
    """A soft dark shadow of the card's shape, with room for the blur around it."""
    pad = card.height // 10
    alpha = Image.new("L", (card.width + 2 * pad, card.height + 2 * pad), 0)
    alpha.paste(card.getchannel("A").point(lambda a: a * 0.55), (pad, pad))
    alpha = alpha.filter(ImageFilter.GaussianBlur(pad / 2.5))
    shadow = Image.new("RGBA", alpha.size, (*DEEP, 0))
    shadow.putalpha(alpha)
    return shadow


def _backdrop(t: float) -> Image.Image:
    """The brand gradient (plum to teal, slowly turning) with drifting soft lights."""
    small = (WIDTH // 8, HEIGHT // 8)
    angle = 18 + 10 * math.sin(2 * math.pi * t)
    # turned with room to spare, then the middle cut out: no empty corners
    ramp = Image.linear_gradient("L").rotate(90 + angle, Image.Resampling.BILINEAR, expand=True)
    side = 170
    left, top = (ramp.width - side) // 2, (ramp.height - side) // 2
    ramp = ramp.crop((left, top, left + side, top + side)).resize(small, Image.Resampling.BILINEAR)
    image = Image.composite(Image.new("RGB", small, TEAL), Image.new("RGB", small, PLUM), ramp)
    glow = Image.new("L", small, 0)
    draw = ImageDraw.Draw(glow)
    lights = random.Random("lander-video-lights")
    for _ in range(9):
        x0, y0 = lights.uniform(0, small[0]), lights.uniform(0, small[1])
        r = lights.uniform(4, 12)
        turns = lights.choice((-1, 1))
        x = x0 + 6 * math.cos(2 * math.pi * (t * turns + lights.random()))
        y = y0 + 4 * math.sin(2 * math.pi * (t * turns + lights.random()))
        draw.ellipse((x - r, y - r, x + r, y + r), fill=lights.randint(28, 60))
    glow = glow.filter(ImageFilter.GaussianBlur(3))
    image = Image.composite(Image.new("RGB", small, (255, 255, 255)), image, glow)
    return image.resize((WIDTH, HEIGHT), Image.Resampling.BICUBIC)


def _vignette() -> Image.Image:
    """Darker edges, so the cards stand out and text over the video stays readable."""
    small = Image.radial_gradient("L").resize((WIDTH // 4, HEIGHT // 4), Image.Resampling.BILINEAR)
    small = small.point(lambda v: int(max(0, v - 90) * 0.7))
    shade = Image.new("RGBA", small.size, (*DEEP, 0))
    shade.putalpha(small)
    return shade.resize((WIDTH, HEIGHT), Image.Resampling.BICUBIC)


def _smooth(x: float) -> float:
    x = min(1.0, max(0.0, x))
    return x * x * (3 - 2 * x)


def _place(layer: Image.Image, canvas: Image.Image, cx: float, cy: float, scale: float,
           tilt: float) -> None:
    """Draws the layer centred on (cx, cy), scaled and turned, with subpixel precision."""
    a = math.radians(tilt)
    cos, sin = math.cos(a) / scale, math.sin(a) / scale
    # output (x, y) -> layer (u, v): inverse rotation and scale about the centres
    ox, oy = layer.width / 2, layer.height / 2
    data = (cos, sin, ox - cos * cx - sin * cy, -sin, cos, oy + sin * cx - cos * cy)
    moved = layer.transform(canvas.size, Image.Transform.AFFINE, data,
                            resample=Image.Resampling.BICUBIC)
    canvas.alpha_composite(moved)


def render_frames(seconds: float, fps: int) -> list[Image.Image]:
    painter = PillowPortraits()
    portraits = [
        Image.open(io.BytesIO(painter.paint(seed, gender, age, hair, variant=1).image))
        .convert("RGB")
        for seed, gender, age, hair in PEOPLE
    ]
    count = round(seconds * fps)
    per_card = max(len(slot.people) for slot in SLOTS)
    fade = 0.22  # part of one portrait's time spent cross-fading to the next
    cards = []
    for slot in SLOTS:
        height = round(HEIGHT * slot.height * 1.12)  # a little larger than shown: zoom headroom
        faces = [_card(portraits[p], height) for p in slot.people]
        cards.append((slot, faces, _shadow(faces[0])))
    vignette = _vignette()
    frames = []
    for n in range(count):
        t = n / count  # 0..1 over the whole (looping) video
        canvas = _backdrop(t).convert("RGBA")
        for index, (slot, faces, shadow) in enumerate(cards):
            # which portrait shows now, and how far the fade to the next one is
            position = (t * per_card + slot.phase) % per_card
            current = int(position) % len(faces)
            progress = _smooth((position % 1 - (1 - fade)) / fade)
            face = faces[current]
            if progress > 0:
                face = Image.blend(face, faces[(current + 1) % len(faces)], progress)
            wave = 2 * math.pi * (t + index / len(cards))
            drift_x = 9 * math.sin(wave) * (1 if index % 2 else -1)
            drift_y = 5 * math.sin(2 * wave)
            zoom = 1 / 1.12 * (1 + 0.035 * math.sin(wave + math.pi / 3))
            tilt = slot.tilt + 1.2 * math.sin(wave)
            x, y = slot.cx * WIDTH + drift_x, slot.cy * HEIGHT + drift_y
            _place(shadow, canvas, x + 6, y + 12, zoom, tilt)
            _place(face, canvas, x, y, zoom, tilt)
        canvas.alpha_composite(vignette)
        frames.append(canvas.convert("RGB"))
    return frames


def encode(frames: list[Image.Image], fps: int, crf: int, path: Path) -> None:
    import av  # the assets extra; only this step needs it

    path.parent.mkdir(parents=True, exist_ok=True)
    with av.open(str(path), mode="w", format="webm") as container:
        stream = container.add_stream("libvpx-vp9", rate=fps)
        stream.width, stream.height = WIDTH, HEIGHT
        stream.pix_fmt = "yuv420p"
        stream.bit_rate = 0  # constant quality: crf alone decides
        stream.options = {
            "crf": str(crf), "b": "0", "deadline": "good", "cpu-used": "1", "row-mt": "1",
            "g": str(fps * 5), "lag-in-frames": "25", "auto-alt-ref": "1",
        }
        for image in frames:
            for packet in stream.encode(av.VideoFrame.from_image(image)):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--fps", type=int, default=24)
    parser.add_argument("--crf", type=int, default=38, help="VP9 quality, lower is better")
    parser.add_argument("--out", type=Path, default=OUT_DIR)
    args = parser.parse_args()
    frames = render_frames(args.seconds, args.fps)
    video, poster = args.out / "intro.webm", args.out / "intro-poster.jpg"
    encode(frames, args.fps, args.crf, video)
    frames[0].save(poster, "JPEG", quality=80, optimize=True, progressive=True)
    print(f"{video.relative_to(ROOT)}: {video.stat().st_size // 1024} KB, "
          f"{len(frames) / args.fps:.1f} s, {WIDTH}x{HEIGHT}")
    print(f"{poster.relative_to(ROOT)}: {poster.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
