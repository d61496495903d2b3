"""Replays: a finished game's public record, rebuilt move by move.

A replay is what a bystander could have seen, never more. It is rebuilt from the
table's seed and its stored actions through the engine, exactly as the game was
played, and keeps only the public view after each move, the public events of the
move and the lines the channel was told. No state, seat view or private event
leaves this module, so nothing a renderer draws from a frame can show a hidden
hand, die or letter before the game made it public.

Every game ever played here can be replayed: the event log has held the seat and
the action of every move since the first migration. A record the engine can no
longer follow (a rule changed since) is replayed as far as it goes and says so.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from pydantic_core import to_jsonable_python

from bot.storage.tables import Turn
from bot.tables.model import Table, TableStatus
from bot.tables.service import TableError, TableService
from games.core.errors import CorruptState, GameError
from games.core.game import Event, Outcome, Seat
from games.core.registry import AnyGame
from games.core.wording import tr

__all__ = ["Frame", "Replay", "ReplayService", "export_json", "export_text"]

CACHE_SIZE = 32
"""Replays kept rebuilt: a finished game never changes, so stepping through one costs
one rebuild however many buttons are pressed."""


@dataclass(frozen=True, slots=True)
class Frame:
    """The table as the channel saw it after one move (step 0: the opening deal)."""

    step: int
    seat: Seat | None
    """Who moved; ``None`` for the opening."""
    lines: tuple[str, ...]
    """What the channel was told of this move."""
    events: tuple[Event, ...]
    """The move's public events (never a seat's private news)."""
    view: Any
    """The game's public view after the move."""
    to_act: tuple[Seat, ...]
    outcome: Outcome | None


@dataclass(frozen=True, slots=True)
class Replay:
    table: Table
    game: AnyGame
    frames: tuple[Frame, ...]
    problem: str | None = None
    """Why the record stops short of the game, when it does."""

    @property
    def moves(self) -> int:
        return len(self.frames) - 1

    @property
    def last(self) -> Frame:
        return self.frames[-1]

    def recent(self, step: int, count: int) -> tuple[str, ...]:
        """The last ``count`` public lines up to and including ``step``, oldest first."""
        lines: list[str] = []
        for frame in reversed(self.frames[: step + 1]):
            lines[:0] = frame.lines
            if len(lines) >= count:
                break
        return tuple(lines[-count:]) if count > 0 else ()


class ReplayService:
    """Rebuilds finished games for replays and exports."""

    def __init__(self, tables: TableService) -> None:
        self._tables = tables
        self._cache: OrderedDict[int, Replay] = OrderedDict()

    async def replay(self, table_id: int, guild_id: int) -> Replay:
        """The public record of a finished (or ended) game of this server."""
        table = await self._tables.get(table_id)
        if table.guild_id != guild_id:
            raise TableError(tr("That game was played in another server."))
        if table.status.is_open:
            raise TableError(tr("That game is still being played: press Watch on its table."))
        if table.status is TableStatus.CANCELLED or table.seed is None:
            raise TableError(tr("That lobby never started, so there is no game to replay."))
        cached = self._cache.get(table_id)
        if cached is not None:
            self._cache.move_to_end(table_id)
            return cached
        game = self._tables.game(table.game_key)
        turns = await self._tables.turns(table_id)
        # Off the event loop: a long game is hundreds of moves, and a word game may first
        # read its word list.
        replay = await asyncio.to_thread(rebuild, table, game, turns)
        self._cache[table_id] = replay
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return replay


def rebuild(table: Table, game: AnyGame, turns: list[Turn]) -> Replay:
    """Play the stored moves again from the seed, keeping only what was public."""
    assert table.seed is not None
    game.prepare()
    try:
        state = game.new(len(table.seats), table.seed, game.options(table.options))
    except GameError:
        # Options the rules no longer accept (a renamed variant): not one move of this
        # game could be shown truthfully, so say so rather than replay another game.
        raise TableError(
            tr(
                "This game cannot be replayed: the rules of {title} changed since it was "
                "played, and its options no longer exist.",
                title=game.title,
            )
        ) from None
    frames = [_frame(game, state, 0, None, (), ())]
    problem = None
    for step, turn in enumerate(turns, start=1):
        try:
            action = game.parse_action(turn.action_json)
            events = game.apply(state, turn.seat, action)
        except GameError:
            problem = tr(
                "The record stops after move {value}: the rules of {title} changed since "
                "this game was played, so the rest cannot be shown.",
                value=step - 1,
                title=game.title,
            )
            break
        public = tuple(event for event in events if event.audience is None)
        frames.append(_frame(game, state, step, turn.seat, turn.public_lines, public))
    else:
        if table.state_json is not None and not _same_state(game, state, table.state_json):
            problem = tr(
                "This record may differ from the game as played: the rules of {title} "
                "changed since.",
                title=game.title,
            )
    return Replay(table, game, tuple(frames), problem)


def _frame(
    game: AnyGame,
    state: Any,
    step: int,
    seat: Seat | None,
    lines: tuple[str, ...],
    events: tuple[Event, ...],
) -> Frame:
    return Frame(
        step=step,
        seat=seat,
        lines=lines,
        events=events,
        view=game.view(state, None),
        to_act=game.to_act(state),
        outcome=game.outcome(state),
    )


def _same_state(game: AnyGame, state: Any, saved: str) -> bool:
    try:
        return bool(game.dump_state(game.load_state(saved)) == game.dump_state(state))
    except CorruptState:
        return False


# -- exports -----------------------------------------------------------------------------------


def export_json(replay: Replay) -> str:
    """The public record for tools: every move's public lines and the public table after it.

    No seed and no actions: the seed deals every hidden hand, and an action can be a
    secret choice nobody else ever saw.
    """
    table, game = replay.table, replay.game
    record = {
        "format": "tricky-public-record/1",
        "table_id": table.id,
        "game": game.key,
        "title": game.title,
        "status": table.status.value,
        "options": table.options,
        "turn_seconds": table.turn_seconds,
        "started_at": None if table.started_at is None else table.started_at.isoformat(),
        "finished_at": None if table.finished_at is None else table.finished_at.isoformat(),
        "seats": [
            {
                "seat": seat,
                "name": player.name,
                "user_id": player.user_id,
                "computer": player.computer,
                "taken_over": player.taken_over,
            }
            for seat, player in enumerate(table.seats)
        ],
        "moves": [
            {
                "step": frame.step,
                "seat": frame.seat,
                "lines": list(frame.lines),
                "to_act": list(frame.to_act),
                "table": to_jsonable_python(frame.view),
            }
            for frame in replay.frames
        ],
        "outcome": _outcome(replay.last.outcome),
        "note": replay.problem,
    }
    return json.dumps(record, indent=1, ensure_ascii=False) + "\n"


def _outcome(outcome: Outcome | None) -> dict[str, list[int]] | None:
    if outcome is None:
        return None
    return {"places": list(outcome.places), "scores": list(outcome.scores)}


def export_text(replay: Replay) -> str:
    """The public record for people: who played, every public line, and how it ended."""
    table, game = replay.table, replay.game
    names = table.names
    out = [tr("{title}, table {id}", title=game.title, id=str(table.id))]
    if table.started_at is not None:
        out.append(f"Started {table.started_at:%Y-%m-%d %H:%M} UTC")
    if table.finished_at is not None:
        ended = tr("Ended early") if table.status is TableStatus.ENDED else tr("Finished")
        out.append(f"{ended} {table.finished_at:%Y-%m-%d %H:%M} UTC")
    out.append(tr("Seats: ") + ", ".join(f"{seat + 1}. {name}" for seat, name in enumerate(names)))
    out += ["", tr("Moves:")]
    number = 0
    for frame in replay.frames[1:]:
        for line in frame.lines:
            number += 1
            out.append(f"{number}. {line}")
    out += ["", tr("The table at the end:"), game.describe(replay.last.view, names)]
    outcome = replay.last.outcome
    if outcome is not None:
        ranked = sorted(range(len(names)), key=lambda seat: (outcome.places[seat], seat))
        out += ["", tr("Result:")]
        out += [
            f"{outcome.places[seat]}. {names[seat]} ({outcome.scores[seat]})" for seat in ranked
        ]
    if replay.problem:
        out += ["", replay.problem]
    return "\n".join(out) + "\n"
