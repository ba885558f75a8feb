"""Benchmark: what refusing the reviewer's pixel flood (a 52 KB, 6300×6300 PNG) costs.

Each case runs in a fresh process and prints its time and peak memory growth (max RSS,
which also counts Pillow's pixel buffers that tracemalloc cannot see). "before" decodes
the picture the way uploads used to (header check at 40 MP, then a full decode); "after"
is today's upload path. Run with `.venv/bin/python tests/bench/bench_pixel_flood.py`;
it asserts nothing.
"""

from __future__ import annotations

import io
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def flood() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("L", (6300, 6300), 128).save(out, "PNG")
    return out.getvalue()


def run(case: str) -> None:
    from PIL import Image

    from adapters.images.pillow import PillowImages
    from domain.errors import DomainError

    data = flood()
    Image.MAX_IMAGE_PIXELS = None  # the cost of building the input is not measured
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    outcome = "accepted"
    if case == "before":
        image = Image.open(io.BytesIO(data))
        image.load()
        image.convert("RGB").thumbnail((1600, 1600))
    else:
        from domain.photos import MAX_PIXELS
        Image.MAX_IMAGE_PIXELS = MAX_PIXELS
        try:
            PillowImages().process(data)
        except DomainError as refused:
            outcome = refused.code
    seconds = time.perf_counter() - start
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    print(f"{case:>6}: {len(data) // 1024} KB upload, {outcome}, {seconds:.3f} s, "
          f"peak memory +{grown:.0f} MB")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        run(sys.argv[1])
    else:
        for case in ("before", "after"):
            subprocess.run([sys.executable, __file__, case], check=True)
