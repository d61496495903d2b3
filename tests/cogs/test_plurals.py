"""Plurals are written out for the number shown ("1 action left", "2 actions left"), never
hedged as "action(s)": what players read is in the cogs, the rules help and the games'
text modules."""

from __future__ import annotations

import re
from pathlib import Path

from games.core.wording import ntr
from games.short_changed import text as short_changed

ROOT = Path(__file__).resolve().parents[2]
HEDGED = re.compile(r"[A-Za-z]\(s\)")


def _player_facing() -> list[Path]:
    return [
        *sorted((ROOT / "cogs").rglob("*.py")),
        *sorted((ROOT / "cogs").rglob("*.md")),
        *sorted((ROOT / "games").glob("*/text.py")),
    ]


def test_no_text_players_read_hedges_a_plural() -> None:
    files = _player_facing()
    assert len(files) > 20
    hedged = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in files
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if HEDGED.search(line)
    ]
    assert hedged == []


def test_a_double_turn_counts_its_actions_in_good_english() -> None:
    assert short_changed.actions(1) == "1 action"
    assert short_changed.actions(2) == "2 actions"


def test_counts_say_one_card_and_two_cards() -> None:
    assert ntr("{count} card", "{count} cards", 1) == "1 card"
    assert ntr("{count} card", "{count} cards", 2) == "2 cards"
    assert ntr("{count} die", "{count} dice", 0) == "0 dice"
