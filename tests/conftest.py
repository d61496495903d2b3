"""Shared fixtures: settings and a fresh bot on a fresh database for every test."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import Settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(token="test-token", database=tmp_path / "tricky.db", _env_file=None)  # type: ignore[call-arg]
