"""End-to-end tests drive the real bot on a simulated Discord (simcord), offline.

The fixtures (``simcord_bot``, ``bots``) live in ``tests/conftest.py``.
"""

from __future__ import annotations

from tests.e2e.helpers import BotFactory

__all__ = ["BotFactory"]
