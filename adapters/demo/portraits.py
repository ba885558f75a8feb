"""The portrait-painter port with Pillow: friendly, flat-illustration head-and-shoulders
portraits for demo profiles. Nothing is downloaded and nothing looks like a photo.

A portrait is a pure function of (seed, gender, age, hair colour, variant): the seed
fixes the person (skin, face, hair style, accessories), the variant only the scene
(background, clothes, framing), so one member's photos show the same person.
"""

from __future__ import annotations

import io
import math
import random
from collections.abc import Sequence

import attrs
from PIL import Image, ImageDraw, ImageFilter

from adapters.demo.seed import Portrait

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]

WIDTH, HEIGHT = 600, 800
SCALE = 2  # drawn at twice the size, then halved: cheap anti-aliasing
THUMB = 200
QUALITY = 85

SKIN_TONES: tuple[RGB, ...] = (
    (255, 226, 204), (247, 214, 188), (241, 198, 165), (232, 184, 146), (222, 170, 130),
    (205, 150, 110), (184, 128, 90), (160, 108, 74), (134, 88, 60), (108, 70, 48), (86, 56, 40),
)
HAIR: dict[str, tuple[RGB, ...]] = {
    "black": ((34, 30, 32), (48, 40, 38), (28, 28, 36)),
    "brown": ((92, 60, 40), (110, 74, 48), (74, 50, 36), (128, 88, 56)),
    "blond": ((222, 188, 122), (236, 206, 150), (204, 166, 100), (242, 220, 170)),
    "red": ((168, 74, 38), (186, 92, 48), (146, 60, 34)),
    "grey": ((178, 178, 182), (204, 204, 208), (158, 156, 158), (226, 226, 228)),
    "other": ((214, 104, 156), (86, 120, 204), (128, 90, 176), (48, 160, 160)),
}
GREY: RGB = (196, 196, 200)
EYES: tuple[RGB, ...] = ((70, 46, 30), (92, 62, 40), (60, 110, 160), (80, 130, 90), (110, 120, 130))
BACKGROUNDS: tuple[tuple[str, str, str], ...] = (  # top, bottom, light spots
    ("#ffd6e0", "#ffefd2", "#ffffff"), ("#c9e4ff", "#eef8ff", "#ffffff"),
    ("#cdeedd", "#f4fbe9", "#ffffff"), ("#e4d6ff", "#ffe3f1", "#ffffff"),
    ("#ffdcbc", "#ffc4c4", "#fff4e0"), ("#cfe8ef", "#e9d6ec", "#ffffff"),
    ("#f6e7c1", "#d7ecd9", "#fffbe8"), ("#3d5a80", "#98c1d9", "#e0fbfc"),
    ("#6d597a", "#e8a0a2", "#ffd6d6"), ("#2a6f6b", "#a8dadc", "#f1faee"),
    ("#f4a261", "#ffe8c7", "#fff6e0"), ("#264653", "#6b9080", "#cce3de"),
)
CLOTHES: tuple[RGB, ...] = (
    (46, 64, 110), (200, 70, 80), (60, 130, 110), (240, 240, 236), (36, 36, 44),
    (220, 160, 60), (120, 80, 150), (90, 140, 200), (170, 60, 100), (110, 120, 90),
    (230, 120, 90), (70, 90, 80), (180, 200, 220), (250, 200, 200),
)
METALS: tuple[RGB, ...] = ((222, 184, 90), (200, 200, 208), (230, 160, 150))
FRAMES: tuple[RGB, ...] = (
    (30, 30, 34), (110, 66, 40), (150, 40, 50), (60, 70, 110), (190, 160, 90),
)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def _hex(value: str) -> RGB:
    return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))


class _Pen:
    """ImageDraw in the 600x800 design space, on an image that may be a scaled crop."""

    def __init__(self, image: Image.Image, origin: tuple[float, float] = (0, 0)) -> None:
        self.draw = ImageDraw.Draw(image)
        self.ox, self.oy = origin

    def _p(self, x: float, y: float) -> tuple[float, float]:
        return (x * SCALE - self.ox, y * SCALE - self.oy)

    def _box(self, box: Box) -> tuple[float, float, float, float]:
        x0, y0 = self._p(box[0], box[1])
        x1, y1 = self._p(box[2], box[3])
        return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))

    def ellipse(self, box: Box, fill: RGB | int) -> None:
        self.draw.ellipse(self._box(box), fill=fill)

    def polygon(self, points: Sequence[tuple[float, float]], fill: RGB | int) -> None:
        self.draw.polygon([self._p(x, y) for x, y in points], fill=fill)

    def rounded(self, box: Box, radius: float, fill: RGB | int) -> None:
        self.draw.rounded_rectangle(self._box(box), radius=radius * SCALE, fill=fill)

    def frame(self, box: Box, radius: float, colour: RGB, width: float) -> None:
        self.draw.rounded_rectangle(self._box(box), radius=radius * SCALE, outline=colour,
                                    width=max(1, round(width * SCALE)))

    def arc(self, box: Box, start: float, end: float, colour: RGB | int, width: float) -> None:
        self.draw.arc(self._box(box), start, end, fill=colour, width=max(1, round(width * SCALE)))

    def chord(self, box: Box, start: float, end: float, fill: RGB | int) -> None:
        self.draw.chord(self._box(box), start, end, fill=fill)

    def line(self, points: Sequence[tuple[float, float]], colour: RGB, width: float) -> None:
        self.draw.line([self._p(x, y) for x, y in points], fill=colour,
                       width=max(1, round(width * SCALE)), joint="curve")


class _Shape:
    """A mask over a region of the canvas; paint it in one colour when done."""

    def __init__(self, box: Box) -> None:
        self.x0 = max(0, int(box[0] * SCALE))
        self.y0 = max(0, int(box[1] * SCALE))
        x1 = min(WIDTH * SCALE, int(box[2] * SCALE) + 1)
        y1 = min(HEIGHT * SCALE, int(box[3] * SCALE) + 1)
        self.mask = Image.new("L", (x1 - self.x0, y1 - self.y0), 0)
        self.pen = _Pen(self.mask, (self.x0, self.y0))

    def paint(self, canvas: Image.Image, colour: RGB, shine: RGB | None = None,
              shine_arcs: Sequence[tuple[Box, float, float, float]] = ()) -> None:
        fill = Image.new("RGB", self.mask.size, colour)
        if shine is not None:
            pen = _Pen(fill, (self.x0, self.y0))
            for box, start, end, width in shine_arcs:
                pen.arc(box, start, end, shine, width)
        canvas.paste(fill, (self.x0, self.y0), self.mask)


def _background(rng: random.Random) -> Image.Image:
    top, bottom, light = (_hex(c) for c in rng.choice(BACKGROUNDS))
    small = (60, 80)
    gradient = Image.linear_gradient("L").resize((96, 96), Image.Resampling.BILINEAR)
    mask = gradient.rotate(rng.uniform(-35, 35), Image.Resampling.BILINEAR).crop((24, 20, 72, 84))
    mask = mask.resize(small, Image.Resampling.BILINEAR)
    image = Image.composite(Image.new("RGB", small, bottom), Image.new("RGB", small, top), mask)
    draw = ImageDraw.Draw(image)
    for _ in range(rng.randint(3, 7)):  # soft out-of-focus lights
        x, y, r = rng.uniform(0, 60), rng.uniform(0, 50), rng.uniform(3, 9)
        base = image.getpixel((int(x), int(y)))
        assert isinstance(base, tuple)
        colour = _mix((base[0], base[1], base[2]), light, rng.uniform(0.2, 0.45))
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
    image = image.filter(ImageFilter.GaussianBlur(2.2))
    # smooth at a quarter of the canvas, then blown up cheaply: the blur hides the blocks
    image = image.resize((WIDTH // 2, HEIGHT // 2), Image.Resampling.BILINEAR)
    return image.resize((WIDTH * SCALE, HEIGHT * SCALE), Image.Resampling.NEAREST)


class _Person:
    """Everything about the face that stays the same from photo to photo."""

    def __init__(self, rng: random.Random, gender: str, age: int, hair_colour: str) -> None:
        female = gender == "female"
        self.female = female
        self.age = age
        skin = rng.choice(SKIN_TONES)
        self.skin = _mix(skin, (255, 200, 180), rng.uniform(0, 0.08))
        self.shade = _mix(self.skin, (120, 60, 50), 0.16)
        self.line = _mix(self.skin, (110, 50, 40), 0.3)
        self.blush = _mix(self.skin, (236, 110, 110), 0.2 if female else 0.1)
        hair = rng.choice(HAIR.get(hair_colour, HAIR["brown"]))
        if hair_colour not in ("grey", "other") and age > 42:
            hair = _mix(hair, GREY, min(0.9, (age - 42) / 30 * rng.uniform(0.6, 1.2)))
        self.hair = hair
        self.hair_back = _mix(hair, (0, 0, 0), 0.14)
        self.hair_shine = _mix(hair, (255, 255, 255), 0.22)
        self.brow = _mix(hair, (30, 24, 22), 0.35 if hair_colour != "other" else 0.7)
        self.eyes = rng.choice(EYES)
        self.face_w = rng.uniform(218, 236) if female else rng.uniform(228, 250)
        self.face_h = self.face_w * rng.uniform(1.22, 1.3)
        self.eye_gap = rng.uniform(0.19, 0.215)
        self.eye_size = rng.uniform(0.95, 1.1)
        self.smile = rng.choice(("open", "closed", "closed", "open", "grin"))
        self.lips = _mix(self.skin, (190, 70, 80), 0.55 if female else 0.3)
        if female:
            self.hair_style = rng.choice(("long", "long", "bob", "bun", "curly", "pony", "wavy"))
        else:
            bald_odds = 0.04 + max(0, age - 35) * 0.012
            self.hair_style = "bald" if rng.random() < bald_odds else rng.choice(
                ("short", "short", "quiff", "buzz", "curly", "side"))
        if self.hair_style == "bald" and hair_colour == "other":  # no dyed fringe
            self.hair = _mix(rng.choice(HAIR["brown"]), GREY, 0.5)
        self.receding = (not female) and age > 40 and rng.random() < 0.45
        self.part = rng.choice((-1, 1))
        self.beard = None if female or rng.random() < 0.55 else rng.choice(
            ("stubble", "full", "goatee", "stubble", "full"))
        self.glasses = rng.choice(FRAMES) if rng.random() < 0.12 + age / 400 else None
        self.earrings = rng.choice(METALS) if female and rng.random() < 0.55 else None
        self.necklace = female and rng.random() < 0.35
        self.freckles = rng.random() < 0.12 and skin in SKIN_TONES[:4]
        self.details = rng.getrandbits(32)


@attrs.frozen
class _Frame:
    """Where the head sits in this photo (design space, 600x800)."""

    cx: float
    cy: float
    w: float
    h: float

    @property
    def head(self) -> Box:
        return (self.cx - self.w / 2, self.cy - self.h / 2, self.cx + self.w / 2,
                self.cy + self.h / 2)

    @property
    def shoulders(self) -> float:
        return self.cy + self.h * 0.62


def _paint(seed: int, gender: str, age: int, hair_colour: str, variant: int) -> Image.Image:
    person = _Person(random.Random(f"portrait:{seed}"), gender, age, hair_colour)
    scene = random.Random(f"portrait:{seed}:{variant}")
    canvas = _background(scene)
    pen = _Pen(canvas)
    zoom = scene.uniform(0.93, 1.06)
    f = _Frame(cx=WIDTH / 2 + scene.uniform(-30, 30), cy=345 + scene.uniform(-18, 22),
               w=person.face_w * zoom, h=person.face_h * zoom)
    clothes = scene.choice(CLOTHES)
    neckline = scene.choice(("crew", "v", "collar", "crew") if not person.female
                            else ("scoop", "v", "strap", "crew", "scoop"))
    _torso(pen, person, f, clothes, neckline)
    _back_hair(canvas, person, f)
    _neck(pen, person, f, clothes, neckline)
    long_hair = person.female and person.hair_style in ("long", "wavy", "curly", "bob")
    for side in () if long_hair else (-1, 1):  # ears, then the face over them
        ex = f.cx + side * f.w * 0.48
        pen.ellipse((ex - f.w * 0.08, f.cy - f.h * 0.07, ex + f.w * 0.08, f.cy + f.h * 0.12),
                    person.skin)
        pen.ellipse((ex - f.w * 0.035, f.cy - f.h * 0.02, ex + f.w * 0.035, f.cy + f.h * 0.07),
                    person.shade)
    pen.ellipse(f.head, person.skin)
    _face(pen, person, f)
    _front_hair(canvas, person, f)
    if person.glasses:
        _glasses(pen, person.glasses, f, person.eye_gap)
    if person.earrings:
        for side in (-1, 1):
            ex, ey = f.cx + side * f.w * 0.49, f.cy + f.h * 0.13
            pen.ellipse((ex - 6, ey - 6, ex + 6, ey + 6), person.earrings)
    return canvas.reduce(SCALE)


def _torso(pen: _Pen, p: _Person, f: _Frame, clothes: RGB, neckline: str) -> None:
    half = f.w * (1.18 if p.female else 1.34)
    top = f.shoulders

    def body(colour: RGB, drop: float, narrow: float) -> None:
        wide = half * narrow
        pen.rounded((f.cx - wide, top + 50 + drop, f.cx + wide, HEIGHT + 200), wide * 0.42, colour)
        pen.ellipse((f.cx - wide * 0.8, top + drop, f.cx + wide * 0.8, top + 190 + drop), colour)

    if neckline == "strap":
        body(p.skin, 0, 1)
        body(clothes, 80, 0.96)
        for side in (-1, 1):
            sx = f.cx + side * half * 0.5
            pen.line([(sx, top + 22), (sx - side * 6, top + 110)], clothes, 8)
        return
    body(clothes, 0, 1)
    shadow = _mix(clothes, (0, 0, 0), 0.16)
    neck = f.w * (0.36 if p.female else 0.44)
    if neckline == "v":
        pen.polygon([(f.cx - neck * 0.7, top - 10), (f.cx + neck * 0.7, top - 10),
                     (f.cx, top + 100)], p.skin)
        pen.line([(f.cx - neck * 0.74, top + 6), (f.cx, top + 106), (f.cx + neck * 0.74, top + 6)],
                 shadow, 5)
    elif neckline == "scoop":
        pen.chord((f.cx - neck * 1.1, top - 80, f.cx + neck * 1.1, top + 80), 0, 180, p.skin)


def _neck(pen: _Pen, p: _Person, f: _Frame, clothes: RGB, neckline: str) -> None:
    neck = f.w * (0.36 if p.female else 0.44)
    top = f.shoulders
    bottom = top + (4 if neckline in ("crew", "collar") else 60)
    pen.rounded((f.cx - neck / 2, f.cy + f.h * 0.2, f.cx + neck / 2, bottom), neck * 0.25, p.skin)
    # the jaw's shadow on the neck
    pen.ellipse((f.cx - neck * 0.56, f.cy + f.h * 0.34, f.cx + neck * 0.56, f.cy + f.h * 0.58),
                p.shade)
    shadow = _mix(clothes, (0, 0, 0), 0.16)
    if neckline == "crew":  # a ribbed round collar around the base of the neck
        ring = (f.cx - neck * 0.72, top - 36, f.cx + neck * 0.72, top + 34)
        pen.chord(ring, 0, 180, p.skin)
        pen.arc(ring, 0, 180, shadow, 8)
    elif neckline == "collar":
        collar = (250, 250, 248) if sum(clothes) < 600 else _mix(clothes, (90, 110, 150), 0.3)
        pen.polygon([(f.cx - neck * 0.55, top), (f.cx, top + 74), (f.cx + neck * 0.55, top)],
                    _mix(p.skin, (0, 0, 0), 0.1))
        for side in (-1, 1):
            pen.polygon([(f.cx + side * neck * 0.6, top - 16), (f.cx + side * 3, top + 72),
                         (f.cx + side * neck * 1.15, top + 52)], collar)
    if p.necklace and p.earrings and neckline != "collar":
        pen.arc((f.cx - neck * 0.62, top - 40, f.cx + neck * 0.62, top + 46), 25, 155,
                p.earrings, 2.5)


def _back_hair(canvas: Image.Image, p: _Person, f: _Frame) -> None:
    cx, cy, w, h = f.cx, f.cy, f.w, f.h
    if p.hair_style == "pony":  # the tail shows behind the neck on one side
        s = -p.part
        shape = _Shape((cx - w * 0.7, cy - h * 0.2, cx + w * 0.7, cy + h * 0.8))
        shape.pen.ellipse((cx + s * w * 0.3, cy - h * 0.12, cx + s * w * 0.62, cy + h * 0.72), 255)
        shape.paint(canvas, p.hair_back)
        return
    if not p.female or p.hair_style not in ("long", "wavy", "curly", "bob"):
        return
    bottom = cy + h * (0.45 if p.hair_style == "bob" else 1.0)
    half = w * (0.62 if p.hair_style != "curly" else 0.72)
    shape = _Shape((cx - w * 0.95, cy - h * 0.6, cx + w * 0.95, bottom + w * 0.1))
    shape.pen.rounded((cx - half, cy - h * 0.56, cx + half, bottom), w * 0.42, 255)
    if p.hair_style != "bob":  # falls over the shoulders, wider at the ends
        flare = half * 1.12
        shape.pen.rounded((cx - flare, cy + h * 0.25, cx + flare, bottom), w * 0.2, 255)
    if p.hair_style in ("wavy", "curly"):
        r = w * (0.13 if p.hair_style == "curly" else 0.09)
        for i in range(9):
            x = cx - half * 1.08 + i / 8 * 2.16 * half
            shape.pen.ellipse((x - r, bottom - r * 1.5, x + r, bottom + r * 0.5), 255)
    if p.hair_style != "bob":  # the gap under the chin
        gap = w * 0.3
        shape.pen.rounded((cx - gap, cy + h * 0.3, cx + gap, bottom + 80), gap * 0.9, 0)
    shape.paint(canvas, p.hair_back)


def _face(pen: _Pen, p: _Person, f: _Frame) -> None:
    cx, cy, w, h = f.cx, f.cy, f.w, f.h
    if p.beard:
        _beard(pen, p, f)
    for side in (-1, 1):  # cheeks
        bx = cx + side * w * 0.26
        pen.ellipse((bx - w * 0.08, cy + h * 0.11, bx + w * 0.08, cy + h * 0.19), p.blush)
    eye_y = cy + h * 0.02
    gap = w * p.eye_gap
    ew, eh = w * 0.072 * p.eye_size, h * 0.034 * p.eye_size
    for side in (-1, 1):
        ex = cx + side * gap
        pen.ellipse((ex - ew, eye_y - eh, ex + ew, eye_y + eh), (252, 250, 248))
        r = eh
        pen.ellipse((ex - r, eye_y - r, ex + r, eye_y + r), p.eyes)
        pen.ellipse((ex - r * 0.5, eye_y - r * 0.5, ex + r * 0.5, eye_y + r * 0.5), (24, 20, 22))
        pen.ellipse((ex + r * 0.1, eye_y - r * 0.6, ex + r * 0.5, eye_y - r * 0.2),
                    (255, 255, 255))
        lid = (28, 22, 22) if p.female else _mix(p.skin, (40, 30, 30), 0.7)
        pen.arc((ex - ew * 1.05, eye_y - eh * 1.15, ex + ew * 1.05, eye_y + eh * 1.15), 195, 345,
                lid, 3.2 if p.female else 2.2)
        bw, by = ew * 1.35, eye_y - h * 0.085
        pen.arc((ex - bw, by, ex + bw, by + h * 0.08), 205 if side < 0 else 215,
                325 if side < 0 else 335, p.brow, 4 if p.female else 5.5)
        if p.age >= 45:  # laughter lines
            lx = ex + side * ew * 1.3
            pen.arc((lx - 10, eye_y - 8, lx + 10, eye_y + 10), -40 if side > 0 else 140,
                    40 if side > 0 else 220, p.line, 1.3)
    nose_y = cy + h * 0.16
    pen.arc((cx - w * 0.055, nose_y - h * 0.04, cx + w * 0.055, nose_y + h * 0.03), 20, 160,
            p.line, 2.6)
    if p.freckles:
        spots = random.Random(p.details)
        dot = _mix(p.skin, (120, 70, 40), 0.3)
        for _ in range(16):
            fx, fy = cx + spots.uniform(-w * 0.3, w * 0.3), cy + h * spots.uniform(0.07, 0.17)
            if abs(fx - cx) > w * 0.07:
                pen.ellipse((fx - 1.5, fy - 1.5, fx + 1.5, fy + 1.5), dot)
    _mouth(pen, p, cx, cy + h * 0.29, w, h)
    if p.age >= 55:
        for side in (-1, 1):
            mx = cx + side * w * 0.2
            pen.arc((mx - 16, cy + h * 0.17, mx + 16, cy + h * 0.33), -60 if side > 0 else 150,
                    30 if side > 0 else 240, p.line, 1.5)


def _mouth(pen: _Pen, p: _Person, cx: float, my: float, w: float, h: float) -> None:
    mw = w * (0.27 if p.smile != "grin" else 0.31)
    dark = _mix(p.lips, (70, 20, 30), 0.45)
    if p.smile == "closed":
        pen.arc((cx - mw / 2, my - h * 0.06, cx + mw / 2, my + h * 0.03), 20, 160,
                _mix(p.lips, (60, 20, 30), 0.35), 4)
        return
    depth = h * (0.065 if p.smile == "open" else 0.085)
    box = (cx - mw / 2, my - depth, cx + mw / 2, my + depth)
    pen.chord(box, 0, 180, dark)
    pen.chord((box[0] + 3, my - depth * 0.6, box[2] - 3, my + depth * 0.55), 0, 180,
              (250, 248, 244))
    pen.line([(box[0], my), (box[2], my)], dark, 2.5)
    if p.female:  # lower lip
        pen.arc((box[0] + 4, my - depth, box[2] - 4, my + depth + 4), 30, 150, p.lips, 3)


def _beard(pen: _Pen, p: _Person, f: _Frame) -> None:
    cx, cy, w, h = f.cx, f.cy, f.w, f.h
    dark = _mix(p.hair, (0, 0, 0), 0.2)
    colour = _mix(p.skin, dark, 0.85 if p.beard == "full" else 0.35)
    if p.beard == "goatee":
        pen.chord((cx - w * 0.13, cy + h * 0.2, cx + w * 0.13, cy + h * 0.49), 0, 180, colour)
        pen.chord((cx - w * 0.16, cy + h * 0.2, cx + w * 0.16, cy + h * 0.31), 180, 360, colour)
        return
    # the lower face, a little fuller than the jaw, minus a window over the cheeks
    full = (cx - w * 0.51, cy - h * 0.5, cx + w * 0.51, cy + h * 0.53)
    pen.chord(full, 8, 172, colour)
    pen.ellipse((cx - w * 0.38, cy - h * 0.3, cx + w * 0.38, cy + h * 0.31), p.skin)
    pen.chord((cx - w * 0.19, cy + h * 0.2, cx + w * 0.19, cy + h * 0.32), 180, 360, colour)


def _front_hair(canvas: Image.Image, p: _Person, f: _Frame) -> None:
    cx, cy, w, h = f.cx, f.cy, f.w, f.h
    shape = _Shape((cx - w * 0.7, cy - h * 0.85, cx + w * 0.7, cy + h * 0.45))
    pen = shape.pen
    if p.hair_style == "bald":  # a fringe of hair around the back and sides
        pen.ellipse((cx - w * 0.53, cy - h * 0.28, cx + w * 0.53, cy + h * 0.2), 255)
        pen.ellipse((cx - w * 0.47, cy - h * 0.56, cx + w * 0.47, cy + h * 0.5), 0)
        pen.rounded((cx - w, cy + h * 0.03, cx + w, cy + h), 0, 0)
        shape.paint(canvas, p.hair)
        return
    style = p.hair_style
    grow = {"buzz": 0.02, "short": 0.05, "side": 0.06, "quiff": 0.06, "curly": 0.1}.get(
        style, 0.07)
    top = cy - h / 2 - h * grow
    cap: Box = (cx - w / 2 - w * grow, top, cx + w / 2 + w * grow, cy + h * 0.35)
    pen.ellipse(cap, 255)
    if style == "quiff":
        s = p.part
        pen.ellipse((cx - s * w * 0.42, top - h * 0.05, cx + s * w * 0.3, top + h * 0.2), 255)
    if style == "bun":
        pen.ellipse((cx - w * 0.19, top - h * 0.2, cx + w * 0.19, top + h * 0.1), 255)
    if style == "curly":  # curls along the crown
        curls = random.Random(p.details)
        rx, ry = (cap[2] - cap[0]) / 2, (cap[3] - cap[1]) / 2
        my = cap[1] + ry
        for i in range(11):
            angle = math.radians(190 + i * 16)
            x, y = cx + rx * math.cos(angle), my + ry * math.sin(angle)
            r = w * curls.uniform(0.09, 0.12)
            pen.ellipse((x - r, y - r, x + r, y + r), 255)
    # the forehead window: its top edge is the hairline
    hairline = cy - h * (0.36 if p.receding else 0.3 if style != "curly" else 0.26)
    pen.ellipse((cx - w * 0.47, hairline, cx + w * 0.47, cy + h * 0.9), 0)
    sideburns = cy + h * (0.05 if not p.female else 0.12)
    pen.rounded((cx - w, sideburns, cx + w, cy + h), 0, 0)
    if style in ("long", "wavy", "bob", "side", "pony"):  # a side-swept fringe
        s = p.part
        pen.polygon([(cx + s * w * 0.18, top + h * 0.05),
                     (cx - s * w * 0.5, hairline + h * 0.02),
                     (cx - s * w * 0.48, hairline + h * (0.19 if p.female else 0.09)),
                     (cx - s * w * 0.2, hairline + h * 0.06), (cx + s * w * 0.1, hairline)], 255)
    shine = [((cap[0] + w * 0.12, cap[1] + h * 0.05, cap[2] - w * 0.12, cap[3]), 215.0, 250.0,
              5.0 if style != "buzz" else 2.0)]
    shape.paint(canvas, p.hair, p.hair_shine, shine)


def _glasses(pen: _Pen, colour: RGB, f: _Frame, gap: float) -> None:
    cx, w, h = f.cx, f.w, f.h
    eye_y = f.cy + h * 0.02
    lw, lh = w * 0.15, h * 0.08
    for side in (-1, 1):
        ex = cx + side * w * gap
        pen.frame((ex - lw, eye_y - lh, ex + lw, eye_y + lh), lh * 0.6, colour, 3.4)
        outer = ex + side * lw
        pen.line([(outer, eye_y - lh * 0.4), (cx + side * w * 0.5, eye_y - lh * 0.6)], colour, 3)
    pen.arc((cx - w * gap + lw, eye_y - lh * 0.6, cx + w * gap - lw, eye_y + lh * 0.3), 200, 340,
            colour, 3)


def _jpeg(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=QUALITY)
    return buffer.getvalue()


class PillowPortraits:
    """Paints 600x800 JPEG portraits with a 200x200 centre-cropped thumbnail."""

    def paint(self, seed: int, gender: str, age: int, hair_colour: str,
              variant: int = 0) -> Portrait:
        image = _paint(seed, gender, age, hair_colour, variant)
        side = min(WIDTH, HEIGHT)
        left, top = (WIDTH - side) // 2, (HEIGHT - side) // 2
        square = image.crop((left, top, left + side, top + side))
        thumb = (square.reduce(side // THUMB) if side % THUMB == 0
                 else square.resize((THUMB, THUMB), Image.Resampling.LANCZOS))
        return Portrait(image=_jpeg(image), thumbnail=_jpeg(thumb))
