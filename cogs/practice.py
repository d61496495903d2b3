"""``/tricky practice``: a private table against computer players, with hints.

Where a practice table lives: a **private thread** the bot opens off the channel,
with only the member added. A table needs public messages (the table, the turn
pings, the result) that the bot posts by itself, and Discord lets a bot send
ephemeral messages only as answers to a click, so an "ephemeral-only" table in
the channel could not move on its own when a computer player acts. A private
thread keeps the whole table as it is everywhere else, shows it to the member
alone (and to moderators, who can see every private thread), and, being a
channel of its own, never takes the channel's one table.

A practice game has no turn clock, is never rated and records no result, so it
never counts in stats, boards or history. Its panel says so at the top and, on
the member's turn, carries **Hint**: the move the easy computer player would
make from the seat's own view, and why, in one line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.tables.model import Player
from bot.tables.service import SeatTable, TableError
from cogs.controls import HintButton, tables_cog
from cogs.intro import RulesButton
from cogs.presenters import PRESENTERS
from cogs.presenters.base import Notice
from cogs.replies import deferring_if_slow, friendly
from cogs.tricky_group import join_tricky, leave_tricky
from games.core.wording import N_, ntr, tr

if TYPE_CHECKING:
    from bot.app import TrickyBot

__all__ = ["PracticeCog", "setup"]

GAME_CHOICES = [
    app_commands.Choice(name=presenter.game.title, value=key)
    for key, presenter in PRESENTERS.items()
]
LEVEL_CHOICES = [
    app_commands.Choice(name=N_("Easy: follows the game's basic tactics"), value="easy"),
    app_commands.Choice(name=N_("Hard: thinks ahead over the hands it cannot see"), value="hard"),
]
NO_THREAD = N_(
    "I could not open a private thread for your practice table here. I need "
    "the Create Private Threads permission in this channel."
)


class PracticeCog(commands.Cog, name="PracticeCog"):
    """Adds ``/tricky practice`` to the group owned by the tables cog, and answers Hint."""

    def __init__(self, bot: TrickyBot) -> None:
        self.bot = bot
        self._command = self._practice_command()

    async def cog_load(self) -> None:
        join_tricky(self.bot, [self._command])

    async def cog_unload(self) -> None:
        leave_tricky(self.bot, [self._command])

    def _practice_command(self) -> app_commands.Command[Any, Any, None]:
        @app_commands.command(
            name="practice",
            description=N_("Practise against computer players at a private table, with hints."),
        )
        @app_commands.describe(
            game=N_("The game to practise"),
            level=N_("How well the computer players play"),
            opponents=N_("How many computer players (1-4; as many as the game seats)"),
        )
        @app_commands.choices(game=GAME_CHOICES, level=LEVEL_CHOICES)
        async def practice(
            interaction: discord.Interaction[Any],
            game: str,
            level: str = "easy",
            opponents: app_commands.Range[int, 1, 4] = 2,
        ) -> None:
            await self.open_practice(interaction, game, level, opponents)

        return practice

    async def open_practice(
        self, interaction: discord.Interaction[Any], game: str, level: str, opponents: int
    ) -> None:
        assert interaction.guild_id is not None
        presenter = PRESENTERS.get(game)
        if presenter is None:
            raise TableError(tr("This bot does not host that game."))
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise TableError(
                tr(
                    "Start practice from a text channel (not a thread): I open a private "
                    "thread for it there."
                )
            )
        settings = await self.bot.guild_settings.get(interaction.guild_id)
        if settings.channels and channel.id not in settings.channels:
            places = " ".join(f"<#{allowed}>" for allowed in settings.channels)
            raise TableError(tr("On this server, tables are opened in {places}.", places=places))
        # Opening a thread and a table is two trips to Discord and a few to the database.
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user
        name = tr(
            "Practice: {title} ({display_name})",
            title=presenter.game.title,
            display_name=user.display_name,
        )[:100]
        try:
            thread = await channel.create_thread(
                name=name, type=discord.ChannelType.private_thread, invitable=False
            )
            await thread.add_user(user)
        except discord.HTTPException:
            raise TableError(tr(NO_THREAD)) from None
        table = await self.bot.tables.practice(
            guild_id=interaction.guild_id,
            channel_id=thread.id,
            game_key=game,
            player=Player(name=user.display_name, user_id=user.id),
            opponents=opponents,
            level=level,
        )
        computers = len(table.seats) - 1
        against = (
            ntr(
                "against {count} {level} computer player",
                "against {count} {level} computer players",
                computers,
                level=level,
            )
            if computers
            else tr("on your own")
        )
        await interaction.followup.send(
            tr(
                "{emoji} Your practice table is ready in {mention}: {title} {against}. "
                "Only you (and the server's moderators) can see it, and it never counts "
                "in stats or boards. Open your hand there; on your turn, **Hint** says "
                "what the easy computer player would do.",
                emoji=presenter.emoji,
                mention=thread.mention,
                title=presenter.game.title,
                against=against,
            ),
            ephemeral=True,
        )

    @friendly
    async def hint(
        self, interaction: discord.Interaction[Any], table_id: int, version: int
    ) -> None:
        tables = tables_cog(interaction)
        table = await self.bot.tables.get(table_id)
        if table.guild_id != interaction.guild_id:
            raise TableError(tr("That button belongs to a table in another server."))
        seat = await self.bot.tables.for_seat(table_id, interaction.user.id)
        presenter = tables.presenters[table.game_key]
        if version != seat.table.version:
            await self._redraw(
                interaction, seat, Notice(tr("The table moved on: here it is now."), "warn")
            )
            return
        try:
            seat, found = await deferring_if_slow(
                interaction, self.bot.tables.hint(table_id, interaction.user.id)
            )
        except TableError as error:
            await self._redraw(interaction, seat, Notice(error.message, "warn"))
            return
        move = presenter.move_text(seat, found.action)
        await self._redraw(
            interaction, seat, Notice(tr("💡 Hint: {move}. {why}", move=move, why=found.why))
        )

    async def _redraw(
        self, interaction: discord.Interaction[Any], seat: SeatTable, notice: Notice
    ) -> None:
        """The seat's panel with ``notice`` on top, drawn over the clicked panel."""
        tables = tables_cog(interaction)
        panel = tables.presenters[seat.table.game_key].draw(seat, "", notice)
        done = interaction.response.is_done()  # deferred while the hint was worked out
        message = interaction.message
        if message is None or not message.flags.ephemeral:
            # Never draw a private panel over a public message: a fresh one, to this member.
            send = interaction.followup.send if done else interaction.response.send_message
            await send(embeds=panel.embeds, view=panel.view(), ephemeral=True)
            return
        # The panel is drawn as the whole text here, so the hand's picture on the clicked
        # panel goes: left attached, it would hang below as a loose file nothing refers to.
        if done:
            await interaction.edit_original_response(
                embeds=panel.embeds, view=panel.view(), attachments=[]
            )
        else:
            await interaction.response.edit_message(
                embeds=panel.embeds, view=panel.view(), attachments=[]
            )
        tables.board.track_panel(
            seat.table.id, seat.seat, interaction, seat.table.version, legal=seat.legal
        )


async def setup(bot: TrickyBot) -> None:
    bot.add_dynamic_items(HintButton, RulesButton)
    await bot.add_cog(PracticeCog(bot))
