"""A sandbox: the reference server in a child process, its control API, and the test's
exchanges kept as a HAR file on demand."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path
from typing import List, Optional

from . import control_types
from ._control_api import ControlApi
from ._har import entries_between, wait_for_entry_after, write_har
from ._server import ServerProcess


class Sandbox:
    """The reference server of the brokerage Web API, started for tests.

    - `base_url`: `http://127.0.0.1:<port>`, for the code under test (the API is under `/v1/api`,
      the account-management API under `/gw/api/v1`; gateway mode: no credentials needed);
    - `ws_url`: the WebSocket (`/v1/api/ws`);
    - `control`: the control API, a method per operation (`reset_state`, `create_session`,
      `set_price`, `replay_market`, `advance_clock`, `inject_fault`, ...), typed from its document.
    """

    def __init__(self, seed: int = 1, record: bool = False, workdir: Optional[Path] = None) -> None:
        self.seed = seed
        self._workdir = Path(workdir or tempfile.mkdtemp(prefix="brokerage-sandbox-"))
        self._workdir.mkdir(parents=True, exist_ok=True)
        self.recording: Optional[Path] = self._workdir / "exchanges.har" if record else None
        self._server = ServerProcess(self._workdir / "server.log", seed=seed, record=self.recording)
        self.base_url = self._server.base_url
        self.ws_url = "ws" + self.base_url[len("http") :] + "/v1/api/ws"
        self.control = ControlApi(self.base_url, token=os.environ.get("BROKERAGE_CONTROL_TOKEN"))
        self._marker = time.time()

    @property
    def log_file(self) -> Path:
        """The server's output (JSON logs at level `warn`)."""
        return self._server.log_file

    def reset(self, seed: Optional[int] = None) -> control_types.StateSummary:
        """Back to the fixtures (faults, replays and prompts cleared; the clock goes on); the
        exchanges kept for a test start after it."""
        summary = self.control.reset_state({"seed": self.seed if seed is None else seed})
        self._marker = time.time()
        return summary

    def exchanges_since_reset(self) -> List[dict]:
        """The HAR entries of the exchanges since the last reset (a sandbox started with `record`)."""
        if self.recording is None:
            raise RuntimeError("This sandbox does not record: start it with record=True")
        probe = time.time()
        self.control.get_clock()
        wait_for_entry_after(self.recording, probe)
        return entries_between(self.recording, self._marker, probe)

    def save_exchanges(self, target: Path) -> Path:
        """Writes the exchanges since the last reset to `target` as a HAR 1.2 file."""
        entries = self.exchanges_since_reset()
        assert self.recording is not None
        write_har(self.recording, entries, target)
        return target

    def close(self) -> None:
        self.control.close()
        self._server.stop()

    def __enter__(self) -> "Sandbox":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
