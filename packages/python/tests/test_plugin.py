"""The pytest plugin, run on test files of a user's (pytester, in a child pytest process)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

PLUGIN = ["-p", "brokerage_sandbox.plugin"]

STATE_DOES_NOT_LEAK = '''
import httpx

def test_a_fault_injected(brokerage_sandbox):
    brokerage_sandbox.control.inject_fault("getAccounts", {"status": 503})
    assert httpx.get(brokerage_sandbox.base_url + "/v1/api/iserver/accounts").status_code == 503

def test_b_is_gone_in_the_next_test(brokerage_sandbox):
    assert httpx.get(brokerage_sandbox.base_url + "/v1/api/iserver/accounts").status_code == 200
'''


FAILING = '''
import httpx

def test_passes(brokerage_sandbox):
    httpx.get(brokerage_sandbox.base_url + "/v1/api/iserver/accounts")

def test_fails(brokerage_sandbox):
    httpx.get(brokerage_sandbox.base_url + "/v1/api/portfolio/accounts")
    assert False, "the code under test misread the accounts"
'''


def test_a_failing_test_keeps_its_exchanges_as_har_named_after_it(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_user=FAILING)
    result = pytester.runpytest_subprocess(*PLUGIN, "--brokerage-har", "hars")
    result.assert_outcomes(passed=1, failed=1)
    kept = sorted(path.name for path in (pytester.path / "hars").iterdir())
    assert kept == ["test_user.py__test_fails.har"]
    har = json.loads((pytester.path / "hars" / kept[0]).read_text("utf-8"))
    urls = [entry["request"]["url"] for entry in har["log"]["entries"]]
    assert len(urls) == 1 and urls[0].endswith("/v1/api/portfolio/accounts")
    assert har["log"]["version"] == "1.2"


def test_without_the_option_nothing_is_recorded(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_user=FAILING)
    result = pytester.runpytest_subprocess(*PLUGIN)
    result.assert_outcomes(passed=1, failed=1)
    assert not (pytester.path / "hars").exists()


WORKERS = '''
import os, pathlib, pytest

@pytest.mark.parametrize("n", range(6))
def test_where(brokerage_sandbox, n):
    worker = os.environ.get("PYTEST_XDIST_WORKER", "none")
    pathlib.Path("seen").mkdir(exist_ok=True)
    pathlib.Path("seen", f"{n}").write_text(worker + " " + brokerage_sandbox.base_url)
'''


def test_each_xdist_worker_has_its_own_sandbox(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_user=WORKERS)
    result = pytester.runpytest_subprocess(*PLUGIN, "-n", "2")
    result.assert_outcomes(passed=6)
    seen = [line.split() for line in (path.read_text() for path in (pytester.path / "seen").iterdir())]
    url_of = {}
    for worker, url in seen:
        assert url_of.setdefault(worker, url) == url, "a worker keeps one sandbox"
    assert "none" not in url_of
    assert len(set(url_of.values())) == len(url_of), "no two workers share one"


USES_SANDBOX = '''
def test_uses(brokerage_sandbox):
    pass
'''


def test_without_node_the_message_says_so(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    pytester.makepyfile(test_user=USES_SANDBOX)
    result = pytester.runpytest_subprocess(*PLUGIN)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*`node` is not on PATH*", "*Install Node.js 20 or later*"])


def test_a_wrong_server_cli_path_is_named(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BROKERAGE_SERVER_CLI", os.path.join("nowhere", "cli.js"))
    pytester.makepyfile(test_user=USES_SANDBOX)
    result = pytester.runpytest_subprocess(*PLUGIN)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*BROKERAGE_SERVER_CLI names nowhere/cli.js, which is not a file*"])


def test_the_state_is_reset_before_each_test_of_the_brokerage_server_on_path(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without BROKERAGE_SERVER_CLI, the `brokerage-server` command on PATH is the server."""
    node = shutil.which("node")
    assert node is not None
    # This package's own bin folder has `brokerage-server` (a devDependency), as a global install would.
    bins = Path(__file__).resolve().parents[1] / "node_modules" / ".bin"
    monkeypatch.delenv("BROKERAGE_SERVER_CLI")
    monkeypatch.setenv("PATH", os.pathsep.join([str(bins), os.path.dirname(node), "/usr/bin", "/bin"]))
    pytester.makepyfile(test_user=STATE_DOES_NOT_LEAK)
    result = pytester.runpytest_subprocess(*PLUGIN)
    result.assert_outcomes(passed=2)
