from __future__ import annotations

from typing import Any

import pytest

pytest_plugins = ["pytester"]

CORPUS_FIGURE = pytest.StashKey[str]()
"""The agreement corpus's size, said at the end of the run (test_agreement.py)."""


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    figure = config.stash.get(CORPUS_FIGURE, None)
    if figure is not None:
        terminalreporter.write_line(f"validators' agreement corpus: {figure}")
