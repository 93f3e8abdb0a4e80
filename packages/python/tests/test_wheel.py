"""The package as a user gets it: the wheel built from the sources, installed in a scratch
virtual environment that sees only the system's packages (Debian's), runs a user's test file
that imports brokerage_sandbox (its fixture from the `pytest11` entry point) and
brokerage_validators."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]

USER_TESTS = '''
import httpx
from brokerage_sandbox import Sandbox
from brokerage_validators import validate


def test_accounts(brokerage_sandbox: Sandbox):
    answer = httpx.get(brokerage_sandbox.base_url + "/v1/api/portfolio/accounts")
    assert validate("getPortfolioAccounts", answer.json(), status=answer.status_code).valid
    assert brokerage_sandbox.control.get_clock()["now"] > 0
'''


def run(*command: str, cwd: Path, env: "dict[str, str] | None" = None) -> str:
    completed = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    return completed.stdout


# Only what the system has: no wheel folder of the machine's pip configuration either.
PIP_ENV = {key: value for key, value in os.environ.items() if key != "PIP_FIND_LINKS"}


def test_the_wheel_installs_in_a_scratch_venv_and_runs_a_users_tests(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(PACKAGE / name, source / name)
    shutil.copytree(PACKAGE / "src", source / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", "dist", str(source), cwd=tmp_path, env=PIP_ENV)
    [wheel] = (tmp_path / "dist").glob("*.whl")
    version = (PACKAGE / "src" / "brokerage_validators" / "_version.py").read_text().split('"')[1]
    assert wheel.name == f"brokerage_toolkit-{version}-py3-none-any.whl"

    # The system's pip (the venv sees the system's packages) installs into the venv: a pip of the
    # venv's own (ensurepip) cost seconds of CPU and installs nothing the test needs.
    run(sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", "venv", cwd=tmp_path)
    python = str(tmp_path / "venv" / "bin" / "python")
    run(python, "-m", "pip", "install", "--no-index", "--no-build-isolation", str(wheel), cwd=tmp_path, env=PIP_ENV)

    user = tmp_path / "user"
    user.mkdir()
    (user / "test_user.py").write_text(USER_TESTS)
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    output = run(python, "-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=user, env=env)
    assert "1 passed" in output
