"""The rules help of every game: our own words, the game's rulings, and the rulings on seats
that stop playing that every game shares (AW1, AW2)."""

from __future__ import annotations

import re

import pytest

from bot.i18n.languages import language
from cogs.presenters import PRESENTERS
from cogs.presenters.base import RULES_DIR as RULES
from games.core.wording import speaking

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


@pytest.mark.parametrize("key", sorted(PRESENTERS))
def test_rules_help_is_in_the_readers_language_with_english_for_the_rest(key: str) -> None:
    german = language("de")
    assert (RULES / "de" / f"{key}.md").is_file(), "every game has German rules help"
    with speaking(german):
        rules = PRESENTERS[key].rules()
    english = PRESENTERS[key].rules()
    assert rules != english
    assert rules.startswith((RULES / "de" / f"{key}.md").read_text(encoding="utf-8").rstrip())
    assert rules.endswith((RULES / "de" / "_seats.md").read_text(encoding="utf-8"))
    with speaking(language("pt-BR")):  # no catalog, no rules help: English
        assert PRESENTERS[key].rules() == english
