"""Results and ratings (issue 7): recorded with the final move, rated only when they should be."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.guilds import GuildSettings
from bot.results import ResultsService, rating_blocker
from bot.storage.database import Database
from bot.storage.guilds import GuildSettingsRepository
from bot.tables.model import Player
from bot.tables.service import TableService
from games.catalog import CATALOG
from games.short_changed import GAME
from games.short_changed.model import Ante, Guess
from tests.bot.tables.helpers import ANN, BO, CY, GUILD, Clock, started
from tests.cogs.presenters.conftest import table_for


async def finish(service: TableService, table_id: int, players: tuple[Player, ...]) -> int:
    """Play the antes, then the seat on turn guesses the next seat's total right; the winner."""
    state = GAME.load_state((await service.get(table_id)).state_json or "")
    for seat, player in enumerate(players):
        await service.act(table_id, player.user_id or 0, Ante(next(state.hands[seat].colours())))
    state = GAME.load_state((await service.get(table_id)).state_json or "")
    winner, target = state.turn, (state.turn + 1) % len(players)
    guess = Guess(target=target, total=state.hands[target].value)
    await service.act(table_id, players[winner].user_id or 0, guess)
    return winner


async def test_a_finished_game_is_recorded_and_rated(
    service: TableService, results: ResultsService
) -> None:
    players = (ANN, BO, CY)
    table_id = await started(service, *players)
    winner = await finish(service, table_id, players)
    history, total = await results.history(GUILD, offset=0, limit=10)
    assert total == 1
    (result,) = history
    assert result.rated and result.unrated_reason is None and not result.ended_early
    assert [seat.place for seat in result.seats] == [1 if s == winner else 2 for s in range(3)]
    assert result.options == {"stalemate_rounds": 100}
    assert result.duration_s > 0
    board, count = await results.board(GUILD, "short_changed", "rating", offset=0, limit=10)
    assert count == 3
    assert board[0].user_id == players[winner].user_id and board[0].wins == 1
    assert all(row.games == 1 for row in board)
    winner_seat = result.seats[winner]
    assert winner_seat.rating_after is not None and winner_seat.rating_before is not None
    assert winner_seat.rating_after > winner_seat.rating_before


async def test_an_ended_game_is_recorded_but_never_rated(
    service: TableService, results: ResultsService
) -> None:
    table_id = await started(service, ANN, BO)
    await service.stop(table_id, ANN.user_id or 0, moderator=False)
    (result,), _ = await results.history(GUILD, offset=0, limit=10)
    assert not result.rated and result.ended_early
    assert result.unrated_reason == "ended before the finish"
    assert all(seat.place is None for seat in result.seats)
    assert (await results.board(GUILD, "short_changed", "rating", offset=0, limit=10))[1] == 0


@pytest.mark.parametrize(
    ("settings", "reason"),
    [
        ({"leaderboard": False}, "the leaderboard is off on this server"),
        ({"unrated_games": ["short_changed"]}, "Short Changed is not rated on this server"),
    ],
)
async def test_servers_choose_what_is_rated(
    service: TableService,
    results: ResultsService,
    db: Database,
    settings: dict[str, Any],
    reason: str,
) -> None:
    await GuildSettingsRepository(db).put(GUILD, GuildSettings(**settings), datetime.now(UTC))
    table_id = await started(service, ANN, BO)
    await finish(service, table_id, (ANN, BO))
    (result,), _ = await results.history(GUILD, offset=0, limit=10)
    assert not result.rated and result.unrated_reason == reason
    assert (await results.board(GUILD, "short_changed", "rating", offset=0, limit=10))[1] == 0


async def test_a_seat_taken_over_by_the_computer_ranks_last(
    service: TableService, results: ResultsService, db: Database
) -> None:
    players = (ANN, BO, CY)
    table_id = await started(service, *players)
    state = GAME.load_state((await service.get(table_id)).state_json or "")
    for seat, player in enumerate(players):
        await service.act(table_id, player.user_id or 0, Ante(next(state.hands[seat].colours())))
    state = GAME.load_state((await service.get(table_id)).state_json or "")
    winner = state.turn
    async with db.transaction() as sql:  # as the turn clock will do after three timeouts (AW1)
        await sql.execute(
            "UPDATE seats SET taken_over = 1 WHERE table_id = ? AND seat = ?", (table_id, winner)
        )
    # The SQL went behind the service's cache of table rows: carry on as after a restart.
    service = TableService(db, CATALOG, Clock(), seeds=lambda: 1234)
    target = (winner + 1) % 3
    guess = Guess(target=target, total=state.hands[target].value)
    version = (await service.get(table_id)).version
    await service.act_for(table_id, winner, guess, version=version, by="computer")
    (result,), _ = await results.history(GUILD, offset=0, limit=10)
    assert result.rated and result.seats[winner].taken_over
    assert result.seats[winner].place == 1  # the game's own result stands...
    board, _ = await results.board(GUILD, "short_changed", "rating", offset=0, limit=10)
    assert board[-1].user_id == players[winner].user_id  # ...but the rating ranks it last
    # ...and it is no win for the member whose seat the computer played (SeatResult.won).
    assert [row.wins for row in board] == [0, 0, 0]
    (record,) = await results.stats(GUILD, players[winner].user_id or 0)
    assert record.games == 1 and record.wins == 0
    assert record.best_place is None and record.best_score is None


def test_games_with_computer_players_are_unrated_unless_the_server_says_so() -> None:
    table = table_for(GAME, GAME.new(3, seed=1))
    with_bot = replace(table, seats=(*table.seats[:2], Player("Robot", None, computer="easy")))
    assert rating_blocker(GAME, with_bot, GuildSettings(), ended_early=False) == (
        "a computer player took part"
    )
    rated = GuildSettings(rate_computer_games=True)
    assert rating_blocker(GAME, with_bot, rated, ended_early=False) is None
    assert rating_blocker(GAME, table, GuildSettings(), ended_early=False) is None


async def test_a_reset_clears_the_board_and_is_recorded(
    service: TableService, results: ResultsService
) -> None:
    table_id = await started(service, ANN, BO)
    await finish(service, table_id, (ANN, BO))
    cleared = await results.reset(GUILD, "short_changed", 77)
    assert cleared == 2
    assert (await results.board(GUILD, "short_changed", "rating", offset=0, limit=10))[1] == 0
    last = await results.last_reset(GUILD)
    assert last is not None and last.game_key == "short_changed" and last.reset_by == 77
    stats = await results.stats(GUILD, ANN.user_id or 0)
    assert stats[0].games == 1 and stats[0].rating is None  # history stays, board is new


async def test_stats_count_games_wins_best_and_board_place(
    service: TableService, results: ResultsService
) -> None:
    for _ in range(3):
        table_id = await started(service, ANN, BO)
        await finish(service, table_id, (ANN, BO))
    (ann,) = await results.stats(GUILD, ANN.user_id or 0)
    (bo,) = await results.stats(GUILD, BO.user_id or 0)
    assert ann.games == bo.games == 3
    assert ann.wins + bo.wins == 3
    assert {ann.rank, bo.rank} <= {1, 2}
    assert min(ann.best_place or 9, bo.best_place or 9) == 1


def test_every_catalogued_game_has_a_rating_rule() -> None:
    for game in CATALOG.values():
        table = table_for(game, game.new(game.min_seats, 1))
        reason = rating_blocker(game, table, GuildSettings(), ended_early=False)
        assert reason is None or reason == "played alone"
