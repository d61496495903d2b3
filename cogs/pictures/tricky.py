"""Tricky drawn: the trick as real dice, trump, the high bid, each seat's score and tricks."""

from __future__ import annotations

from collections.abc import Sequence

from cogs.pictures.base import plural, standings
from cogs.pictures.kit import Badge, Die, Group, Page, SeatTile, Sketch
from cogs.presenters.tricky import decode_first_die, decode_reroll
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
        page = Page(f"Tricky · hand {view.hand}", f"Playing to {view.target:,} points")
        badges = []
        if view.phase in ("trump", "tricks") or view.trump_named:
            badges.append(
                Badge(
                    trump_text(view.trump).capitalize()
                    if view.trump_named
                    else "Trump not named yet"
                )
            )
        if view.high_bidder is not None:
            badges.append(Badge(f"High bid {view.high_bid} · {names[view.high_bidder]}"))
        elif view.phase == "auction":
            badges.append(Badge(f"No bid yet · at least {view.minimum_bid}"))
        if badges:
            page.row(badges)
        if view.phase == "tricks":
            page.heading(f"Trick {view.trick_number} of {TRICKS_PER_HAND}")
            if view.trick:
                page.row(_plays(view, view.trick, names, None))
            elif view.leader is not None:
                page.line(f"{names[view.leader]} leads.")
        if view.last_trick and view.last_trick_winner is not None:
            taken = sum(a.value + b.value for _, a, b in view.last_trick)
            page.heading(f"Last trick · {names[view.last_trick_winner]} took {taken}")
            page.row(_plays(view, view.last_trick, names, view.last_trick_winner))
        if view.phase == "over":
            page.heading("Final standings")
            for line in standings(view.scores, names):
                page.line(line, size=32)
        page.heading("Seats")
        tiles = []
        for seat, name in enumerate(names):
            lines = [f"Score {view.scores[seat]:,}"]
            rerolled = view.rerolled[seat]
            if view.phase == "reroll":
                lines.append("choosing re-rolls" if rerolled is None else f"re-rolled {rerolled}")
            else:
                lines.append(f"{plural(view.tricks_won[seat], 'trick')} · {view.taken[seat]} taken")
                lines.append(
                    f"{plural(view.dice_left[seat], 'die', 'dice')} left · re-rolled {rerolled}"
                )
            tag = "won" if view.winner == seat else ("bidder" if seat == view.high_bidder else "")
            tiles.append(SeatTile(name, tuple(lines), acting=seat in view.waiting_for, tag=tag))
        page.seats(tiles)
        return page.finish()

    def hand(self, view: TrickyView, names: Sequence[str], draft: str) -> Sketch:
        assert view.viewer is not None and view.dice is not None
        page = Page(
            f"{names[view.viewer]}'s dice",
            f"Hand {view.hand} · "
            + (trump_text(view.trump) if view.trump_named else "trump not named yet"),
        )
        picked = decode_reroll(draft) if view.phase == "reroll" else 0
        first = decode_first_die(draft) if view.phase == "tricks" else None
        if picked:
            page.line("Picked dice (raised, ticked) are the ones to re-roll.")
        elif first is not None:
            page.line("The raised, ticked die is your first pick.")
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
            page.line("No dice left this hand.")
        return page.finish()
