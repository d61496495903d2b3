"""Checks every game must pass, written once against the engine contract (games/core).

``check_step`` is the heavy per-position check; ``option_variants`` derives the
lobby options worth covering from a game's Options model, so a new option is
covered without touching this file.
"""

from __future__ import annotations

import enum
import itertools
import json
import random
import types
import typing
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import BaseModel

from games.core.errors import GameError
from games.core.game import Seat
from games.core.registry import AnyGame

NAMES = tuple(f"Seat {n + 1}" for n in range(10))


def option_variants(game: AnyGame) -> list[dict[str, Any]]:
    """Every combination of the options' interesting values.

    Booleans and choices take every value; numbers take their default and the
    smallest suggested value (games suggest shorter settings for quick tables).
    Hidden options (server data such as house word lists) keep their default.
    """
    model: type[BaseModel] = game.options_type
    axes: list[list[tuple[str, Any]]] = []
    for name, field in model.model_fields.items():
        extra = field.json_schema_extra
        if isinstance(extra, dict) and extra.get("hidden") is True:
            continue  # server-set data (a word list), not a variant of the rules
        values = _interesting_values(field.annotation, field.default, extra)
        axes.append([(name, value) for value in values])
    return [dict(combo) for combo in itertools.product(*axes)]


def _interesting_values(annotation: Any, default: Any, extra: Any) -> list[Any]:
    if annotation is bool:
        return [False, True]
    if typing.get_origin(annotation) is Literal:
        return list(typing.get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return list(annotation)
    if isinstance(annotation, types.UnionType):
        return [default]
    suggested = extra.get("suggested") if isinstance(extra, dict) else None
    if isinstance(suggested, list) and suggested:
        return sorted({default, min(suggested)})
    return [default]


def check_step(game: AnyGame, state: Any, rng: random.Random) -> None:
    """Everything that must hold in any position, checked without changing it."""
    before = game.dump_state(state)
    seats = game.seat_count(state)
    acting = game.to_act(state)

    # The state survives a JSON round trip unchanged.
    assert game.dump_state(game.load_state(before)) == before

    # Views and narration work for everyone, and the text renderer copes with them.
    for seat in [None, *range(seats)]:
        game.describe(game.view(state, seat), NAMES)

    # No view depends on anything its reader may not know.
    for observer in [None, *range(seats)]:
        # redeal itself only uses what the observer knows: redealing a world the
        # observer cannot tell apart from this one gives the very same world.
        key = rng.getrandbits(32)
        direct = game.redeal(state, observer, random.Random(key))
        indirect = game.redeal(game.redeal(state, observer, rng), observer, random.Random(key))
        assert game.dump_state(direct) == game.dump_state(indirect), (
            f"{game.key}: redeal for {observer} depends on what {observer} cannot see"
        )
        other_world = game.redeal(state, observer, rng)
        game.check_state(other_world)
        assert game.view(other_world, observer) == game.view(state, observer), (
            f"{game.key}: the view of {observer} changed when hidden things were redealt"
        )
        if observer is not None:
            assert game.to_act(other_world) == acting
            assert game.legal_actions(other_world, observer) == game.legal_actions(
                state, observer
            ), f"{game.key}: seat {observer}'s options depend on hidden things"
    assert game.dump_state(state) == before, "redeal changed the real state"

    for seat in acting:
        legal = game.legal_actions(state, seat)
        assert legal, f"{game.key}: seat {seat} must act but has no listed action"
        for action in legal:
            game.check(state, seat, action)
            assert game.parse_action(game.dump_action(action)) == action
        for event in game.apply(game.clone(state), seat, rng.choice(legal)):
            game.narrate(event, NAMES)

    # A seat that may not act is refused, and nothing changes.
    waiting = [seat for seat in range(seats) if seat not in acting]
    if acting and waiting:
        intruder = rng.choice(waiting)
        action = rng.choice(game.legal_actions(state, acting[0]))
        _assert_refused(game, state, intruder, action)
    for seat in acting:
        for action in _mutations(game, game.legal_actions(state, seat), rng):
            _assert_refused_or_legal(game, state, seat, action)
    assert game.dump_state(state) == before


def _assert_refused(game: AnyGame, state: Any, seat: Seat, action: Any) -> None:
    before = game.dump_state(state)
    try:
        game.apply(state, seat, action)
    except GameError:
        pass
    else:
        raise AssertionError(f"{game.key}: seat {seat} was allowed {action} out of turn")
    assert game.dump_state(state) == before


def _assert_refused_or_legal(game: AnyGame, state: Any, seat: Seat, action: Any) -> None:
    """A mutated action is either refused by both check and apply, or legal.

    Whether a refusal left the state untouched is checked once at the end of
    :func:`check_step`, which compares the whole state with its saved text.
    """
    try:
        game.check(state, seat, action)
    except GameError:
        try:
            game.apply(state, seat, action)
        except GameError:
            return
        raise AssertionError(f"{game.key}: check refused {action} but apply took it") from None
    game.apply(game.clone(state), seat, action)


def _mutations(game: AnyGame, legal: list[Any], rng: random.Random) -> Iterator[Any]:
    """Legal actions with one field changed to something nearby or absurd."""
    for action in rng.sample(legal, min(2, len(legal))):
        raw = json.loads(game.dump_action(action))
        for path in _paths(raw):
            for value in (-1, 0, 1, 99, "x", None):
                mutated = _replace(raw, path, value)
                try:
                    yield game.parse_action(mutated)
                except GameError:
                    continue


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(data, dict):
        for key, value in data.items():
            if key != "type":
                yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, (*prefix, index))
    else:
        yield prefix


def _replace(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, *rest = path
    if isinstance(data, dict):
        return {**data, head: _replace(data[head], tuple(rest), value)}
    copy = list(data)
    copy[head] = _replace(copy[head], tuple(rest), value)
    return copy
