"""Values written as JavaScript's `JSON.stringify` writes them, so that messages read the same
as those of @brokerage/validators."""

from __future__ import annotations

import json
from typing import Any


def js_number(value: Any) -> str:
    """A number as JavaScript prints it: `1` for 1.0."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e21:
        return str(int(value))
    return str(value) if isinstance(value, int) else repr(value)


def _integral(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e21:
        return int(value)
    if isinstance(value, dict):
        return {key: _integral(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_integral(item) for item in value]
    return value


def js_json(value: Any) -> str:
    """`JSON.stringify(value)`: compact, non-ASCII kept, integral numbers without `.0`."""
    return json.dumps(_integral(value), separators=(",", ":"), ensure_ascii=False)
