"""The sandbox's WebSocket at `ws_url`, read with Debian's python3-websockets (10.4: its asyncio
client is `websockets.legacy.client`, which the package exports lazily, out of pyright's sight)."""

from __future__ import annotations

import asyncio
import json
from typing import Any, List

from websockets.legacy.client import connect

from brokerage_sandbox import Sandbox


async def first_messages(url: str, count: int) -> List[Any]:
    async with connect(url) as socket:
        return [json.loads(await asyncio.wait_for(socket.recv(), 30)) for _ in range(count)]


def test_the_socket_greets_the_gateways_user(brokerage_sandbox: Sandbox) -> None:
    messages = asyncio.run(first_messages(brokerage_sandbox.ws_url, 2))
    assert [message["topic"] for message in messages] == ["sts", "system"]
    assert messages[0]["args"]["authenticated"] is True
    assert messages[1]["success"] == "demo_individual"
