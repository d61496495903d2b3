"""The table service: lobbies, and moves applied to games, safely and durably.

Every change to a table goes through here: load, lock, apply, save, notify. It
knows nothing of Discord; the cogs call it with user ids and display names and
listen for changes to redraw the channel.

Safety: one asyncio lock per table serialises everything that changes it; a
move names the version it was made against, and a stale version is refused;
the new state and its event row are written in one transaction, so a crash
leaves the table at its last committed move.
"""

from __future__ import annotations

import asyncio
import json
import logging
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import partial
from typing import Any, Literal, Protocol

from bot.clock import Clock
from bot.errors import UserError
from bot.guilds import GuildSettings, GuildSettingsService
from bot.ratings import Rating, Standing, rate
from bot.results import GameResult, rating_blocker, seat_results
from bot.shards import UNSHARDED, Shards
from bot.storage.database import Database
from bot.storage.guilds import GuildSettingsRepository
from bot.storage.results import ResultsRepository
from bot.storage.tables import (
    AlreadyRematched,
    ChannelTaken,
    StaleVersion,
    TableRepository,
    Turn,
)
from bot.tables.admission import Admission, Busy
from bot.tables.model import Player, RunningGame, Table, TableStatus
from games.ai.hints import Hint, hint, hint_seed
from games.catalog import tactics_for
from games.core.chance import fresh_seed
from games.core.errors import GameError
from games.core.game import Event, Outcome, Seat
from games.core.registry import AnyGame, Catalog
from games.core.wording import Speaker, ntr, speaker, speaking, tr

__all__ = [
    "MOVES_AT_ONCE",
    "MOVES_WAITING",
    "Busy",
    "Change",
    "MoveRefused",
    "Played",
    "PublicTable",
    "Rematch",
    "SeatTable",
    "StaleTable",
    "TableError",
    "TableListener",
    "TableService",
]

log = logging.getLogger(__name__)

RECENT_LINES = 8
"""How many public event lines the table message shows."""
STATE_CACHE_BYTES = 64 << 20
"""About how much memory the parsed game states kept for the next move may take: some
fifteen thousand tables of a few KiB each, so a busy bot's running tables all stay parsed
(measured with ``bench/capacity.py --case tables``). A count would be wrong both ways: a
Fraud state takes three times a Tricky one."""
ROW_CACHE_BYTES = 48 << 20
"""About how much memory the table rows kept by the repository may take."""
ROW_BYTES = 3 << 10
"""A cached row's memory: its state's JSON (0.6 to 1.7 KiB across the games) with the
seats and the latest public lines around it. The repository counts rows, so the budget
is handed to it as a count: 16,384 rows, where a fixed 4,096 made a bot with 10,000
running tables read most rows again on every click."""
PARSED_PER_JSON_BYTE = 4
"""A parsed state's memory over its JSON text's length: 2 to 5 across the games (measured
with ``tracemalloc``), the lookups worked out for it included."""
MOVES_AT_ONCE = 4
"""Players' moves the service works on at once (``TRICKY_MOVES_AT_ONCE``)."""
MOVES_WAITING = MOVES_AT_ONCE
"""Players' moves that may wait for one of those places; more are refused as busy. As many
as run at once: a move accepted waits about one move's time at most (measured with
``bench/capacity.py --case overload``: a longer queue only makes accepted moves later)."""
MOVE_PATIENCE = 2.0
"""Seconds a move waits for a place before it is refused as busy: inside Discord's 3."""


class TableError(UserError):
    """A user's request about a table that cannot be done; the message says why, kindly."""


class StaleTable(TableError):
    """The move was made on an outdated view of the table."""


class MoveRefused(TableError):
    """The game refused the move: its rules forbid it, or it is no move of that game.

    The reply layer knows one kind of user error; the game's own (``error``, with its
    precise kind) is kept for whoever needs more than the message. The message is the
    game's reason in the language spoken where the move was tried: a member's move is
    tried in their handler's task, which speaks their language.
    """

    def __init__(self, error: GameError) -> None:
        super().__init__(error.worded())
        self.error = error


ChangeKind = Literal[
    "opened",
    "joined",
    "left",
    "host",
    "options",
    "started",
    "acted",
    "finished",
    "cancelled",
    "ended",
    "reminder",
]
MoveBy = Literal["player", "clock", "computer"]
"""Who made a move: the seat's player, the turn clock standing in (AW1), or a computer seat."""

AWAY_TAKEOVER = 3
"""Timeouts in a row after which a computer player takes the seat over (AW1)."""
COMPUTER_LEVELS = ("easy", "hard")


@dataclass(frozen=True, slots=True)
class Change:
    """What the service tells listeners after every committed change."""

    table: Table
    kind: ChangeKind
    lines: tuple[str, ...] = ()
    """The public events of the change, narrated."""
    events: tuple[Event, ...] = ()
    """The public events themselves, for presenters that announce some (a hand's summary)."""
    actor: Seat | None = None
    """The seat that moved, for a move."""
    reminded: tuple[Seat, ...] = ()
    """For a reminder: the seats whose clock is half gone."""


class TableListener(Protocol):
    async def table_changed(self, change: Change) -> None: ...


@dataclass(frozen=True, slots=True)
class Played:
    table: Table
    seat: Seat
    events: list[Event]
    lines: tuple[str, ...]
    private_lines: tuple[str, ...]
    """What only the acting seat learnt."""


@dataclass(frozen=True, slots=True)
class Rematch:
    """The lobby that replays a finished game, and whether this press opened it."""

    lobby: Table
    opened: bool


@dataclass(frozen=True, slots=True)
class PublicTable:
    """What the channel may see of a table."""

    table: Table
    game: AnyGame
    view: Any
    """The game's public view; ``None`` for a lobby."""
    to_act: tuple[Seat, ...]
    outcome: Outcome | None
    recent: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SeatTable:
    """What one seated player may see and do."""

    table: Table
    game: AnyGame
    seat: Seat
    view: Any
    legal: list[Any]
    to_act: tuple[Seat, ...]
    outcome: Outcome | None


@dataclass(frozen=True, slots=True)
class _Look:
    """What one seat (``None``: the channel) sees of a state, and what it may do."""

    view: Any
    legal: tuple[Any, ...]
    to_act: tuple[Seat, ...]
    outcome: Outcome | None


@dataclass(slots=True)
class _Cached:
    version: int
    state: Any
    size: int
    """What the entry is reckoned to take in memory, in bytes."""
    looks: dict[Seat | None, _Look] = field(default_factory=dict)
    """Worked out once per version: a click draws the panel its seat was just shown."""


@dataclass(slots=True)
class _StateCache:
    """Recently used game states by table, so a move does not re-parse JSON.

    The database stays the truth: an entry is used only if its version matches
    the table row. A move takes its table's entry out while it applies and saves
    (the engine changes the state in place), so nobody looks at a state that is
    not committed, and puts the new state back once it is. What it holds is bounded by
    memory (``capacity`` bytes, each entry reckoned from its JSON's length), not by a
    count of tables.
    """

    capacity: int
    entries: OrderedDict[int, _Cached] = field(default_factory=OrderedDict)
    held: int = 0
    """The bytes the entries are reckoned to take."""

    def get(self, table: Table) -> Any | None:
        entry = self.entry(table)
        return None if entry is None else entry.state

    def entry(self, table: Table) -> _Cached | None:
        entry = self.entries.get(table.id)
        if entry is None or entry.version != table.version:
            return None
        self.entries.move_to_end(table.id)
        return entry

    def put(self, table_id: int, version: int, state: Any, json_length: int) -> None:
        """Keep ``state``, whose saved JSON is ``json_length`` characters long."""
        self.drop(table_id)
        size = PARSED_PER_JSON_BYTE * json_length
        self.entries[table_id] = _Cached(version, state, size)
        self.held += size
        # The newest stays whatever its size: the caller is about to use it.
        while self.held > self.capacity and len(self.entries) > 1:
            _, dropped = self.entries.popitem(last=False)
            self.held -= dropped.size

    def drop(self, table_id: int) -> None:
        dropped = self.entries.pop(table_id, None)
        if dropped is not None:
            self.held -= dropped.size


class TableService:
    def __init__(
        self,
        db: Database,
        catalog: Catalog,
        clock: Clock,
        *,
        seeds: Callable[[], int] = fresh_seed,
        shards: Shards = UNSHARDED,
        settings: GuildSettingsService | None = None,
        admission: Admission | None = None,
        state_cache_bytes: int = STATE_CACHE_BYTES,
    ) -> None:
        """``settings``: the bot's settings service; by default one of its own. ``admission``:
        how many players' moves run at once and wait (:mod:`bot.tables.admission`)."""
        self._db = db
        self.admission = admission or Admission(
            running=MOVES_AT_ONCE, waiting=MOVES_WAITING, patience=MOVE_PATIENCE
        )
        """How many players' moves run at once and wait; the rest are refused as busy."""
        self._repo = TableRepository(db, shards=shards, cache_size=ROW_CACHE_BYTES // ROW_BYTES)
        self._settings = settings or GuildSettingsService(
            GuildSettingsRepository(db), catalog, clock.now
        )
        self._results = ResultsRepository(db)
        self.catalog = catalog
        self._clock = clock
        self._seeds = seeds
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        """Each table's lock, for as long as someone holds or waits for it (each of them
        keeps it alive): a table is never left with two, and a closed one with none."""
        self._listeners: list[TableListener] = []
        self._states = _StateCache(state_cache_bytes)
        self.channel_language: Callable[[int], Awaitable[Speaker]] | None = None
        """The language a server's channel reads, by guild id (set by ``cogs.speaking``): a
        move's public lines are written in it, whoever moved. None: the mover's language."""

    def listen(self, listener: TableListener) -> None:
        self._listeners.append(listener)

    def unlisten(self, listener: TableListener) -> None:
        self._listeners.remove(listener)

    # -- finding tables -----------------------------------------------------------------------

    async def get(self, table_id: int) -> Table:
        table = await self._repo.get(table_id)
        if table is None:
            raise TableError(tr("That table no longer exists."))
        return table

    async def in_channel(self, channel_id: int) -> Table | None:
        return await self._repo.open_in_channel(channel_id)

    async def open_tables(self) -> list[Table]:
        return await self._repo.open_tables()

    async def guilds_playing(self) -> list[int]:
        """The servers with a running game (nothing loaded: for start-up)."""
        return await self._repo.guilds_playing()

    async def running_games(self, guild_id: int, *, after: int = 0) -> list[RunningGame]:
        """A page of a server's running games by id after ``after``, where they are (nothing
        loaded: for start-up); empty after the last."""
        return await self._repo.running_games(guild_id, after=after)

    async def with_bot_seats(self) -> list[int]:
        """The running games where the bot plays a seat, by id (nothing loaded)."""
        return await self._repo.with_bot_seats()

    def game(self, key: str) -> AnyGame:
        try:
            return self.catalog[key]
        except KeyError:
            raise TableError(f"There is no game called {key!r}.") from None

    # -- lobbies ------------------------------------------------------------------------------

    async def open(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game_key: str,
        host: Player,
        options: dict[str, Any] | None = None,
    ) -> Table:
        game = self.game(game_key)
        assert host.user_id is not None, "a person opens a lobby"
        chosen = await self._lobby_options(guild_id, game, options or {})
        turn_seconds = (await self._settings.get(guild_id)).turn_seconds
        existing = await self._repo.open_in_channel(channel_id)
        if existing is not None:
            raise TableError(_busy(existing, self.game(existing.game_key)))
        try:
            table_id = await self._repo.create_lobby(
                guild_id=guild_id,
                channel_id=channel_id,
                game_key=game_key,
                host=host,
                options=chosen,
                turn_seconds=turn_seconds,
                now=self._clock.now(),
            )
        except ChannelTaken:
            raise TableError(tr("Someone just opened a table in this channel.")) from None
        return await self._changed(table_id, "opened")

    async def practice(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game_key: str,
        player: Player,
        opponents: int,
        level: str,
    ) -> Table:
        """A practice game, started: ``player`` alone with ``opponents`` computer players
        of ``level``, no turn clock, unrated, recording no result. ``channel_id`` is the
        private thread made for it (``cogs.practice``)."""
        assert player.user_id is not None, "a person practises"
        if level not in COMPUTER_LEVELS:
            raise TableError(
                tr("Computer players come in {list}.", list=tr(" and ").join(COMPUTER_LEVELS))
            )
        game = self.game(game_key)
        # As asked, within what the game seats (a game played alone takes no opponent).
        count = min(max(opponents, game.min_seats - 1), game.max_seats - 1)
        computers = [
            Player(
                name=tr("Computer {number} ({level})", number=number, level=level), computer=level
            )
            for number in range(1, count + 1)
        ]
        options = await self._lobby_options(guild_id, game, {})
        try:
            table_id = await self._repo.create_lobby(
                guild_id=guild_id,
                channel_id=channel_id,
                game_key=game_key,
                host=player,
                options=options,
                turn_seconds=0,
                now=self._clock.now(),
                others=computers,
                practice=True,
            )
        except ChannelTaken:
            raise TableError(tr("That thread already has a table.")) from None
        return await self.start(table_id, player.user_id)

    async def join(self, table_id: int, player: Player) -> Table:
        async with self._lock(table_id):
            table = await self._lobby(table_id)
            game = self.game(table.game_key)
            if player.user_id is not None and table.seat_of(player.user_id) is not None:
                raise TableError(tr("You already have a seat at this table."))
            if len(table.seats) >= game.max_seats:
                raise TableError(
                    tr("The table is full ({max_seats} seats).", max_seats=game.max_seats)
                )
            kept = table.kept_for
            if (
                player.user_id not in {held.user_id for held in kept}
                and len(table.seats) + len(kept) >= game.max_seats
            ):
                names = ", ".join(held.name for held in kept)
                raise TableError(
                    tr(
                        "The free seats are kept for the last game's players ({names}) until "
                        "they join or the game starts.",
                        names=names,
                    )
                )
            await self._repo.set_seats(table_id, [*table.seats, player], self._clock.now())
        return await self._changed(table_id, "joined")

    async def rematch(self, finished_id: int, host: Player) -> Rematch:
        """Play again: a lobby in the finished game's channel with its game, options, turn
        clock and computer players, hosted by ``host``, keeping a seat for each of its
        other people. A finished game has one rematch: a later press gets that lobby back
        (``opened`` False), whatever became of it."""
        assert host.user_id is not None, "a person asks for a rematch"
        async with self._lock(finished_id):
            finished = await self.get(finished_id)
            if finished.status.is_open:
                raise TableError(tr("This game is not over yet."))
            if finished.practice:
                raise TableError(tr("A practice game is played again with /tricky practice."))
            if finished.status is TableStatus.CANCELLED:
                raise TableError(tr("That lobby never started, so there is no game to play again."))
            earlier = await self._repo.rematch_of(finished_id)
            if earlier is not None:
                return Rematch(earlier, opened=False)
            game = self.game(finished.game_key)
            existing = await self._repo.open_in_channel(finished.channel_id)
            if existing is not None:
                raise TableError(_busy(existing, self.game(existing.game_key)))
            try:
                options = self._valid_options(game, finished.options)
            except TableError:  # the game's options changed since: the server's defaults
                options = await self._lobby_options(finished.guild_id, game, {})
            kept = [
                Player(name=player.name, user_id=player.user_id)
                for player in finished.seats
                if player.user_id is not None and player.user_id != host.user_id
            ]
            # The kept seats come first: computers fill only what the host and the
            # returning players leave, so a bystander's rematch locks nobody out.
            room = max(game.max_seats - 1 - len(kept), 0)
            computers = [
                Player(name=player.name, computer=player.computer)
                for player in finished.seats
                if player.is_computer
            ][:room]
            try:
                table_id = await self._repo.create_lobby(
                    guild_id=finished.guild_id,
                    channel_id=finished.channel_id,
                    game_key=game.key,
                    host=host,
                    options=options,
                    turn_seconds=finished.turn_seconds,
                    now=self._clock.now(),
                    others=computers,
                    rematch_of=finished_id,
                    reserved=kept,
                )
            except ChannelTaken:
                raise TableError(tr("Someone just opened a table in this channel.")) from None
            except AlreadyRematched:  # another process's press (this one's is locked out)
                again = await self._repo.rematch_of(finished_id)
                assert again is not None
                return Rematch(again, opened=False)
        return Rematch(await self._changed(table_id, "opened"), opened=True)

    async def leave(self, table_id: int, user_id: int) -> Table:
        async with self._lock(table_id):
            table = await self._lobby(table_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError(tr("You are not seated at this table."))
            if user_id == table.host_id:
                raise TableError(tr("You are the host: cancel the lobby instead of leaving it."))
            seats = [player for player in table.seats if player.user_id != user_id]
            await self._repo.set_seats(table_id, seats, self._clock.now())
        return await self._changed(table_id, "left")

    async def host_left(self, table_id: int, host_id: int) -> Table:
        """The lobby's host ``host_id`` has left the server: pass the lobby on.

        The service cannot ask Discord; the caller did, and Discord said the member is
        gone. Their seat is given up and the person seated longest hosts now; with no
        person left seated, the lobby is cancelled, which frees the channel. Returns the
        lobby as it is then.

        The change is made only while ``host_id`` still hosts the open lobby, checked
        under the table's lock: two clicks that found the same host gone pass the lobby
        on once, and a lobby started or closed meanwhile is returned untouched.
        """
        async with self._lock(table_id):
            table = await self.get(table_id)
            if table.status is not TableStatus.LOBBY or table.host_id != host_id:
                return table
            seats = [player for player in table.seats if player.user_id != host_id]
            # Seats keep the order people sat down in (joins append, leaves close the gap),
            # so the first person left has waited longest.
            heir = next((player for player in seats if not player.is_computer), None)
            # Told to the channel, in its language: not in that of whoever found the host gone.
            with speaking(await self._channel_speaker(table.guild_id)):
                if heir is None:
                    await self._cancel_lobby(table)
                    kind: ChangeKind = "cancelled"
                    news = tr(
                        "This lobby closed: its host left the server and nobody else was seated."
                    )
                else:
                    await self._hand_over(table, heir, seats)
                    kind = "host"
                    gone = tr("The host") if table.host is None else table.host.name
                    news = tr(
                        "{gone} left the server, so {name} hosts this lobby now.",
                        gone=gone,
                        name=heir.name,
                    )
        log.info("table %s: host %s left the server (%s)", table_id, host_id, kind)
        table = await self.get(table_id)
        await self._notify(Change(table, kind, (news,)))
        return table

    async def set_option(self, table_id: int, user_id: int, name: str, value: object) -> Table:
        async with self._lock(table_id):
            table = await self._lobby(table_id)
            if user_id != table.host_id:
                raise TableError(tr("Only the host can change the options."))
            game = self.game(table.game_key)
            if name not in game.options_type.model_fields:
                raise TableError(f"{game.title} has no option called {name!r}.")
            chosen = self._valid_options(game, {**table.options, name: value})
            await self._repo.set_options(table_id, chosen, self._clock.now())
        return await self._changed(table_id, "options")

    async def set_clock(self, table_id: int, user_id: int, seconds: int) -> Table:
        """The host sets this table's turn clock before the start (0: no clock)."""
        async with self._lock(table_id):
            table = await self._lobby(table_id)
            if user_id != table.host_id:
                raise TableError(tr("Only the host can set the turn clock."))
            if not 0 <= seconds <= 86_400:
                raise TableError(tr("A turn clock is between no clock and one day."))
            await self._repo.set_turn_seconds(table_id, seconds, self._clock.now())
        return await self._changed(table_id, "options")

    async def add_computer(self, table_id: int, user_id: int, level: str) -> Table:
        """The host seats a computer player of ``level`` (easy or hard)."""
        if level not in COMPUTER_LEVELS:
            raise TableError(
                tr("Computer players come in {list}.", list=tr(" and ").join(COMPUTER_LEVELS))
            )
        async with self._lock(table_id):
            table = await self._lobby(table_id)
            if user_id != table.host_id:
                raise TableError(tr("Only the host can add computer players."))
            game = self.game(table.game_key)
            if len(table.seats) >= game.max_seats:
                raise TableError(
                    tr("The table is full ({max_seats} seats).", max_seats=game.max_seats)
                )
            number = 1 + sum(player.is_computer for player in table.seats)
            robot = Player(
                name=tr("Computer {number} ({level})", number=number, level=level), computer=level
            )
            await self._repo.set_seats(table_id, [*table.seats, robot], self._clock.now())
        return await self._changed(table_id, "joined")

    async def remove_computer(self, table_id: int, user_id: int) -> Table:
        """The host takes back the last computer player seated."""
        async with self._lock(table_id):
            table = await self._lobby(table_id)
            if user_id != table.host_id:
                raise TableError(tr("Only the host can remove computer players."))
            robots = [seat for seat, player in enumerate(table.seats) if player.is_computer]
            if not robots:
                raise TableError(tr("There is no computer player at this table."))
            seats = [player for seat, player in enumerate(table.seats) if seat != robots[-1]]
            await self._repo.set_seats(table_id, seats, self._clock.now())
        return await self._changed(table_id, "left")

    async def start(self, table_id: int, user_id: int) -> Table:
        async with self._lock(table_id):
            table = await self._lobby(table_id)
            if user_id != table.host_id:
                raise TableError(tr("Only the host can start the game."))
            game = self.game(table.game_key)
            seated = len(table.seats)
            if not game.min_seats <= seated <= game.max_seats:
                raise TableError(
                    ntr(
                        "{title} needs {seat_range} players; {count} is seated.",
                        "{title} needs {seat_range} players; {count} are seated.",
                        seated,
                        title=game.title,
                        seat_range=game.seat_range_text(),
                    )
                )
            seed = self._seeds()
            options = game.options(table.options)
            state = game.new(seated, seed, options)
            state_json = game.dump_state(state)
            await self._repo.start(
                table_id,
                seed=seed,
                options=options.model_dump(mode="json"),
                state_json=state_json,
                now=self._clock.now(),
            )
            self._states.put(table_id, 0, state, len(state_json))
        return await self._changed(table_id, "started")

    async def stop(self, table_id: int, user_id: int, *, moderator: bool) -> Table:
        """Cancel a lobby, or end a running game early (AW2): host or moderator only."""
        async with self._lock(table_id):
            table = await self.get(table_id)
            if not table.status.is_open:
                raise TableError(tr("This table is already closed."))
            if user_id != table.host_id and not moderator:
                raise TableError(tr("Only the host or a moderator (Manage Server) can do that."))
            status = (
                TableStatus.CANCELLED if table.status is TableStatus.LOBBY else TableStatus.ENDED
            )
            settings = await self._settings.get(table.guild_id)
            now = self._clock.now()
            async with self._db.transaction() as sql:
                await self._repo.close(sql, table_id, status, now)
                if status is TableStatus.ENDED:  # recorded, never rated (AW2)
                    game = self.game(table.game_key)
                    await self._record_result(sql, table, game, None, settings, now)
            self._states.drop(table_id)
        return await self._changed(
            table_id, "cancelled" if status is TableStatus.CANCELLED else "ended"
        )

    # -- playing ------------------------------------------------------------------------------

    async def act(
        self, table_id: int, user_id: int, action: object, *, version: int | None = None
    ) -> Played:
        """Apply a seated player's move.

        ``action`` is an action of the table's game, or untrusted data (a dict
        or JSON text) to parse into one. ``version`` is the table version the
        player saw; a move made on an older one is refused with
        :class:`StaleTable`; one the game refuses, with :class:`MoveRefused`.
        Either leaves the table as it was. When more moves arrive than the service
        can serve in time, the move is refused with :class:`Busy` before anything
        is applied (:mod:`bot.tables.admission`).
        """
        async with self.admission.admit():
            async with self._lock(table_id):
                table = await self._active(table_id)
                seat = table.seat_of(user_id)
                if seat is None:
                    raise TableError(tr("You are not playing at this table."))
                if table.seats[seat].taken_over:
                    raise TableError(
                        tr(
                            "A computer player took over your seat for the rest of this game after "
                            "your time ran out three turns in a row."
                        )
                    )
                played = await self._move(table, seat, action, version, "player")
            await self._announce_move(played)
        return played

    async def act_for(
        self,
        table_id: int,
        seat: Seat,
        action: object,
        *,
        version: int,
        by: MoveBy,
        chosen_from: tuple[Any, ...] | None = None,
    ) -> Played:
        """Apply a move the bot makes for a seat: the turn clock's stand-in move, or a
        computer player's. ``version`` must be the one the move was chosen on.

        ``chosen_from``: for a computer seat, the legal actions it chose among. Its move
        still stands on a newer version if the seat is still to act with the very same
        choice. Only the bot moves a computer seat, so the seat was to act all along, and
        what moved meanwhile were other seats choosing at the same time (a simultaneous
        ante or bid), whose choices it could not see anyway. Without this, a computer's
        ante thought over for a second was refused whenever a person anted meanwhile,
        and queued again behind every other table's decisions, for ever on a busy bot.
        """
        async with self._lock(table_id):
            table = await self._active(table_id)
            if not 0 <= seat < len(table.seats):
                raise TableError(tr("No such seat."))
            if by == "computer" and not table.seats[seat].played_by_bot:
                raise TableError(tr("A person plays that seat."))
            if version != table.version and by == "computer" and chosen_from is not None:
                look = self._look(table, self.game(table.game_key), seat)
                if seat in look.to_act and look.legal == chosen_from:
                    version = table.version
            played = await self._move(table, seat, action, version, by)
        await self._announce_move(played)
        return played

    async def _move(
        self, table: Table, seat: Seat, action: object, version: int | None, by: MoveBy
    ) -> Played:
        if version is not None and version != table.version:
            raise StaleTable(tr("The table has moved on since you looked: here it is now."))
        game = self.game(table.game_key)
        if isinstance(action, dict | str | bytes):
            try:
                action = game.parse_action(action)
            except GameError as error:
                raise MoveRefused(error) from error
        state = self._state(table, game)
        self._states.drop(table.id)  # back once saved: until then no one may look at it
        try:
            events = game.apply(state, seat, action)
        except GameError as error:
            # The contract: a refused move left the state untouched.
            self._states.put(table.id, table.version, state, len(table.state_json or ""))
            raise MoveRefused(error) from error
        return await self._save(table, game, state, seat, action, events, by)

    async def _channel_speaker(self, guild_id: int) -> Speaker:
        """The language of what the channel is told (:attr:`channel_language`); without
        one, whatever is spoken here."""
        told_in = self.channel_language
        return speaker() if told_in is None else await told_in(guild_id)

    async def _announce_move(self, played: Played) -> None:
        public = tuple(event for event in played.events if event.audience is None)
        kind: ChangeKind = "finished" if played.table.status is TableStatus.FINISHED else "acted"
        await self._notify(Change(played.table, kind, played.lines, public, played.seat))

    async def _save(
        self,
        table: Table,
        game: AnyGame,
        state: Any,
        seat: Seat,
        action: Any,
        events: list[Event],
        by: MoveBy,
    ) -> Played:
        names = table.names
        player = table.seats[seat]
        away = _away_after(player, by)
        # The public lines stay on the table for everyone: the channel's language, not the
        # mover's (an English member's move on a German server is told in German).
        with speaking(await self._channel_speaker(table.guild_id)):
            notes = _away_notes(player, away)
            lines = notes + tuple(
                game.narrate(event, names) for event in events if event.audience is None
            )
        if away != (player.away_streak, player.taken_over):
            streak, taken_over = away
            moved = replace(player, away_streak=streak, taken_over=taken_over)
            table = replace(table, seats=(*table.seats[:seat], moved, *table.seats[seat + 1 :]))
        private = tuple(game.narrate(event, names) for event in events if event.audience == seat)
        outcome = game.outcome(state)
        settings = await self._settings.get(table.guild_id) if outcome else None
        now = self._clock.now()
        state_json = game.dump_state(state)
        outcome_json = None if outcome is None else _outcome_json(outcome)
        turn = Turn(seat, game.dump_action(action), lines)
        save = partial(
            self._repo.save_turn,
            table,
            turn=turn,
            state_json=state_json,
            outcome_json=outcome_json,
            now=now,
        )
        marked_away = away != (player.away_streak, player.taken_over)
        try:
            if not marked_away and outcome is None:
                saved = await save()  # the common move: one statement, one trip to the database
            else:
                async with self._db.transaction() as sql:
                    saved = await save(sql=sql)
                    if marked_away:
                        await self._repo.set_away(
                            sql, table.id, seat, streak=away[0], taken_over=away[1]
                        )
                    if outcome is not None and settings is not None:
                        await self._record_result(sql, table, game, outcome, settings, now)
        except StaleVersion:
            raise StaleTable(
                tr("The table has moved on since you looked: here it is now.")
            ) from None
        self._states.put(table.id, table.version + 1, state, len(state_json))
        return Played(saved, seat, events, lines, private)

    async def _record_result(
        self,
        sql: Any,
        table: Table,
        game: AnyGame,
        outcome: Outcome | None,
        settings: GuildSettings,
        now: datetime,
    ) -> None:
        """Store the result and move the ratings, inside the final move's transaction.

        A practice game stores nothing: it never counts in stats, boards or history."""
        if table.practice:
            return
        blocker = rating_blocker(game, table, settings, ended_early=outcome is None)
        seats = seat_results(table, outcome)
        updated: dict[int, Rating] = {}
        if blocker is None:
            standings = {
                seat.user_id: Standing(seat.place or 0, seat.taken_over)
                for seat in seats
                if seat.user_id is not None
            }
            before = await self._results.ratings_of(sql, table.guild_id, game.key, standings)
            updated = rate(before, standings)
            seats = tuple(
                seat
                if seat.user_id is None
                else replace(
                    seat,
                    rating_before=before.get(seat.user_id, Rating.initial()).shown,
                    rating_after=updated[seat.user_id].shown,
                )
                for seat in seats
            )
        result = GameResult(
            table_id=table.id,
            guild_id=table.guild_id,
            game_key=game.key,
            rated=blocker is None,
            unrated_reason=blocker,
            ended_early=outcome is None,
            options=table.options,
            started_at=table.started_at or table.created_at,
            finished_at=now,
            seats=seats,
        )
        await self._results.record(sql, result, updated, now)

    # -- the turn clock's errands ------------------------------------------------------------

    async def remind(self, table_id: int, seats: tuple[Seat, ...]) -> None:
        """Tell the channel that these seats' clocks are half gone."""
        await self._notify(Change(await self.get(table_id), "reminder", reminded=seats))

    async def close_idle(self, table_id: int, reason: str) -> Table | None:
        """Cancel a lobby that never started, or end a game nobody plays (unrated).

        ``reason`` is a message id (marked with ``N_``): the channel is told it in its own
        language, whatever the caller speaks (the turn clock's sweep speaks none)."""
        async with self._lock(table_id):
            table = await self.get(table_id)
            if not table.status.is_open:
                return None
            status = (
                TableStatus.CANCELLED if table.status is TableStatus.LOBBY else TableStatus.ENDED
            )
            settings = await self._settings.get(table.guild_id)
            now = self._clock.now()
            # A game since removed from the bot still closes, with no result to record.
            game = self.catalog.get(table.game_key)
            async with self._db.transaction() as sql:
                await self._repo.close(sql, table_id, status, now)
                if status is TableStatus.ENDED and game is not None:
                    await self._record_result(sql, table, game, None, settings, now)
            self._states.drop(table_id)
        log.info("table %s closed: %s", table_id, reason)
        kind: ChangeKind = "cancelled" if status is TableStatus.CANCELLED else "ended"
        table = await self.get(table_id)
        with speaking(await self._channel_speaker(table.guild_id)):
            told = tr(reason)
        await self._notify(Change(table, kind, (told,)))
        return table

    async def idle_tables(self, status: TableStatus, before: datetime) -> list[int]:
        return await self._repo.idle_since(status, before)

    async def oldest_update(self, status: TableStatus) -> datetime | None:
        return await self._repo.oldest_update(status)

    def now(self) -> datetime:
        return self._clock.now()

    # -- looking ------------------------------------------------------------------------------

    def legal_for(self, table: Table, seat: Seat) -> tuple[Any, ...]:
        """The legal actions of ``seat`` at ``table``'s version (as loaded by the caller)."""
        return self._look(table, self.game(table.game_key), seat).legal

    async def public(self, table_id: int) -> PublicTable:
        table = await self.get(table_id)
        game = self.game(table.game_key)
        recent = tuple(await self._repo.recent_lines(table_id, RECENT_LINES))
        if table.state_json is None:
            return PublicTable(table, game, None, (), None, recent)
        look = self._look(table, game, None)
        return PublicTable(table, game, look.view, look.to_act, look.outcome, recent)

    async def for_seat(self, table_id: int, user_id: int) -> SeatTable:
        table = await self.get(table_id)
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError(tr("You are not playing at this table."))
        if table.state_json is None:
            raise TableError(tr("The game has not started yet."))
        game = self.game(table.game_key)
        look = self._look(table, game, seat)
        playing = table.status is TableStatus.ACTIVE
        return SeatTable(
            table=table,
            game=game,
            seat=seat,
            view=look.view,
            legal=list(look.legal) if playing else [],
            to_act=look.to_act if playing else (),
            outcome=look.outcome,
        )

    async def hint(self, table_id: int, user_id: int) -> tuple[SeatTable, Hint]:
        """At a practice table, the move the easy computer player would make for this
        member's seat now, and why: from the seat's own knowledge only (``games.ai``)."""
        seat = await self.for_seat(table_id, user_id)
        table = seat.table
        if not table.practice:
            raise TableError(tr("Hints are for practice tables: open one with /tricky practice."))
        if seat.seat not in seat.to_act:
            raise TableError(tr("A hint comes when it is your move."))
        assert table.state_json is not None
        game = self.game(table.game_key)
        seed = hint_seed(table.id, table.version, seat.seat)
        found = await asyncio.to_thread(_hint_from_json, game, table.state_json, seat.seat, seed)
        return seat, found

    async def history(self, table_id: int) -> list[str]:
        """Every public line of a table's event log, in order."""
        return [line for turn in await self._repo.turns(table_id) for line in turn.public_lines]

    async def turns(self, table_id: int) -> list[Turn]:
        """Every stored move of a table, in order: for replays, which rebuild the game from
        its seed and keep only what was public."""
        return await self._repo.turns(table_id)

    # -- bookkeeping the Discord side needs ---------------------------------------------------

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        await self._repo.set_message(table_id, message_id)

    async def set_ping(self, table_id: int, message_id: int | None) -> None:
        await self._repo.set_ping(table_id, message_id)

    # -- helpers ------------------------------------------------------------------------------

    async def _hand_over(self, table: Table, heir: Player, seats: list[Player]) -> None:
        """Make ``heir`` the host, with ``seats``, while the lobby's host left the server."""
        assert heir.user_id is not None, "a person hosts"
        try:
            await self._repo.hand_over(
                table.id,
                host_id=table.host_id,
                heir_id=heir.user_id,
                seats=seats,
                now=self._clock.now(),
            )
        except StaleVersion:
            raise StaleTable(tr("The lobby changed meanwhile: try again.")) from None

    async def _cancel_lobby(self, table: Table) -> None:
        async with self._db.transaction() as sql:
            await self._repo.close(sql, table.id, TableStatus.CANCELLED, self._clock.now())

    def _lock(self, table_id: int) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    async def _lobby(self, table_id: int) -> Table:
        table = await self.get(table_id)
        if table.status is not TableStatus.LOBBY:
            raise TableError(
                tr("This game has already started.")
                if table.status is TableStatus.ACTIVE
                else tr("This lobby is closed.")
            )
        return table

    async def _active(self, table_id: int) -> Table:
        table = await self.get(table_id)
        if table.status is TableStatus.LOBBY:
            raise TableError(tr("The game has not started yet."))
        if table.status is not TableStatus.ACTIVE:
            raise TableError(tr("This game is over."))
        return table

    def _state(self, table: Table, game: AnyGame) -> Any:
        return self._entry(table, game).state

    def _entry(self, table: Table, game: AnyGame) -> _Cached:
        cached = self._states.entry(table)
        if cached is not None:
            return cached
        assert table.state_json is not None
        self._states.put(
            table.id, table.version, game.load_state(table.state_json), len(table.state_json)
        )
        entry = self._states.entry(table)
        assert entry is not None
        return entry

    def _look(self, table: Table, game: AnyGame, seat: Seat | None) -> _Look:
        """What ``seat`` sees and may do at the table's version, worked out once."""
        entry = self._entry(table, game)
        look = entry.looks.get(seat)
        if look is None:
            state = entry.state
            legal = () if seat is None else tuple(game.legal_actions(state, seat))
            look = _Look(game.view(state, seat), legal, game.to_act(state), game.outcome(state))
            entry.looks[seat] = look
        return look

    async def _lobby_options(
        self, guild_id: int, game: AnyGame, options: dict[str, Any]
    ) -> dict[str, Any]:
        """The server's defaults for this game, then the caller's choices on top.

        A default the game no longer accepts (an option renamed in an update)
        is dropped rather than blocking every new lobby.
        """
        settings = await self._settings.get(guild_id)
        defaults = settings.lobby_defaults.get(game.key, {})
        try:
            base = self._valid_options(game, defaults)
        except TableError:
            log.warning("guild %s has unusable %s defaults %r", guild_id, game.key, defaults)
            base = self._valid_options(game, {})
        return self._valid_options(game, {**base, **options})

    @staticmethod
    def _valid_options(game: AnyGame, options: dict[str, Any]) -> dict[str, Any]:
        try:
            chosen: dict[str, Any] = game.options(options).model_dump(mode="json")
            return chosen
        except GameError as error:
            raise TableError(
                tr("That option is not allowed: {message}", message=error.worded())
            ) from None

    async def _changed(self, table_id: int, kind: ChangeKind) -> Table:
        table = await self.get(table_id)
        await self._notify(Change(table, kind))
        return table

    async def _notify(self, change: Change) -> None:
        for listener in list(self._listeners):
            try:
                await listener.table_changed(change)
            except Exception:
                log.exception(
                    "a table listener failed on %s of table %s", change.kind, change.table.id
                )


def _hint_from_json(game: AnyGame, state_json: str, seat: Seat, seed: int) -> Hint:
    """Off the event loop, on a state of its own (the cached one may be moving meanwhile)."""
    return hint(game, game.load_state(state_json), seat, seed, tactics_for(game.key))


def _busy(table: Table, game: AnyGame) -> str:
    what = "lobby" if table.status is TableStatus.LOBBY else "game"
    return tr(
        "There is already a {title} {what} in this channel. Finish it, or open "
        "your table in another channel.",
        title=game.title,
        what=what,
    )


def _away_after(player: Player, by: MoveBy) -> tuple[int, bool]:
    """The seat's timeouts in a row, and whether it is taken over, after this move (AW1)."""
    if by == "clock":
        streak = player.away_streak + 1
        return streak, player.taken_over or streak >= AWAY_TAKEOVER
    if by == "player":
        return 0, player.taken_over
    return player.away_streak, player.taken_over


def _away_notes(player: Player, away: tuple[int, bool]) -> tuple[str, ...]:
    streak, taken_over = away
    if streak > player.away_streak:
        notes: tuple[str, ...] = (
            tr(
                "⏰ {name}'s time ran out: the bot moved for them and marks them away.",
                name=player.name,
            ),
        )
        if taken_over and not player.taken_over:
            notes += (
                tr(
                    "🤖 A computer player takes over {name}'s seat for the rest of the game.",
                    name=player.name,
                ),
            )
        return notes
    if player.away_streak and not streak:
        return (tr("{name} is back.", name=player.name),)
    return ()


def _outcome_json(outcome: Outcome) -> str:
    return json.dumps({"places": list(outcome.places), "scores": list(outcome.scores)})
