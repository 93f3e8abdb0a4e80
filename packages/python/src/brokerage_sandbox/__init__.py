"""The reference server of the brokerage Web API as a sandbox for pytest.

The plugin (registered through the `pytest11` entry point) gives the fixture `brokerage_sandbox`:
one server per session (per pytest-xdist worker), reset to its fixtures before each test.

    def test_ledger(brokerage_sandbox):
        ledger = httpx.get(f"{brokerage_sandbox.base_url}/v1/api/portfolio/U1234567/ledger").json()
        brokerage_sandbox.control.advance_clock({"ms": 60_000})
"""

from brokerage_validators import __version__

from . import control_types
from ._control_api import OPERATION_IDS, ControlApi
from ._control_transport import ControlError
from ._sandbox import Sandbox
from ._server import SandboxError

__all__ = [
    "OPERATION_IDS",
    "ControlApi",
    "ControlError",
    "Sandbox",
    "SandboxError",
    "__version__",
    "control_types",
]
