"""The generated TypedDicts: one per component schema, required keys as the document says."""

from __future__ import annotations

from brokerage_sandbox import control_types
from brokerage_validators import schema_names, types


def test_every_component_schema_has_a_type() -> None:
    assert sorted(types.__all__) == schema_names()


def test_required_properties_are_required_keys() -> None:
    assert types.PlaceOrdersRequest.__required_keys__ == frozenset({"orders"})
    assert "price" in types.OrderRequest.__optional_keys__
    assert control_types.AdvanceClockRequest.__required_keys__ == frozenset({"ms"})


def test_a_payload_typed_with_them_reads_as_a_dict() -> None:
    request: types.SuppressQuestionsRequest = {"messageIds": ["o163"]}
    assert request["messageIds"] == ["o163"]
