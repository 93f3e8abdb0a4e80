"""A limit order placed with plain httpx against the sandbox, filled when the price crosses it:
the ledger's cash goes down by the cost and the commission. Every answer is checked against the
document with brokerage_validators."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Iterator

import httpx
import pytest

from brokerage_sandbox import Sandbox
from brokerage_validators import assert_valid
from brokerage_validators.types import Ledger, OrderStatus

ACCOUNT = "U1234567"
AAPL = 265598


@pytest.fixture
def api(brokerage_sandbox: Sandbox) -> Iterator[httpx.Client]:
    """Plain httpx on the sandbox's API: gateway mode, so no credentials."""
    with httpx.Client(base_url=f"{brokerage_sandbox.base_url}/v1/api") as client:
        yield client


def checked(response: httpx.Response, operation_id: str) -> Any:
    """The answer's body, after checking it against the operation's documented response."""
    return assert_valid(operation_id, response.json(), status=response.status_code)


def usd_cash(api: httpx.Client) -> Decimal:
    ledger: Ledger = checked(api.get(f"/portfolio/{ACCOUNT}/ledger"), "getLedger")
    cash = ledger["USD"].get("cashbalance")  # the document does not require it: the type says so
    assert cash is not None
    return Decimal(str(cash))


def place(api: httpx.Client, order: dict[str, Any]) -> str:
    """Places an order and confirms the server's questions, as a client's reply loop does."""
    answer = checked(api.post(f"/iserver/account/{ACCOUNT}/orders", json={"orders": [order]}), "placeOrders")
    while "order_id" not in answer[0]:
        reply = api.post(f"/iserver/reply/{answer[0]['id']}", json={"confirmed": True})
        answer = checked(reply, "confirmOrderReply")
    return answer[0]["order_id"]


def test_a_limit_order_fills_when_the_price_crosses_it(brokerage_sandbox: Sandbox, api: httpx.Client) -> None:
    checked(api.get("/portfolio/accounts"), "getPortfolioAccounts")  # the ledger needs it first
    cash_before = usd_cash(api)
    brokerage_sandbox.control.set_price(AAPL, {"price": 190})

    order_id = place(api, {"conid": AAPL, "orderType": "LMT", "side": "BUY", "price": 185, "quantity": 10, "tif": "DAY"})
    status: OrderStatus = checked(api.get(f"/iserver/account/order/status/{order_id}"), "getOrderStatus")
    assert status.get("order_status") == "Submitted"

    brokerage_sandbox.control.set_price(AAPL, {"price": 184.5})
    clock = brokerage_sandbox.control.advance_clock({"ms": 60_000})
    assert clock["now"] > 0

    status = checked(api.get(f"/iserver/account/order/status/{order_id}"), "getOrderStatus")
    assert status.get("order_status") == "Filled"
    trades = checked(api.get("/iserver/account/trades"), "getTrades")
    [trade] = trades  # the sandbox was reset before the test: this order's fill only
    cost = Decimal(str(trade["net_amount"])) + Decimal(trade["commission"])
    assert usd_cash(api) == cash_before - cost


def test_each_test_starts_from_the_fixtures(api: httpx.Client) -> None:
    checked(api.get("/iserver/accounts"), "getAccounts")  # the orders need it first
    orders = checked(api.get("/iserver/account/orders"), "getOpenOrders")
    assert orders["orders"] == []
