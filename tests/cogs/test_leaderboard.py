"""/tricky leaderboard, stats and history, end to end on simcord."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

from simcord import Env

from bot.app import TrickyBot
from bot.ratings import START as START_RATING
from bot.ratings import Rating, Standing, rate
from bot.results import GameResult, SeatResult
from bot.storage.results import ResultsRepository
from tests.cogs.test_tables import open_lobby, start
from tests.e2e.helpers import BotFactory, Room, bot_of, labels, text_of

START = datetime(2026, 1, 1, tzinfo=UTC)


async def seed_board(
    bot: TrickyBot, guild_id: int, players: int, *, first_winner: int | None = None
) -> None:
    """``players`` rated two-player games, player n beating player n + 1000 (the first
    game's winner is ``first_winner`` instead, if given)."""
    async with bot.db.transaction() as sql:
        for n in range(players):
            ((table_id,),) = await sql.execute_fetchall(
                "INSERT INTO tables (guild_id, channel_id, game_key, status, host_id, "
                "created_at, updated_at) VALUES (?, 1, 'short_changed', 'finished', ?, ?, ?) "
                "RETURNING id",
                (guild_id, n + 1, START.isoformat(), START.isoformat()),
            )
            winner, loser = (first_winner if n == 0 and first_winner else n + 1), n + 1001
            result = GameResult(
                table_id=table_id,
                guild_id=guild_id,
                game_key="short_changed",
                rated=True,
                unrated_reason=None,
                ended_early=False,
                options={},
                started_at=START,
                finished_at=START + timedelta(minutes=n + 1),
                seats=(
                    SeatResult(0, winner, f"w{n}", None, 1, 1, False),
                    SeatResult(1, loser, f"l{n}", None, 2, 0, False),
                ),
            )
            ratings = {winner: Rating(30 + n, 2.0), loser: Rating(20, 2.0)}
            await ResultsRepository(bot.db).record(sql, result, ratings, START)


async def test_the_leaderboard_pages_through_every_player(simcord_env: Env) -> None:
    room = Room(simcord_env)
    (ann,) = room.add("ann")
    await seed_board(bot_of(simcord_env), room.guild.id, 12)  # 24 players: three pages
    shown = await ann.slash(room.channel, "tricky leaderboard", game="short_changed")
    assert not shown.ephemeral

    def board() -> Any:
        return room.public_messages()[-1]

    assert "Page 1 of 3 · 24 players" in text_of(board())
    assert "**1.** <@12>" in text_of(board())  # the best rating first
    await room.bystander.click(board(), label="Next ▶")
    assert "Page 2 of 3" in text_of(board())
    await room.bystander.click(board(), label="Next ▶")
    assert "Page 3 of 3" in text_of(board()) and "**21.**" in text_of(board())
    assert labels(board()) == ["◀ Previous", "Next ▶"]
    await ann.click(board(), label="◀ Previous")
    assert "Page 2 of 3" in text_of(board())


async def test_leaderboard_pages_still_turn_after_a_restart(
    simcord_env: Env, bots: BotFactory
) -> None:
    room = Room(simcord_env)
    (ann,) = room.add("ann")
    await seed_board(bot_of(simcord_env), room.guild.id, 12)
    await ann.slash(room.channel, "tricky leaderboard", game="short_changed", sort="wins")
    board = room.public_messages()[-1]
    await bot_of(simcord_env).db.close()
    await simcord_env.restart_bot(bots())
    await room.bystander.click(board, label="Next ▶")
    text = text_of(room.public_messages()[-1])
    assert "Page 2 of 3" in text and "by wins" in text, "the buttons keep the board's sort"


async def test_the_leaderboard_sorts_by_wins_and_games(simcord_env: Env) -> None:
    room = Room(simcord_env)
    (ann,) = room.add("ann")
    await seed_board(bot_of(simcord_env), room.guild.id, 3)
    await ann.slash(room.channel, "tricky leaderboard", game="short_changed", sort="wins")
    text = text_of(room.public_messages()[-1])
    assert "by wins" in text and text.index("<@1>") < text.index("<@1001>")


async def test_stats_and_history_after_a_real_game(simcord_env: Env) -> None:
    room = Room(simcord_env)
    (ann, bo), table_id = await open_lobby(room, "ann", "bo")
    await start(room, ann)
    bot = bot_of(simcord_env)
    await bot.tables.stop(table_id, ann.id, moderator=False)
    history = await bo.slash(room.channel, "tricky history")
    assert history.ephemeral and "ended early (ann, bo)" in text_of(history.response)
    stats = await bo.slash(room.channel, "tricky stats", member=str(ann.id))
    assert stats.ephemeral and "No finished games" in text_of(stats.response)


async def test_stats_give_tied_players_the_places_the_board_shows(simcord_env: Env) -> None:
    room = Room(simcord_env)
    (ann,) = room.add("ann")
    bot = bot_of(simcord_env)
    await seed_board(bot, room.guild.id, 3)  # the three losers are rated exactly alike
    await ann.slash(room.channel, "tricky leaderboard", game="short_changed")
    board = text_of(room.public_messages()[-1])
    for loser in (1001, 1002, 1003):
        (record,) = await bot.results.stats(room.guild.id, loser)
        assert f"**{record.rank}.** <@{loser}>" in board


async def test_stats_count_one_game_as_one_game(simcord_env: Env) -> None:
    room = Room(simcord_env)
    (ann,) = room.add("ann")
    await seed_board(bot_of(simcord_env), room.guild.id, 1, first_winner=ann.id)
    stats = await ann.slash(room.channel, "tricky stats")
    text = text_of(stats.response)
    assert "1 win in 1 game\n" in text and "best result: 1st, best score 1" in text


async def test_an_empty_board_says_how_to_get_on_it(simcord_env: Env) -> None:
    room = Room(simcord_env)
    (ann,) = room.add("ann")
    await ann.slash(room.channel, "tricky leaderboard")
    assert "Nobody is on this board yet" in text_of(room.public_messages()[-1])


async def test_a_solitaire_channel_shows_a_board_that_exists(simcord_env: Env) -> None:
    # Solitaire is never rated, so its channel's default is a game with a leaderboard.
    room = Room(simcord_env)
    (ann,) = room.add("ann")
    await ann.slash(room.channel, "tricky new", game="short_word_solitaire")
    await ann.slash(room.channel, "tricky leaderboard")
    shown = text_of(room.public_messages()[-1])
    assert "leaderboard by" in shown and "Solitaire" not in shown


def test_the_leaderboard_offers_only_games_that_can_be_rated() -> None:
    from cogs.leaderboard import GAME_CHOICES

    offered = {choice.value for choice in GAME_CHOICES}
    assert "short_word_solitaire" not in offered, "a game played alone is never rated"
    assert {"short_changed", "tricky", "falsche_faehrte", "fraud", "short_word"} <= offered


# -- ratings a newcomer understands (issue 21) ----------------------------------------------------


async def play_rated(bot: TrickyBot, guild_id: int, order: list[int], n: int = 0) -> None:
    """One rated Short Changed game finishing in this order (first wins), rated the way a
    table's end rates it: from the stored ratings, through openskill."""
    async with bot.db.transaction() as sql:
        ((table_id,),) = await sql.execute_fetchall(
            "INSERT INTO tables (guild_id, channel_id, game_key, status, host_id, "
            "created_at, updated_at) VALUES (?, 1, 'short_changed', 'finished', ?, ?, ?) "
            "RETURNING id",
            (guild_id, order[0], START.isoformat(), START.isoformat()),
        )
        standings = {user: Standing(place) for place, user in enumerate(order, start=1)}
        repository = ResultsRepository(bot.db)
        before = await repository.ratings_of(sql, guild_id, "short_changed", order)
        result = GameResult(
            table_id=table_id,
            guild_id=guild_id,
            game_key="short_changed",
            rated=True,
            unrated_reason=None,
            ended_early=False,
            options={},
            started_at=START,
            finished_at=START + timedelta(minutes=n + 1),
            seats=tuple(
                SeatResult(seat, user, f"p{user}", None, seat + 1, 0, False)
                for seat, user in enumerate(order)
            ),
        )
        await repository.record(sql, result, rate(before, standings), START)


def board_line(board: str, user: int) -> str:
    return next(line for line in board.splitlines() if f"<@{user}>" in line)


async def test_ratings_after_no_game_one_game_and_many(simcord_env: Env) -> None:
    room = Room(simcord_env)
    ann, bo, cy = room.add("ann", "bo", "cy")
    bot = bot_of(simcord_env)
    stats = await cy.slash(room.channel, "tricky stats")
    assert "No finished games" in text_of(stats.response)  # no game: no rating at all

    # One game: the last of three is still far above zero, and marked provisional.
    await play_rated(bot, room.guild.id, [ann.id, bo.id, cy.id])
    await ann.slash(room.channel, "tricky leaderboard", game="short_changed")
    board = text_of(room.public_messages()[-1])
    shown = {user: board_line(board, user) for user in (ann.id, bo.id, cy.id)}
    numbers = {
        user: int(re.search(r"rating \*\*([\d,]+)\*\*", line)[1].replace(",", ""))  # type: ignore[index]
        for user, line in shown.items()
    }
    assert numbers[ann.id] > START_RATING > numbers[cy.id] > START_RATING * 0.8
    assert all("(provisional)" in line for line in shown.values())
    assert "-" not in "".join(re.findall(r"rating \*\*[^*]+\*\*", board))
    assert "Ratings start at 1,000" in board and "/tricky stats" in board

    stats = await cy.slash(room.channel, "tricky stats")
    text = text_of(stats.response)
    (record,) = await bot.results.stats(room.guild.id, cy.id)
    assert record.rating is not None and record.rating.cautious < 0  # openskill's own: -2.x
    assert f"rating **{numbers[cy.id]:,}** (#3 on the board)" in text
    assert "provisional: 1 of 5 rated games played" in text
    assert (
        f"exact: mu {record.rating.mu:.2f}, sigma {record.rating.sigma:.2f}, "
        f"cautious estimate (mu - 3 sigma) {record.rating.cautious:.2f}"
    ) in text

    # Many games: settled ratings lose the mark; the board's order is openskill's.
    for n in range(1, 8):
        await play_rated(bot, room.guild.id, [ann.id, bo.id, cy.id], n)
    await ann.slash(room.channel, "tricky leaderboard", game="short_changed")
    board = text_of(room.public_messages()[-1])
    assert "provisional" not in board.split("Ratings start")[0]
    assert board.index(f"<@{ann.id}>") < board.index(f"<@{bo.id}>") < board.index(f"<@{cy.id}>")
    stats = await cy.slash(room.channel, "tricky stats")
    assert "provisional" not in text_of(stats.response)
    assert "exact: mu" in text_of(stats.response)
