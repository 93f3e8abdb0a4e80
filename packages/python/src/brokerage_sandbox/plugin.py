"""The pytest plugin (entry point `pytest11`): `brokerage_sandbox`, the reference server started
once per session (once per worker under pytest-xdist) and reset before each test; with
`--brokerage-har DIR`, a failing test's exchanges are kept as `DIR/<test>.har`."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, Optional

import pytest

from ._har import har_name
from ._sandbox import Sandbox

_REPORTS = pytest.StashKey[dict]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("brokerage", "brokerage sandbox")
    group.addoption(
        "--brokerage-har",
        metavar="DIR",
        default=None,
        help="keep each failing test's exchanges with the sandbox as DIR/<test>.har (HAR 1.2)",
    )
    group.addoption("--brokerage-seed", type=int, default=None, help="seed of the sandbox's simulation (default 1)")
    parser.addini("brokerage_har", "folder of the failing tests' HAR files (as --brokerage-har)", default=None)
    parser.addini("brokerage_seed", "seed of the sandbox's simulation (as --brokerage-seed)", default="1")


def _har_dir(config: pytest.Config) -> Optional[Path]:
    chosen = config.getoption("--brokerage-har") or config.getini("brokerage_har")
    return None if not chosen else Path(str(chosen))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    item.stash.setdefault(_REPORTS, {})[report.when] = report


@pytest.fixture(scope="session")
def brokerage_sandbox_session(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Sandbox]:
    """The session's sandbox (one per pytest-xdist worker), not reset: prefer `brokerage_sandbox`."""
    config = request.config
    seed = config.getoption("--brokerage-seed")
    sandbox = Sandbox(
        seed=int(str(config.getini("brokerage_seed") if seed is None else seed)),
        record=_har_dir(config) is not None,
        workdir=tmp_path_factory.mktemp("brokerage-sandbox"),
    )
    yield sandbox
    sandbox.close()


@pytest.fixture
def brokerage_sandbox(request: pytest.FixtureRequest, brokerage_sandbox_session: Sandbox) -> Iterator[Sandbox]:
    """The reference server, reset to its fixtures for this test: `.base_url`, `.control`."""
    brokerage_sandbox_session.reset()
    yield brokerage_sandbox_session
    folder = _har_dir(request.config)
    reports = request.node.stash.get(_REPORTS, {})
    if folder is not None and any(report.failed for report in reports.values()):
        brokerage_sandbox_session.save_exchanges(folder / har_name(request.node.nodeid))
