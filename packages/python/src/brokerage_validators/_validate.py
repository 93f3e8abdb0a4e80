"""Validation by component schema and by an operation's response, over the schemas the
TypeScript validators compile (generated/document.json, written by scripts/generate-python.mjs):
the same verdicts and errors as `validate` and `validateResponse` of @brokerage/validators."""

from __future__ import annotations

import json
import warnings
from functools import lru_cache
from importlib import resources
from typing import Any, Dict, List, Mapping, Optional, Union

from ._errors import ABSENT, Result, ValidationError, keyword_error, plain_error
from ._keywords import ajv_validator, ajv_wording, format_checker


@lru_cache(maxsize=1)
def _document() -> Dict[str, Any]:
    path = resources.files("brokerage_validators").joinpath("generated").joinpath("document.json")
    return json.loads(path.read_text("utf-8"))


@lru_cache(maxsize=None)
def _validator_for(ref: str) -> Any:
    document = _document()
    root = document["root"]
    with warnings.catch_warnings():
        # jsonschema 4.18 and later deprecate RefResolver (for `referencing`, which Debian 12's
        # 4.10 lacks); it still resolves the same references.
        warnings.simplefilter("ignore", DeprecationWarning)
        from jsonschema import RefResolver

        resolver = RefResolver(root["$id"], root, store={root["$id"]: root})
    return ajv_validator({"$ref": ref}, resolver, _checker())


@lru_cache(maxsize=1)
def _checker() -> Any:
    return format_checker(_document()["formats"])


def _pointer(path: Any) -> str:
    return "".join(f"/{str(token).replace('~', '~0').replace('/', '~1')}" for token in path)


def _flatten(errors: Any) -> List[Any]:
    """Ajv lists the errors of every branch of an `anyOf` or `oneOf` before its own."""
    flat: List[Any] = []
    for error in errors:
        if error.validator in ("anyOf", "oneOf") and error.context:
            flat.extend(_flatten(error.context))
        flat.append(error)
    return flat


def _run(ref: str, data: Any, location: Optional[str] = None) -> Result:
    errors: List[ValidationError] = []
    for error in _flatten(_validator_for(ref).iter_errors(data)):
        wording = ajv_wording(error)
        errors.append(
            keyword_error(
                data,
                _pointer(error.absolute_path),
                str(error.validator),
                wording["expected"],
                wording["message"],
                location,
                wording.get("property"),
                wording.get("absent", False),
            )
        )
    return Result(valid=not errors, errors=errors, value=data)


def schema_names() -> List[str]:
    """The document's component schemas, by name."""
    return sorted(_document()["schemas"])


def operation_ids() -> List[str]:
    """The document's operations, by operationId."""
    return sorted(_document()["operations"])


def validate(name: str, payload: Any, *, status: Union[int, str] = 200, content_type: Optional[str] = None) -> Result:
    """Checks `payload` against the component schema `name` (`validate("Ledger", body)`), or, when
    `name` is an operationId, against that operation's response (`status`, default 200)."""
    document = _document()
    if name in document["schemas"]:
        return _run(document["schemas"][name], payload)
    if name in document["operations"]:
        return validate_response(name, status, payload, content_type)
    raise ValueError(f"Unknown schema or operation {name}")


def _media_type(content_type: str) -> str:
    return content_type.split(";")[0].strip().lower()


def _content_for(content: Mapping[str, str], content_type: str) -> Optional[str]:
    """The schema for a media type: exact, then `type/*`, then `*/*`."""
    media_type = _media_type(content_type)
    for declared, ref in content.items():
        if _media_type(declared) == media_type:
            return ref
    kind = media_type.split("/")[0]
    return content.get(f"{kind}/*") or content.get("*/*")


def _binary(content: Mapping[str, str], body: Any, content_type: Optional[str]) -> Result:
    media_type = None if content_type is None else _media_type(content_type)
    if (
        media_type is not None
        and "json" not in media_type
        and any(_media_type(declared) == media_type for declared in content)
    ):
        return Result(valid=True, value=body)
    error = plain_error(
        "mediaType",
        f"body: bytes need a documented media type that is not JSON (got {content_type or 'none'})",
        list(content),
        content_type,
        "body",
    )
    return Result(valid=False, errors=[error])


def validate_response(
    operation_id: str, status: Union[int, str], body: Any = ABSENT, content_type: Optional[str] = None
) -> Result:
    """Checks a response body an operation answered with, by status (and media type); `body`
    is left out for a response without one, and bytes for a PDF."""
    operations = _document()["operations"]
    if operation_id not in operations:
        raise ValueError(f"Unknown operation {operation_id}")
    responses = operations[operation_id]
    code = str(status)
    content = responses.get(code) or responses.get(f"{code[:1]}XX") or responses.get("default")
    if content is None:
        error = plain_error(
            "status", f"status {status} is not documented for {operation_id}", list(responses), status, "status"
        )
        return Result(valid=False, errors=[error])
    if not content:
        if body is ABSENT:
            return Result(valid=True, value=body)
        error = plain_error("noContent", "body: this response has no body", ABSENT, body, "body")
        return Result(valid=False, errors=[error])
    if isinstance(body, (bytes, bytearray)):
        return _binary(content, body, content_type)
    ref = (None if content_type is None else _content_for(content, content_type)) or next(iter(content.values()))
    if body is ABSENT or body is None:
        error = plain_error("required", "body: a response body is required", "a body", body, "body")
        return Result(valid=False, errors=[error])
    return _run(ref, body, "body")


def validate_request_body(operation_id: str, body: Any = ABSENT, content_type: Optional[str] = None) -> Result:
    """Checks a request body an operation takes (what a client sends), by media type (default:
    the first the operation documents): the body part of `validateRequest`."""
    if operation_id not in _document()["operations"]:
        raise ValueError(f"Unknown operation {operation_id}")
    declared = _document()["requestBodies"].get(operation_id)
    if declared is None:
        return Result(valid=True, value=body)
    content: Mapping[str, str] = declared["content"]
    missing = plain_error("required", "body: a request body is required", "a body", ABSENT, "body")
    chosen = content_type if content_type is not None or body is ABSENT else next(iter(content), None)
    if chosen is None:
        return Result(valid=False, errors=[missing]) if declared["required"] else Result(valid=True, value=body)
    ref = _content_for(content, chosen)
    if ref is None:
        expected = list(content)
        error = plain_error(
            "mediaType", f"content-type: {chosen} is not one of {', '.join(expected)}", expected, chosen, "content-type"
        )
        return Result(valid=False, errors=[error])
    if body is ABSENT:
        return Result(valid=False, errors=[missing]) if declared["required"] else Result(valid=True, value=body)
    return _run(ref, body, "body")


def assert_valid(name: str, payload: Any, *, status: Union[int, str] = 200, content_type: Optional[str] = None) -> Any:
    """`validate`, raising an AssertionError listing the errors when invalid; answers the payload."""
    result = validate(name, payload, status=status, content_type=content_type)
    if not result.valid:
        raise AssertionError(f"{name} is invalid:\n{result.describe()}")
    return payload
