"""The lobby message: who is seated, the game's options, and the buttons to join and start.

Options are drawn from the game's pydantic Options model, so a game gets lobby
controls for its variants without any code here: a yes/no option is a toggle
button, a choice is a select, a number is a select of its suggested values.
Options marked hidden are the server's business and are not shown.
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Callable
from typing import Any, Literal

import discord
from discord import ui
from pydantic.fields import FieldInfo

from bot.tables.model import Table, TableStatus
from cogs.controls import LobbyButton, LobbySeating, LobbySelect
from cogs.presenters.base import Presenter
from games.core.registry import AnyGame
from games.core.wording import N_, ntr, tr

__all__ = [
    "CLOCKS",
    "clock_text",
    "hidden",
    "lobby_message",
    "option_controls",
    "option_value_text",
    "options_summary",
    "visible_options",
]


def hidden(field: FieldInfo) -> bool:
    """Options marked ``json_schema_extra={"hidden": True}`` are set by the server, not the
    lobby (e.g. a house word list), so the lobby neither shows nor offers them."""
    extra = field.json_schema_extra
    return isinstance(extra, dict) and extra.get("hidden") is True


def lobby_message(
    table: Table, presenter: Presenter, news: str | None = None, *, in_thread: bool = False
) -> tuple[discord.Embed, discord.ui.View]:
    """The lobby as the channel sees it; ``news`` says what last happened to it that its
    seats do not show (a new host, why it closed). ``in_thread``: the table has a thread
    of its own, so the footer need not offer one."""
    game = presenter.game
    embed = presenter.embed(tr("{title}: lobby", title=game.title), tr(game.summary))
    if news:
        embed.description = f"{tr(game.summary)}\n\n{news}"
    seats = "\n".join(
        f"{seat + 1}. {player.name}" + (tr(" (host)") if player.user_id == table.host_id else "")
        for seat, player in enumerate(table.seats)
    )
    embed.add_field(
        name=tr(
            "Seats ({seats} of {min_seats}-{max_seats})",
            seats=len(table.seats),
            min_seats=game.min_seats,
            max_seats=game.max_seats,
        ),
        value=seats or tr("nobody yet"),
        inline=False,
    )
    kept = table.kept_for if table.status is TableStatus.LOBBY else ()
    if kept:
        embed.add_field(
            name=tr("Seats kept for the last game's players"),
            value=", ".join(player.name for player in kept)[:900]
            + tr("\nPress Join to take your seat back."),
            inline=False,
        )
    fields = visible_options(game)
    if fields:
        embed.add_field(
            name=tr("Options (the host sets them)"),
            value=options_summary(fields, table.options),
            inline=False,
        )
    embed.add_field(name=tr("Turn clock"), value=clock_text(table.turn_seconds), inline=True)
    view = discord.ui.View(timeout=None)
    if table.status is not TableStatus.LOBBY:
        embed.title = tr("{emoji} {title}: lobby closed", emoji=presenter.emoji, title=game.title)
        embed.description = news or tr("This lobby was cancelled.")
        return embed, view
    # What Start does to the channel (#21, docs/channel.md): said before anyone presses it.
    where = (
        ""
        if in_thread
        else tr(" Moderators can give each table a thread of its own: /tricky-config threads.")
    )
    embed.set_footer(
        text=tr(
            "Join to take a seat. The host starts the game when everyone is in; if "
            "the host leaves the server, the player seated longest takes over.\nAt "
            "Start this message becomes the table and is kept up to date; the "
            "channel gets a summary after each hand or round and the result, and a "
            "player is pinged only if they have not moved for a little while."
        )
        + where
    )
    green, grey = discord.ButtonStyle.success, discord.ButtonStyle.secondary
    for verb, label, style in (
        ("join", tr("Join"), green),
        ("leave", tr("Leave"), grey),
        ("start", tr("Start"), discord.ButtonStyle.primary),
        ("cancel", tr("Cancel"), discord.ButtonStyle.danger),
        ("rules", tr("Rules"), grey),
    ):
        view.add_item(LobbyButton(table.id, verb, label=label, style=style, row=0))
    view.add_item(_seating(table, game))
    for item in option_controls(
        fields,
        table.options,
        toggle=lambda name, label, row: LobbyButton(table.id, "flip", name, label=label, row=row),
        chooser=lambda name, choices, row: LobbySelect(table.id, name, choices, row=row),
        first_row=2,
    ):
        view.add_item(item)
    return embed, view


CLOCKS = (0, 60, 120, 300, 600, 1800, 3600, 86_400)
"""Turn clock lengths offered, in seconds (0: no clock)."""


def clock_text(seconds: int) -> str:
    if seconds == 0:
        return tr("off")
    if seconds % 86_400 == 0:
        return ntr("{count} day", "{count} days", seconds // 86_400)
    if seconds % 3600 == 0:
        return ntr("{count} hour", "{count} hours", seconds // 3600)
    if seconds % 60 == 0:
        return ntr("{count} minute", "{count} minutes", seconds // 60)
    return ntr("{count} second", "{count} seconds", seconds)


def _seating(table: Table, game: AnyGame) -> LobbySeating:
    """One select for the host's table settings: computer players and the turn clock."""
    choices = []
    if len(table.seats) < game.max_seats:
        choices += [
            discord.SelectOption(
                label=tr("Add an easy computer player"), value="add:easy", emoji="🤖"
            ),
            discord.SelectOption(
                label=tr("Add a hard computer player"), value="add:hard", emoji="🤖"
            ),
        ]
    if any(player.is_computer for player in table.seats):
        choices.append(
            discord.SelectOption(label=tr("Remove a computer player"), value="remove", emoji="🗑️")
        )
    choices += [
        discord.SelectOption(
            label=tr("Turn clock: {clock}", clock=clock_text(seconds)),
            value=f"clock:{seconds}",
            emoji="⏱️",
            default=False,
        )
        for seconds in CLOCKS
    ]
    return LobbySeating(
        table.id, choices, placeholder=tr("Computer players and turn clock…"), row=1
    )


CHOICE_WORDS: dict[str, str] = {
    "traditional": N_("traditional"),  # the Fraud's deck (games/fraud/cards.py DeckKind)
    "modern": N_("modern"),  # the Fraud's deck, and the word game's word list
    "webster": N_("Webster"),  # the word game's older word list (lexicon.DictionaryName)
    "dictionary": N_("dictionary"),  # the word game's word check (model.Validation)
    "challenge": N_("challenge"),
}
"""The words an option's choices are kept as in ``games/`` (Literal values), as players
read them; a choice not listed here is a number, shown as it is."""


def option_value_text(value: Any) -> str:
    if value is True:
        return tr("on")
    if value is False:
        return tr("off")
    if isinstance(value, str) and value in CHOICE_WORDS:
        return tr(CHOICE_WORDS[value])
    return str(value)


def option_title(name: str, field: FieldInfo) -> str:
    """An option's name as players read it: its title in the games' rules, translated."""
    return tr(field.title) if field.title else name.replace("_", " ")


def visible_options(game: AnyGame) -> dict[str, FieldInfo]:
    return {
        name: field for name, field in game.options_type.model_fields.items() if not hidden(field)
    }


def options_summary(fields: dict[str, FieldInfo], values: dict[str, Any]) -> str:
    return "\n".join(
        f"**{option_title(name, field)}:** {option_value_text(values.get(name, field.default))}"
        for name, field in fields.items()
    )


Toggle = Callable[[str, str, int], ui.Item[Any]]
"""Builds the button that flips a yes/no option: (option, label, row)."""
Chooser = Callable[[str, list[discord.SelectOption], int], ui.Item[Any]]
"""Builds the select for an option with choices: (option, choices, row)."""


def option_controls(
    fields: dict[str, FieldInfo],
    values: dict[str, Any],
    *,
    toggle: Toggle,
    chooser: Chooser,
    first_row: int,
) -> list[ui.Item[Any]]:
    """Controls for options: yes/no toggles share a row, each choice gets a select."""
    items: list[ui.Item[Any]] = []
    row = first_row
    toggles = [name for name, field in fields.items() if field.annotation is bool]
    for name in toggles:
        label = f"{option_title(name, fields[name])}: {option_value_text(values.get(name))}"
        items.append(toggle(name, label[:80], row))
    if toggles:
        row += 1
    for name, field in fields.items():
        choices = _choices(field)
        if field.annotation is bool or not choices or row > 4:
            continue
        current = values.get(name, field.default)
        options = [
            discord.SelectOption(
                label=f"{option_title(name, field)}: {option_value_text(choice)}"[:100],
                value=str(choice.value if isinstance(choice, enum.Enum) else choice),
                default=choice == current,
            )
            for choice in choices
        ]
        items.append(chooser(name, options, row))
        row += 1
    return items


def _choices(field: FieldInfo) -> list[Any]:
    annotation = field.annotation
    if typing.get_origin(annotation) is Literal:
        return list(typing.get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return list(annotation)
    extra = field.json_schema_extra
    suggested = extra.get("suggested") if isinstance(extra, dict) else None
    if isinstance(suggested, list):
        return sorted({*suggested, field.default}, key=lambda value: (str(type(value)), value))
    return []
