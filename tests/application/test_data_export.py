"""The data export's JSON, written a row at a time, reads and looks as the whole list
written at once did (json.dumps(rows, indent=2))."""

from __future__ import annotations

import json

import pytest

from application.data_export import json_array
from application.ports.personal_data import Record

ROWS: list[Record] = [
    {"id": 1, "text": 'Hoi "Bob"\nhow are you? \u2028 é ✓', "gift": None, "free": True,
     "paid": False, "amount": "12.50", "big": 10**30, "negative": -3},
    {},
    {"id": 2, "details": {"endpoint": "https://push.example/1", "keys": [1, 2.5, None]}},
    {"ratio": 0.1},
    {"list": []},
]


@pytest.mark.parametrize("rows", [[], ROWS[:1], ROWS[1:2], ROWS],
                         ids=["none", "one", "empty row", "all"])
def test_a_row_at_a_time_is_laid_out_as_the_whole_list(rows: list[Record]) -> None:
    written = "".join(json_array(iter(rows)))
    assert written == json.dumps(rows, ensure_ascii=False, indent=2)
    assert json.loads(written) == rows
