"""Stored Fraud from Trandosha tables load and replay exactly, in every variant.

``data/stored_games.json`` was written once by :func:`record` (with the code as it
was on 26 Nov 2026, before the engine was made faster) and must never be rewritten:
it pins what a stored table is. For every option set and seat count it holds a game
played at random (its seed and moves), a digest of the state stored after every move
and of the events every move told, and the stored state after the first round ended
(a showdown in it). The engine may change how it works, never what it stores or says.

    uv run --locked python -m tests.games.fraud.test_stored   # prints the file: do not rewrite it
"""

from __future__ import annotations

import json
import random
from hashlib import sha256
from pathlib import Path
from typing import Any

import pytest

from games.core.chance import fresh_seed
from games.fraud import GAME
from games.fraud.model import Action, Bid, CallFraud, CallOnTarget, FraudState
from tests.games.conformance import option_variants

DATA = Path(__file__).parent / "data" / "stored_games.json"
SEATS = range(GAME.min_seats, GAME.max_seats + 1)


def _move_text(action: Action) -> str:
    match action:
        case Bid(count=count, value=value):
            return f"{count}x{value}"
        case CallFraud():
            return "fraud"
        case CallOnTarget():
            return "on_target"
    raise AssertionError(action)


def _parse_move(text: str) -> Action:
    if text in ("fraud", "on_target"):
        return GAME.parse_action({"type": text})
    count, _, value = text.partition("x")
    return GAME.parse_action({"type": "bid", "count": int(count), "value": int(value)})


def _digests(state: FraudState, moves: list[tuple[int, str]]) -> tuple[str, str, str | None]:
    """Play ``moves`` with :meth:`apply`: digests of every stored state and of every event
    told, and the stored state just after the first round ended."""
    states, events = sha256(GAME.dump_state(state).encode()), sha256()
    first_showdown = None
    for seat, move in moves:
        news = GAME.apply(state, seat, _parse_move(move))
        stored = GAME.dump_state(state)
        states.update(stored.encode())
        events.update(repr(news).encode())
        if first_showdown is None and state.last_showdown is not None:
            first_showdown = stored
    return states.hexdigest(), events.hexdigest(), first_showdown


def _digest(text: str | None) -> str:
    return sha256((text or "").encode()).hexdigest()


def record() -> dict[str, Any]:
    """Play and pin one game per option set and seat count (how the data was made)."""
    games = []
    for number, options in enumerate(option_variants(GAME)):
        for seats in SEATS:
            rng = random.Random(f"{number}/{seats}")
            # Tables dealt before word luck had small seeds; new ones draw it by words.
            seed = fresh_seed(rng.getrandbits) if seats % 2 else rng.getrandbits(62)
            state = GAME.new(seats, seed, GAME.options(options))
            moves = []
            while acting := GAME.to_act(state):
                action = rng.choice(GAME.legal_actions(state, acting[0]))
                moves.append((acting[0], _move_text(action)))
                GAME.apply(state, acting[0], action)
            fresh = GAME.new(seats, seed, GAME.options(options))
            states, events, first_showdown = _digests(fresh, moves)
            games.append(
                {
                    "options": options,
                    "seats": seats,
                    "seed": seed,
                    "moves": [f"{seat}:{move}" for seat, move in moves],
                    "states_sha256": states,
                    "events_sha256": events,
                    "after_first_round_sha256": _digest(first_showdown),
                    # One seat count per option set keeps the whole stored state to load.
                    "after_first_round": first_showdown if seats == 2 + number % 4 else None,
                }
            )
    return {"games": games}


STORED: list[dict[str, Any]] = json.loads(DATA.read_text())["games"] if DATA.exists() else []


def _label(record: dict[str, Any]) -> str:
    chosen = ",".join(f"{name}={value}" for name, value in record["options"].items())
    return f"{record['seats']}p {chosen}"


def _moves(record: dict[str, Any]) -> list[tuple[int, str]]:
    return [(int(seat), move) for seat, _, move in (m.partition(":") for m in record["moves"])]


def test_every_option_set_and_seat_count_is_pinned() -> None:
    pinned = {(json.dumps(r["options"], sort_keys=True), r["seats"]) for r in STORED}
    expected = {
        (json.dumps(options, sort_keys=True), seats)
        for options in option_variants(GAME)
        for seats in SEATS
    }
    assert pinned == expected


@pytest.mark.parametrize("record", STORED, ids=_label)
def test_a_stored_game_replays_to_the_same_states_and_events(record: dict[str, Any]) -> None:
    state = GAME.new(record["seats"], record["seed"], GAME.options(record["options"]))
    states, events, first_showdown = _digests(state, _moves(record))
    assert _digest(first_showdown) == record["after_first_round_sha256"]
    assert states == record["states_sha256"]
    assert events == record["events_sha256"]


@pytest.mark.parametrize("record", [r for r in STORED if r["after_first_round"]], ids=_label)
def test_a_stored_table_loads_and_plays_on_as_it_did(record: dict[str, Any]) -> None:
    """The state stored after the first round loads, stores back byte for byte, and the
    game's remaining moves from it end where the pinned game ended."""
    stored = record["after_first_round"]
    loaded = GAME.load_state(stored)
    assert GAME.dump_state(loaded) == stored
    moves = _moves(record)
    played = GAME.new(record["seats"], record["seed"], GAME.options(record["options"]))
    done = 0
    while GAME.dump_state(played) != stored:
        seat, move = moves[done]
        GAME.apply(played, seat, _parse_move(move))
        done += 1
    for seat, move in moves[done:]:
        GAME.apply(played, seat, _parse_move(move))
        GAME.apply(loaded, seat, _parse_move(move))
    assert GAME.dump_state(loaded) == GAME.dump_state(played)


@pytest.mark.parametrize("record", STORED, ids=_label)
def test_advance_leaves_the_state_apply_leaves(record: dict[str, Any]) -> None:
    """A computer player's moves (``advance``: no check, no events) store the same state
    as the same moves applied."""
    options = GAME.options(record["options"])
    applied = GAME.new(record["seats"], record["seed"], options)
    advanced = GAME.new(record["seats"], record["seed"], options)
    for seat, move in _moves(record):
        action = _parse_move(move)
        GAME.apply(applied, seat, action)
        GAME.advance(advanced, seat, action)
        assert GAME.dump_state(advanced) == GAME.dump_state(applied)
        assert advanced == applied


if __name__ == "__main__":
    print(json.dumps(record()))
