"""``/tricky-config``: what moderators (Manage Server) set for their server.

Discord applies default member permissions only to top-level commands, so the
moderator commands are their own group rather than ``/tricky config``: members
without Manage Server do not even see them. Server admins can change that in
Discord's settings, so every command and button here checks again in the bot.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands, ui
from discord.ext import commands

from bot.guilds import GuildSettings, LobbyDefaults
from bot.i18n.languages import LANGUAGES
from bot.results import ratable
from bot.tables.service import TableError
from cogs.lobby import clock_text, option_controls, options_summary, visible_options
from cogs.presenters import PRESENTERS
from cogs.replies import Refused, explain, friendly, is_moderator
from games.core.wording import N_, ntr, tr

if TYPE_CHECKING:
    from bot.app import TrickyBot

__all__ = ["ConfigCog", "setup"]

GAME_CHOICES = [
    app_commands.Choice(name=presenter.game.title, value=key)
    for key, presenter in PRESENTERS.items()
]
RATED_CHOICES = [
    app_commands.Choice(name=presenter.game.title, value=key)
    for key, presenter in PRESENTERS.items()
    if ratable(presenter.game)
]
RESET_CHOICES = [app_commands.Choice(name=N_("Every game"), value="all"), *RATED_CHOICES]
CLOCK_CHOICES = [
    app_commands.Choice(name=name, value=seconds)
    for name, seconds in (
        (N_("off"), 0),
        (N_("1 minute"), 60),
        (N_("2 minutes"), 120),
        (N_("5 minutes"), 300),
        (N_("10 minutes"), 600),
        (N_("30 minutes"), 1800),
        (N_("1 hour"), 3600),
        (N_("1 day"), 86_400),
    )
]
LANGUAGE_CHOICES = [
    app_commands.Choice(name=N_("The server's Discord language"), value="discord"),
    # Each language by its own name, as its speakers look for it.
    *(app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()),
]
COLOUR = discord.Colour.blurple()
NOT_ALLOWED = N_("Only members with Manage Server can change Tricky's settings.")


def _cog(interaction: discord.Interaction[Any]) -> ConfigCog:
    cog = interaction.client.get_cog("ConfigCog")
    assert cog is not None
    return cast("ConfigCog", cog)


def _title(game_key: str) -> str:
    presenter = PRESENTERS.get(game_key)
    return presenter.game.title if presenter else game_key


# -- buttons and selects -------------------------------------------------------------------------


def _board_title(game: str) -> str:
    """What a reset clears: every game's board, one game's, or a game no longer hosted."""
    if game == "all":
        return tr("every game")
    presenter = PRESENTERS.get(game)
    return presenter.game.title if presenter is not None else game


class ConfirmReset(ui.DynamicItem[ui.Button[Any]], template=r"tk:cfgreset:(?P<game>[a-z_]{1,40})"):
    def __init__(self, game: str) -> None:
        title = _board_title(game)
        super().__init__(
            ui.Button(
                label=tr("Reset the board of {title}", title=title),
                style=discord.ButtonStyle.danger,
                custom_id=f"tk:cfgreset:{game}",
            )
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> ConfirmReset:
        # Any name: a game no longer hosted is explained when clicked (reset_confirmed),
        # where refusing it here would leave the click unanswered.
        return cls(match["game"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _cog(interaction).reset_confirmed(interaction, self.game)


class DefaultFlip(
    ui.DynamicItem[ui.Button[Any]],
    template=r"tk:cfgflip:(?P<game>[a-z_]{1,40}):(?P<option>[a-z_]{1,40})",
):
    def __init__(self, game: str, option: str, *, label: str = "", row: int | None = None) -> None:
        super().__init__(
            ui.Button(label=label or option, custom_id=f"tk:cfgflip:{game}:{option}", row=row)
        )
        self.game, self.option = game, option

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> DefaultFlip:
        return cls(match["game"], match["option"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _cog(interaction).default_changed(interaction, self.game, self.option, None)


class DefaultChoice(
    ui.DynamicItem[ui.Select[Any]],
    template=r"tk:cfgopt:(?P<game>[a-z_]{1,40}):(?P<option>[a-z_]{1,40})",
):
    def __init__(
        self,
        game: str,
        option: str,
        choices: list[discord.SelectOption] | None = None,
        *,
        row: int | None = None,
    ) -> None:
        super().__init__(
            ui.Select(
                custom_id=f"tk:cfgopt:{game}:{option}",
                options=choices or [discord.SelectOption(label="-")],
                row=row,
            )
        )
        self.game, self.option = game, option

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> DefaultChoice:
        return cls(match["game"], match["option"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: Any = interaction.data or {}
        values = data.get("values") or [""]
        await _cog(interaction).default_changed(interaction, self.game, self.option, str(values[0]))


class DefaultsCleared(
    ui.DynamicItem[ui.Button[Any]], template=r"tk:cfgclear:(?P<game>[a-z_]{1,40})"
):
    def __init__(self, game: str) -> None:
        super().__init__(
            ui.Button(label=tr("Back to the rulebook's defaults"), custom_id=f"tk:cfgclear:{game}")
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> DefaultsCleared:
        return cls(match["game"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _cog(interaction).defaults_cleared(interaction, self.game)


# -- the commands ---------------------------------------------------------------------------------


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class ConfigCog(
    commands.GroupCog,
    name="ConfigCog",
    group_name="tricky-config",
    group_description=N_("Tricky's settings for this server (Manage Server)."),
):
    def __init__(self, bot: TrickyBot) -> None:
        self.bot = bot

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if not is_moderator(interaction):
            raise Refused(tr(NOT_ALLOWED))  # explained by the tree's handler, like every refusal
        return True

    def _editing(self, guild_id: int) -> AbstractAsyncContextManager[GuildSettings]:
        return self.bot.guild_settings.editing(guild_id)

    async def _change(
        self, interaction: discord.Interaction[Any], change: Callable[[GuildSettings], str]
    ) -> None:
        assert interaction.guild_id is not None
        async with self._editing(interaction.guild_id) as settings:
            said = change(settings)
        await explain(interaction, said)

    @app_commands.command(name="show", description=N_("Every Tricky setting on this server."))
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None
        settings = await self.bot.guild_settings.get(interaction.guild_id)
        embed = discord.Embed(title=tr("⚙️ Tricky on this server"), colour=COLOUR)
        rated = [
            p.game.title
            for key, p in PRESENTERS.items()
            if key not in settings.unrated_games and ratable(p.game)
        ]
        embed.add_field(
            name=tr("Leaderboard"),
            value=tr(
                "{state}\nrated games: {rated}\ngames with computer players rated: {computers}",
                state=tr("on") if settings.leaderboard else tr("off"),
                rated=", ".join(rated) or tr("none"),
                computers=tr("yes") if settings.rate_computer_games else tr("no"),
            ),
            inline=False,
        )
        embed.add_field(name=tr("Turn clock"), value=clock_text(settings.turn_seconds))
        embed.add_field(
            name=tr("Turn pings"),
            value=tr("at once")
            if not settings.ping_grace
            else tr("after {grace} without a move", grace=grace_text(settings.ping_grace)),
        )
        embed.add_field(
            name=tr("Tables"), value=tr("in threads") if settings.threads else tr("in the channel")
        )
        embed.add_field(
            name=tr("Pictures"), value=tr("on") if settings.pictures else tr("off (text only)")
        )
        embed.add_field(name=tr("Language"), value=_language_name(settings.language))
        embed.add_field(
            name=tr("Where /tricky new works"),
            value=" ".join(f"<#{c}>" for c in settings.channels) or tr("any channel"),
            inline=False,
        )
        for key, options in settings.lobby_defaults.items():
            if key in PRESENTERS and options:
                game = PRESENTERS[key].game
                embed.add_field(
                    name=tr("{title}: lobby defaults", title=game.title),
                    # i18n: lobby defaults when a server changed none: the rulebook's own.
                    value=options_summary(visible_options(game), options) or tr("rulebook"),
                    inline=False,
                )
        reset = await self.bot.results.last_reset(interaction.guild_id)
        if reset is not None:
            game_key = reset.game_key
            board = (
                tr("every board")
                if game_key is None
                else tr("the {title} board", title=_title(game_key))
            )
            embed.add_field(
                name=tr("Last reset"),
                value=tr(
                    "{board}, by <@{reset_by}>, {format_dt}",
                    board=board,
                    reset_by=reset.reset_by,
                    format_dt=discord.utils.format_dt(reset.reset_at, "R"),
                ),
                inline=False,
            )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="leaderboard", description=N_("Turn the leaderboard on or off."))
    @app_commands.describe(enabled=N_("Record ratings and show the leaderboard"))
    async def leaderboard(self, interaction: discord.Interaction[Any], enabled: bool) -> None:
        def change(settings: GuildSettings) -> str:
            settings.leaderboard = enabled
            return (
                tr("The leaderboard is now on.") if enabled else tr("The leaderboard is now off.")
            )

        await self._change(interaction, change)

    @app_commands.command(name="rated", description=N_("Choose whether a game is rated here."))
    @app_commands.describe(game=N_("The game"), rated=N_("Rate its results"))
    @app_commands.choices(game=RATED_CHOICES)
    async def rated(self, interaction: discord.Interaction[Any], game: str, rated: bool) -> None:
        title = PRESENTERS[game].game.title

        def change(settings: GuildSettings) -> str:
            unrated = set(settings.unrated_games)
            (unrated.discard if rated else unrated.add)(game)
            settings.unrated_games = sorted(unrated)
            if rated:
                return tr("{title} is now rated on this server.", title=title)
            return tr("{title} is now not rated on this server.", title=title)

        await self._change(interaction, change)

    @app_commands.command(name="computers", description=N_("Rate games with computer players?"))
    @app_commands.describe(rated=N_("Rate games that had a computer player from the start"))
    async def computers(self, interaction: discord.Interaction[Any], rated: bool) -> None:
        def change(settings: GuildSettings) -> str:
            settings.rate_computer_games = rated
            if rated:
                return tr("Games with computer players are now rated.")
            return tr("Games with computer players are now unrated.")

        await self._change(interaction, change)

    @app_commands.command(name="clock", description=N_("How long a seat has to act."))
    @app_commands.describe(time=N_("The turn clock (off: no limit)"))
    @app_commands.choices(time=CLOCK_CHOICES)
    async def clock(self, interaction: discord.Interaction[Any], time: int) -> None:
        def change(settings: GuildSettings) -> str:
            settings.turn_seconds = time
            return tr("The turn clock is now {clock} for new tables.", clock=clock_text(time))

        await self._change(interaction, change)

    @app_commands.command(name="pings", description=N_("How long a player may take before a ping."))
    @app_commands.describe(
        seconds=N_("Seconds after a turn starts before the player is pinged (0: at once)")
    )
    async def pings(
        self, interaction: discord.Interaction[Any], seconds: app_commands.Range[int, 0, 3600]
    ) -> None:
        def change(settings: GuildSettings) -> str:
            settings.ping_grace = seconds
            if not seconds:
                return tr("Players are now pinged as soon as their turn starts.")
            return tr(
                "Players are now pinged only if they have not acted {grace} after their "
                "turn started. Whoever acts sooner is never pinged.",
                grace=grace_text(seconds),
            )

        await self._change(interaction, change)

    @app_commands.command(name="threads", description=N_("Open each table in its own thread?"))
    @app_commands.describe(enabled=N_("Tables in threads (on) or in the channel (off)"))
    async def threads(self, interaction: discord.Interaction[Any], enabled: bool) -> None:
        def change(settings: GuildSettings) -> str:
            settings.threads = enabled
            where = tr("in its own thread") if enabled else tr("in the channel")
            return tr("New tables now open {where}.", where=where)

        await self._change(interaction, change)

    @app_commands.command(name="pictures", description=N_("Draw tables and hands as pictures?"))
    @app_commands.describe(enabled=N_("Pictures beside the text (on) or text only (off)"))
    async def pictures(self, interaction: discord.Interaction[Any], enabled: bool) -> None:
        def change(settings: GuildSettings) -> str:
            settings.pictures = enabled
            if enabled:
                return tr("Tables and hands are drawn as pictures beside their text from now on.")
            return tr("Tables and hands are shown as text only from now on.")

        await self._change(interaction, change)

    @app_commands.command(name="channels", description=N_("Where /tricky new may be used."))
    @app_commands.describe(
        action=N_("Allow a channel, stop allowing it, or allow every channel"),
        channel=N_("The channel (not needed for 'anywhere')"),
    )
    @app_commands.choices(
        action=[
            app_commands.Choice(name="allow", value="allow"),
            app_commands.Choice(name="remove", value="remove"),
            app_commands.Choice(name="anywhere", value="anywhere"),
        ]
    )
    async def channels(
        self,
        interaction: discord.Interaction[Any],
        action: str,
        channel: discord.TextChannel | None = None,
    ) -> None:
        if action != "anywhere" and channel is None:
            raise TableError(tr("Name the channel to allow or remove."))

        def change(settings: GuildSettings) -> str:
            allowed = set(settings.channels)
            if action == "anywhere":
                allowed.clear()
            elif channel is not None:
                (allowed.add if action == "allow" else allowed.discard)(channel.id)
            settings.channels = sorted(allowed)
            if not allowed:
                return tr("/tricky new now works in any channel.")
            return (
                tr("/tricky new now works in ") + " ".join(f"<#{c}>" for c in sorted(allowed)) + "."
            )

        await self._change(interaction, change)

    @app_commands.command(
        name="language",
        description=N_("The language of tables, pings and results on this server."),
    )
    @app_commands.describe(language=N_("A language, or the one the server chose in Discord"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction[Any], language: str) -> None:
        def change(settings: GuildSettings) -> str:
            settings.language = None if language == "discord" else language
            return tr(
                "New table messages, pings and results here are now in {language}. "
                "Each member still sees their own panels in their own Discord language.",
                language=_language_name(settings.language),
            )

        await self._change(interaction, change)

    @app_commands.command(
        name="defaults", description=N_("The options new lobbies of a game start with.")
    )
    @app_commands.describe(game=N_("The game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def defaults(self, interaction: discord.Interaction[Any], game: str) -> None:
        assert interaction.guild_id is not None
        settings = await self.bot.guild_settings.get(interaction.guild_id)
        embed, view = self._defaults_panel(game, settings)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    @app_commands.command(name="reset", description=N_("Clear a game's leaderboard (asks first)."))
    @app_commands.describe(game=N_("The game whose board to clear, or every game"))
    @app_commands.choices(game=RESET_CHOICES)
    async def reset(self, interaction: discord.Interaction[Any], game: str) -> None:
        view = ui.View(timeout=None)
        view.add_item(ConfirmReset(game))
        title = tr("every game") if game == "all" else PRESENTERS[game].game.title
        await interaction.response.send_message(
            tr(
                "This clears the leaderboard of **{title}** on this server for good: "
                "ratings, wins and games played start again (the game history stays). "
                "Are you sure?",
                title=title,
            ),
            view=view,
            ephemeral=True,
        )

    # -- button handlers ---------------------------------------------------------------------------

    @friendly
    async def reset_confirmed(self, interaction: discord.Interaction[Any], game: str) -> None:
        if not is_moderator(interaction):
            raise TableError(tr(NOT_ALLOWED))
        assert interaction.guild_id is not None
        if game != "all" and game not in PRESENTERS:
            raise TableError(tr("This bot does not host that game."))
        cleared = await self.bot.results.reset(
            interaction.guild_id, None if game == "all" else game, interaction.user.id
        )
        title = _board_title(game)
        await interaction.response.edit_message(
            content=ntr(
                "The board of {title} was reset by {mention} ({count} player rating cleared).",
                "The board of {title} was reset by {mention} ({count} player ratings cleared).",
                cleared,
                title=title,
                mention=interaction.user.mention,
            ),
            view=None,
        )

    @friendly
    async def default_changed(
        self, interaction: discord.Interaction[Any], game: str, option: str, value: str | None
    ) -> None:
        if not is_moderator(interaction):
            raise TableError(tr(NOT_ALLOWED))
        assert interaction.guild_id is not None
        presenter = PRESENTERS.get(game)
        if presenter is None or option not in visible_options(presenter.game):
            raise TableError(tr("That option no longer exists."))
        options = presenter.game.options

        def change(defaults: LobbyDefaults) -> LobbyDefaults:
            current = defaults.get(game, {})
            chosen = options(current)
            current[option] = not getattr(chosen, option) if value is None else value
            # Saved in full, as the game reads them; the settings service explains a refusal.
            defaults[game] = options(current).model_dump(mode="json")
            return defaults

        settings = await self.bot.guild_settings.edit_lobby_defaults(interaction.guild_id, change)
        embed, view = self._defaults_panel(game, settings)
        await interaction.response.edit_message(embed=embed, view=view)

    @friendly
    async def defaults_cleared(self, interaction: discord.Interaction[Any], game: str) -> None:
        if not is_moderator(interaction):
            raise TableError(tr(NOT_ALLOWED))
        assert interaction.guild_id is not None
        presenter = PRESENTERS.get(game)
        if presenter is None:
            raise TableError(tr("This bot does not host that game."))
        shown = visible_options(presenter.game)

        def change(defaults: LobbyDefaults) -> LobbyDefaults:
            # Only the options the panel shows go back: server data kept in hidden options
            # (a house word list) stays.
            kept = {
                name: value for name, value in defaults.pop(game, {}).items() if name not in shown
            }
            return {**defaults, game: kept} if kept else defaults

        settings = await self.bot.guild_settings.edit_lobby_defaults(interaction.guild_id, change)
        embed, view = self._defaults_panel(game, settings)
        await interaction.response.edit_message(embed=embed, view=view)

    @staticmethod
    def _defaults_panel(game: str, settings: GuildSettings) -> tuple[discord.Embed, ui.View]:
        presenter = PRESENTERS[game]
        fields = visible_options(presenter.game)
        values = presenter.game.options(settings.lobby_defaults.get(game, {})).model_dump(
            mode="json"
        )
        embed = discord.Embed(
            title=tr("⚙️ {title}: lobby defaults", title=presenter.game.title),
            description=(options_summary(fields, values) or tr("This game has no options."))
            + "\n\n"
            + tr("New lobbies start with these; the host can still change them."),
            colour=COLOUR,
        )
        view = ui.View(timeout=None)
        for item in option_controls(
            fields,
            values,
            toggle=lambda name, label, row: DefaultFlip(game, name, label=label, row=row),
            chooser=lambda name, choices, row: DefaultChoice(game, name, choices, row=row),
            first_row=0,
        ):
            view.add_item(item)
        view.add_item(DefaultsCleared(game))
        return embed, view


def _language_name(code: str | None) -> str:
    if code is None:
        return tr("the server's Discord language")
    return LANGUAGES.get(code, code)


def grace_text(seconds: int) -> str:
    """``20 seconds``, ``1 minute``, ``1 minute 30 seconds``: how long a ping waits."""
    minutes, rest = divmod(seconds, 60)
    parts = [ntr("{count} minute", "{count} minutes", minutes)] if minutes else []
    if rest or not parts:
        parts.append(ntr("{count} second", "{count} seconds", rest))
    return " ".join(parts)


async def setup(bot: TrickyBot) -> None:
    bot.add_dynamic_items(ConfirmReset, DefaultFlip, DefaultChoice, DefaultsCleared)
    await bot.add_cog(ConfigCog(bot))
