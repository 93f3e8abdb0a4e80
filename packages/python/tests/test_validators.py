"""brokerage_validators: verdicts and errors, by schema and by operation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from brokerage_validators import (
    ABSENT,
    assert_valid,
    operation_ids,
    schema_names,
    validate,
    validate_request_body,
    validate_response,
)

BUNDLE = Path(__file__).resolve().parents[2] / "types" / "generated" / "openapi.json"


def test_a_valid_payload_has_no_errors() -> None:
    result = validate("SuppressQuestionsRequest", {"messageIds": ["o163"]})
    assert result.valid and result.errors == [] and bool(result)


def test_errors_say_where_which_rule_what_was_expected_and_what_was_there() -> None:
    result = validate("SuppressQuestionsRequest", {"messageIds": [], "x": 1})
    assert not result.valid
    assert [error.to_json() for error in result.errors] == [
        {
            "pointer": "/x",
            "rule": "additionalProperties",
            "expected": "absent",
            "actual": 1,
            "message": "/x: must NOT have additional properties (rule additionalProperties, expected absent, got 1)",
        },
        {
            "pointer": "/messageIds",
            "rule": "minItems",
            "expected": "at least 1",
            "actual": [],
            "message": "/messageIds: must NOT have fewer than 1 items (rule minItems, expected at least 1, got [])",
        },
    ]


def test_a_missing_property_is_absent_not_null() -> None:
    [error] = validate("SuppressQuestionsRequest", {}).errors
    assert (error.pointer, error.rule, error.actual) == ("/messageIds", "required", ABSENT)
    assert "actual" not in error.to_json()
    assert error.message == "/messageIds: must have required property 'messageIds' (rule required, expected present, got nothing)"


def test_patterns_are_ecmascript_ones_dollar_ends_the_text() -> None:
    assert validate("SuppressQuestionsRequest", {"messageIds": ["o163"]}).valid
    assert not validate("SuppressQuestionsRequest", {"messageIds": ["o163\n"]}).valid


def test_an_operation_name_validates_its_response() -> None:
    [error] = validate("getLedger", {"BASE": "HOLD"}).errors
    assert (error.pointer, error.location) == ("/BASE", "body")
    assert error.message.startswith("body /BASE: must be object")
    assert validate_response("getLedger", 200, {"BASE": "HOLD"}).errors == [error]


def test_an_undocumented_status_is_an_error_of_its_own() -> None:
    [error] = validate_response("getLedger", 299, {}).errors
    assert error.to_json() == {
        "pointer": "",
        "rule": "status",
        "expected": ["200", "400", "401", "429", "500", "503"],
        "actual": 299,
        "message": "status 299 is not documented for getLedger",
        "location": "status",
    }


def test_a_response_with_content_needs_a_body() -> None:
    [error] = validate_response("getLedger", 200).errors
    assert (error.rule, error.location) == ("required", "body")


def test_unknown_names_are_refused() -> None:
    with pytest.raises(ValueError, match="Unknown schema or operation Nothing"):
        validate("Nothing", {})


def test_assert_valid_lists_the_errors() -> None:
    with pytest.raises(AssertionError, match="must have required property 'messageIds'"):
        assert_valid("SuppressQuestionsRequest", {})
    assert assert_valid("SuppressQuestionsRequest", {"messageIds": ["o1"]}) == {"messageIds": ["o1"]}


def test_every_schema_and_operation_of_the_bundle_is_known() -> None:
    bundle = json.loads(BUNDLE.read_text("utf-8"))
    ids = {op["operationId"] for item in bundle["paths"].values() for op in item.values() if isinstance(op, dict) and "operationId" in op}
    assert schema_names() == sorted(bundle["components"]["schemas"])
    assert operation_ids() == sorted(ids)


def test_a_request_body_is_checked_as_validate_request_checks_it() -> None:
    order = {"conid": 265598, "orderType": "LMT", "side": "HOLD", "tif": "DAY", "price": 190, "quantity": 1}
    [error] = validate_request_body("placeOrders", {"orders": [order]}).errors
    assert (error.pointer, error.rule, error.location) == ("/orders/0/side", "enum", "body")
    [missing] = validate_request_body("placeOrders").errors
    assert (missing.rule, missing.message) == ("required", "body: a request body is required")
    [media] = validate_request_body("placeOrders", {}, "text/plain").errors
    assert (media.rule, media.location, media.expected) == ("mediaType", "content-type", ["application/json"])
    assert validate_request_body("getLedger").valid
