"""Tricky in plain words: one line per event, and the table as text.

Dice are written ``d12:7`` (kind, then value) everywhere, so a played die reads
the same in the log, on the table and in a hand summary.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.game import Event
from games.core.wording import ntr, tr
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
    "trump",
]


def trump(number: int | None) -> str:
    return tr("no trump") if number is None else tr("trump {number}", number=number)


def pair(first: Die, second: Die) -> str:
    return f"{first} + {second}"


def call(names: Sequence[str], entry: Call) -> str:
    seat, amount = entry
    if amount is None:
        return tr("{seat} passes", seat=names[seat])
    return f"{names[seat]} {amount}"


def dice_by_kind(dice: Sequence[HeldDie]) -> list[tuple[int, list[int]]]:
    """The dice's values grouped by kind, smallest kind first (kinds with none left omitted)."""
    groups = [(faces, [die.value for die in dice if die.faces == faces]) for faces in KINDS]
    return [(faces, values) for faces, values in groups if values]


def narrate(event: Event, names: Sequence[str]) -> str:
    match event:
        case HandStarted(hand=hand, first_bidder=first):
            return tr(
                "Hand {hand}: everyone rolls 18 dice behind their screen. {first} will bid first.",
                hand=hand,
                first=names[first],
            )
        case Rerolled(dice=dice, before=before, after=after):
            rolled = ", ".join(
                f"d{FACES[index]} {old}→{new}"
                for index, old, new in zip(dice, before, after, strict=True)
            )
            return tr("You re-rolled {rolled}.", rolled=rolled)
        case RerollChosen(seat=seat, count=0):
            return tr("{seat} keeps all 18 dice.", seat=names[seat])
        case RerollChosen(seat=seat, count=count):
            return tr(
                "{seat} re-rolls {amount}.",
                seat=names[seat],
                amount=ntr("{count} die", "{count} dice", count),
            )
        case AuctionStarted(first_bidder=first, minimum=minimum):
            return tr(
                "The bidding opens with {first}; the opening bid is at least {minimum}.",
                first=names[first],
                minimum=minimum,
            )
        case BidMade(seat=seat, amount=amount):
            return tr("{seat} bids {amount}.", seat=names[seat], amount=amount)
        case Passed(seat=seat):
            return tr("{seat} passes.", seat=names[seat])
        case AllPassed(penalty=penalty):
            return tr(
                "Nobody opened the bidding: everyone loses {penalty} points, and the "
                "dice are rolled again.",
                penalty=penalty,
            )
        case AuctionWon(seat=seat, amount=amount):
            return tr(
                "{seat} wins the auction with {amount} and names trump.",
                seat=names[seat],
                amount=amount,
            )
        case TrumpNamed(seat=seat, trump=None):
            return tr("{seat} plays this hand with no trump.", seat=names[seat])
        case TrumpNamed(seat=seat, trump=number):
            return tr("{seat} names {number} as trump.", seat=names[seat], number=number)
        case DicePlayed(seat=seat, dice=(first, second)):
            return tr("{seat} plays {pair}.", seat=names[seat], pair=pair(first, second))
        case TrickWon(seat=seat, trick=trick, points=points):
            return tr(
                "{seat} takes trick {trick} ({amount}).",
                seat=names[seat],
                trick=trick,
                amount=ntr("{count} point", "{count} points", points),
            )
        case HandScored() as scored:
            return hand_result(scored, names)
        case TieAtTheTarget(seats=seats):
            tied = tr(" and ").join(names[seat] for seat in seats)
            return tr(
                "{tied} reached the target tied for the lead: another hand decides.", tied=tied
            )
        case GameWon(seat=seat, scores=scores):
            return tr(
                "{seat} wins the game with {amount}.",
                seat=names[seat],
                amount=ntr("{count} point", "{count} points", scores[seat]),
            )
    raise TypeError(f"not a Tricky event: {event!r}")


def hand_result(scored: HandScored, names: Sequence[str]) -> str:
    bidder = names[scored.bidder]
    took = scored.taken[scored.bidder]
    if scored.made:
        return tr(
            "Hand {hand}: {bidder} took {took} of the {bid} bid and scores "
            "{bidder2}; the others score the points they took.",
            hand=scored.hand,
            bidder=bidder,
            took=took,
            bid=scored.bid,
            bidder2=scored.gained[scored.bidder],
        )
    return tr(
        "Hand {hand}: {bidder} took only {took} of the {bid} bid and scores "
        "nothing; the others score one and a half times the points they took.",
        hand=scored.hand,
        bidder=bidder,
        took=took,
        bid=scored.bid,
    )


def describe(view: TrickyView, names: Sequence[str]) -> str:
    lines = [tr("Hand {hand} · playing to {target}", hand=view.hand, target=view.target)]
    if view.calls:
        lines.append(tr("Auction: ") + ", ".join(call(names, entry) for entry in view.calls))
    if view.trump_named:
        lines.append(
            tr(
                "{name} bid {high_bid}, {trump}",
                name=names[view.high_bidder or 0],
                high_bid=view.high_bid,
                trump=trump(view.trump),
            )
        )
    for seat in range(view.seats):
        marks = []
        if seat in view.waiting_for:
            marks.append(tr("to act"))
        rerolled = view.rerolled[seat]
        if rerolled is not None:
            marks.append(tr("re-rolled {rerolled}", rerolled=rerolled))
        held = tr("{amount} left", amount=ntr("{count} die", "{count} dice", view.dice_left[seat]))
        if view.viewer == seat and view.dice is not None:
            held = ", ".join(
                f"d{faces}: {' '.join(map(str, values))}"
                for faces, values in dice_by_kind(view.dice)
            )
        suffix = f"  [{', '.join(marks)}]" if marks else ""
        lines.append(
            tr(
                "  {seat}: {amount}, {amount2} ({seat2} taken) · {held}{suffix}",
                seat=names[seat],
                amount=ntr("{count} point", "{count} points", view.scores[seat]),
                amount2=ntr("{count} trick", "{count} tricks", view.tricks_won[seat]),
                seat2=view.taken[seat],
                held=held,
                suffix=suffix,
            )
        )
    if view.trick:
        lines.append(
            tr("Trick {trick_number}: ", trick_number=view.trick_number)
            + ", ".join(f"{names[seat]} {pair(a, b)}" for seat, a, b in view.trick)
        )
    if view.winner is not None:
        lines.append(tr("{winner} wins.", winner=names[view.winner]))
    return "\n".join(lines)
