"""``/tricky leaderboard``, ``/tricky stats`` and ``/tricky history``.

Boards are per server and per game. Paging buttons are DynamicItems carrying
the page to show, so anyone can page a leaderboard, even after a restart.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any, Literal, cast

import discord
from discord import app_commands, ui
from discord.ext import commands

from bot.results import GameResult, SortKey, ratable
from bot.tables.service import TableError
from cogs.autocomplete import members_with_a_record, read_member
from cogs.presenters import PRESENTERS
from cogs.rating_words import board_rating, exact_figures, scale_note, stats_rating
from cogs.replays import replay_button
from cogs.replies import friendly
from cogs.tricky_group import join_tricky, leave_tricky
from games.core.wording import N_, ntr, tr

if TYPE_CHECKING:
    from bot.app import TrickyBot

__all__ = ["LeaderboardCog", "setup"]

PAGE = 10
GOLD = discord.Colour.gold()
SORTS: dict[SortKey, str] = {
    "rating": N_("rating"),
    "wins": N_("wins"),
    "games": N_("games played"),
}
GAME_CHOICES = [
    app_commands.Choice(name=presenter.game.title, value=key)
    for key, presenter in PRESENTERS.items()
    if ratable(presenter.game)
]
SORT_CHOICES = [
    app_commands.Choice(name=N_("by rating"), value="rating"),
    app_commands.Choice(name=N_("by wins"), value="wins"),
    app_commands.Choice(name=N_("by games played"), value="games"),
]


def wins_in_games(wins: int, games: int) -> str:
    """``3 wins in 1 game``: each count with its own plural."""
    return tr(
        "{wins} in {games}",
        wins=ntr("{count} win", "{count} wins", wins),
        games=ntr("{count} game", "{count} games", games),
    )


def _cog(interaction: discord.Interaction[Any]) -> LeaderboardCog:
    cog = interaction.client.get_cog("LeaderboardCog")
    assert cog is not None
    return cast("LeaderboardCog", cog)


class BoardPage(
    ui.DynamicItem[ui.Button[Any]],
    template=r"tk:lb:(?P<game>[a-z_]{1,40}):(?P<sort>rating|wins|games):(?P<page>\d{1,5}):(?P<dir>p|n)",
):
    def __init__(
        self, game: str, sort: SortKey, page: int, direction: Literal["p", "n"], *, disabled: bool
    ) -> None:
        super().__init__(
            ui.Button(
                label=tr("◀ Previous") if direction == "p" else tr("Next ▶"),
                custom_id=f"tk:lb:{game}:{sort}:{page}:{direction}",
                disabled=disabled,
            )
        )
        self.game, self.sort, self.page = game, sort, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> BoardPage:
        sort = cast("SortKey", match["sort"])
        direction = cast("Literal['p', 'n']", match["dir"])
        return cls(match["game"], sort, int(match["page"]), direction, disabled=False)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _cog(interaction).show_board(interaction, self.game, self.sort, self.page, edit=True)


class HistoryPage(
    ui.DynamicItem[ui.Button[Any]], template=r"tk:hist:(?P<page>\d{1,5}):(?P<dir>p|n)"
):
    def __init__(self, page: int, direction: Literal["p", "n"], *, disabled: bool) -> None:
        super().__init__(
            ui.Button(
                label=tr("◀ Newer") if direction == "p" else tr("Older ▶"),
                custom_id=f"tk:hist:{page}:{direction}",
                disabled=disabled,
            )
        )
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> HistoryPage:
        direction = cast("Literal['p', 'n']", match["dir"])
        return cls(int(match["page"]), direction, disabled=False)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _cog(interaction).show_history(interaction, self.page, edit=True)


class LeaderboardCog(commands.Cog, name="LeaderboardCog"):
    """Adds its commands to the ``/tricky`` group owned by the tables cog."""

    def __init__(self, bot: TrickyBot) -> None:
        self.bot = bot
        self._commands = [
            self._leaderboard_command(),
            self._stats_command(),
            self._history_command(),
        ]

    async def cog_load(self) -> None:
        join_tricky(self.bot, self._commands)

    async def cog_unload(self) -> None:
        leave_tricky(self.bot, self._commands)

    # -- commands -----------------------------------------------------------------------------

    def _leaderboard_command(self) -> app_commands.Command[Any, Any, None]:
        @app_commands.command(name="leaderboard", description=N_("This server's best players."))
        @app_commands.describe(game=N_("Which game's board"), sort=N_("How to order it"))
        @app_commands.choices(game=GAME_CHOICES, sort=SORT_CHOICES)
        async def leaderboard(
            interaction: discord.Interaction[Any], game: str | None = None, sort: str = "rating"
        ) -> None:
            order: SortKey = "rating"
            if sort in ("wins", "games"):
                order = "wins" if sort == "wins" else "games"
            await self.show_board(interaction, game, order, 0)

        return leaderboard

    def _stats_command(self) -> app_commands.Command[Any, Any, None]:
        @app_commands.command(name="stats", description=N_("A member's record in every game here."))
        @app_commands.describe(member=N_("Whose record (default: yours)"))
        @app_commands.autocomplete(member=members_with_a_record)
        async def stats(
            interaction: discord.Interaction[Any],
            member: app_commands.Range[str, 1, 100] | None = None,
        ) -> None:
            await self.show_member_stats(interaction, member)

        return stats

    def _history_command(self) -> app_commands.Command[Any, Any, None]:
        @app_commands.command(name="history", description=N_("This server's recent games."))
        async def history(interaction: discord.Interaction[Any]) -> None:
            await self.show_history(interaction, 0)

        return history

    # -- drawing ---------------------------------------------------------------------------------

    @friendly
    async def show_board(
        self,
        interaction: discord.Interaction[Any],
        game: str | None,
        sort: SortKey,
        page: int,
        *,
        edit: bool = False,
    ) -> None:
        assert interaction.guild_id is not None
        settings = await self.bot.guild_settings.get(interaction.guild_id)
        if not settings.leaderboard:
            raise TableError(tr("The leaderboard is turned off on this server."))
        if game is None:
            game = await self._default_game(interaction)
        presenter = PRESENTERS.get(game)
        if presenter is None:
            raise TableError(tr("This bot does not host that game."))
        rows, total = await self.bot.results.board(
            interaction.guild_id, game, sort, offset=page * PAGE, limit=PAGE
        )
        pages = max(1, math.ceil(total / PAGE))
        if page >= pages:  # the board shrank (a reset) since these buttons were drawn
            page = pages - 1
            rows, total = await self.bot.results.board(
                interaction.guild_id, game, sort, offset=page * PAGE, limit=PAGE
            )
        embed = discord.Embed(
            title=tr(
                "🏆 {title}: leaderboard by {sort}",
                title=presenter.game.title,
                sort=tr(SORTS[sort]),
            ),
            colour=GOLD,
        )
        embed.description = "\n".join(
            tr(
                "**{place}.** <@{user_id}> · {board_rating} · {wins_in_games}",
                place=page * PAGE + n,
                user_id=str(row.user_id),
                board_rating=board_rating(row.rating),
                wins_in_games=wins_in_games(row.wins, row.games),
            )
            for n, row in enumerate(rows, start=1)
        ) or tr("Nobody is on this board yet: finish a rated game to get on it.")
        embed.set_footer(
            text=tr(
                "Page {page} of {pages} · {players} · {scale_note}",
                page=page + 1,
                pages=pages,
                players=ntr("{count} player", "{count} players", total),
                scale_note=scale_note(),
            )
        )
        view = ui.View(timeout=None)
        view.add_item(BoardPage(game, sort, max(page - 1, 0), "p", disabled=page == 0))
        view.add_item(BoardPage(game, sort, page + 1, "n", disabled=page + 1 >= pages))
        if edit:
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            await interaction.response.send_message(
                embed=embed, view=view, allowed_mentions=discord.AllowedMentions.none()
            )

    async def _default_game(self, interaction: discord.Interaction[Any]) -> str:
        """The game at this channel's table if it has a leaderboard (solitaire has none),
        else the server's most played, else the first with one."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        here = await self.bot.tables.in_channel(interaction.channel_id)
        if here is not None and ratable(PRESENTERS[here.game_key].game):
            return here.game_key
        played = await self.bot.results.most_played(interaction.guild_id)
        return played or GAME_CHOICES[0].value

    @friendly
    async def show_member_stats(
        self, interaction: discord.Interaction[Any], typed: str | None
    ) -> None:
        """``/tricky stats``: the member picked from the suggestions (or typed), else the user."""
        if typed is None:
            await self.show_stats(interaction, interaction.user.id, interaction.user.display_name)
            return
        user_id, name = await read_member(interaction, typed)
        await self.show_stats(interaction, user_id, name)

    @friendly
    async def show_stats(
        self, interaction: discord.Interaction[Any], user_id: int, name: str
    ) -> None:
        assert interaction.guild_id is not None
        records = await self.bot.results.stats(interaction.guild_id, user_id)
        embed = discord.Embed(title=tr("📊 {name}'s record here", name=name), colour=GOLD)
        if not records:
            embed.description = tr("No finished games on this server yet.")
        for record in records:
            presenter = PRESENTERS.get(record.game_key)
            title = presenter.game.title if presenter else record.game_key
            lines = [wins_in_games(record.wins, record.games)]
            if record.rating is not None:
                lines.append(stats_rating(record.rating, record.rank))
                lines.append(exact_figures(record.rating))
            else:
                lines.append(tr("not on the current board"))
            if record.best_place is not None:
                best = _ordinal(record.best_place)
                if record.best_score is not None:
                    best += tr(", best score {best_score}", best_score=record.best_score)
                lines.append(tr("best result: {best}", best=best))
            embed.add_field(name=title, value="\n".join(lines), inline=True)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @friendly
    async def show_history(
        self, interaction: discord.Interaction[Any], page: int, *, edit: bool = False
    ) -> None:
        assert interaction.guild_id is not None
        results, total = await self.bot.results.history(
            interaction.guild_id, offset=page * PAGE, limit=PAGE
        )
        pages = max(1, math.ceil(total / PAGE))
        embed = discord.Embed(title=tr("📜 Recent games on this server"), colour=GOLD)
        first = page * PAGE + 1
        embed.description = "\n".join(
            f"{n}. {_history_line(r)}" for n, r in enumerate(results, start=first)
        ) or tr("No games yet.")
        embed.set_footer(
            text=tr(
                "Page {value} of {pages} · Replay shows a game move by move",
                value=page + 1,
                pages=pages,
            )
        )
        view = ui.View(timeout=None)
        view.add_item(HistoryPage(max(page - 1, 0), "p", disabled=page == 0))
        view.add_item(HistoryPage(page + 1, "n", disabled=page + 1 >= pages))
        for n, result in enumerate(results, start=first):
            view.add_item(replay_button(result.table_id, n))
        if edit:
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


def _ordinal(place: int) -> str:
    """A place as the reader's language writes it (English 1st, 2nd; German 1., 2.)."""
    if 10 <= place % 100 <= 20:
        return tr("{place}th", place=place)
    if place % 10 == 1:
        return tr("{place}st", place=place)
    if place % 10 == 2:
        return tr("{place}nd", place=place)
    if place % 10 == 3:
        return tr("{place}rd", place=place)
    return tr("{place}th", place=place)


def _history_line(result: GameResult) -> str:
    presenter = PRESENTERS.get(result.game_key)
    title = presenter.game.title if presenter else result.game_key
    when = discord.utils.format_dt(result.finished_at, "R")
    if result.ended_early:
        players = ", ".join(seat.name for seat in result.seats)
        return tr(
            "**{title}** {when}: ended early ({players})", title=title, when=when, players=players
        )
    ranked = sorted(result.seats, key=lambda seat: (seat.place or 99, seat.seat))
    players = ", ".join(f"{_ordinal(seat.place or 0)} {seat.name}" for seat in ranked)
    rated = (
        tr("rated")
        if result.rated
        else tr("unrated: {unrated_reason}", unrated_reason=result.unrated_reason)
    )
    return f"**{title}** {when}: {players} ({rated})"


async def setup(bot: TrickyBot) -> None:
    bot.add_dynamic_items(BoardPage, HistoryPage)
    await bot.add_cog(LeaderboardCog(bot))
