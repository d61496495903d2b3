"""Every button and select the bot sends, as DynamicItems.

The custom id carries all a click needs (table, version, what was clicked), so a
click works the same after a restart and on a message sent hours ago, and no
view has to stay in memory. Each control only parses its id and hands the click
to the :class:`~cogs.tables.TablesCog`, which owns the behaviour.

Id layout (Discord allows 100 characters)::

    tk:lobby:<table>:<verb>[:<option>]     Join, Leave, Start, Cancel, option toggles
    tk:opt:<table>:<option>                a lobby option select
    tk:seat:<table>                        the lobby's computer players and turn clock select
    tk:table:<table>:<verb>                Open my hand, Rules, Log, Watch on the table message
    tk:panel:<table>:<version>:<data>      a button on a private panel
    tk:pick:<table>:<version>:<data>       a select on a private panel
    tk:form:<table>:<version>:<data>       a form (modal) opened from a panel
    tk:hint:<table>:<version>              Hint, on a practice table's panel (cogs.practice)
    tk:rules:<table>                       Full rules, under a first-time intro (cogs.intro)
    tk:again:<table>                       Play again, on a result message (cogs.rematch)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import ui

from games.core.wording import tr

if TYPE_CHECKING:
    from cogs.tables import TablesCog

__all__ = [
    "FORM_ID",
    "HintButton",
    "LobbyButton",
    "LobbySeating",
    "LobbySelect",
    "PanelButton",
    "PanelSelect",
    "TableButton",
    "form_id",
    "tables_cog",
]

DATA = r"[A-Za-z0-9_.,:=+-]{0,64}"
"""What a presenter may put in a panel custom id."""
FORM_ID = re.compile(rf"tk:form:(?P<table>\d+):(?P<version>\d+):(?P<data>{DATA})")


def tables_cog(interaction: discord.Interaction[Any]) -> TablesCog:
    cog = interaction.client.get_cog("TablesCog")
    assert cog is not None, "the tables cog handles every control"
    return cast("TablesCog", cog)


def form_id(table_id: int, version: int, data: str) -> str:
    return f"tk:form:{table_id}:{version}:{data}"


class LobbyButton(
    ui.DynamicItem[ui.Button[Any]],
    template=r"tk:lobby:(?P<table>\d+):(?P<verb>join|leave|start|cancel|rules|flip)"
    r"(?::(?P<option>[a-z_]{1,40}))?",
):
    def __init__(
        self,
        table_id: int,
        verb: str,
        option: str | None = None,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        suffix = f":{option}" if option else ""
        super().__init__(
            ui.Button(
                label=label or verb.title(),
                style=style,
                row=row,
                custom_id=f"tk:lobby:{table_id}:{verb}{suffix}",
            )
        )
        self.table_id, self.verb, self.option = table_id, verb, option

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["table"]), match["verb"], match["option"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await tables_cog(interaction).lobby_clicked(
            interaction, self.table_id, self.verb, self.option
        )


class LobbySelect(
    ui.DynamicItem[ui.Select[Any]], template=r"tk:opt:(?P<table>\d+):(?P<option>[a-z_]{1,40})"
):
    def __init__(
        self,
        table_id: int,
        option: str,
        choices: Sequence[discord.SelectOption] = (),
        *,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            ui.Select(
                custom_id=f"tk:opt:{table_id}:{option}",
                options=list(choices) or [discord.SelectOption(label="-")],
                placeholder=placeholder,
                row=row,
            )
        )
        self.table_id, self.option = table_id, option

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> LobbySelect:
        return cls(int(match["table"]), match["option"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = _values(interaction)
        await tables_cog(interaction).lobby_option_chosen(
            interaction, self.table_id, self.option, values[0] if values else ""
        )


class LobbySeating(ui.DynamicItem[ui.Select[Any]], template=r"tk:seat:(?P<table>\d+)"):
    """Add or remove computer players, or set the turn clock (the host's lobby settings)."""

    def __init__(
        self,
        table_id: int,
        choices: Sequence[discord.SelectOption] = (),
        *,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            ui.Select(
                custom_id=f"tk:seat:{table_id}",
                options=list(choices) or [discord.SelectOption(label="-")],
                placeholder=placeholder,
                row=row,
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> LobbySeating:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = _values(interaction)
        await tables_cog(interaction).lobby_seating_chosen(
            interaction, self.table_id, values[0] if values else ""
        )


class TableButton(
    ui.DynamicItem[ui.Button[Any]],
    template=r"tk:table:(?P<table>\d+):(?P<verb>hand|rules|log|watch)",
):
    def __init__(
        self,
        table_id: int,
        verb: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: str | None = None,
    ) -> None:
        super().__init__(
            ui.Button(
                label=label or verb.title(),
                style=style,
                emoji=emoji,
                custom_id=f"tk:table:{table_id}:{verb}",
            )
        )
        self.table_id, self.verb = table_id, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> TableButton:
        return cls(int(match["table"]), match["verb"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await tables_cog(interaction).table_clicked(interaction, self.table_id, self.verb)


class PanelButton(
    ui.DynamicItem[ui.Button[Any]],
    template=rf"tk:panel:(?P<table>\d+):(?P<version>\d+):(?P<data>{DATA})",
):
    def __init__(
        self,
        table_id: int,
        version: int,
        data: str,
        *,
        label: str | None = None,
        emoji: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        super().__init__(
            ui.Button(
                label=label,
                emoji=emoji,
                style=style,
                disabled=disabled,
                row=row,
                custom_id=f"tk:panel:{table_id}:{version}:{data}",
            )
        )
        self.table_id, self.version, self.data = table_id, version, data

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> PanelButton:
        return cls(int(match["table"]), int(match["version"]), match["data"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await tables_cog(interaction).panel_input(
            interaction, self.table_id, self.version, self.data
        )


class PanelSelect(
    ui.DynamicItem[ui.Select[Any]],
    template=rf"tk:pick:(?P<table>\d+):(?P<version>\d+):(?P<data>{DATA})",
):
    def __init__(
        self,
        table_id: int,
        version: int,
        data: str,
        choices: Sequence[discord.SelectOption] = (),
        *,
        placeholder: str | None = None,
        min_values: int = 1,
        max_values: int = 1,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        super().__init__(
            ui.Select(
                custom_id=f"tk:pick:{table_id}:{version}:{data}",
                options=list(choices) or [discord.SelectOption(label="-")],
                placeholder=placeholder,
                min_values=min_values,
                max_values=max_values,
                disabled=disabled,
                row=row,
            )
        )
        self.table_id, self.version, self.data = table_id, version, data

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> PanelSelect:
        return cls(int(match["table"]), int(match["version"]), match["data"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await tables_cog(interaction).panel_input(
            interaction, self.table_id, self.version, self.data, values=_values(interaction)
        )


def _values(interaction: discord.Interaction[Any]) -> list[str]:
    """The chosen values, read from the raw interaction (the select object is rebuilt)."""
    data: Any = interaction.data or {}
    values = data.get("values", [])
    return [str(value) for value in values] if isinstance(values, list) else []


class HintButton(
    ui.DynamicItem[ui.Button[Any]], template=r"tk:hint:(?P<table>\d{1,20}):(?P<version>\d{1,20})"
):
    """A practice table's Hint: the move the easy computer player would make, and why."""

    def __init__(self, table_id: int, version: int, *, row: int | None = None) -> None:
        super().__init__(
            ui.Button(
                label=tr("Hint"),
                emoji="💡",
                style=discord.ButtonStyle.secondary,
                row=row,
                custom_id=f"tk:hint:{table_id}:{version}",
            )
        )
        self.table_id, self.version = table_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> HintButton:
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("PracticeCog")
        assert cog is not None, "cogs.practice is loaded with the bot"
        await cast("Any", cog).hint(interaction, self.table_id, self.version)
