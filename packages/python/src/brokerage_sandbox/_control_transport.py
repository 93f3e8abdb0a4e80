"""The HTTP side of the generated control client (`_control_api.py`): one call, its errors."""

from __future__ import annotations

from typing import Any, Optional, Union
from urllib.parse import quote

import httpx


class ControlError(Exception):
    """A control request the server refused: its status and the error object it answered."""

    def __init__(self, method: str, path: str, status: int, body: Any) -> None:
        detail = body.get("error") if isinstance(body, dict) else body
        super().__init__(f"{method} {path} answered {status}: {detail}")
        self.status = status
        self.body = body


class ControlTransport:
    """Sends control requests to a reference server (`base_url`, without `/control`), with the
    admin token as a bearer token when the server was started with one."""

    def __init__(self, base_url: str, token: Optional[str] = None, timeout: float = 60.0) -> None:
        headers = {} if token is None else {"authorization": f"Bearer {token}"}
        self._http = httpx.Client(base_url=base_url, headers=headers, timeout=timeout)

    @staticmethod
    def _segment(value: Union[str, int]) -> str:
        return quote(str(value), safe="")

    def _call(self, method: str, path: str, body: Any = None) -> Any:
        response = self._http.request(method, path, json=body) if body is not None else self._http.request(method, path)
        payload: Any = None
        if response.content:
            try:
                payload = response.json()
            except ValueError:
                payload = response.text
        if response.status_code >= 400:
            raise ControlError(method, path, response.status_code, payload)
        return payload

    def close(self) -> None:
        self._http.close()
