"""A practice table's hint is the easy player's move, from the seat's knowledge only.

For every game, at positions spread over random games: the hint's move is the
one :class:`~games.ai.player.EasyPlayer` makes with the same randomness, its
reason is one line, and redealing everything the seat cannot see (other hands,
future luck) changes neither. The last test shows the check catches a hint
that peeks.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.ai import hints
from games.ai.hints import Hint, hint, hint_seed
from games.ai.player import EasyPlayer
from games.catalog import CATALOG, tactics_for
from games.core.game import Seat
from games.core.registry import AnyGame
from games.short_changed import GAME as SHORT_CHANGED
from tests.games.ai.helpers import positions

POSITIONS = 8


def same_everywhere(game: AnyGame, state: Any, seat: Seat, seed: int) -> Hint:
    """The hint, checked against the easy player and against redealt worlds."""
    before = game.dump_state(state)
    tactics = tactics_for(game.key)
    found = hint(game, state, seat, seed, tactics)
    assert game.dump_state(state) == before, "a hint changed the real state"
    game.check(state, seat, found.action)  # legal (some games list only a sample of bids)
    assert found.action == EasyPlayer(tactics=tactics_for).choose(
        game, state, seat, random.Random(seed)
    )
    assert found.why and "\n" not in found.why and len(found.why) <= 200
    for other in range(2):
        redealt = game.redeal(state, seat, random.Random(seed + 1 + other))
        assert hint(game, redealt, seat, seed, tactics_for(game.key)) == found, (
            "the hint saw a hidden thing"
        )
    return found


@pytest.mark.parametrize("key", sorted(CATALOG))
def test_the_hint_is_the_easy_move_from_what_the_seat_knows(key: str) -> None:
    game = CATALOG[key]
    seats = min(3, game.max_seats)
    reasons = set()
    for n, (state, seat) in enumerate(positions(game, seats, 5, count=POSITIONS)):
        reasons.add(same_everywhere(game, state, seat, hint_seed(1, n, seat)).why)
    assert reasons


def test_the_seed_names_the_table_the_moment_and_the_seat() -> None:
    seeds = {hint_seed(t, v, s) for t in (1, 2) for v in (0, 1) for s in (0, 1)}
    assert len(seeds) == 8 and hint_seed(3, 4, 1) == hint_seed(3, 4, 1)


def test_a_hint_that_peeks_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint reading another seat's hand decides differently once it is redealt."""

    def peeking(game: AnyGame, state: Any, seat: Seat, seed: int, tactics: Any) -> Hint:
        legal = game.legal_actions(state, seat)
        other = state.hands[(seat + 1) % len(state.hands)]
        return Hint(legal[other.value % len(legal)], "It peeked.")

    monkeypatch.setattr(hints, "hint", peeking)
    EASY = tactics_for(SHORT_CHANGED.key)
    caught = 0
    for n, (state, seat) in enumerate(positions(SHORT_CHANGED, 3, 7, count=POSITIONS)):
        if len(SHORT_CHANGED.legal_actions(state, seat)) < 2:
            continue
        found = hints.hint(SHORT_CHANGED, state, seat, n, EASY)
        redealt = SHORT_CHANGED.redeal(state, seat, random.Random(n + 1))
        caught += hints.hint(SHORT_CHANGED, redealt, seat, n, EASY) != found
    assert caught
