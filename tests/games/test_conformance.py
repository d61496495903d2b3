"""The shared conformance suite (DESIGN.md, Tests): every registered game, every seat
count, every option combination."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.catalog import CATALOG
from games.core.chance import fresh_seed
from games.core.errors import InvalidAction
from games.core.playout import Move, play_out, random_policy
from games.core.registry import AnyGame
from tests.games.conformance import NAMES, check_step, option_variants

CASES = [
    pytest.param(key, seats, options, id=f"{key}-{seats}-{'-'.join(map(str, options.values()))}")
    for key, game in CATALOG.items()
    for seats in range(game.min_seats, game.max_seats + 1)
    for options in option_variants(game)
]

QUICK_SEEDS = 40
"""Plain random playouts per case (the thousands of games come from the case count)."""
CHECKED_SEEDS = 2
"""Playouts per case with the heavy per-position checks."""


def _random_game(game: AnyGame, seats: int, options: dict[str, Any], seed: int) -> Any:
    return game.new(seats, seed, game.options(options))


@pytest.mark.parametrize(("key", "seats", "options"), CASES)
def test_random_playouts_end_with_a_result(key: str, seats: int, options: dict[str, Any]) -> None:
    game = CATALOG[key]
    policy = random_policy(game)
    for seed in range(QUICK_SEEDS):
        state = _random_game(game, seats, options, seed)
        playout = play_out(game, state, lambda _seat: policy, random.Random(seed))
        outcome = playout.outcome
        assert outcome is not None
        assert len(outcome.places) == len(outcome.scores) == seats
        assert min(outcome.places) == 1
        assert all(1 <= place <= seats for place in outcome.places)
        assert game.to_act(state) == ()
        game.describe(game.view(state, None), NAMES)


@pytest.mark.parametrize(("key", "seats", "options"), CASES)
def test_every_position_holds_the_contract(key: str, seats: int, options: dict[str, Any]) -> None:
    """Round trip, leak-free views, listed actions legal, intruders refused, replay exact."""
    game = CATALOG[key]
    policy = random_policy(game)
    for seed in range(1000, 1000 + CHECKED_SEEDS):
        rng = random.Random(seed)
        state = _random_game(game, seats, options, seed)
        check_step(game, state, rng)

        def after(state: Any, _move: Move, _events: list[Any], rng: random.Random = rng) -> None:
            check_step(game, state, rng)

        playout = play_out(game, state, lambda _seat: policy, rng, after_move=after)

        replayed = _random_game(game, seats, options, seed)
        for move in playout.moves:
            stored = game.dump_action(move.action)
            game.apply(replayed, move.seat, game.parse_action(stored))
        assert game.dump_state(replayed) == game.dump_state(state)


@pytest.mark.parametrize(
    ("key", "seats"),
    [
        (key, seats)
        for key, game in CATALOG.items()
        for seats in range(game.min_seats, game.max_seats + 1)
    ],
)
def test_a_table_seeded_today_holds_the_contract(key: str, seats: int) -> None:
    """New tables draw their luck by words (games.core.chance.fresh_seed): the same checks,
    and the stored moves replay to the same state."""
    game = CATALOG[key]
    policy = random_policy(game)
    for n in range(1):
        rng = random.Random(n)
        seed = fresh_seed(rng.getrandbits)
        state = game.new(seats, seed)
        check_step(game, state, rng)

        def after(state: Any, _move: Move, _events: list[Any], rng: random.Random = rng) -> None:
            check_step(game, state, rng)

        playout = play_out(game, state, lambda _seat: policy, rng, after_move=after)
        assert playout.outcome is not None
        replayed = game.new(seats, seed)
        for move in playout.moves:
            game.apply(replayed, move.seat, game.parse_action(game.dump_action(move.action)))
        assert game.dump_state(replayed) == game.dump_state(state)


@pytest.mark.parametrize("key", list(CATALOG))
@pytest.mark.parametrize("garbage", [None, 1, "x", "{", [], {}, {"type": "nope"}, {"type": 7}])
def test_garbage_is_an_invalid_action(key: str, garbage: object) -> None:
    with pytest.raises(InvalidAction) as refused:
        CATALOG[key].parse_action(garbage)
    assert refused.value.message


def test_chance_never_repeats_across_seeds_and_draws() -> None:
    from games.core.chance import Chance

    firsts = set()
    for seed in range(50):
        chance = Chance(seed)
        for _ in range(20):
            firsts.add(chance.next().random())
    assert len(firsts) == 50 * 20
