"""No picture leaks, for every registered game, seat count and option set (the
conformance suite's cases): a picture is drawn from a view alone, so a world redealt
behind the reader's back must give the very same bytes.

The public table drawn from ``view(redealt, None)`` must equal the real table's bytes,
and a seat's hand drawn from ``view(redealt_for_seat, seat)`` (every other seat's hidden
pieces drawn afresh) must equal that seat's real picture. The pictures are drawn
without the cache here: the cache is keyed by the sketch (what a picture shows), and
reusing a picture for an equal sketch is exactly what this test must not take on trust.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cogs.pictures.kit import png, render
from cogs.pictures.render import ARTISTS
from games.catalog import CATALOG
from games.core.registry import AnyGame
from tests.games.conformance import NAMES, option_variants

CASES = [
    pytest.param(key, seats, options, id=f"{key}-{seats}-{'-'.join(map(str, options.values()))}")
    for key, game in CATALOG.items()
    for seats in range(game.min_seats, game.max_seats + 1)
    for options in option_variants(game)
]

POSITIONS = 1
"""Positions checked per case, at random points of one random playout, plus the end."""


def test_every_game_has_pictures() -> None:
    assert set(ARTISTS) == set(CATALOG)


def _table(game: AnyGame, state: Any, names: tuple[str, ...]) -> bytes:
    return png(render(ARTISTS[game.key].table(game.view(state, None), names)))


def _hand(game: AnyGame, state: Any, seat: int, names: tuple[str, ...]) -> bytes:
    return png(render(ARTISTS[game.key].hand(game.view(state, seat), names, "")))


def _assert_no_leak(game: AnyGame, state: Any, rng: random.Random) -> None:
    names = NAMES[: game.seat_count(state)]
    assert _table(game, game.redeal(state, None, rng), names) == _table(game, state, names), (
        f"{game.key}: the public picture shows something hidden"
    )
    seat = rng.randrange(game.seat_count(state))
    assert _hand(game, game.redeal(state, seat, rng), seat, names) == _hand(
        game, state, seat, names
    ), f"{game.key}: seat {seat}'s picture depends on what it may not know"


def _play(
    game: AnyGame, seats: int, options: dict[str, Any], seed: str
) -> tuple[Any, random.Random]:
    rng = random.Random(seed)
    return game.new(seats, rng.getrandbits(32), game.options(options)), rng


def _move(game: AnyGame, state: Any, rng: random.Random) -> None:
    acting = rng.choice(game.to_act(state))
    game.apply(state, acting, game.random_action(state, acting, rng))


@pytest.mark.parametrize(("key", "seats", "options"), CASES)
def test_pictures_hold_nothing_hidden(key: str, seats: int, options: dict[str, Any]) -> None:
    game = CATALOG[key]
    seed = f"{key}-{seats}-{options}"
    state, rng = _play(game, seats, options, seed)
    length = 0
    while game.to_act(state):
        _move(game, state, rng)
        length += 1
    # The same game again, stopping at random points of it; then the end.
    checker = random.Random(seed)
    stops = set(checker.sample(range(length), min(POSITIONS, length)))
    state, rng = _play(game, seats, options, seed)
    for moves in range(length):
        if moves in stops:
            _assert_no_leak(game, state, checker)
        _move(game, state, rng)
    _assert_no_leak(game, state, checker)
