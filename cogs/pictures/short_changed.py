"""Short Changed drawn: the pot's exact chips, each seat's stack as chip backs, the last
trade (what moved where) and the guesses made."""

from __future__ import annotations

from collections.abc import Sequence

from cogs.pictures.base import plural
from cogs.pictures.kit import Caption, Chip, Group, Page, SeatTile, Sketch, Stack
from cogs.presenters.short_changed import decode_draft
from games.short_changed.chips import COLOURS, Chips, Colour
from games.short_changed.model import (
    Donated,
    Guessed,
    Passed,
    PotStarted,
    ShortChanged,
    ShortChangedView,
    Stalemate,
    Stole,
)

__all__ = ["ShortChangedArtist"]

INK = {
    Colour.GREEN: (40, 150, 80),
    Colour.BLUE: (40, 90, 200),
    Colour.RED: (200, 40, 40),
    Colour.WHITE: (250, 250, 250),
}
"""The chips' real colours; each also shows its value, so colour is never needed."""

GUESSES_SHOWN = 4


def chips(pile: Chips, *, size: int = 84, picked: bool = False) -> list[Chip]:
    """One chip per colour held, most valuable first, with how many under it."""
    return [
        Chip(INK[colour], colour.value_in_points, pile[colour], size=size, picked=picked)
        for colour in COLOURS
        if pile[colour]
    ]


def _chip(colour: Colour, size: int = 64) -> Chip:
    return Chip(INK[colour], colour.value_in_points, size=size)


class ShortChangedArtist:
    def table(self, view: ShortChangedView, names: Sequence[str]) -> Sketch:
        page = Page("Short Changed", f"Round {view.round} · pot worth {view.pot.value}")
        page.heading(f"The pot · {plural(view.pot.count, 'chip')} · worth {view.pot.value}")
        if view.pot.count:
            page.row(chips(view.pot))
        else:
            page.line(
                "Empty: the starting chips are still being chosen."
                if view.phase == "ante"
                else "Empty."
            )
        trade = next(
            (entry for entry in reversed(view.log) if not isinstance(entry, Guessed)), None
        )
        if trade is not None:
            self._last(page, trade, names)
        guesses = [entry for entry in view.log if isinstance(entry, Guessed)][-GUESSES_SHOWN:]
        if guesses:
            page.heading("Guesses")
            for guess in guesses:
                verdict = "right" if guess.correct else "wrong"
                page.line(
                    f"{names[guess.seat]} guessed {names[guess.target]} holds "
                    f"{guess.total}: {verdict}"
                )
        if view.revealed_hands is not None:
            page.heading("Every hand, revealed")
            for seat, hand in enumerate(view.revealed_hands):
                page.row(
                    [
                        Group(
                            tuple(chips(hand, size=60)),
                            caption=f"{names[seat]} · worth {hand.value}",
                        )
                    ]
                )
        page.heading("Seats")
        tiles = []
        for seat, name in enumerate(names):
            lines = [plural(view.chip_counts[seat], "chip")]
            if view.owes_double_turn[seat]:
                lines.append("owed a double turn")
            acting = seat in view.waiting_for or seat == view.turn
            tag = "won" if view.winner == seat else ""
            tiles.append(
                SeatTile(
                    name,
                    tuple(lines),
                    acting=acting and view.phase != "over",
                    tag=tag,
                    pieces=(Stack(view.chip_counts[seat]),),
                )
            )
        page.seats(tiles)
        return page.finish()

    @staticmethod
    def _last(page: Page, entry: object, names: Sequence[str]) -> None:
        page.heading("Last move")
        match entry:
            case ShortChanged(seat=seat, took=took, gave=gave):
                page.line(f"{names[seat]} short-changed the pot:")
                page.row(
                    [
                        Group(tuple(chips(took, size=64)), caption="took from the pot"),
                        Group(tuple(chips(gave, size=64)), caption="gave the pot"),
                    ],
                    gap=48,
                )
            case Donated(seat=seat, chip=chip):
                page.row([Group((_chip(chip),), caption=f"{names[seat]} gave the pot")])
            case Stole(seat=seat, chip=chip):
                page.row([Group((_chip(chip),), caption=f"{names[seat]} took from the pot")])
            case Passed(seat=seat):
                page.line(f"{names[seat]} passed.")
            case PotStarted(chips=started):
                page.row(
                    [Group(tuple(_chip(colour) for colour in started), caption="the starting pot")]
                )
            case Stalemate(rounds=rounds):
                page.line(f"Stalemate after {plural(rounds, 'round')}.")

    def hand(self, view: ShortChangedView, names: Sequence[str], draft: str) -> Sketch:
        assert view.viewer is not None and view.hand is not None
        page = Page(
            f"{names[view.viewer]}'s chips",
            f"{plural(view.hand.count, 'chip')} · worth {view.hand.value}",
        )
        take, give = decode_draft(draft)
        if view.ante is not None and view.phase == "ante":
            page.line(f"Your starting chip for the pot: {view.ante.value_in_points}")
        kept = Chips(
            *(max(0, have - out) for have, out in zip(view.hand.counts, give.counts, strict=True))
        )
        page.heading("Your chips")
        page.row(chips(kept) if kept.count else [Caption("none")])
        if give.count or take.count:
            page.heading("Your short change so far (raised, ticked)")
            page.gap(12)
            page.row(
                [
                    Group(
                        tuple(chips(take, size=70, picked=True)) or (Caption("nothing"),),
                        caption="take from the pot",
                        gap=20,
                    ),
                    Group(
                        tuple(chips(give, size=70, picked=True)) or (Caption("nothing"),),
                        caption="give from your hand",
                        gap=20,
                    ),
                ],
                gap=40,
            )
        return page.finish()
