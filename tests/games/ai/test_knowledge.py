"""Computer players never use what their seat may not know (issue 8).

A player sees a game only through a Knowledge: the seat's view, its legal
actions and worlds redealt from what it knows. So for any position, its
decision must be the same on the real state and on an alternative that
differs in everything the seat cannot see (other hands, piles, dice, future
luck); the same player randomness must give the same move. The alternatives
are built by the test's own code (``tests/games/ai/worlds.py``), not by the
games' ``redeal``: the players sample their worlds with ``redeal``, so a leak
there (a hidden card kept where it was) would be invisible to a test that
used it too. The last tests show the check catches a player that reads a
hidden hand, and a redeal that leaks.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from games.ai.knowledge import Knowledge
from games.ai.levels import LEVELS
from games.ai.player import AnyKnowledge, ComputerPlayer, EasyPlayer
from games.ai.search import HardPlayer
from games.ai.tactics import GENERIC, Tactics
from games.catalog import CATALOG, computer_player, tactics_for
from games.core.game import Seat
from games.core.registry import AnyGame
from games.short_changed import GAME as SHORT_CHANGED
from games.short_changed.model import Guess
from tests.games.ai.helpers import TEST_BUDGET, positions
from tests.games.ai.worlds import BUILDERS, alternative

POSITIONS = 15
"""Positions checked in each random game, spread over it."""
SEEDS = (11, 12)


def peeks(game: AnyGame, player: ComputerPlayer, state: Any, seat: Seat, seed: int) -> bool:
    """Whether the player's move changes when what the seat cannot see is redealt."""
    before = game.dump_state(state)
    real = player.choose(game, state, seat, random.Random(seed))
    assert game.dump_state(state) == before, "choosing a move changed the real state"
    other = alternative(game, state, seat, random.Random(seed + 1))
    return bool(player.choose(game, other, seat, random.Random(seed)) != real)


PLAYERS: dict[str, Callable[[], ComputerPlayer]] = {
    **{level: partial(computer_player, level, TEST_BUDGET) for level in LEVELS},
    # The generic fallback, which a game gets before it has tactics of its own.
    "generic-easy": lambda: EasyPlayer(tactics=lambda _key: GENERIC),
    "generic-hard": lambda: HardPlayer(TEST_BUDGET, tactics=lambda _key: GENERIC),
}

CASES = [
    pytest.param(key, seats, name, id=f"{key}-{seats}-{name}")
    for key, game in CATALOG.items()
    for name in PLAYERS
    for seats in sorted(
        # The generic players are slow to search (random rollouts to the end): one table size.
        {min(3, game.max_seats)}
        if name.startswith("generic")
        else {game.min_seats, min(3, game.max_seats), game.max_seats}
    )
]


@pytest.mark.parametrize(("key", "seats", "name"), CASES)
def test_a_decision_depends_only_on_what_the_seat_knows(key: str, seats: int, name: str) -> None:
    game = CATALOG[key]
    player = PLAYERS[name]()
    checked = 0
    for seed in SEEDS:
        for n, (state, seat) in enumerate(positions(game, seats, seed, count=POSITIONS)):
            assert not peeks(game, player, state, seat, seed * 1000 + n), (
                f"{name} player at seat {seat} decided differently when hidden things changed"
            )
            checked += 1
    assert checked >= len(SEEDS)


def test_knowledge_offers_the_view_and_legal_actions_and_worlds_that_keep_the_view() -> None:
    state = SHORT_CHANGED.new(3, seed=5)
    knowledge: AnyKnowledge = Knowledge(
        SHORT_CHANGED, state, 1, refine=tactics_for(SHORT_CHANGED.key).refine
    )
    assert knowledge.view == SHORT_CHANGED.view(state, 1)
    assert knowledge.legal_actions() == SHORT_CHANGED.legal_actions(state, 1)
    assert knowledge.to_act() == (0, 1, 2)
    assert knowledge.seat_count() == 3
    world = knowledge.sample_world(random.Random(1))
    assert world is not state
    assert SHORT_CHANGED.view(world, 1) == knowledge.view
    assert not any(name in dir(knowledge) for name in ("state", "hands"))


class _Clairvoyant(Tactics[Any, Any, Any]):
    """Cheats on purpose: reads the real hands to guess right at once."""

    key = SHORT_CHANGED.key

    def choose(self, knowledge: AnyKnowledge, rng: random.Random) -> Any:
        state = knowledge._state  # the very thing players must never touch
        for action in knowledge.legal_actions():
            if isinstance(action, Guess) and state.hands[action.target].value == action.total:
                return action
        return knowledge.legal_actions()[0]


def test_the_check_catches_a_player_that_reads_hidden_hands() -> None:
    cheat = EasyPlayer(tactics=lambda _key: _Clairvoyant())
    caught = [
        n
        for n, (state, seat) in enumerate(positions(SHORT_CHANGED, 3, seed=11, count=POSITIONS))
        if peeks(SHORT_CHANGED, cheat, state, seat, n)
    ]
    assert caught


@pytest.mark.parametrize("key", list(CATALOG))
def test_the_alternative_worlds_change_what_the_seat_cannot_see(key: str) -> None:
    game = CATALOG[key]
    assert key in BUILDERS, "a new game needs its own builder in tests/games/ai/worlds.py"
    checked = changed = 0
    for n, (state, seat) in enumerate(positions(game, min(3, game.max_seats), 11, count=10)):
        other = alternative(game, state, seat, random.Random(n))  # checks the view is kept
        checked += 1
        changed += game.dump_state(other) != game.dump_state(state)
    assert checked >= 2
    assert changed >= checked - 1  # all but perhaps a position where nothing is hidden


def test_the_check_catches_a_redeal_that_leaks(monkeypatch: pytest.MonkeyPatch) -> None:
    """A redeal that keeps the hidden cards (a leak) passes any check built on itself,
    but not this one: the hard player then searches the real hands."""
    game = CATALOG["fraud"]
    monkeypatch.setattr(game, "redeal", lambda state, _seat, _rng: game.clone(state))
    hard = HardPlayer(TEST_BUDGET, tactics=tactics_for)
    caught = [
        n
        for n, (state, seat) in enumerate(positions(game, 3, seed=11, count=POSITIONS))
        if peeks(game, hard, state, seat, n)
    ]
    assert caught
