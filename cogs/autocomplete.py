"""Autocomplete for command options whose choices come from data, and reading them back.

Discord offers autocomplete on text and number options only, so an option that
names a seat, a member with a record here, a house word or a finished game is
text: the suggestions carry a value the command understands (a seat's number,
a member's id, a table id), and what a member types without picking a
suggestion is read back as kindly as it can be (a number, a name, a mention).

Each function here is an autocomplete callback for ``@command.autocomplete``;
they answer within Discord's 3 seconds from the bot's cached rows and one
small query each, and never raise (a failure offers no suggestions).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Coroutine, Iterable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from bot.tables.model import Table
from bot.tables.service import TableError
from games.core.wording import ntr, tr

if TYPE_CHECKING:
    from bot.app import TrickyBot

__all__ = [
    "MOST",
    "house_words",
    "members_with_a_record",
    "read_member",
    "read_seat",
    "recent_games",
    "seats_here",
]

log = logging.getLogger(__name__)

MOST = 25
"""Discord shows at most 25 suggestions."""
RECENT = 50
"""Finished games looked through for :func:`recent_games`: the newest, since older ones are
found by typing their number."""
MENTION = re.compile(r"<@!?(\d{1,20})>")

Choices = list[app_commands.Choice[str]]
Suggest = Callable[[discord.Interaction[Any], str], Coroutine[Any, Any, Choices]]


def _bot(interaction: discord.Interaction[Any]) -> TrickyBot:
    return cast("TrickyBot", interaction.client)


def _matching(typed: str, named: Iterable[tuple[str, str]]) -> Choices:
    """Suggestions whose name contains what was typed (any case), the first :data:`MOST`."""
    needle = typed.strip().casefold()
    found: Choices = []
    for name, value in named:
        if needle in name.casefold():
            found.append(app_commands.Choice(name=name[:100], value=value[:100]))
            if len(found) == MOST:
                break
    return found


def _never_failing(suggest: Suggest) -> Suggest:
    async def safely(interaction: discord.Interaction[Any], typed: str) -> Choices:
        try:
            return await suggest(interaction, typed)
        except Exception:  # a suggestion list is a courtesy: none is better than an error
            log.exception("autocomplete %s failed", suggest.__name__)
            return []

    safely.__name__ = suggest.__name__
    return safely


# -- the seats at this channel's table ---------------------------------------------------------


@_never_failing
async def seats_here(interaction: discord.Interaction[Any], typed: str) -> Choices:
    """The other seats at this channel's table, by number and name (``/tricky guess player``)."""
    if interaction.channel_id is None:
        return []
    table = await _bot(interaction).tables.in_channel(interaction.channel_id)
    if table is None:
        return []
    return _matching(
        typed,
        (
            (f"{seat + 1}. {player.name}", str(seat + 1))
            for seat, player in enumerate(table.seats)
            if player.user_id != interaction.user.id
        ),
    )


def read_seat(table: Table, typed: str) -> int:
    """The seat (0-based) a ``player`` option names: a suggestion's seat number, a mention,
    or a seated player's name. ``TableError`` says why when it names nobody."""
    text = typed.strip()
    if text.isdecimal() and 1 <= int(text) <= len(table.seats):
        return int(text) - 1
    mention = MENTION.fullmatch(text)
    if mention is not None:
        seat = table.seat_of(int(mention[1]))
        if seat is not None:
            return seat
    named = [
        seat for seat, player in enumerate(table.seats) if player.name.casefold() == text.casefold()
    ]
    if len(named) == 1:
        return named[0]
    raise TableError(
        tr(
            "{value} is not a seat at this table: pick a player from the list.",
            value=text[:40] or tr("Nobody"),
        )
    )


# -- members with a record on this server ------------------------------------------------------


@_never_failing
async def members_with_a_record(interaction: discord.Interaction[Any], typed: str) -> Choices:
    """Members who finished a game on this server, by the name they played under
    (``/tricky stats member``)."""
    if interaction.guild_id is None:
        return []
    players = await _bot(interaction).results.players(interaction.guild_id)
    return _matching(typed, ((name, str(user_id)) for user_id, name in players))


async def read_member(interaction: discord.Interaction[Any], typed: str) -> tuple[int, str]:
    """The member (id, name) a ``member`` option names: a suggestion's id, a mention, or
    the name someone played under here."""
    text = typed.strip()
    assert interaction.guild_id is not None
    players = await _bot(interaction).results.players(interaction.guild_id)
    mention = MENTION.fullmatch(text)
    wanted = int(mention[1]) if mention else int(text) if text.isdecimal() else None
    for user_id, name in players:
        if user_id == wanted or (wanted is None and name.casefold() == text.casefold()):
            return user_id, name
    if wanted is not None:
        member = interaction.guild.get_member(wanted) if interaction.guild else None
        return wanted, member.display_name if member else tr("That member")
    raise TableError(
        tr(
            "Nobody called '{name}' has finished a game here: pick a member from the list.",
            name=text[:40],
        )
    )


# -- this server's house words -----------------------------------------------------------------


@_never_failing
async def house_words(interaction: discord.Interaction[Any], typed: str) -> Choices:
    """This server's house words, the ones ``/tricky words remove`` drops."""
    if interaction.guild_id is None:
        return []
    settings = await _bot(interaction).guild_settings.get(interaction.guild_id)
    added = settings.lobby_defaults.get("short_word", {}).get("house_add", ())
    return _matching(typed.lower(), ((str(word), str(word)) for word in added))


# -- recent finished games ---------------------------------------------------------------------


@_never_failing
async def recent_games(interaction: discord.Interaction[Any], typed: str) -> Choices:
    """This server's finished games, newest first, as "#id Game · players · when"; the value
    is the table id (for ``/tricky export`` and replays)."""
    if interaction.guild_id is None:
        return []
    bot = _bot(interaction)
    results, _ = await bot.results.history(interaction.guild_id, offset=0, limit=RECENT)
    now = bot.clock.now()
    named = []
    for result in results:
        game = bot.tables.catalog.get(result.game_key)
        title = game.title if game is not None else result.game_key
        players = ", ".join(seat.name for seat in result.seats)
        when = _ago(now, result.finished_at)
        named.append((f"#{result.table_id} {title} · {players} · {when}", str(result.table_id)))
    return _matching(typed.lstrip("#"), named)


def _ago(now: datetime, then: datetime) -> str:
    """A rough age for a suggestion (its text cannot hold Discord's live timestamps)."""
    if then.tzinfo is None:
        then = then.replace(tzinfo=UTC)
    seconds = max(0, int((now - then).total_seconds()))
    if seconds >= 86_400:
        return ntr("{count} day ago", "{count} days ago", seconds // 86_400)
    if seconds >= 3600:
        return ntr("{count} hour ago", "{count} hours ago", seconds // 3600)
    if seconds >= 60:
        return ntr("{count} minute ago", "{count} minutes ago", seconds // 60)
    return tr("just now")
