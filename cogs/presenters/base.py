"""What a game's presenter does: turn views into Discord messages, and clicks into actions.

A presenter never decides a rule. It reads views (public or one seat's) and the
legal actions the engine lists, draws embeds and controls from them, and turns
a click, a select or a form back into an engine action for the table service
to apply. One presenter per game, in ``cogs/presenters/<game>.py``.

A panel is the private, ephemeral message a seat acts from. While a seat builds
a move over several clicks (chips to take, dice to keep) the choices so far are
a short *draft* string carried in the custom ids, so nothing lives in memory.
"""

from __future__ import annotations

import dataclasses
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import discord
from discord import app_commands

from bot.tables.model import Table, TableStatus
from bot.tables.service import PublicTable, SeatTable
from cogs.controls import HintButton, PanelButton
from games.core.game import Event
from games.core.registry import AnyGame

__all__ = [
    "ENDED_EARLY",
    "Ask",
    "Notice",
    "Panel",
    "Presenter",
    "Reaction",
    "Redraw",
    "Submit",
    "clip",
    "ended_early",
    "free_row",
    "game_over",
    "whole_number",
]

RULES_DIR = Path(__file__).resolve().parent.parent / "rules"
EMBED_TEXT = 4096
FIELD_TEXT = 1024


@dataclass(frozen=True, slots=True)
class Notice:
    """A line at the top of a panel: what just happened, or why a click did nothing."""

    text: str
    tone: Literal["ok", "warn"] = "ok"

    def render(self) -> str:
        return f"{'✅' if self.tone == 'ok' else '⚠️'} {self.text}"


@dataclass(slots=True)
class Panel:
    embeds: list[discord.Embed]
    items: list[discord.ui.Item[Any]] = field(default_factory=list)

    def view(self) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        for item in self.items:
            view.add_item(item)
        return view


@dataclass(frozen=True, slots=True)
class Redraw:
    """Show the panel again with a new draft (no move made)."""

    draft: str = ""
    notice: Notice | None = None


@dataclass(frozen=True, slots=True)
class Submit:
    """Ask the table service to apply this action."""

    action: Any
    draft_if_refused: str = ""
    """The draft to show again if the engine refuses the action."""


@dataclass(frozen=True, slots=True)
class Ask:
    """Open a form (modal) to ask for something typed, like a number."""

    modal: discord.ui.Modal


Reaction = Redraw | Submit | Ask


ENDED_EARLY = "⏹️ This game was ended early. The table shows where it stopped."
"""The situation line of a table ended by the host or a moderator (AW2), or by the idle
sweep: no one is to act any more, whatever the game's state says."""


def ended_early(table: Table) -> bool:
    """Ended by the host, a moderator or the idle sweep: its state still says who was to
    act, but no one is any more."""
    return table.status is TableStatus.ENDED


def whole_number(text: str, most: int) -> int | None:
    """``text`` as a whole number from 0 to ``most``, else None.

    Digits of any script count (Discord sends what was typed), but no more of them than
    ``most`` has: ``int()`` refuses over 4,300 digits, and a form's text should not make
    the bot build a huge number just to refuse it.
    """
    if not text.isdecimal() or len(text) > len(str(most)):
        return None
    number = int(text)
    return number if number <= most else None


def game_over(seat: SeatTable) -> bool:
    """Whether the seat's game is over: won, drawn, or ended early (which leaves no outcome)."""
    return seat.outcome is not None or seat.table.status is not TableStatus.ACTIVE


class Presenter(ABC):
    """The Discord face of one game."""

    game: AnyGame
    colour: discord.Colour
    emoji: str

    @property
    def key(self) -> str:
        return self.game.key

    # -- the public table ---------------------------------------------------------------------

    @abstractmethod
    def table(self, public: PublicTable, *, pictured: bool = False) -> list[discord.Embed]:
        """The public table message while the game runs (and its final state).

        ``pictured``: the table's picture goes with it, so what takes many lines (each
        seat's pieces, a long listing) is written as one compact line. The text stays the
        accessible summary: everything needed to play is still in it (screen readers,
        notifications, images off).
        """

    @abstractmethod
    def result(self, public: PublicTable, *, pictured: bool = False) -> list[discord.Embed]:
        """The message announcing the end: who won, and everything revealed (``pictured``:
        the final table's picture goes with it, as for :meth:`table`)."""

    def announce(self, public: PublicTable, events: Sequence[Event]) -> list[discord.Embed]:
        """Messages worth posting for these public events (a hand's or round's summary).

        The board posts them below the table, which stays where it is and is edited
        in place: a hand's or round's summary is the channel's only post during a
        game (docs/channel.md). A single move's news belongs in the table's recent
        lines and the log, never here. Default: none.
        """
        return []

    def ping(self, public: PublicTable, seats: Sequence[int]) -> str:
        """The line that mentions the seats who must act now (mentions are added around it)."""
        if len(seats) == 1:
            return f"it's your turn at {self.game.title}."
        return f"your move at {self.game.title}."

    # -- the private panel --------------------------------------------------------------------

    @abstractmethod
    def panel(
        self, seat: SeatTable, draft: str, notice: Notice | None, *, pictured: bool = False
    ) -> Panel:
        """The seat's hand and exactly the actions it may take now (``pictured``: the
        hand's picture goes with it, as for :meth:`table`)."""

    def draw(
        self,
        seat: SeatTable,
        draft: str = "",
        notice: Notice | None = None,
        *,
        pictured: bool = False,
    ) -> Panel:
        """The panel as the bot sends it: read-only once the game was ended early, or once
        the computer plays the seat (AW1)."""
        if ended_early(seat.table):
            ended = Notice("This game was ended early, so nothing more can be played.", "warn")
            panel = self.panel(seat, "", ended, pictured=pictured)
            panel.items = []
            return panel
        if seat.table.seats[seat.seat].taken_over:
            taken = Notice("The computer plays your seat for the rest of this game.", "warn")
            panel = self.panel(seat, "", taken, pictured=pictured)
            panel.items = []
            return panel
        panel = self.panel(seat, draft, notice, pictured=pictured)
        if seat.table.practice:
            _mark_practice(panel, seat)
        return panel

    def move_text(self, seat: SeatTable, action: Any) -> str:
        """A move of this seat's, in words (a practice table's hint says which move).

        Default: the action's kind and fields, plainly; presenters say it better.
        """
        words = re.sub(r"(?<!^)(?=[A-Z])", " ", type(action).__name__).lower()
        if not dataclasses.is_dataclass(action):
            return words.capitalize()
        parts = [
            f"{field.name.replace('_', ' ')} {getattr(action, field.name)}"
            for field in dataclasses.fields(action)
            if field.name != "type"
        ]
        return (words + (": " + ", ".join(parts) if parts else "")).capitalize()

    @abstractmethod
    def react(
        self,
        seat: SeatTable,
        data: str,
        values: Sequence[str] = (),
        fields: Mapping[str, str] | None = None,
    ) -> Reaction:
        """Turn a panel click (``data`` from the custom id), select ``values`` or form
        ``fields`` into a redraw, a move or a form. Anything malformed gets a Redraw
        with a warning, never an exception."""

    # -- help and commands --------------------------------------------------------------------

    def rules(self) -> str:
        """The rules in our own words plus the rulings, from ``cogs/rules/<key>.md``, then
        the rulings every game shares on seats that stop playing (``_seats.md``)."""
        own = (RULES_DIR / f"{self.key}.md").read_text(encoding="utf-8")
        return own.rstrip() + "\n" + (RULES_DIR / "_seats.md").read_text(encoding="utf-8")

    def commands(self) -> list[app_commands.Command[Any, Any, Any] | app_commands.Group]:
        """Extra ``/tricky`` subcommands this game offers (e.g. ``/tricky guess``), or
        groups of them (e.g. ``/tricky words add``)."""
        return []

    # -- shared drawing helpers ---------------------------------------------------------------

    REFRESH = "ref"
    """The panel data of the Refresh button; every presenter's ``react`` redraws on it."""

    @classmethod
    def refresh_button(cls, table_id: int, version: int, *, row: int) -> PanelButton:
        """The Refresh button every panel ends with."""
        return PanelButton(table_id, version, cls.REFRESH, label="Refresh", emoji="🔄", row=row)

    def embed(self, title: str, description: str = "") -> discord.Embed:
        return discord.Embed(
            title=f"{self.emoji} {title}", description=clip(description), colour=self.colour
        )

    @staticmethod
    def recent_field(embed: discord.Embed, public: PublicTable) -> None:
        if public.recent:
            embed.add_field(
                name="Latest", value=clip("\n".join(public.recent), FIELD_TEXT), inline=False
            )


PRACTICE = "🎓 Practice table: just you and the computer, never rated"
"""The line heading every panel at a practice table."""
BUTTONS_PER_ROW = 5


def _mark_practice(panel: Panel, seat: SeatTable) -> None:
    """Head the panel with the practice line and, on the seat's turn, add Hint in a row
    with room for it (panels lay out their own rows; a select fills one)."""
    if panel.embeds:
        first = panel.embeds[0]
        first.description = PRACTICE + "\n" + clip(first.description or "", EMBED_TEXT - 100)
    if seat.seat not in seat.to_act:
        return
    free = free_row(panel.items)
    if free is not None:
        panel.items.append(HintButton(seat.table.id, seat.table.version, row=free))


def free_row(items: Sequence[discord.ui.Item[Any]]) -> int | None:
    """The lowest row (nearest Refresh) with room for one more button, if any: panels lay
    out their own rows, and a select fills one."""
    used: dict[int, int] = {}
    for item in items:
        row = item.row if item.row is not None else 0
        full = isinstance(item, discord.ui.Select) or isinstance(
            getattr(item, "item", None), discord.ui.Select
        )
        used[row] = used.get(row, 0) + (BUTTONS_PER_ROW if full else 1)
    return next((row for row in (4, 3, 2, 1, 0) if used.get(row, 0) < BUTTONS_PER_ROW), None)


def clip(text: str, limit: int = EMBED_TEXT) -> str:
    """Keep the end of an over-long text (the newest lines matter most)."""
    if len(text) <= limit:
        return text
    cut = text[len(text) - limit + 2 :]
    newline = cut.find("\n")
    return "…\n" + (cut[newline + 1 :] if 0 <= newline < 200 else cut)
