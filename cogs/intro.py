"""The first-time intro: three lines on how a turn works, above a newcomer's first hand.

A member who opens a hand in a game they have not finished on this server
before, and has not been shown this game's intro here yet, sees it once at the
top of the panel with a **Full rules** button (a practice game counts as a
first hand too: it is how many will meet a game). Whether they saw it is kept in
their own preferences (``bot.preferences``), so it survives restarts and is
never shown again in that server for that game.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import ui

from bot.tables.service import SeatTable
from cogs.controls import tables_cog
from cogs.presenters.base import Panel, Presenter, free_row
from games.core.wording import N_, tr

if TYPE_CHECKING:
    from bot.app import TrickyBot

__all__ = ["TURNS", "RulesButton", "introduce", "seen_key"]

TURNS: dict[str, tuple[str, str, str]] = {
    "short_changed": (
        N_("Everyone first puts one hidden chip of theirs into the pot."),
        N_(
            "On your turn: guess another player's total, or else trade with the pot "
            "(short change it if you can, or donate or steal a chip)."
        ),
        N_("A right guess wins at once; a wrong one makes your next turn two moves, no guess."),
    ),
    "tricky": (
        N_("Each hand, everyone re-rolls any of their hidden dice once, all at the same time."),
        N_("Then bid the points you expect to take, or pass; the top bidder names trump."),
        N_("Play your dice in pairs to tricks: the best pair takes the trick and its points."),
    ),
    "falsche_faehrte": (
        N_(
            "Each round, everyone first puts one card face down: together they "
            "decide whether tricks are good (Plus) or bad (Minus)."
        ),
        N_("On your turn, play a card, following the led colour if you can."),
        N_("The highest trump, else the highest card of the led colour, takes the trick."),
    ),
    "fraud": (
        N_("Everyone holds hidden cards; a bid claims how many of a value all hands hold."),
        N_("On your turn, raise the bid, or call it: fraud (too many) or on target (exact)."),
        N_("The call shows every hand; whoever was wrong loses a card for good."),
    ),
    "short_word": (
        N_("On your turn, draw the top card of the stock or take the top discard."),
        N_(
            "Then discard a card, or go out: lay all your cards but one as words, discard the last."
        ),
        N_("Once someone goes out, everyone else gets one last turn; cards left in hand cost you."),
    ),
    "short_word_solitaire": (
        N_("Spell a word of two or more cards from the face-up cards of the eight stacks."),
        N_("The cards leave their stacks and the next card of each stack turns up."),
        N_("Keep going until every card is used, or give up: you score the cards you used."),
    ),
}
"""Per game, how a turn works, in three lines (from ``cogs/rules/<game>.md``)."""


class RulesButton(ui.DynamicItem[ui.Button[Any]], template=r"tk:rules:(?P<table>\d{1,20})"):
    """Full rules, under the intro: the table's game's rules, privately. Its own custom id,
    so it never repeats the table message's Rules button in a message."""

    def __init__(self, table_id: int, *, row: int | None = None) -> None:
        super().__init__(
            ui.Button(
                label=tr("Full rules"),
                emoji="📖",
                style=discord.ButtonStyle.secondary,
                row=row,
                custom_id=f"tk:rules:{table_id}",
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str]
    ) -> RulesButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await tables_cog(interaction).table_clicked(interaction, self.table_id, "rules")


def seen_key(guild_id: int, game_key: str) -> str:
    """How a member's preferences remember they saw a game's intro on a server."""
    return f"{guild_id}:{game_key}"


async def introduce(
    bot: TrickyBot, seat: SeatTable, presenter: Presenter, panel: Panel, user_id: int
) -> bool:
    """Put the intro on top of ``panel`` if this is the member's first hand of this game
    here; remember that they saw it. Returns whether it was added."""
    lines = TURNS.get(presenter.key)
    table = seat.table
    if lines is None or not panel.items:  # a read-only panel: a game over, a seat taken over
        return False
    seen = seen_key(table.guild_id, presenter.key)
    if seen in (await bot.preferences.for_member(user_id, None)).introduced:
        return False
    records = await bot.results.stats(table.guild_id, user_id)
    played = any(record.game_key == presenter.key for record in records)
    # Remembered either way, so the next hand costs one read: not a newcomer, or shown now.
    async with bot.preferences.editing(user_id, None) as preferences:
        preferences.introduced = [*preferences.introduced, seen]
    if played:
        return False
    intro = presenter.embed(
        tr("New to {title}? How a turn works", title=presenter.game.title),
        "\n".join(f"{n}. {tr(line)}" for n, line in enumerate(lines, start=1)),
    )
    panel.embeds.insert(0, intro)
    row = free_row(panel.items)
    if row is not None:
        panel.items.append(RulesButton(table.id, row=row))
    return True
