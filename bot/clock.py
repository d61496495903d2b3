"""Wall-clock time, behind a seam so tests can set the time."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

import discord

__all__ = ["Clock", "SystemClock"]


class Clock(Protocol):
    def now(self) -> datetime:
        """The current time, timezone-aware in UTC."""
        ...


class SystemClock:
    """Discord's idea of now (``discord.utils.utcnow``).

    It is the real time in production; the simulated Discord the tests use
    moves it together with the event loop's virtual time, so turn clocks and
    message ages agree with the sleeps that wait for them.
    """

    def now(self) -> datetime:
        return discord.utils.utcnow()
