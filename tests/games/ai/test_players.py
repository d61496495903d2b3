"""Computer players of every level finish whole games of every catalogued game and option,
and the engine never refuses one of their moves (issue 8)."""

from __future__ import annotations

from typing import Any

import pytest

from games.ai.levels import LEVELS, computer_player
from games.catalog import CATALOG
from tests.games.ai.helpers import TEST_BUDGET, play_game
from tests.games.conformance import option_variants

CASES = [
    pytest.param(key, seats, options, id=f"{key}-{seats}-{'-'.join(map(str, options.values()))}")
    for key, game in CATALOG.items()
    for seats in sorted({game.min_seats, game.max_seats})
    for options in option_variants(game)
]


@pytest.mark.parametrize(("key", "seats", "options"), CASES)
def test_every_level_finishes_every_game_with_only_accepted_moves(
    key: str, seats: int, options: dict[str, Any]
) -> None:
    game = CATALOG[key]
    levels = list(LEVELS)
    # Rotate the levels round the table so each level plays from every kind of seat.
    for rotation in range(len(levels)):
        lineup = [levels[(seat + rotation) % len(levels)] for seat in range(seats)]
        players = [computer_player(level, TEST_BUDGET) for level in lineup]
        state = play_game(game, players, seed=rotation, options=options)
        outcome = game.outcome(state)
        assert outcome is not None
        assert len(outcome.places) == seats
