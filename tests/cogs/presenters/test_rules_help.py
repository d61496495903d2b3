"""The rules help of every game: our own words, the game's rulings, and the rulings on seats
that stop playing that every game shares (AW1, AW2)."""

from __future__ import annotations

import re

import pytest

from cogs.presenters import PRESENTERS

RULING_PREFIX = {
    "short_changed": "SC",
    "tricky": "TR",
    "falsche_faehrte": "AF",
    "fraud": "FR",
    "short_word": "SW",
    "short_word_solitaire": "SW",
}


@pytest.mark.parametrize("key", sorted(PRESENTERS))
def test_rules_help_names_the_game_rulings_and_the_shared_seat_rulings(key: str) -> None:
    rules = PRESENTERS[key].rules()
    assert re.search(rf"\*\*{RULING_PREFIX[key]}\d+\*\*", rules), "the game's own rulings"
    assert "**AW1**" in rules and "**AW2**" in rules
    assert "/tricky end" in rules


def test_every_game_has_a_ruling_prefix() -> None:
    assert set(RULING_PREFIX) == set(PRESENTERS)
