"""Judging the end of a round: who loses a card, who is shielded, who wins one back.

A round ends with every hand revealed, after a call (FR6) or spike dice doubles
with a bid standing (FR9). This module settles it, given the hands and the
round's dice; the random pick among several suit-die seats is made by the
caller of :func:`settle` (it is a public chance event of the game).

How the variants meet where the rulings leave it open (the bot's reading):

* The suit die's protection (FR10) is decided at the reveal, since it depends
  on hidden hands; the protected seat loses nothing at all that round: not to
  the chance cube, the call, or the spike dice.
* The chance cube (FR11) and the suit die act at every reveal that ends a round,
  spike doubles included: FR9 ends that round "as after a call", and FR11 makes
  a seat safe "this round". So at spike doubles a cube-exposed seat loses a card
  first, and cube-safe seats are spared by the spike dice too.
* A seat can lose two cards in one round, one to the cube and one to the
  judgment (FR11: "then the bid is judged as usual"), but never more than it holds.
* Win-backs (FR10 correct call, FR11 hand all of the rolled sign) each return one
  card the seat has lost (earlier or in this very reveal); both can apply, and a
  hand never grows past five.
  Spike doubles are not a call, so they never earn the FR10 win-back.
* Losses and win-backs of one reveal are settled together: a seat that loses its
  last card to the cube but called correctly keeps one card and stays in.
* A returned card refunds no credit: FR8 only charges a credit per card lost,
  and a seat with no credits left pays nothing (credits never block play).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.core.game import Seat
from games.fraud.cards import HAND_SIZE, Card, Sign, Suit, matching, of_sign, of_suit
from games.fraud.model import (
    Bid,
    CubeStanding,
    Fate,
    LossReason,
    Shield,
    Showdown,
    Trigger,
    WinBackReason,
)

__all__ = ["cube_standing", "judged", "settle", "suit_candidates", "suit_majority"]


def suit_majority(hand: Sequence[Card], suit: Suit) -> bool:
    """Strictly more than half the hand is of this suit (FR10); sylops have no suit."""
    return 2 * of_suit(hand, suit) > len(hand)


def suit_candidates(hands: Mapping[Seat, Sequence[Card]], suit: Suit) -> tuple[Seat, ...]:
    return tuple(seat for seat, hand in hands.items() if suit_majority(hand, suit))


def cube_standing(hand: Sequence[Card], sign: Sign) -> CubeStanding:
    """Safe with more cards of the rolled sign, exposed with more of the other (FR11).

    Sylops have no sign and count for neither side.
    """
    rolled = of_sign(hand, sign)
    other = of_sign(hand, "negative" if sign == "positive" else "positive")
    if rolled > other:
        return "safe"
    if other > rolled:
        return "exposed"
    return "even"


def _all_of_sign(hand: Sequence[Card], sign: Sign) -> bool:
    """FR11's win-back: every card shows the rolled sign, and there is more than one."""
    return len(hand) > 1 and of_sign(hand, sign) == len(hand)


def judged(
    trigger: Trigger, seat: Seat, bidder: Seat, bid: Bid, hands: Mapping[Seat, Sequence[Card]]
) -> frozenset[Seat]:
    """The seats the call (FR6) or the spike dice (FR9) say lose a card, before any shield."""
    return _judged(trigger, seat, bidder, bid, _held(hands, bid))


def _held(hands: Mapping[Seat, Sequence[Card]], bid: Bid) -> dict[Seat, int]:
    """How many cards matching the bid's value each seat holds (FR1)."""
    return {s: matching(hand, bid.value) for s, hand in hands.items()}


def _judged(
    trigger: Trigger, seat: Seat, bidder: Seat, bid: Bid, held: Mapping[Seat, int]
) -> frozenset[Seat]:
    """:func:`judged`, from each seat's count of matching cards (``held``)."""
    if trigger == "spike":
        most = max(held.values())
        return frozenset(s for s, count in held.items() if count < most)
    found = sum(held.values())
    if trigger == "on_target":
        if found == bid.count:
            return frozenset(held) - {seat, bidder}
        return frozenset({seat})
    if found < bid.count:
        return frozenset({bidder})
    if found > bid.count:
        return frozenset({seat})
    return frozenset(held) - {bidder}


def settle(
    *,
    round: int,
    trigger: Trigger,
    seat: Seat,
    bidder: Seat,
    bid: Bid,
    hands: Mapping[Seat, tuple[Card, ...]],
    credits: Sequence[int],
    pot: bool,
    suit_die: bool,
    suit: Suit | None,
    candidates: tuple[Seat, ...],
    protected: Seat | None,
    sign: Sign | None,
    spike_dice: tuple[int, int] | None = None,
) -> Showdown:
    """Everything a round's end does, seat by seat, in seat order.

    ``hands`` holds the seats still in the round; ``protected`` is the seat the
    suit die shields (already picked among ``candidates``), ``sign`` the chance
    cube's roll when that variant is on.
    """
    held = _held(hands, bid)
    found = sum(held.values())
    losers = _judged(trigger, seat, bidder, bid, held)
    judgment: LossReason = "spike" if trigger == "spike" else "call"
    correct = (trigger == "fraud" and found < bid.count) or (
        trigger == "on_target" and found == bid.count
    )
    fates = []
    for s, hand in sorted(hands.items()):
        standing = cube_standing(hand, sign) if sign is not None else "even"
        shield: Shield | None = None
        if s == protected:
            shield = "suit"
        elif standing == "safe":
            shield = "cube"
        hit: tuple[LossReason, ...] = ()
        if shield != "suit":
            if standing == "exposed":
                hit += ("cube",)
            if s in losers and shield is None:
                hit += (judgment,)
        gains: tuple[WinBackReason, ...] = ()
        if suit_die and correct and s == seat:
            gains += ("call",)
        if sign is not None and _all_of_sign(hand, sign):
            gains += ("cube",)
        lost = min(len(hit), len(hand))
        kept = len(hand) - lost
        returned = gains[: HAND_SIZE - kept]
        fates.append(
            Fate(
                seat=s,
                hand=hand,
                hit=hit,
                shield=shield,
                lost=lost,
                won_back=returned,
                paid=min(lost, credits[s]) if pot else 0,
                out=kept + len(returned) == 0,
            )
        )
    return Showdown(
        round=round,
        trigger=trigger,
        seat=seat,
        bidder=bidder,
        bid=bid,
        matching=found,
        fates=tuple(fates),
        spike_dice=spike_dice,
        suit=suit,
        protected=protected,
        suit_candidates=candidates,
        sign=sign,
    )
