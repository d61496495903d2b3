"""The Fraud from Trandosha in plain words: cards, bids, one line per event, the table as text.

A card is written with its sign, value and suit glyph (``+3●``, ``-5▲``, ``+10■``),
a sylop as ``sylop``; a bid the way players say it ("three 4s").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from games.core.game import Event
from games.fraud.cards import Card, Sign, Suit, matching
from games.fraud.model import (
    Bid,
    BidMade,
    Called,
    CubeRolled,
    Dealt,
    Fate,
    FraudView,
    GameWon,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    Showdown,
    SpikeRolled,
    SuitRolled,
)

__all__ = [
    "bid",
    "card",
    "cards_word",
    "consequences",
    "count_word",
    "credits_word",
    "cube",
    "describe",
    "dice",
    "fate_line",
    "fate_result",
    "hand",
    "narrate",
    "suit",
    "verdict",
]

SUIT_GLYPH: dict[Suit, str] = {"circle": "●", "triangle": "▲", "square": "■"}
DIE_FACES = "⚀⚁⚂⚃⚄⚅"
NUMBER_WORDS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "twenty-one",
    "twenty-two",
    "twenty-three",
    "twenty-four",
    "twenty-five",
)


@cache
def card(c: Card) -> str:
    if c.is_sylop:
        return "sylop"
    sign = "+" if c.value > 0 else "-"
    assert c.suit is not None, "only sylops have no suit"
    return f"{sign}{c.magnitude}{SUIT_GLYPH[c.suit]}"


def hand(cards: Iterable[Card]) -> str:
    return " ".join(card(c) for c in cards) or "no cards"


def count_word(n: int) -> str:
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def bid(b: Bid) -> str:
    """``three 4s``, ``one 6``."""
    return f"{count_word(b.count)} {b.value}{'' if b.count == 1 else 's'}"


def suit(s: Suit) -> str:
    return f"{SUIT_GLYPH[s]} {s}"


def cube(sign: Sign) -> str:
    """The chance cube's face: blue is positive, red is negative (FR11)."""
    return "🟦 blue (positive)" if sign == "positive" else "🟥 red (negative)"


def dice(pair: tuple[int, int]) -> str:
    return " ".join(DIE_FACES[face - 1] for face in pair)


def cards_word(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def credits_word(n: int) -> str:
    return f"{n} credit{'' if n == 1 else 's'}"


def verdict(showdown: Showdown, names: Sequence[str]) -> str:
    """What the revealed hands say about the bid (FR6, FR9)."""
    b, found = showdown.bid, showdown.matching
    caller, bidder = names[showdown.seat], names[showdown.bidder]
    counted = f"{cards_word(found)} match{'es' if found == 1 else ''} {b.value}s"
    if showdown.trigger == "spike":
        held = {fate.seat: matching(fate.hand, b.value) for fate in showdown.fates}
        most = max(held.values())
        best = " and ".join(names[seat] for seat, n in held.items() if n == most)
        return (
            f"Spike dice doubles for {caller} with {bidder}'s {bid(b)} standing: "
            f"{best} {'hold' if ' and ' in best else 'holds'} the most {b.value}s ({most}); "
            f"everyone else loses a card."
        )
    if showdown.trigger == "fraud":
        if found < b.count:
            return f"{counted}, fewer than {bidder}'s {bid(b)}: a fraud, well called by {caller}."
        if found > b.count:
            return f"{counted}, more than {bidder}'s {bid(b)}: no fraud, {caller} was wrong."
        return (
            f"{counted}: {bidder}'s {bid(b)} was on target, so everyone but {bidder} loses a card."
        )
    if found == b.count:
        return (
            f"{counted}: {bidder}'s {bid(b)} is on target as {caller} said; "
            f"everyone else loses a card."
        )
    return f"{counted}, not {b.count}: {bidder}'s {bid(b)} was not on target, {caller} was wrong."


REASON = {"cube": "chance cube", "call": "the call", "spike": "spike dice"}
SHIELD = {"suit": "suit die", "cube": "chance cube"}
WIN_BACK = {"call": "correct call", "cube": "chance cube"}


def fate_result(fate: Fate) -> str:
    """What a reveal did to one seat: ``loses a card (the call), pays 1 credit, is out``."""
    parts = []
    if fate.lost:
        why = ", ".join(REASON[reason] for reason in fate.hit)
        parts.append(f"loses {cards_word(fate.lost) if fate.lost > 1 else 'a card'} ({why})")
    elif fate.shield is not None:
        parts.append(f"is safe ({SHIELD[fate.shield]})")
    if fate.won_back:
        why = ", ".join(WIN_BACK[reason] for reason in fate.won_back)
        back = len(fate.won_back)
        parts.append(f"wins back {cards_word(back) if back > 1 else 'a card'} ({why})")
    if fate.paid:
        parts.append(f"pays {credits_word(fate.paid)}")
    if fate.out:
        parts.append("is out")
    return ", ".join(parts) if parts else "keeps every card"


def fate_line(fate: Fate, names: Sequence[str]) -> str:
    return f"{names[fate.seat]} {fate_result(fate)}"


def consequences(showdown: Showdown, names: Sequence[str]) -> str:
    """Who lost, won back, was shielded or went out; ``Nobody loses a card.`` otherwise."""
    lines = [
        fate_line(fate, names)
        for fate in showdown.fates
        if fate.lost or fate.won_back or fate.shield
    ]
    return "; ".join(lines) + "." if lines else "Nobody loses a card."


def narrate(event: Event, names: Sequence[str]) -> str:
    match event:
        case RoundStarted(round=number, opener=opener, hand_sizes=sizes):
            return (
                f"Round {number}: {names[opener]} opens the bidding; "
                f"{cards_word(sum(sizes))} at the table."
            )
        case Reshuffled(cards=n):
            return f"The draw pile ran out: the {cards_word(n)} of the discard pile are reshuffled."
        case Dealt(hand=cards):
            return f"Your hand: {hand(cards)}."
        case SuitRolled(suit=rolled):
            return f"The suit die shows {suit(rolled)}."
        case CubeRolled(sign=sign):
            return f"The chance cube shows {cube(sign)}."
        case SpikeRolled(seat=seat, dice=pair) if pair[0] == pair[1]:
            return f"{names[seat]} rolls the spike dice: {dice(pair)}, doubles!"
        case SpikeRolled(seat=seat, dice=pair):
            return f"{names[seat]} rolls the spike dice: {dice(pair)}."
        case BidMade(seat=seat, bid=b):
            return f"{names[seat]} bids {bid(b)}."
        case Called(seat=seat, call="fraud", bidder=bidder, bid=b):
            return f"{names[seat]} calls fraud on {names[bidder]}'s {bid(b)}!"
        case Called(seat=seat, bidder=bidder, bid=b):
            return f"{names[seat]} calls {names[bidder]}'s {bid(b)} on target!"
        case RoundEnded(showdown=showdown):
            return f"{verdict(showdown, names)} {consequences(showdown, names)}"
        case GameWon(seat=seat, by_cube=True, among=among, pot=pot):
            tied = ", ".join(names[s] for s in among)
            return f"{tied} all went out at once; the chance cube picks {names[seat]} to win" + (
                f" and take the pot of {pot}." if pot else "."
            )
        case GameWon(seat=seat, pot=pot):
            return f"{names[seat]} is the last player holding cards and wins" + (
                f" the game and the pot of {pot}." if pot else " the game."
            )
    raise TypeError(f"not a Fraud from Trandosha event: {event!r}")


def describe(view: FraudView, names: Sequence[str]) -> str:
    lines = [f"Round {view.round} · {view.deck} deck · {cards_word(view.cards_at_table)} held"]
    dice_line = []
    if view.suit is not None:
        dice_line.append(f"suit die {suit(view.suit)}")
    if view.sign is not None:
        dice_line.append(f"chance cube {cube(view.sign)}")
    if view.spike_dice is not None:
        dice_line.append(f"spike dice {dice(view.spike_dice)}")
    if dice_line:
        lines.append("Dice: " + ", ".join(dice_line))
    standing = view.standing
    if standing is not None:
        lines.append(f"Bid: {bid(standing.bid)} by {names[standing.seat]}")
    for seat in range(view.seats):
        marks = []
        if view.turn == seat:
            marks.append("on turn")
        if view.out_round[seat] is not None:
            marks.append(f"out in round {view.out_round[seat]}")
        if view.winner == seat:
            marks.append("winner")
        held = cards_word(view.hand_sizes[seat])
        if view.viewer == seat and view.hand:
            held = f"{hand(view.hand)} (yours)"
        money = f", {credits_word(view.credits[seat])}" if view.pot_in_play else ""
        suffix = f"  [{', '.join(marks)}]" if marks else ""
        lines.append(f"  {names[seat]}: {held}{money}{suffix}")
    if view.pot_in_play:
        lines.append(f"Pot: {view.pot}")
    if view.last_showdown is not None:
        lines.append(f"Last round: {verdict(view.last_showdown, names)}")
        for fate in view.last_showdown.fates:
            lines.append(f"  {names[fate.seat]} showed {hand(fate.hand)}")
        lines.append(f"  {consequences(view.last_showdown, names)}")
    return "\n".join(lines)
