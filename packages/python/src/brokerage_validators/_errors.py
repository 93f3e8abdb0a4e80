"""Errors as @brokerage/validators reports them (its `src/errors.ts`): where (a JSON pointer), the
broken rule (a JSON Schema keyword, or `status`, `mediaType`, `noContent`), what was expected,
what was there, and one line for a person."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from ._json import js_json


class _Absent:
    """The value of `actual` where there is none (a missing property, a missing body)."""

    _instance: Optional["_Absent"] = None

    def __new__(cls) -> "_Absent":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "ABSENT"

    def __bool__(self) -> bool:
        return False


ABSENT: Any = _Absent()
"""`actual` of an error about something missing (JavaScript's `undefined`)."""


@dataclass(frozen=True)
class ValidationError:
    pointer: str
    """JSON pointer to the offending value, within `location` when there is one."""
    rule: str
    """A JSON Schema keyword (`enum`, `type`, `required`, ...) or `status`, `mediaType`, `noContent`."""
    expected: Any
    actual: Any
    """The value found (`ABSENT` when nothing was there)."""
    message: str
    location: Optional[str] = None
    """For responses: the part of the message the pointer is in (`body`, `status`)."""

    def to_json(self) -> Dict[str, Any]:
        """The error as @brokerage/validators gives it in JSON (`ABSENT` values left out)."""
        data: Dict[str, Any] = {"pointer": self.pointer, "rule": self.rule}
        if self.expected is not ABSENT:
            data["expected"] = self.expected
        if self.actual is not ABSENT:
            data["actual"] = self.actual
        data["message"] = self.message
        if self.location is not None:
            data["location"] = self.location
        return data


@dataclass(frozen=True)
class Result:
    """A verdict: `valid`, the `errors` (empty when valid) and the `value` checked."""

    valid: bool
    errors: List[ValidationError] = field(default_factory=list)
    value: Any = None

    def __bool__(self) -> bool:
        return self.valid

    def describe(self) -> str:
        """The errors' messages, one a line."""
        return "\n".join(error.message for error in self.errors)


def show(value: Any) -> str:
    return "nothing" if value is ABSENT else js_json(value)


def escape_token(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def value_at(data: Any, pointer: str) -> Any:
    """The value a JSON pointer designates, or `ABSENT`."""
    if pointer == "":
        return data
    node = data
    for raw in pointer[1:].split("/"):
        token = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict):
            if token not in node:
                return ABSENT
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return ABSENT
    return node


def keyword_error(
    data: Any,
    instance_pointer: str,
    rule: str,
    expected: Any,
    message: str,
    location: Optional[str],
    property_name: Optional[str] = None,
    actual_is_absent: bool = False,
) -> ValidationError:
    """A schema keyword's error, worded as `formatErrors` of @brokerage/validators words it."""
    pointer = instance_pointer if property_name is None else f"{instance_pointer}/{escape_token(property_name)}"
    actual = ABSENT if actual_is_absent else value_at(data, pointer)
    where = f"{location + ' ' if location else ''}{pointer or '/'}"
    shown = expected if isinstance(expected, str) else show(expected)
    return ValidationError(
        pointer=pointer,
        rule=rule,
        expected=expected,
        actual=actual,
        message=f"{where}: {message} (rule {rule}, expected {shown}, got {show(actual)})",
        location=location,
    )


def plain_error(
    rule: str, message: str, expected: Any, actual: Any, location: Optional[str] = None, pointer: str = ""
) -> ValidationError:
    """An error no schema keyword describes (status, media type)."""
    return ValidationError(pointer=pointer, rule=rule, expected=expected, actual=actual, message=message, location=location)
