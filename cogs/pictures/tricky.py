"""Tricky drawn: the trick as real dice, trump, the high bid, each seat's score and tricks."""

from __future__ import annotations

from collections.abc import Sequence

from cogs.pictures.base import standings
from cogs.pictures.kit import Badge, Die, Group, Page, SeatTile, Sketch
from cogs.presenters.tricky import decode_first_die, decode_reroll
from games.core.wording import ntr, tr
from games.tricky.dice import KINDS
from games.tricky.dice import Die as PlayedDie
from games.tricky.model import TrickyView
from games.tricky.text import trump as trump_text
from games.tricky.tricks import TRICKS_PER_HAND

__all__ = ["TrickyArtist"]


def _die(die: PlayedDie, trump: int | None, size: int = 80) -> Die:
    return Die(die.faces, die.value, size=size, mark="TRUMP" if die.value == trump else "")


def _plays(
    view: TrickyView,
    plays: Sequence[tuple[int, PlayedDie, PlayedDie]],
    names: Sequence[str],
    winner: int | None,
) -> list[Group]:
    return [
        Group((_die(a, view.trump), _die(b, view.trump)), caption=names[seat], frame=seat == winner)
        for seat, a, b in plays
    ]


class TrickyArtist:
    def table(self, view: TrickyView, names: Sequence[str]) -> Sketch:
        page = Page(
            tr("Tricky · hand {hand}", hand=view.hand), f"Playing to {view.target:,} points"
        )
        badges = []
        if view.phase in ("trump", "tricks") or view.trump_named:
            badges.append(
                Badge(
                    trump_text(view.trump).capitalize()
                    if view.trump_named
                    else tr("Trump not named yet")
                )
            )
        if view.high_bidder is not None:
            badges.append(
                Badge(
                    tr(
                        "High bid {high_bid} · {high_bidder}",
                        high_bid=str(view.high_bid),
                        high_bidder=names[view.high_bidder],
                    )
                )
            )
        elif view.phase == "auction":
            badges.append(
                Badge(tr("No bid yet · at least {minimum_bid}", minimum_bid=str(view.minimum_bid)))
            )
        if badges:
            page.row(badges)
        if view.phase == "tricks":
            page.heading(
                tr(
                    "Trick {trick_number} of {tricks_per_hand}",
                    trick_number=view.trick_number,
                    tricks_per_hand=TRICKS_PER_HAND,
                )
            )
            if view.trick:
                page.row(_plays(view, view.trick, names, None))
            elif view.leader is not None:
                page.line(tr("{leader} leads.", leader=names[view.leader]))
        if view.last_trick and view.last_trick_winner is not None:
            taken = sum(a.value + b.value for _, a, b in view.last_trick)
            page.heading(
                tr(
                    "Last trick · {last_trick_winner} took {taken}",
                    last_trick_winner=names[view.last_trick_winner],
                    taken=taken,
                )
            )
            page.row(_plays(view, view.last_trick, names, view.last_trick_winner))
        if view.phase == "over":
            page.heading(tr("Final standings"))
            for line in standings(view.scores, names):
                page.line(line, size=32)
        page.heading(tr("Seats"))
        tiles = []
        for seat, name in enumerate(names):
            lines = [f"Score {view.scores[seat]:,}"]
            rerolled = view.rerolled[seat]
            if view.phase == "reroll":
                lines.append(
                    tr("choosing re-rolls")
                    if rerolled is None
                    else tr("re-rolled {rerolled}", rerolled=rerolled)
                )
            else:
                lines.append(
                    tr(
                        "{amount} · {seat} taken",
                        amount=ntr("{count} trick", "{count} tricks", view.tricks_won[seat]),
                        seat=view.taken[seat],
                    )
                )
                lines.append(
                    tr(
                        "{amount} left · re-rolled {rerolled}",
                        amount=ntr("{count} die", "{count} dice", view.dice_left[seat]),
                        rerolled=rerolled,
                    )
                )
            tag = "won" if view.winner == seat else ("bidder" if seat == view.high_bidder else "")
            tiles.append(SeatTile(name, tuple(lines), acting=seat in view.waiting_for, tag=tag))
        page.seats(tiles)
        return page.finish()

    def hand(self, view: TrickyView, names: Sequence[str], draft: str) -> Sketch:
        assert view.viewer is not None and view.dice is not None
        page = Page(
            tr("{viewer}'s dice", viewer=names[view.viewer]),
            tr("Hand {hand} · ", hand=view.hand)
            + (trump_text(view.trump) if view.trump_named else tr("trump not named yet")),
        )
        picked = decode_reroll(draft) if view.phase == "reroll" else 0
        first = decode_first_die(draft) if view.phase == "tricks" else None
        if picked:
            page.line(tr("Picked dice (raised, ticked) are the ones to re-roll."))
        elif first is not None:
            page.line(tr("The raised, ticked die is your first pick."))
        groups = []
        for faces in KINDS:
            dice = [
                Die(
                    held.faces,
                    held.value,
                    size=92,
                    picked=bool(picked >> held.die & 1) or held.die == first,
                    mark="TRUMP" if held.value == view.trump else "",
                )
                for held in view.dice
                if held.faces == faces
            ]
            if dice:
                groups.append(Group(tuple(dice), gap=16))
        page.row(groups, gap=40)
        if not view.dice:
            page.line(tr("No dice left this hand."))
        return page.finish()
