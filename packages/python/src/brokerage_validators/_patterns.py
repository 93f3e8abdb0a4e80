"""The document's regular expressions (ECMAScript, as Ajv runs them with the `u` flag) for
Python's `re`: `\\d` and `\\w` are ASCII (`re.ASCII`), and `$` matches only at the very end
(`\\Z`; in Python it also matches before a final newline)."""

from __future__ import annotations

import re
from functools import lru_cache


def translate(pattern: str) -> str:
    """The ECMAScript pattern's source as a Python pattern."""
    out: list[str] = []
    in_class = False
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\" and index + 1 < len(pattern):
            out.append(pattern[index : index + 2])
            index += 2
            continue
        if char == "[" and not in_class:
            in_class = True
        elif char == "]" and in_class:
            in_class = False
        elif char == "$" and not in_class:
            char = r"\Z"
        out.append(char)
        index += 1
    return "".join(out)


@lru_cache(maxsize=None)
def compile_pattern(pattern: str, flags: str = "") -> re.Pattern[str]:
    """The compiled Python equivalent of `new RegExp(pattern, flags + 'u')`."""
    options = re.ASCII | (re.IGNORECASE if "i" in flags else 0)
    return re.compile(translate(pattern), options)
