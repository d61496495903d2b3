"""Computer players of every level finish whole games of every catalogued game and option,
and the engine never refuses one of their moves (issue 8)."""

from __future__ import annotations

from typing import Any

import pytest

from games.ai.levels import LEVELS
from games.catalog import CATALOG, computer_player
from tests.games.ai.helpers import TEST_BUDGET, play_game
from tests.games.conformance import option_variants


def _cases() -> list[Any]:
    """Every option combination at the benchmark's table size, with a seat of each level;
    then every other table size with the first combination (the smallest numbers, so the
    quickest game) and the levels in turn round the table."""
    cases = []
    for key, game in CATALOG.items():
        variants = option_variants(game)
        usual = min(max(3, game.min_seats), game.max_seats)
        for options in variants:
            cases.append((key, usual, options))
        for seats in range(game.min_seats, game.max_seats + 1):
            if seats != usual:
                cases.append((key, seats, variants[0]))
    return [
        pytest.param(key, seats, options, id="-".join(map(str, [key, seats, *options.values()])))
        for key, seats, options in cases
    ]


@pytest.mark.parametrize(("key", "seats", "options"), _cases())
def test_every_level_finishes_every_game_with_only_accepted_moves(
    key: str, seats: int, options: dict[str, Any]
) -> None:
    game = CATALOG[key]
    levels = list(LEVELS)
    # With too few seats for one of each level, play once per rotation of the levels.
    for rotation in range(len(levels) if seats < len(levels) else 1):
        lineup = [levels[(seat + rotation) % len(levels)] for seat in range(seats)]
        players = [computer_player(level, TEST_BUDGET) for level in lineup]
        state = play_game(game, players, seed=rotation, options=options)
        outcome = game.outcome(state)
        assert outcome is not None
        assert len(outcome.places) == seats
