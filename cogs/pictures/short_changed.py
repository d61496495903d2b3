"""Short Changed drawn: the pot's exact chips, each seat's stack as chip backs, the last
trade (what moved where) and the guesses made."""

from __future__ import annotations

from collections.abc import Sequence

from cogs.pictures.kit import Caption, Chip, Group, Page, SeatTile, Sketch, Stack
from cogs.presenters.short_changed import decode_draft
from games.core.wording import N_, ntr, tr
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
        page = Page(
            tr("Short Changed"),
            tr("Round {round} · pot worth {value}", round=view.round, value=view.pot.value),
        )
        page.heading(
            tr(
                "The pot · {amount} · worth {value}",
                amount=ntr("{count} chip", "{count} chips", view.pot.count),
                value=view.pot.value,
            )
        )
        if view.pot.count:
            page.row(chips(view.pot))
        else:
            page.line(
                tr("Empty: the starting chips are still being chosen.")
                if view.phase == "ante"
                else tr("Empty.")
            )
        trade = next(
            (entry for entry in reversed(view.log) if not isinstance(entry, Guessed)), None
        )
        if trade is not None:
            self._last(page, trade, names)
        guesses = [entry for entry in view.log if isinstance(entry, Guessed)][-GUESSES_SHOWN:]
        if guesses:
            page.heading(tr("Guesses"))
            for guess in guesses:
                sentence = (
                    N_("{seat} guessed {target} holds {total}: right")
                    if guess.correct
                    else N_("{seat} guessed {target} holds {total}: wrong")
                )
                page.line(
                    tr(
                        sentence,
                        seat=names[guess.seat],
                        target=names[guess.target],
                        total=guess.total,
                    )
                )
        if view.revealed_hands is not None:
            page.heading(tr("Every hand, revealed"))
            for seat, hand in enumerate(view.revealed_hands):
                page.row(
                    [
                        Group(
                            tuple(chips(hand, size=60)),
                            caption=tr(
                                "{seat} · worth {value}", seat=names[seat], value=hand.value
                            ),
                        )
                    ]
                )
        page.heading(tr("Seats"))
        tiles = []
        for seat, name in enumerate(names):
            lines = [ntr("{count} chip", "{count} chips", view.chip_counts[seat])]
            if view.owes_double_turn[seat]:
                lines.append(tr("owed a double turn"))
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
        page.heading(tr("Last move"))
        match entry:
            case ShortChanged(seat=seat, took=took, gave=gave):
                page.line(tr("{seat} short-changed the pot:", seat=names[seat]))
                page.row(
                    [
                        Group(tuple(chips(took, size=64)), caption=tr("took from the pot")),
                        Group(tuple(chips(gave, size=64)), caption=tr("gave the pot")),
                    ],
                    gap=48,
                )
            case Donated(seat=seat, chip=chip):
                page.row(
                    [Group((_chip(chip),), caption=tr("{seat} gave the pot", seat=names[seat]))]
                )
            case Stole(seat=seat, chip=chip):
                page.row(
                    [
                        Group(
                            (_chip(chip),), caption=tr("{seat} took from the pot", seat=names[seat])
                        )
                    ]
                )
            case Passed(seat=seat):
                page.line(tr("{seat} passed.", seat=names[seat]))
            case PotStarted(chips=started):
                page.row(
                    [
                        Group(
                            tuple(_chip(colour) for colour in started),
                            caption=tr("the starting pot"),
                        )
                    ]
                )
            case Stalemate(rounds=rounds):
                page.line(
                    tr(
                        "Stalemate after {amount}.",
                        amount=ntr("{count} round", "{count} rounds", rounds),
                    )
                )

    def hand(self, view: ShortChangedView, names: Sequence[str], draft: str) -> Sketch:
        assert view.viewer is not None and view.hand is not None
        page = Page(
            tr("{viewer}'s chips", viewer=names[view.viewer]),
            tr(
                "{amount} · worth {value}",
                amount=ntr("{count} chip", "{count} chips", view.hand.count),
                value=view.hand.value,
            ),
        )
        take, give = decode_draft(draft)
        if view.ante is not None and view.phase == "ante":
            page.line(
                tr(
                    "Your starting chip for the pot: {value_in_points}",
                    value_in_points=view.ante.value_in_points,
                )
            )
        kept = Chips(
            *(max(0, have - out) for have, out in zip(view.hand.counts, give.counts, strict=True))
        )
        page.heading(tr("Your chips"))
        page.row(chips(kept) if kept.count else [Caption("none")])
        if give.count or take.count:
            page.heading(tr("Your short change so far (raised, ticked)"))
            page.gap(12)
            page.row(
                [
                    Group(
                        tuple(chips(take, size=70, picked=True)) or (Caption("nothing"),),
                        caption=tr("take from the pot"),
                        gap=20,
                    ),
                    Group(
                        tuple(chips(give, size=70, picked=True)) or (Caption("nothing"),),
                        caption=tr("give from your hand"),
                        gap=20,
                    ),
                ],
                gap=40,
            )
        return page.finish()
