"""A test's exchanges cut from the server's recording (`--record`: one HAR file, valid after
each entry, one entry a line) and kept as a HAR file of their own."""

from __future__ import annotations

import json
import math
import re
import time
from datetime import datetime
from pathlib import Path
from typing import Any, Dict, List


def _started_ms(entry: Dict[str, Any]) -> int:
    """When the entry's request started, in whole milliseconds since the epoch (as recorded)."""
    started = datetime.fromisoformat(entry["startedDateTime"].replace("Z", "+00:00"))
    return round(started.timestamp() * 1000)


def _ms(moment: float) -> int:
    """A moment (seconds since the epoch) in the recording's unit: the millisecond it falls in.
    The recorder writes times to the millisecond, so a request that started just after `moment`
    is written in the same millisecond, not after it."""
    return math.floor(moment * 1000)


def _read(recording: Path) -> Dict[str, Any]:
    return json.loads(recording.read_text(encoding="utf-8"))


def entries_between(recording: Path, start: float, end: float) -> List[Dict[str, Any]]:
    """The recorded entries whose request started in [start, end) (seconds since the epoch),
    compared in the recording's milliseconds: a request started in the millisecond of `end` (the
    probe that `end` marks) is left out."""
    entries: List[Dict[str, Any]] = _read(recording)["log"]["entries"]
    return [entry for entry in entries if _ms(start) <= _started_ms(entry) < _ms(end)]


def wait_for_entry_after(recording: Path, moment: float, timeout: float = 5.0) -> None:
    """Waits until an entry that started at or after `moment` is written: the recorder writes an
    exchange once its answer has ended, so the exchanges before it are then written too."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any(_started_ms(entry) >= _ms(moment) for entry in _read(recording)["log"]["entries"]):
            return
        time.sleep(0.02)


def har_name(nodeid: str) -> str:
    """A file name for a test: `tests/test_orders.py::test_fill[LMT]` → `test_orders.py__test_fill[LMT].har`."""
    file, _, rest = nodeid.partition("::")
    name = f"{Path(file).name}__{rest.replace('::', '__')}" if rest else Path(file).name
    return re.sub(r"[^A-Za-z0-9_.\-\[\]]", "_", name) + ".har"


def write_har(recording: Path, entries: List[Dict[str, Any]], target: Path) -> None:
    log = _read(recording)["log"]
    target.parent.mkdir(parents=True, exist_ok=True)
    har = {"log": {"version": log["version"], "creator": log["creator"], "entries": entries}}
    target.write_text(json.dumps(har, indent=1) + "\n", encoding="utf-8")
