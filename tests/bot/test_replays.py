"""Rebuilding a game's public record from its seed and stored moves (bot.replays)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from datetime import UTC, datetime

from bot.replays import export_json, export_text, rebuild
from bot.storage.tables import Turn
from bot.tables.model import Player, Table, TableStatus
from games.fraud import GAME
from games.fraud.model import FraudState

SEED = 21
WHEN = datetime(2026, 1, 2, 3, 4, tzinfo=UTC)


def played(moves: int | None = None) -> tuple[Table, list[Turn], list[FraudState]]:
    """A two-seat Fraud game played with random moves, as the event log stores it."""
    state = GAME.new(2, SEED, GAME.options())
    rng = random.Random(1)
    turns: list[Turn] = []
    states = [GAME.clone(state)]
    while (acting := GAME.to_act(state)) and (moves is None or len(turns) < moves):
        action = GAME.random_action(state, acting[0], rng)
        events = GAME.apply(state, acting[0], action)
        lines = tuple(GAME.narrate(e, ("ann", "bo")) for e in events if e.audience is None)
        turns.append(Turn(acting[0], GAME.dump_action(action), lines))
        states.append(GAME.clone(state))
    table = Table(
        id=7,
        guild_id=1,
        channel_id=2,
        game_key=GAME.key,
        status=TableStatus.FINISHED,
        host_id=10,
        options=GAME.options().model_dump(mode="json"),
        seats=(Player("ann", 10), Player("bo", 11)),
        version=len(turns),
        turn_seconds=0,
        seed=SEED,
        state_json=GAME.dump_state(state),
        message_id=None,
        ping_message_id=None,
        outcome_json=None,
        created_at=WHEN,
        started_at=WHEN,
        finished_at=WHEN,
    )
    return table, turns, states


def test_every_frame_is_the_public_view_of_the_game_as_played() -> None:
    table, turns, states = played()
    replay = rebuild(table, GAME, turns)
    assert replay.problem is None and replay.moves == len(turns)
    for frame, state in zip(replay.frames, states, strict=True):
        assert frame.view == GAME.view(state, None)
        assert frame.to_act == GAME.to_act(state)
        assert all(event.audience is None for event in frame.events)
    assert [line for f in replay.frames for line in f.lines] == [
        line for turn in turns for line in turn.public_lines
    ]
    assert replay.last.outcome == GAME.outcome(states[-1]) is not None


def test_a_record_the_rules_no_longer_accept_is_replayed_as_far_as_it_goes() -> None:
    table, turns, _ = played()
    broken = [*turns[:3], Turn(turns[3].seat, '{"type": "no such move"}', ()), *turns[4:]]
    replay = rebuild(table, GAME, broken)
    assert replay.moves == 3
    assert replay.problem is not None and "stops after move 3" in replay.problem


def test_a_record_that_ends_elsewhere_than_the_saved_game_says_so() -> None:
    table, turns, _ = played()
    _, _, halfway = played(moves=4)
    moved_on = replace(table, state_json=GAME.dump_state(halfway[-1]))
    replay = rebuild(moved_on, GAME, turns)
    assert replay.problem is not None and "may differ" in replay.problem


def test_the_exports_hold_no_seed_and_no_action() -> None:
    table, turns, _ = played()
    replay = rebuild(table, GAME, turns)
    record = json.loads(export_json(replay))
    assert record["moves"][0]["step"] == 0 and len(record["moves"]) == len(turns) + 1
    assert str(SEED) not in json.dumps({k: v for k, v in record.items() if k != "moves"})
    assert all(
        set(move) == {"step", "seat", "lines", "to_act", "table"} for move in record["moves"]
    )
    text = export_text(replay)
    assert text.startswith("Fraud") or "table 7" in text.splitlines()[0]
    assert "Seats: 1. ann, 2. bo" in text and "Result:" in text
