"""Tricky in plain words: one line per event, and the table as text.

Dice are written ``d12:7`` (kind, then value) everywhere, so a played die reads
the same in the log, on the table and in a hand summary.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.game import Event
from games.core.wording import plural
from games.tricky.dice import FACES, KINDS, Die
from games.tricky.model import (
    AllPassed,
    AuctionStarted,
    AuctionWon,
    BidMade,
    Call,
    DicePlayed,
    GameWon,
    HandScored,
    HandStarted,
    HeldDie,
    Passed,
    RerollChosen,
    Rerolled,
    TieAtTheTarget,
    TrickWon,
    TrickyView,
    TrumpNamed,
)

__all__ = [
    "call",
    "describe",
    "dice_by_kind",
    "hand_result",
    "narrate",
    "pair",
    "plural",
    "trump",
]


def trump(number: int | None) -> str:
    return "no trump" if number is None else f"trump {number}"


def pair(first: Die, second: Die) -> str:
    return f"{first} + {second}"


def call(names: Sequence[str], entry: Call) -> str:
    seat, amount = entry
    return f"{names[seat]} {'passes' if amount is None else amount}"


def dice_by_kind(dice: Sequence[HeldDie]) -> list[tuple[int, list[int]]]:
    """The dice's values grouped by kind, smallest kind first (kinds with none left omitted)."""
    groups = [(faces, [die.value for die in dice if die.faces == faces]) for faces in KINDS]
    return [(faces, values) for faces, values in groups if values]


def narrate(event: Event, names: Sequence[str]) -> str:
    match event:
        case HandStarted(hand=hand, first_bidder=first):
            return (
                f"Hand {hand}: everyone rolls 18 dice behind their screen. "
                f"{names[first]} will bid first."
            )
        case Rerolled(dice=dice, before=before, after=after):
            rolled = ", ".join(
                f"d{FACES[index]} {old}→{new}"
                for index, old, new in zip(dice, before, after, strict=True)
            )
            return f"You re-rolled {rolled}."
        case RerollChosen(seat=seat, count=0):
            return f"{names[seat]} keeps all 18 dice."
        case RerollChosen(seat=seat, count=count):
            return f"{names[seat]} re-rolls {plural(count, 'die', 'dice')}."
        case AuctionStarted(first_bidder=first, minimum=minimum):
            return f"The bidding opens with {names[first]}; the opening bid is at least {minimum}."
        case BidMade(seat=seat, amount=amount):
            return f"{names[seat]} bids {amount}."
        case Passed(seat=seat):
            return f"{names[seat]} passes."
        case AllPassed(penalty=penalty):
            return (
                f"Nobody opened the bidding: everyone loses {penalty} points, "
                "and the dice are rolled again."
            )
        case AuctionWon(seat=seat, amount=amount):
            return f"{names[seat]} wins the auction with {amount} and names trump."
        case TrumpNamed(seat=seat, trump=None):
            return f"{names[seat]} plays this hand with no trump."
        case TrumpNamed(seat=seat, trump=number):
            return f"{names[seat]} names {number} as trump."
        case DicePlayed(seat=seat, dice=(first, second)):
            return f"{names[seat]} plays {pair(first, second)}."
        case TrickWon(seat=seat, trick=trick, points=points):
            return f"{names[seat]} takes trick {trick} ({plural(points, 'point')})."
        case HandScored() as scored:
            return hand_result(scored, names)
        case TieAtTheTarget(seats=seats):
            tied = " and ".join(names[seat] for seat in seats)
            return f"{tied} reached the target tied for the lead: another hand decides."
        case GameWon(seat=seat, scores=scores):
            return f"{names[seat]} wins the game with {plural(scores[seat], 'point')}."
    raise TypeError(f"not a Tricky event: {event!r}")


def hand_result(scored: HandScored, names: Sequence[str]) -> str:
    bidder = names[scored.bidder]
    took = scored.taken[scored.bidder]
    if scored.made:
        return (
            f"Hand {scored.hand}: {bidder} took {took} of the {scored.bid} bid and scores "
            f"{scored.gained[scored.bidder]}; the others score the points they took."
        )
    return (
        f"Hand {scored.hand}: {bidder} took only {took} of the {scored.bid} bid and scores "
        "nothing; the others score one and a half times the points they took."
    )


def describe(view: TrickyView, names: Sequence[str]) -> str:
    lines = [f"Hand {view.hand} · playing to {view.target}"]
    if view.calls:
        lines.append("Auction: " + ", ".join(call(names, entry) for entry in view.calls))
    if view.trump_named:
        lines.append(f"{names[view.high_bidder or 0]} bid {view.high_bid}, {trump(view.trump)}")
    for seat in range(view.seats):
        marks = []
        if seat in view.waiting_for:
            marks.append("to act")
        rerolled = view.rerolled[seat]
        if rerolled is not None:
            marks.append(f"re-rolled {rerolled}")
        held = f"{plural(view.dice_left[seat], 'die', 'dice')} left"
        if view.viewer == seat and view.dice is not None:
            held = ", ".join(
                f"d{faces}: {' '.join(map(str, values))}"
                for faces, values in dice_by_kind(view.dice)
            )
        suffix = f"  [{', '.join(marks)}]" if marks else ""
        lines.append(
            f"  {names[seat]}: {plural(view.scores[seat], 'point')}, "
            f"{plural(view.tricks_won[seat], 'trick')} ({view.taken[seat]} taken) · {held}{suffix}"
        )
    if view.trick:
        lines.append(
            f"Trick {view.trick_number}: "
            + ", ".join(f"{names[seat]} {pair(a, b)}" for seat, a, b in view.trick)
        )
    if view.winner is not None:
        lines.append(f"{names[view.winner]} wins.")
    return "\n".join(lines)
