"""The control client: a method per operation of openapi/control/, each working against the server."""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx
import pytest

from brokerage_sandbox import OPERATION_IDS, ControlApi, ControlError, Sandbox, control_types

CONTROL_BUNDLE = Path(__file__).resolve().parents[2] / "types" / "generated" / "control.openapi.json"
AAPL = 265598


def snake(name: str) -> str:
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()


def test_every_control_operation_has_a_method() -> None:
    bundle = json.loads(CONTROL_BUNDLE.read_text("utf-8"))
    ids = sorted(op["operationId"] for item in bundle["paths"].values() for op in item.values() if isinstance(op, dict) and "operationId" in op)
    assert sorted(OPERATION_IDS) == ids
    assert all(callable(getattr(ControlApi, snake(operation_id), None)) for operation_id in ids)


def test_the_clock_moves_by_what_advance_clock_says(brokerage_sandbox: Sandbox) -> None:
    before = brokerage_sandbox.control.get_clock()
    after = brokerage_sandbox.control.advance_clock({"ms": 3_600_000})
    assert after["now"] - before["now"] >= 3_600_000


def test_a_price_set_is_the_price_answered(brokerage_sandbox: Sandbox) -> None:
    answer = brokerage_sandbox.control.set_price(AAPL, {"price": 201.25})
    assert answer["price"] == 201.25


def test_an_injected_fault_answers_until_reset(brokerage_sandbox: Sandbox) -> None:
    brokerage_sandbox.control.inject_fault("getAccounts", {"status": 503})
    assert httpx.get(f"{brokerage_sandbox.base_url}/v1/api/iserver/accounts").status_code == 503
    brokerage_sandbox.reset()
    assert httpx.get(f"{brokerage_sandbox.base_url}/v1/api/iserver/accounts").status_code == 200


def test_a_refused_control_request_raises_with_its_status_and_error(brokerage_sandbox: Sandbox) -> None:
    with pytest.raises(ControlError) as refused:
        brokerage_sandbox.control.set_price(999_999_999, {"price": 1})
    assert refused.value.status == 404
    assert isinstance(refused.value.body, dict) and "error" in refused.value.body


def test_a_session_opened_for_a_user_comes_with_its_cookie(brokerage_sandbox: Sandbox) -> None:
    session = brokerage_sandbox.control.create_session({"username": "demo_individual"})
    assert session["username"] == "demo_individual" and session["cookie"] != ""


def test_a_market_replay_drives_the_price_from_bars_on_the_clock(brokerage_sandbox: Sandbox) -> None:
    now = brokerage_sandbox.control.get_clock()["now"]
    # The sandbox's clock runs in real time: the first bar a whole minute past the next one, so
    # that a slow machine cannot reach it before the replay is set.
    start = now - now % 60_000 + 120_000
    bars: list[control_types.MarketReplayRequestBarsItem] = [
        {"t": start + i * 60_000, "o": 150 + i, "h": 151 + i, "l": 149 + i, "c": 150.5 + i} for i in range(3)
    ]
    replay = brokerage_sandbox.control.replay_market(AAPL, {"bars": bars})
    assert (replay["conid"], replay["bars"], replay["barMs"]) == (AAPL, 3, 60_000)
    brokerage_sandbox.control.stop_market_replay(AAPL)
    with pytest.raises(ControlError) as gone:
        brokerage_sandbox.control.stop_market_replay(AAPL)
    assert gone.value.status == 404
