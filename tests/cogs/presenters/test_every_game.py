"""Every hosted game (games/catalog.py) has a presenter, and no presenter is for another game."""

from __future__ import annotations

from cogs.presenters import PRESENTERS
from games.catalog import CATALOG


def test_every_catalog_game_has_a_presenter_and_every_presenter_a_game() -> None:
    assert sorted(PRESENTERS) == sorted(CATALOG)
    for key, presenter in PRESENTERS.items():
        assert presenter.key == key
