"""Building what a presenter reads (a table, a seat's or the public view) without Discord."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from bot.tables.model import Player, Table, TableStatus
from bot.tables.service import PublicTable, SeatTable
from games.core.registry import AnyGame


def table_for(
    game: AnyGame,
    state: Any,
    *,
    version: int = 7,
    table_id: int = 42,
    status: TableStatus | None = None,
) -> Table:
    seats = game.seat_count(state)
    if status is None:
        status = TableStatus.ACTIVE if game.outcome(state) is None else TableStatus.FINISHED
    return Table(
        id=table_id,
        guild_id=1,
        channel_id=2,
        game_key=game.key,
        status=status,
        host_id=100,
        options={},
        seats=tuple(Player(f"P{seat}", 100 + seat) for seat in range(seats)),
        version=version,
        turn_seconds=0,
        seed=1,
        state_json=game.dump_state(state),
        message_id=None,
        ping_message_id=None,
        outcome_json=None,
        created_at=datetime(2026, 1, 1, tzinfo=UTC),
        started_at=None,
        finished_at=None,
    )


def seat_table(game: AnyGame, state: Any, seat: int, **table: Any) -> SeatTable:
    return SeatTable(
        table=table_for(game, state, **table),
        game=game,
        seat=seat,
        view=game.view(state, seat),
        legal=game.legal_actions(state, seat),
        to_act=game.to_act(state),
        outcome=game.outcome(state),
    )


def public_table(game: AnyGame, state: Any, **table: Any) -> PublicTable:
    return PublicTable(
        table=table_for(game, state, **table),
        game=game,
        view=game.view(state, None),
        to_act=game.to_act(state),
        outcome=game.outcome(state),
        recent=(),
    )
