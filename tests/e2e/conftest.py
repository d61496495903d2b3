"""End-to-end tests drive the real bot on a simulated Discord (simcord), offline.

The fixtures (``simcord_bot``, ``bots``) live in ``tests/conftest.py``.
"""

from __future__ import annotations

import pytest
from _pytest.terminal import TerminalReporter

from tests.e2e.helpers import BotFactory

__all__ = ["BotFactory"]


REPORTED: list[str] = []
"""The channel counts the quiet-channel tests recorded (``record_property``), gathered
from every worker so the terminal summary shows them with or without ``-n``."""


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call":
        REPORTED.extend(
            str(value) for name, value in report.user_properties if name == "channel_count"
        )


def pytest_terminal_summary(terminalreporter: TerminalReporter) -> None:
    if REPORTED:
        terminalreporter.section("channel posts per game (issue #21)")
        for line in sorted(REPORTED):
            terminalreporter.write_line(line)
