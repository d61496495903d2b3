"""Short Word Solitaire on Discord: the eight stacks in public, words typed in a form.

Solitaire has nothing hidden from its player that anyone else could see, so the
table and the panel show the same stacks; the panel adds the controls. Giving
up takes a second click (the draft ``sure``), as it ends the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.tables.service import PublicTable, SeatTable
from cogs.controls import PanelButton, PanelSelect, form_id
from cogs.presenters.base import (
    ENDED_EARLY,
    Ask,
    Notice,
    Panel,
    Presenter,
    Reaction,
    Redraw,
    Submit,
    clip,
    ended_early,
    whole_number,
)
from cogs.presenters.short_word import card_chip
from games.core.wording import ntr, tr
from games.short_word import SOLITAIRE
from games.short_word.solitaire.model import GiveUp, MoveCard, PlayWord, SolitaireView
from games.short_word.text import meld_text

__all__ = ["SolitairePresenter"]

WORDS_SHOWN = 12


MOST_STACKS = 99
"""More stacks than a deal has: a larger stack number is malformed."""


class SolitairePresenter(Presenter):
    game = SOLITAIRE
    colour = discord.Colour.from_rgb(120, 80, 160)
    emoji = "🃏"

    # -- the public table ---------------------------------------------------------------------

    def table(self, public: PublicTable, *, pictured: bool = False) -> list[discord.Embed]:
        view: SolitaireView = public.view
        board = self._board(view, pictured=pictured)
        embed = self.embed(
            tr("Short Word Solitaire"),
            tr(ENDED_EARLY) + "\n" + board if ended_early(public.table) else board,
        )
        self._words_field(embed, view, pictured=pictured)
        self.recent_field(embed, public)
        embed.set_footer(
            text=tr("Words are checked against {dictionary}.", dictionary=tr(view.dictionary))
        )
        return [embed]

    @staticmethod
    def _board(view: SolitaireView, *, pictured: bool = False) -> str:
        """The stacks' top cards and sizes, a line a stack (one line beside the picture),
        then the cards used."""
        tops = zip(view.tops, view.sizes, strict=True)
        empty = tr("(empty)")
        if pictured:
            stacks = tr("**Stacks:** ") + " · ".join(
                f"{number}. {card_chip(top) if top else empty} ({size})"
                for number, (top, size) in enumerate(tops, start=1)
            )
        else:
            stacks = "\n".join(
                f"**{number}.** {card_chip(top) if top else empty} · "
                + ntr("{count} card", "{count} cards", size)
                for number, (top, size) in enumerate(tops, start=1)
            )
        used = tr(
            "**{used} of {cards} cards used** in {amount}.",
            used=view.used,
            cards=view.cards,
            amount=ntr("{count} word", "{count} words", len(view.words)),
        )
        if view.ending == "won":
            used += tr(" 🏆 Every card is in a word: solitaire won!")
        elif view.ending == "gave_up":
            used += tr(" The player gave up.")
        elif view.step == "move":
            used += tr(" An empty stack must take the top card of another stack.")
        return f"{stacks}\n{used}"

    @staticmethod
    def _words_field(embed: discord.Embed, view: SolitaireView, *, pictured: bool = False) -> None:
        """The words made, newest last: a line a word with its cards, or beside the
        picture one line of words and points."""
        if view.words:
            recent = view.words[-WORDS_SHOWN:]
            if pictured:
                value = " · ".join(f"{meld.word.upper()} {meld.points}" for meld in recent)
            else:
                value = "\n".join(meld_text(meld) for meld in recent)
            embed.add_field(
                name=tr("Words ({words})", words=len(view.words)),
                value=clip(value, 1024),
                inline=False,
            )

    def result(self, public: PublicTable, *, pictured: bool = False) -> list[discord.Embed]:
        view: SolitaireView = public.view
        if public.outcome is None:
            return [
                self.embed(
                    tr("Short Word Solitaire was stopped early"), tr("No result is recorded.")
                )
            ]
        title = (
            tr("Solitaire won: all 48 cards in words!")
            if view.ending == "won"
            else tr(
                "Solitaire over: {used} of {amount} used",
                used=view.used,
                amount=ntr("{count} card", "{count} cards", view.cards),
            )
        )
        embed = self.embed(
            title,
            tr("{amount} made.", amount=ntr("{count} word", "{count} words", len(view.words))),
        )
        self._words_field(embed, view, pictured=pictured)
        return [embed]

    def ping(self, public: PublicTable, seats: Sequence[int]) -> str:
        return tr("your solitaire is dealt: make words from the face-up cards.")

    # -- the private panel --------------------------------------------------------------------

    def panel(
        self, seat: SeatTable, draft: str, notice: Notice | None, *, pictured: bool = False
    ) -> Panel:
        view: SolitaireView = seat.view
        lines = [notice.render()] if notice else []
        lines.append(self._board(view, pictured=pictured))
        playing = seat.seat in seat.to_act
        if playing and view.step == "word":
            if seat.legal == [GiveUp()]:
                lines.append(
                    tr(
                        "No word can be made from the face-up cards: give up to finish with "
                        "{amount} used.",
                        amount=ntr("{count} card", "{count} cards", view.used),
                    )
                )
            else:
                lines.append(tr("Make a word from the face-up cards with *Make a word…*."))
        if draft == "sure":
            lines.append(
                tr(
                    "**Give up now, with {amount} used?**",
                    amount=ntr("{count} card", "{count} cards", view.used),
                )
            )
        embed = self.embed(tr("Short Word Solitaire · your stacks"), "\n".join(lines))
        return Panel([embed], self._controls(seat, draft) if playing else [])

    def _controls(self, seat: SeatTable, draft: str) -> list[discord.ui.Item[Any]]:
        table_id, version = seat.table.id, seat.table.version
        view: SolitaireView = seat.view
        items: list[discord.ui.Item[Any]] = []
        if view.step == "word":
            items.append(
                PanelButton(
                    table_id,
                    version,
                    "w",
                    label=tr("Make a word…"),
                    emoji="✍️",
                    style=discord.ButtonStyle.success,
                    row=0,
                )
            )
        moves = [action for action in seat.legal if isinstance(action, MoveCard)]
        if moves:
            target = moves[0].target
            items.append(
                PanelSelect(
                    table_id,
                    version,
                    "m",
                    [
                        discord.SelectOption(
                            label=tr(
                                "Stack {source}: {top} ({cards} cards) onto stack {target}",
                                source=move.source + 1,
                                top=top,
                                cards=view.sizes[move.source],
                                target=target + 1,
                            ),
                            value=f"{move.source}:{target}",
                        )
                        for move in moves
                        if move.target == target and (top := view.tops[move.source])
                    ][:25],
                    placeholder=tr(
                        "Move a top card onto the empty stack {value}…", value=target + 1
                    ),
                    row=1,
                )
            )
        if draft == "sure":
            items.append(
                PanelButton(
                    table_id,
                    version,
                    "quit",
                    label=tr("Yes, give up"),
                    style=discord.ButtonStyle.danger,
                    row=2,
                )
            )
            items.append(PanelButton(table_id, version, "back", label=tr("Keep playing"), row=2))
        else:
            items.append(
                PanelButton(
                    table_id,
                    version,
                    "g",
                    label=tr("Give up…"),
                    style=discord.ButtonStyle.danger,
                    row=2,
                )
            )
        items.append(self.refresh_button(table_id, version, row=4))
        return items

    def move_text(self, seat: SeatTable, action: Any) -> str:
        match action:
            case PlayWord(word=word):
                return tr("Spell {upper}", upper=str(word).upper())
            case MoveCard(source=source, target=target):
                return tr(
                    "Move the top card of stack {source} onto empty stack {target}",
                    source=source + 1,
                    target=target + 1,
                )
            case GiveUp():
                return tr("Give up")
        return super().move_text(seat, action)

    def react(
        self,
        seat: SeatTable,
        data: str,
        values: Sequence[str] = (),
        fields: Mapping[str, str] | None = None,
    ) -> Reaction:
        match data:
            case self.REFRESH | "back":
                return Redraw()
            case "g":
                return Redraw("sure")
            case "quit":
                return Submit(GiveUp())
            case "w":
                modal = discord.ui.Modal(
                    title=tr("Make a word"),
                    custom_id=form_id(seat.table.id, seat.table.version, "word"),
                )
                modal.add_item(
                    discord.ui.TextInput(
                        label=tr("A word from the face-up cards"),
                        custom_id="word",
                        placeholder=tr("e.g. quit"),
                        min_length=2,
                        max_length=30,
                    )
                )
                return Ask(modal)
            case "word":
                typed = (fields or {}).get("word", "").strip().lower()
                if not typed:
                    return Redraw(notice=Notice(tr("Type a word."), "warn"))
                return Submit(PlayWord(typed))
            case "m":
                source_text, _, target_text = (values[0] if values else "").partition(":")
                source = whole_number(source_text, MOST_STACKS)
                target = whole_number(target_text, MOST_STACKS)
                if source is not None and target is not None:
                    return Submit(MoveCard(source, target))
                return Redraw(notice=Notice(tr("Pick a stack to move a card from."), "warn"))
        return Redraw(notice=Notice(tr("That control is out of date; here is your panel."), "warn"))
