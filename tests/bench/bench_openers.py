"""What the mass-opener fingerprints cost a send (issue 31.2): the MinHash signature of one
opener, and the rule's check of a new opener against the sender's openers of the last 24
hours, up to the highest daily cap (a paying member's 50). Per send the database reads one
member's rows by (member_id, created_at), so the number of members does not enter; the
table's size does only through that index. How well it separates is in the eleven corpora:
the pairs of ordinary openers taken for one script, within a language and across all.

    .venv/bin/python -m tests.bench.bench_openers"""

from __future__ import annotations

import itertools
import json
import statistics
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from domain.mass_openers import SIMILAR, SentOpener, counts, is_mass_opener, signature, similarity
from domain.trust import PAYING

CORPUS = Path(__file__).parent / "screening_corpus"
NOW = datetime(2026, 12, 1, 12, tzinfo=UTC)


def _texts() -> dict[str, list[str]]:
    return {path.stem: json.loads(path.read_text("utf-8"))["ordinary"]
            for path in sorted(CORPUS.glob("*.json"))}


def _p(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * share) - 1)]


def main() -> None:
    texts = _texts()
    everything = [text for lines in texts.values() for text in lines]
    for text in everything:  # compiled patterns and caches warm, untimed
        signature(text)
    timings = []
    for text in everything * 3:
        started = time.perf_counter()
        signature(text, ["Anna"])
        timings.append((time.perf_counter() - started) * 1000)
    print(f"signature of one opener: median {statistics.median(timings):.3f} ms, "
          f"p99 {_p(timings, 0.99):.3f} ms over {len(timings)} openers")

    long_enough = [text for text in everything if counts(text)]
    earlier = [SentOpener(n, signature(text), NOW - timedelta(minutes=n))
               for n, text in enumerate(long_enough[:PAYING])]
    checks = []
    for text in long_enough[PAYING:PAYING + 300]:
        started = time.perf_counter()
        is_mass_opener(text, 10_000, ["Anna"], earlier, NOW)
        checks.append((time.perf_counter() - started) * 1000)
    print(f"the rule against {len(earlier)} earlier openers: median "
          f"{statistics.median(checks):.3f} ms, p99 {_p(checks, 0.99):.3f} ms "
          f"over {len(checks)} openers")

    alike_within = 0
    pairs_within = 0
    for lines in texts.values():
        signed = [signature(text) for text in lines if counts(text)]
        for one, other in itertools.combinations(signed, 2):
            pairs_within += 1
            alike_within += similarity(one, other) >= SIMILAR
    signed_all = [(language, signature(text)) for language, lines in texts.items()
                  for text in lines if counts(text)]
    alike_all = sum(1 for (_, one), (_, other) in itertools.combinations(signed_all, 2)
                    if similarity(one, other) >= SIMILAR)
    print(f"ordinary openers long enough to count: {len(signed_all)} of {len(everything)}; "
          f"taken for one script: {alike_within} of {pairs_within} pairs within a language, "
          f"{alike_all} of {len(signed_all) * (len(signed_all) - 1) // 2} across all eleven")


if __name__ == "__main__":
    main()
