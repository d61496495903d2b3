"""``/tricky``: opening tables, the lobby and table buttons, and the private panels.

This cog is thin on purpose: it finds the table, asks the table service to do
the thing, and answers the user. Game rules live in ``games/``, drawing lives
in the presenters, and public messages are kept up to date by the board.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.tables.model import Player, Table, TableStatus
from bot.tables.service import SeatTable, StaleTable, TableError
from cogs.board import ANSWERING, TableBoard
from cogs.controls import (
    FORM_ID,
    LobbyButton,
    LobbySeating,
    LobbySelect,
    PanelButton,
    PanelSelect,
    TableButton,
)
from cogs.hosts import in_question, pass_on_if_gone, refusal
from cogs.intro import introduce
from cogs.lobby import CLOCKS, lobby_message
from cogs.notify import tell_if_undelivered
from cogs.pictures.attach import (
    HAND_FILE,
    Picture,
    attachments,
    files,
    hand_of,
    panel_pictures_on,
    show,
)
from cogs.pictures.kit import Sketch
from cogs.presenters import PRESENTERS, Presenter
from cogs.presenters.base import Ask, Notice, Redraw, Submit
from cogs.replies import (
    EXPLAINED,
    SORRY,
    command_failed,
    deferring_if_slow,
    explain,
    friendly,
    is_moderator,
)
from cogs.speaking import server_language
from games.core.wording import N_, speaking, tr

if TYPE_CHECKING:
    from bot.app import TrickyBot

__all__ = ["TablesCog", "setup"]

log = logging.getLogger(__name__)

GAME_CHOICES = [
    app_commands.Choice(name=presenter.game.title, value=key)
    for key, presenter in PRESENTERS.items()
]
LOG_EMBED_LIMIT = 3900
RULES_PAGE = 3900
HOSTS_ONLY = {"start", "cancel", "flip"}
"""Lobby buttons only the host may press (Cancel: or a moderator)."""
MOVED_ON = N_(
    "The table moved on since this panel was drawn: here it is now. Check "
    "your choice and confirm it again."
)


@app_commands.guild_only()
class TablesCog(
    commands.GroupCog,
    name="TablesCog",
    group_name="tricky",
    group_description=N_("Play hidden-information tabletop games with this server."),
):
    def __init__(self, bot: TrickyBot) -> None:
        self.bot = bot
        self.presenters = PRESENTERS
        self.board = TableBoard(bot, PRESENTERS)
        group = self.app_command
        assert group is not None, "a GroupCog always has its group"
        for presenter in PRESENTERS.values():
            for command in presenter.commands():
                group.add_command(command)

    async def cog_load(self) -> None:
        self.bot.tables.listen(self.board)
        self.board.resume()  # grace periods live in memory: start them again (background)
        # The tree's handler, not a cog's: discord.py runs the tree's after any cog's,
        # so one place answers every command's error, this cog's and the others'.
        self.bot.tree.on_error = command_failed  # type: ignore[method-assign]

    async def cog_unload(self) -> None:
        self.bot.tables.unlisten(self.board)
        self.board.stop()
        await self.board.drain()
        self.board.close()  # the drawing process goes with the cog

    # -- slash commands -----------------------------------------------------------------------

    @app_commands.command(name="new", description=N_("Open a table in this channel; others join."))
    @app_commands.describe(game=N_("The game to play"))
    @app_commands.choices(game=GAME_CHOICES)
    async def new(self, interaction: discord.Interaction[Any], game: str) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        presenter = self._presenter(game)
        settings = await self.bot.guild_settings.get(interaction.guild_id)
        channel = interaction.channel
        home = getattr(channel, "parent_id", None) or interaction.channel_id
        if settings.channels and home not in settings.channels:
            places = " ".join(f"<#{allowed}>" for allowed in settings.channels)
            raise TableError(tr("On this server, tables are opened in {places}.", places=places))
        host = Player(name=interaction.user.display_name, user_id=interaction.user.id)
        if settings.threads and isinstance(channel, discord.TextChannel):
            await self._open_in_thread(interaction, channel, presenter, host)
            return
        await self._free_channel(interaction)
        async with self.board.posting(interaction.channel_id):
            table = await self.bot.tables.open(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                game_key=game,
                host=host,
            )
            # The lobby is the channel's: in the server's language, like the board's.
            with speaking(await server_language(self.bot, interaction.guild_id)):
                embed, view = lobby_message(table, presenter)
            await interaction.response.send_message(embed=embed, view=view)
            message = await interaction.original_response()
            await self.bot.tables.set_message(table.id, message.id)

    async def _open_in_thread(
        self,
        interaction: discord.Interaction[Any],
        channel: discord.TextChannel,
        presenter: Presenter,
        host: Player,
    ) -> None:
        """The server keeps each table in its own thread: announce it here, play it there."""
        assert interaction.guild_id is not None
        title = presenter.game.title
        with speaking(await server_language(self.bot, interaction.guild_id)):
            said = tr(
                "{emoji} **{name}** opened a {title} table: join in the thread below.",
                emoji=presenter.emoji,
                name=host.name,
                title=title,
            )
            thread_name = tr("{title} with {name}", title=title, name=host.name)[:100]
        await interaction.response.send_message(said)
        announcement = await interaction.original_response()
        try:
            thread = await announcement.create_thread(name=thread_name)
        except discord.HTTPException:
            # No table was opened: the announcement of one must not stay behind.
            with contextlib.suppress(discord.HTTPException):
                await announcement.delete()
            raise TableError(
                tr(
                    "I could not open a thread for the table here. I need the Create Public "
                    "Threads permission in this channel, or a moderator can turn threads off "
                    "with /tricky-config threads."
                )
            ) from None
        async with self.board.posting(thread.id):
            table = await self.bot.tables.open(
                guild_id=interaction.guild_id,
                channel_id=thread.id,
                game_key=presenter.key,
                host=host,
            )
            with speaking(await server_language(self.bot, interaction.guild_id)):
                embed, view = lobby_message(table, presenter, in_thread=True)
            message = await thread.send(embed=embed, view=view)
            await self.bot.tables.set_message(table.id, message.id)

    @app_commands.command(
        name="rules", description=N_("How a game is played, and how the bot rules.")
    )
    @app_commands.describe(game=N_("The game (default: the one at this channel's table)"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        if game is None:
            table = await self._table_here(interaction)
            game = table.game_key
        await self._send_rules(interaction, self._presenter(game))

    @app_commands.command(name="hand", description=N_("Show your hand at this channel's table."))
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._table_here(interaction)
        await self._open_panel(interaction, table.id)

    @app_commands.command(name="log", description=N_("Every public move at this channel's table."))
    async def log(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._table_here(interaction)
        await self._send_log(interaction, table.id)

    @app_commands.command(name="panels", description=N_("Your hand as a picture, or as text only."))
    @app_commands.describe(style="How your hand and panel are shown to you, on this server")
    @app_commands.choices(
        style=[
            app_commands.Choice(name="Pictures and text", value="pictures"),
            app_commands.Choice(name="Text only", value="text"),
        ]
    )
    async def panels(self, interaction: discord.Interaction[Any], style: str) -> None:
        async with self.bot.preferences.editing(
            interaction.user.id, interaction.guild_id
        ) as preferences:
            preferences.text_only = style == "text"
        said = (
            tr("Your panels are text only from now on.")
            if style == "text"
            else tr(
                "Your panels show your hand as a picture from now on (unless this server "
                "turned pictures off)."
            )
        )
        await explain(interaction, said)

    @app_commands.command(
        name="end", description=N_("End this channel's game or lobby (host or Manage Server).")
    )
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._table_here(interaction)
        moderator = is_moderator(interaction)
        if not moderator:
            await self._host_control(interaction, table.id)
        stopped = await self.bot.tables.stop(table.id, interaction.user.id, moderator=moderator)
        what = (
            tr("lobby was cancelled")
            if stopped.status is TableStatus.CANCELLED
            else tr("game was ended")
        )
        await explain(
            interaction, tr("The {what}. Ended games are kept in the history, unrated.", what=what)
        )

    # -- lobby buttons ------------------------------------------------------------------------

    @friendly
    async def lobby_clicked(
        self, interaction: discord.Interaction[Any], table_id: int, verb: str, option: str | None
    ) -> None:
        await self._here(interaction, table_id)
        tables, user = self.bot.tables, interaction.user
        if verb in HOSTS_ONLY and not (verb == "cancel" and is_moderator(interaction)):
            await self._host_control(interaction, table_id)
        match verb:
            case "join":
                await tables.join(table_id, Player(name=user.display_name, user_id=user.id))
            case "leave":
                await tables.leave(table_id, user.id)
            case "start":
                await tables.start(table_id, user.id)
            case "cancel":
                await tables.stop(table_id, user.id, moderator=is_moderator(interaction))
            case "flip" if option is not None:
                table = await tables.get(table_id)
                await tables.set_option(table_id, user.id, option, not table.options.get(option))
            case "rules":
                table = await tables.get(table_id)
                await self._send_rules(interaction, self._presenter(table.game_key))
                return
        await _acknowledge(interaction)

    @friendly
    async def lobby_seating_chosen(
        self, interaction: discord.Interaction[Any], table_id: int, value: str
    ) -> None:
        await self._here(interaction, table_id)
        await self._host_control(interaction, table_id)
        tables, user = self.bot.tables, interaction.user
        verb, _, argument = value.partition(":")
        if verb == "add":
            await tables.add_computer(table_id, user.id, argument)
        elif verb == "remove":
            await tables.remove_computer(table_id, user.id)
        elif verb == "clock" and argument.isdecimal() and int(argument) in CLOCKS:
            await tables.set_clock(table_id, user.id, int(argument))
        else:
            raise TableError(tr("That choice is out of date: look at the lobby again."))
        await _acknowledge(interaction)

    @friendly
    async def lobby_option_chosen(
        self, interaction: discord.Interaction[Any], table_id: int, option: str, value: str
    ) -> None:
        await self._here(interaction, table_id)
        await self._host_control(interaction, table_id)
        await self.bot.tables.set_option(table_id, interaction.user.id, option, value)
        await _acknowledge(interaction)

    # -- table buttons ------------------------------------------------------------------------

    @friendly
    async def table_clicked(
        self, interaction: discord.Interaction[Any], table_id: int, verb: str
    ) -> None:
        await self._here(interaction, table_id)
        match verb:
            case "hand":
                await self._open_panel(interaction, table_id)
            case "log":
                await self._send_log(interaction, table_id)
            case "watch":
                await self._watch(interaction, table_id)
            case _:
                table = await self.bot.tables.get(table_id)
                await self._send_rules(interaction, self._presenter(table.game_key))

    async def _watch(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """A bystander's private copy of the table, which the board keeps up to date."""
        public = await self.bot.tables.public(table_id)
        if interaction.channel_id != public.table.channel_id:
            # The button lives on the table message; a click from elsewhere is forged, and
            # could follow a game in a channel the member cannot see.
            raise TableError(tr("Press Watch on the table itself, in its own channel."))
        if public.table.seat_of(interaction.user.id) is not None:
            raise TableError(
                tr("You are playing here: Open my hand shows the table and your hand.")
            )
        if public.table.status is not TableStatus.ACTIVE:
            raise TableError(tr("This game is over: /tricky history has its replay."))
        embeds = self.board.watch_panel(public, self._presenter(public.table.game_key))
        await interaction.response.send_message(
            tr(
                "👀 You are watching this table. This copy follows the game for 15 "
                "minutes; press Watch again after that."
            ),
            embeds=embeds,
            ephemeral=True,
        )
        self.board.track_watcher(table_id, interaction)

    # -- the private panel --------------------------------------------------------------------

    async def _open_panel(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        seat = await self.bot.tables.for_seat(table_id, interaction.user.id)
        presenter = self._presenter(seat.table.game_key)
        picture, later = await self._hand_picture(interaction, seat, "")
        panel = presenter.draw(seat, pictured=picture is not None)
        intro = (
            panel.embeds[:1]
            if await introduce(self.bot, seat, presenter, panel, interaction.user.id)
            else []
        )
        await interaction.response.send_message(
            embeds=show(panel.embeds, picture), view=panel.view(), ephemeral=True, **files(picture)
        )
        self.board.track_panel(
            table_id, seat.seat, interaction, seat.table.version, legal=seat.legal, picture=picture
        )
        if later is not None:
            self.board.picture_later(
                table_id,
                seat.seat,
                interaction,
                *later,
                lambda: intro + presenter.draw(seat, pictured=True).embeds,
            )

    @friendly
    async def panel_input(
        self,
        interaction: discord.Interaction[Any],
        table_id: int,
        version: int,
        data: str,
        *,
        values: Sequence[str] = (),
        fields: Mapping[str, str] | None = None,
    ) -> None:
        await self._here(interaction, table_id)
        tables = self.bot.tables
        seat = await tables.for_seat(table_id, interaction.user.id)
        presenter = self._presenter(seat.table.game_key)
        stale = version != seat.table.version
        if stale and seat.table.status is not TableStatus.ACTIVE:
            notice = Notice(tr("This game is over; here is how it ended."), "warn")
            await self._redraw_panel(interaction, presenter, seat, "", notice)
            return
        # A panel drawn before the table last moved still builds its choice on the table as
        # it is now (react checks the click against it): in a phase where everyone chooses
        # at once, another seat's choice must not wipe the dice or chips picked so far.
        reaction = presenter.react(seat, data, values, fields)
        if stale and isinstance(reaction, Submit):
            # A move, though, is only made from a panel that showed the table as it is.
            await self._redraw_panel(
                interaction,
                presenter,
                seat,
                reaction.draft_if_refused,
                Notice(tr(MOVED_ON), "warn"),
            )
            return
        match reaction:
            case Ask(modal=modal):
                await interaction.response.send_modal(modal)
                modal.stop()  # answered through on_interaction, which survives restarts
            case Redraw(draft=draft, notice=hint):
                await self._redraw_panel(interaction, presenter, seat, draft, hint)
            case Submit(action=action, draft_if_refused=draft):
                # This click answers for its own panel: the board must not redraw it meanwhile.
                self.board.track_panel(table_id, seat.seat, interaction, version=ANSWERING)
                try:
                    played = await tables.act(
                        table_id, interaction.user.id, action, version=version
                    )
                except StaleTable:
                    fresh = await tables.for_seat(table_id, interaction.user.id)
                    await self._redraw_panel(
                        interaction, presenter, fresh, draft, Notice(tr(MOVED_ON), "warn")
                    )
                    return
                except EXPLAINED as error:
                    await self._redraw_panel(
                        interaction, presenter, seat, draft, Notice(error.message, "warn")
                    )
                    return
                except Exception:
                    # Our own failure: apologised for on the panel itself, which the board then
                    # goes on refreshing (left marked as answering, it would never be again).
                    log.exception("move at table %s failed for %s", table_id, interaction.user)
                    await self._redraw_panel(
                        interaction, presenter, seat, draft, Notice(tr(SORRY), "warn")
                    )
                    return
                fresh = await tables.for_seat(table_id, interaction.user.id)
                said = played.private_lines or played.lines[:1]
                done = Notice(" ".join(said)) if said else None
                await self._redraw_panel(interaction, presenter, fresh, "", done)
                await tell_if_undelivered(self.bot, interaction)

    async def _hand_picture(
        self, interaction: discord.Interaction[Any], seat: SeatTable, draft: str
    ) -> tuple[Picture | None, tuple[asyncio.Future[bytes | None], Sketch] | None]:
        """The seat's hand as a picture if it is drawn already, unless the server or the
        member wants text only. The answer to a click never waits for drawing: if it is not
        drawn yet, the panel goes up as text and the picture, asked for now, follows
        (returned second, for :meth:`TableBoard.picture_later`)."""
        if not await panel_pictures_on(self.bot, seat.table.guild_id, interaction.user.id):
            return None, None
        sketch = hand_of(seat, draft)
        if sketch is None:
            return None, None
        drawer = self.board.pictures
        data = drawer.ready(sketch)
        if data is not None:
            return Picture(data, HAND_FILE, sketch), None
        future = drawer.request(sketch, slot=("hand", seat.table.id, seat.seat), urgent=True)
        return None, (future, sketch)

    async def _redraw_panel(
        self,
        interaction: discord.Interaction[Any],
        presenter: Presenter,
        seat: SeatTable,
        draft: str,
        notice: Notice | None,
    ) -> None:
        picture, later = await self._hand_picture(interaction, seat, draft)
        panel = presenter.draw(seat, draft, notice, pictured=picture is not None)
        embeds = show(panel.embeds, picture)
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await interaction.response.edit_message(
                embeds=embeds, view=panel.view(), attachments=attachments(picture)
            )
        else:  # never draw a private panel over a public message
            await interaction.response.send_message(
                embeds=embeds, view=panel.view(), ephemeral=True, **files(picture)
            )
        self.board.track_panel(
            seat.table.id,
            seat.seat,
            interaction,
            seat.table.version,
            draft=draft,
            legal=seat.legal,
            picture=picture,
        )
        if later is not None:
            self.board.picture_later(
                seat.table.id,
                seat.seat,
                interaction,
                *later,
                lambda: presenter.draw(seat, draft, notice, pictured=True).embeds,
            )

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Forms are answered here rather than by an in-memory Modal, so they survive restarts."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data: Any = interaction.data or {}
        match = FORM_ID.fullmatch(str(data.get("custom_id", "")))
        if match is None:
            return
        await self.panel_input(
            interaction,
            int(match["table"]),
            int(match["version"]),
            match["data"],
            fields=_form_fields(data.get("components", [])),
        )

    # -- game commands (contributed by presenters) --------------------------------------------

    @friendly
    async def command_action(
        self,
        interaction: discord.Interaction[Any],
        game_key: str,
        build: Callable[[SeatTable], Any],
    ) -> None:
        """Run a game's slash command (e.g. ``/tricky guess``) at this channel's table."""
        table = await self._table_here(interaction)
        title = self._presenter(game_key).game.title
        if table.game_key != game_key:
            raise TableError(tr("The table in this channel is not playing {title}.", title=title))
        seat = await self.bot.tables.for_seat(table.id, interaction.user.id)
        played = await self.bot.tables.act(table.id, interaction.user.id, build(seat))
        await explain(interaction, "\n".join(played.private_lines + played.lines) or tr("Done."))
        await tell_if_undelivered(self.bot, interaction)

    # -- helpers ------------------------------------------------------------------------------

    def _presenter(self, key: str) -> Presenter:
        try:
            return self.presenters[key]
        except KeyError:
            raise TableError(tr("This bot does not host that game.")) from None

    async def _here(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Refuse a button or form naming a table of another server (a custom id is only
        what the client sent). Beyond tidiness, with several shards the table would be
        another process's, whose cached row must stay the only writer's (bot.shards)."""
        table = await self.bot.tables.get(table_id)
        if table.guild_id != interaction.guild_id:
            raise TableError(tr("That button belongs to a table in another server."))

    async def _host_control(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Before the host's control of a lobby is refused to someone else: if the host has
        left the server, the lobby passes on first (``cogs.hosts``), and the user goes on
        only if they host it now."""
        table = await self.bot.tables.get(table_id)
        if not in_question(table, interaction.user.id):
            return
        passed = await deferring_if_slow(
            interaction, pass_on_if_gone(self.bot.tables, interaction.guild, table)
        )
        why = None if passed is None else refusal(passed, interaction.user.id)
        if why is not None:
            raise TableError(why)

    async def _free_channel(self, interaction: discord.Interaction[Any]) -> None:
        """A lobby whose host left the server no longer blocks ``/tricky new`` here: it
        passes on to another person seated (then still blocks), or closes.

        Not deferred (the command answers with the new lobby itself): the lookup is
        bounded well inside Discord's 3 seconds instead (``cogs.hosts.LOOKUP_SECONDS``).
        """
        assert interaction.channel_id is not None
        table = await self.bot.tables.in_channel(interaction.channel_id)
        if table is not None and in_question(table, interaction.user.id):
            await pass_on_if_gone(self.bot.tables, interaction.guild, table)

    async def _table_here(self, interaction: discord.Interaction[Any]) -> Table:
        assert interaction.channel_id is not None
        table = await self.bot.tables.in_channel(interaction.channel_id)
        if table is None:
            raise TableError(tr("There is no table in this channel. Open one with /tricky new."))
        return table

    async def _send_rules(
        self, interaction: discord.Interaction[Any], presenter: Presenter
    ) -> None:
        pages = _pages(presenter.rules(), RULES_PAGE)
        embeds = [
            presenter.embed(tr("{title}: rules", title=presenter.game.title), page)
            for page in pages
        ]
        await interaction.response.send_message(embed=embeds[0], ephemeral=True)
        for embed in embeds[1:]:
            await interaction.followup.send(embed=embed, ephemeral=True)

    async def _send_log(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        table = await self.bot.tables.get(table_id)
        presenter = self._presenter(table.game_key)
        lines = await self.bot.tables.history(table_id)
        text = "\n".join(f"{n}. {line}" for n, line in enumerate(lines, start=1))
        embed = presenter.embed(tr("{title}: full log", title=presenter.game.title))
        if not lines:
            embed.description = tr("Nothing has happened yet.")
        elif len(text) <= LOG_EMBED_LIMIT:
            embed.description = text
        else:
            embed.description = tr("The log is long, so it is attached as a file.")
            log_file = discord.File(io.BytesIO(text.encode()), filename=f"table-{table_id}-log.txt")
            await interaction.response.send_message(embed=embed, file=log_file, ephemeral=True)
            return
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def _acknowledge(interaction: discord.Interaction[Any]) -> None:
    """Answer a lobby click that changed the lobby (the board redraws it), unless it was
    deferred already while the bot waited for Discord's word on the host."""
    if not interaction.response.is_done():
        await interaction.response.defer()


def _form_fields(components: Any) -> dict[str, str]:
    """Typed values of a submitted form, however Discord nested them."""
    found: dict[str, str] = {}
    stack = list(components) if isinstance(components, list) else []
    while stack:
        node = stack.pop()
        if not isinstance(node, dict):
            continue
        if "custom_id" in node and isinstance(node.get("value"), str):
            found[str(node["custom_id"])] = node["value"]
        for key in ("components", "component"):
            child = node.get(key)
            if isinstance(child, list):
                stack.extend(child)
            elif isinstance(child, dict):
                stack.append(child)
    return found


def _pages(text: str, limit: int) -> list[str]:
    """Split on blank lines into pages no longer than ``limit``."""
    pages: list[str] = []
    current = ""
    for block in text.strip().split("\n\n"):
        candidate = f"{current}\n\n{block}" if current else block
        if len(candidate) <= limit:
            current = candidate
            continue
        if current:
            pages.append(current)
        current = block[:limit]
    if current:
        pages.append(current)
    return pages or [tr("(no rules written)")]


async def setup(bot: TrickyBot) -> None:
    bot.add_dynamic_items(
        LobbyButton, LobbySeating, LobbySelect, TableButton, PanelButton, PanelSelect
    )
    await bot.add_cog(TablesCog(bot))
