"""The reference server as a child process: found (`BROKERAGE_SERVER_CLI`, else the
`brokerage-server` command), started on a free loopback port, stopped."""

from __future__ import annotations

import os
import queue
import re
import shutil
import subprocess
import threading
from pathlib import Path
from typing import IO, List, Mapping, Optional

NODE_MISSING = (
    "The brokerage sandbox runs the reference server, a Node.js program, but `node` is not on PATH.\n"
    "Install Node.js 20 or later (https://nodejs.org, or your system's package: apt-get install nodejs)\n"
    "and make sure `node` is on PATH."
)

SERVER_MISSING = (
    "The brokerage sandbox needs the reference server: neither BROKERAGE_SERVER_CLI (the path of its\n"
    "CLI file, dist/bin/cli.js of @brokerage/server) is set, nor is `brokerage-server` on PATH.\n"
    "Install it with `npm install --global @brokerage/server`, or set BROKERAGE_SERVER_CLI."
)

_LISTENING = re.compile(r"listening on (https?://\S+)")


class SandboxError(RuntimeError):
    """The sandbox could not start its server; the message says why and what to do."""


def server_command(env: Mapping[str, str]) -> List[str]:
    """The command that runs the reference server, or a SandboxError saying what is missing."""
    path = env.get("PATH", "")
    node = shutil.which("node", path=path)
    if node is None:
        raise SandboxError(NODE_MISSING)
    cli = env.get("BROKERAGE_SERVER_CLI")
    if cli:
        if not Path(cli).is_file():
            raise SandboxError(f"BROKERAGE_SERVER_CLI names {cli}, which is not a file.\n{SERVER_MISSING}")
        return [node, cli]
    command = shutil.which("brokerage-server", path=path)
    if command is None:
        raise SandboxError(SERVER_MISSING)
    return [command]


class ServerProcess:
    """One reference server on `127.0.0.1`, any free port; its output goes to `log_file`."""

    def __init__(
        self,
        log_file: Path,
        seed: int = 1,
        record: Optional[Path] = None,
        env: Optional[Mapping[str, str]] = None,
        start_timeout: float = 120.0,
    ) -> None:
        environment = dict(os.environ if env is None else env)
        arguments = ["--port", "0", "--host", "127.0.0.1", "--no-pacing", "--log-level", "warn"]
        arguments += ["--seed", str(seed), "--shutdown-grace", "1000"]
        if record is not None:
            arguments += ["--record", str(record), "--no-redact"]
        self.log_file = log_file
        self._log: IO[str] = open(log_file, "w", encoding="utf-8")
        self._process = subprocess.Popen(
            server_command(environment) + arguments,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=environment,
            text=True,
            encoding="utf-8",
        )
        self.base_url = self._wait_for_url(start_timeout)

    def _wait_for_url(self, timeout: float) -> str:
        lines: "queue.Queue[Optional[str]]" = queue.Queue()
        stdout = self._process.stdout
        assert stdout is not None

        def pump() -> None:
            for line in stdout:
                self._log.write(line)
                self._log.flush()
                lines.put(line)
            lines.put(None)

        self._pump = threading.Thread(target=pump, name="brokerage-server-output", daemon=True)
        self._pump.start()
        while True:
            try:
                line = lines.get(timeout=timeout)
            except queue.Empty:
                self.stop()
                raise SandboxError(f"The reference server did not start within {timeout:.0f} s (its output: {self.log_file})")
            if line is None:
                self._process.wait()
                raise SandboxError(
                    f"The reference server exited ({self._process.returncode}) before listening:\n{self._log_tail()}"
                )
            found = _LISTENING.search(line)
            if found:
                return found.group(1)

    def _log_tail(self) -> str:
        self._log.flush()
        return "".join(self.log_file.read_text(encoding="utf-8").splitlines(keepends=True)[-20:])

    def stop(self) -> None:
        if self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        # The output's last lines are written before the log closes.
        self._pump.join(timeout=5)
        self._log.close()
