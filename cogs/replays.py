"""Replays and exports of finished games: ``Replay`` (from ``/tricky history``) and
``/tricky export``.

A replay is an ephemeral message that steps through a game's public record: the
public table after each move, drawn by the game's presenter exactly as the channel
showed it (with the hand or round summaries the channel was posted), and at the end
what the game revealed in its result. The frames come from
:class:`bot.replays.ReplayService`, which keeps public views and public events only.

Id layout (all DynamicItems, so a replay keeps working after a restart)::

    tk:rp:<table>                    Replay on /tricky history: open at the deal
    tk:rps:<table>:<step>:<slot>     First / Back / Forward / Last on a replay
    tk:rpj:<table>                   the jump to a hand or round
"""

from __future__ import annotations

import io
import re
from collections import OrderedDict
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands, ui
from discord.ext import commands

from bot.replays import Replay, export_json, export_text
from bot.tables.model import TableStatus
from bot.tables.service import PublicTable, TableError
from cogs.autocomplete import recent_games
from cogs.presenters import PRESENTERS, Presenter
from cogs.replies import deferring_if_slow, friendly
from cogs.tricky_group import join_tricky, leave_tricky
from games.core.wording import N_, tr

if TYPE_CHECKING:
    from bot.app import TrickyBot

__all__ = [
    "ReplayJump",
    "ReplayOpen",
    "ReplayStep",
    "ReplaysCog",
    "frame",
    "read_table_number",
    "setup",
]

RECENT = 8
"""Public lines under each frame, as many as the live table shows."""
CHAPTERS = 23
"""Jump targets besides the deal and the end (a select holds 25 options)."""
EMBEDS = 10
EMBED_CHARS = 6000
CHAPTER_CACHE = 64
SLOTS = ("first", "back", "forward", "last")


def _cog(interaction: discord.Interaction[Any]) -> ReplaysCog:
    cog = interaction.client.get_cog("ReplaysCog")
    assert cog is not None
    return cast("ReplaysCog", cog)


def _may_read(interaction: discord.Interaction[Any], channel_id: int) -> bool:
    """Whether the member could read the channel (or thread) the game was played in: a
    replay is everything a bystander there saw, and no more than that bystander."""
    guild, member = interaction.guild, interaction.user
    where = guild.get_channel_or_thread(channel_id) if guild is not None else None
    if where is None or not isinstance(member, discord.Member):
        return True  # a channel since deleted: its games are the server's history
    allowed = where.permissions_for(member)
    return allowed.view_channel and allowed.read_message_history


class ReplayOpen(ui.DynamicItem[ui.Button[Any]], template=r"tk:rp:(?P<table>\d{1,20})"):
    def __init__(self, table_id: int, *, label: str = tr("Replay"), row: int | None = None) -> None:
        super().__init__(ui.Button(label=label, emoji="📼", custom_id=f"tk:rp:{table_id}", row=row))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> ReplayOpen:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _cog(interaction).show(interaction, self.table_id, 0, edit=False)


class ReplayStep(
    ui.DynamicItem[ui.Button[Any]],
    template=r"tk:rps:(?P<table>\d{1,20}):(?P<step>\d{1,6}):(?P<slot>first|back|forward|last)",
):
    def __init__(
        self, table_id: int, step: int, slot: str, *, label: str = "", disabled: bool = False
    ) -> None:
        super().__init__(
            ui.Button(
                label=label or slot.title(),
                custom_id=f"tk:rps:{table_id}:{step}:{slot}",
                disabled=disabled,
                row=0,
            )
        )
        self.table_id, self.step = table_id, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> ReplayStep:
        return cls(int(match["table"]), int(match["step"]), match["slot"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _cog(interaction).show(interaction, self.table_id, self.step, edit=True)


class ReplayJump(ui.DynamicItem[ui.Select[Any]], template=r"tk:rpj:(?P<table>\d{1,20})"):
    def __init__(self, table_id: int, choices: list[discord.SelectOption] | None = None) -> None:
        super().__init__(
            ui.Select(
                custom_id=f"tk:rpj:{table_id}",
                options=choices or [discord.SelectOption(label="-")],
                placeholder=tr("Jump to a hand or round…"),
                row=1,
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> ReplayJump:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: Any = interaction.data or {}
        values = data.get("values") or [""]
        chosen = str(values[0])
        # Anything not a step number (a forged value) shows the deal.
        step = int(chosen) if chosen.isdecimal() and len(chosen) <= 6 else 0
        await _cog(interaction).show(interaction, self.table_id, step, edit=True)


# -- drawing ------------------------------------------------------------------------------------


def public_at(replay: Replay, step: int) -> PublicTable:
    """The table as a bystander saw it after move ``step``, for the presenter to draw."""
    shown = replay.frames[step]
    table = replay.table
    if step < replay.moves:
        # Still being played then: the presenter shows whose turn it was, not the ending.
        table = replace(table, status=TableStatus.ACTIVE)
    return PublicTable(
        table, replay.game, shown.view, shown.to_act, shown.outcome, replay.recent(step, RECENT)
    )


def frame(replay: Replay, presenter: Presenter, step: int) -> tuple[str, list[discord.Embed]]:
    """What a replay shows at ``step``: 0 is the deal, ``moves`` the last move, and one
    more the ending (the result message: what the game revealed)."""
    title = replay.game.title
    if step > replay.moves:
        public = public_at(replay, replay.moves)
        heading = tr(
            "📼 Replay of {title} (table {id}): how it ended", title=title, id=str(replay.table.id)
        )
        embeds = presenter.result(public)
    else:
        public = public_at(replay, step)
        shown = replay.frames[step]
        if step == 0:
            heading = tr(
                "📼 Replay of {title} (table {id}): the start", title=title, id=str(replay.table.id)
            )
        else:
            who = "" if shown.seat is None else f", {replay.table.names[shown.seat]}"
            heading = tr(
                "📼 Replay of {title} (table {id}): move {step} of {moves}{who}",
                title=title,
                id=str(replay.table.id),
                step=step,
                moves=replay.moves,
                who=who,
            )
        embeds = presenter.announce(public, shown.events) + presenter.table(public)
    if replay.problem:
        heading += f"\n⚠️ {replay.problem}"
    return heading, _fit(embeds)


def _fit(embeds: list[discord.Embed]) -> list[discord.Embed]:
    """Keep within one message's limits, dropping the oldest summaries first (the table,
    drawn last, matters most)."""
    kept: list[discord.Embed] = []
    total = 0
    for embed in reversed(embeds):
        size = len(embed)
        if len(kept) == EMBEDS or total + size > EMBED_CHARS:
            break
        kept.insert(0, embed)
        total += size
    return kept


def chapters(replay: Replay, presenter: Presenter) -> list[tuple[int, str]]:
    """Where each hand or round ended (the steps whose summary the channel was posted),
    or, for a game without summaries, evenly spaced moves."""
    found: list[tuple[int, str]] = []
    for shown in replay.frames[1:]:
        if not shown.events:
            continue
        posted = presenter.announce(public_at(replay, shown.step), shown.events)
        if posted:
            found.append(
                (shown.step, _label(posted[0].title or tr("Move {step}", step=shown.step)))
            )
    if not found and replay.moves > 1:
        every = max(1, replay.moves // 10)
        found = [(step, tr("Move {step}", step=step)) for step in range(every, replay.moves, every)]
    if len(found) > CHAPTERS:
        found = [found[round(i * (len(found) - 1) / (CHAPTERS - 1))] for i in range(CHAPTERS)]
    return found


def _label(title: str) -> str:
    # Summary titles start with the game's emoji; a select option reads better without it.
    words = title.split(" ", 1)
    plain = words[1] if len(words) == 2 and not words[0][:1].isalnum() else title
    return plain[:100]


def controls(replay: Replay, step: int, marks: list[tuple[int, str]]) -> ui.View:
    table_id, end = replay.table.id, replay.moves + 1
    view = ui.View(timeout=None)
    view.add_item(ReplayStep(table_id, 0, "first", label=tr("⏮ First"), disabled=step == 0))
    view.add_item(
        ReplayStep(table_id, max(step - 1, 0), "back", label=tr("◀ Back"), disabled=step == 0)
    )
    view.add_item(
        ReplayStep(
            table_id, min(step + 1, end), "forward", label=tr("Forward ▶"), disabled=step >= end
        )
    )
    view.add_item(ReplayStep(table_id, end, "last", label=tr("Last ⏭"), disabled=step >= end))
    options = [discord.SelectOption(label=tr("The start"), value="0", default=step == 0)]
    options += [
        discord.SelectOption(
            label=label,
            value=str(at),
            description=tr("Move {number}", number=at),
            default=at == step,
        )
        for at, label in marks
    ]
    options.append(
        discord.SelectOption(label=tr("How it ended"), value=str(end), default=step == end)
    )
    view.add_item(ReplayJump(table_id, options))
    return view


# -- the cog ------------------------------------------------------------------------------------


class ReplaysCog(commands.Cog, name="ReplaysCog"):
    """Adds ``/tricky export`` to the group owned by the tables cog, and answers replays."""

    def __init__(self, bot: TrickyBot) -> None:
        self.bot = bot
        self._chapters: OrderedDict[int, list[tuple[int, str]]] = OrderedDict()
        self._commands = [self._export_command()]

    async def cog_load(self) -> None:
        join_tricky(self.bot, self._commands)

    async def cog_unload(self) -> None:
        leave_tricky(self.bot, self._commands)

    async def _replay(self, interaction: discord.Interaction[Any], table_id: int) -> Replay:
        if interaction.guild_id is None:  # a forged click from a DM
            raise TableError(tr("Replays are shown in the server the game was played in."))
        replay = await deferring_if_slow(
            interaction, self.bot.replays.replay(table_id, interaction.guild_id)
        )
        if not _may_read(interaction, replay.table.channel_id):
            raise TableError(tr("That game was played in a channel you cannot see."))
        return replay

    @friendly
    async def show(
        self, interaction: discord.Interaction[Any], table_id: int, step: int, *, edit: bool
    ) -> None:
        replay = await self._replay(interaction, table_id)
        presenter = _presenter(replay.game.key)
        step = min(max(step, 0), replay.moves + 1)
        marks = self._chapters.get(table_id)
        if marks is None:
            marks = self._chapters[table_id] = chapters(replay, presenter)
            while len(self._chapters) > CHAPTER_CACHE:
                self._chapters.popitem(last=False)
        heading, embeds = frame(replay, presenter, step)
        view = controls(replay, step, marks)
        message = interaction.message
        # Only a replay's own (private) message is stepped in place; never a public one.
        in_place = edit and message is not None and message.flags.ephemeral
        quiet = discord.AllowedMentions.none()
        if interaction.response.is_done():
            if in_place:
                await interaction.edit_original_response(
                    content=heading, embeds=embeds, view=view, allowed_mentions=quiet
                )
            else:
                await interaction.followup.send(
                    heading, embeds=embeds, view=view, ephemeral=True, allowed_mentions=quiet
                )
        elif in_place:
            await interaction.response.edit_message(content=heading, embeds=embeds, view=view)
        else:
            await interaction.response.send_message(
                heading, embeds=embeds, view=view, ephemeral=True, allowed_mentions=quiet
            )

    # -- /tricky export ---------------------------------------------------------------------

    def _export_command(self) -> app_commands.Command[Any, Any, None]:
        @app_commands.command(
            name="export", description=N_("The public record of a finished game, as files.")
        )
        @app_commands.describe(game=N_("The game: pick one, or type its table number (#12)"))
        async def export(interaction: discord.Interaction[Any], game: str) -> None:
            await self.export(interaction, game)

        export.autocomplete("game")(recent_games)
        return export

    @friendly
    async def export(self, interaction: discord.Interaction[Any], game: str) -> None:
        table_id = read_table_number(game)
        if table_id is None:
            raise TableError(
                tr(
                    "Pick a game from the list, or type its table number as /tricky history "
                    "shows it."
                )
            )
        replay = await self._replay(interaction, table_id)
        stem = f"tricky-{replay.game.key}-table-{replay.table.id}"
        files = [
            discord.File(io.BytesIO(export_json(replay).encode()), filename=f"{stem}.json"),
            discord.File(io.BytesIO(export_text(replay).encode()), filename=f"{stem}.txt"),
        ]
        text = tr(
            "The public record of {title} (table {id}): everything the channel saw, "
            "as JSON for tools and as plain text.",
            title=replay.game.title,
            id=str(replay.table.id),
        )
        if interaction.response.is_done():
            await interaction.followup.send(text, files=files, ephemeral=True)
        else:
            await interaction.response.send_message(text, files=files, ephemeral=True)


def read_table_number(typed: str) -> int | None:
    """A table number from what was picked or typed: "12", "#12", "#12 Fraud · ..."."""
    match = re.match(r"\s*#?(\d{1,18})\b", typed)
    return None if match is None else int(match[1])


def _presenter(key: str) -> Presenter:
    presenter = PRESENTERS.get(key)
    if presenter is None:
        raise TableError(tr("This bot does not host that game any more."))
    return presenter


def replay_button(table_id: int, number: int) -> ReplayOpen:
    """The Replay button of line ``number`` on ``/tricky history``."""
    return ReplayOpen(table_id, label=tr("Replay {number}", number=number))


async def setup(bot: TrickyBot) -> None:
    bot.add_dynamic_items(ReplayOpen, ReplayStep, ReplayJump)
    await bot.add_cog(ReplaysCog(bot))
