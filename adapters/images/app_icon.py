"""The installed app's icon, drawn with Pillow: the Amora heart on the brand teal, with
room around it so that masks (circles, squircles) never cut it."""

from __future__ import annotations

import io
from functools import cache

TEAL = (20, 153, 143)
WHITE = (255, 255, 255)


@cache
def app_icon_png(size: int) -> bytes:
    from PIL import Image, ImageDraw  # Pillow: only when an icon is drawn

    scale = 2  # drawn large, then scaled down: smooth edges without antialiasing support
    big = size * scale
    image = Image.new("RGB", (big, big), TEAL)
    draw = ImageDraw.Draw(image)
    # A heart from two circles and a triangle, inside the maskable safe zone (80 %).
    r = big * 0.14
    cx, cy = big / 2, big * 0.45
    draw.ellipse((cx - 2 * r, cy - r, cx, cy + r), fill=WHITE)
    draw.ellipse((cx, cy - r, cx + 2 * r, cy + r), fill=WHITE)
    draw.polygon([(cx - 2 * r + r * 0.06, cy + r * 0.35), (cx + 2 * r - r * 0.06, cy + r * 0.35),
                  (cx, cy + 2.6 * r)], fill=WHITE)
    out = io.BytesIO()
    image.resize((size, size), Image.Resampling.LANCZOS).save(out, "PNG", optimize=True)
    return out.getvalue()
