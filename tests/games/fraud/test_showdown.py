"""Properties of settling a round's end (games/fraud/showdown.py) over random reveals."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.fraud.cards import HAND_SIZE, SUITS, Card, deck, matching
from games.fraud.model import Bid, Showdown, Trigger
from games.fraud.showdown import cube_standing, settle, suit_majority


@st.composite
def reveals(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["traditional", "modern"]))
    cards = draw(st.permutations(deck(kind)))
    seats = draw(st.integers(2, 5))
    sizes = [draw(st.integers(1, HAND_SIZE)) for _ in range(seats)]
    hands, start = {}, 0
    for seat, size in enumerate(sizes):
        hands[seat] = tuple(cards[start : start + size])
        start += size
    trigger = draw(st.sampled_from(["fraud", "on_target", "spike"]))
    seat = draw(st.integers(0, seats - 1))
    bidder = (seat - 1) % seats
    top = 6 if kind == "traditional" else 10
    bid = Bid(draw(st.integers(1, sum(sizes))), draw(st.integers(1, top)))
    suit_die = draw(st.booleans())
    suit = draw(st.sampled_from(SUITS)) if suit_die else None
    candidates = tuple(s for s, hand in hands.items() if suit and suit_majority(hand, suit))
    protected = draw(st.sampled_from(candidates)) if candidates else None
    sign = draw(st.sampled_from([None, "positive", "negative"]))
    credits = [draw(st.integers(0, 5)) for _ in range(seats)]
    return {
        "round": 3,
        "trigger": trigger,
        "seat": seat,
        "bidder": bidder,
        "bid": bid,
        "hands": hands,
        "credits": credits,
        "pot": draw(st.booleans()),
        "suit_die": suit_die,
        "suit": suit,
        "candidates": candidates,
        "protected": protected,
        "sign": sign,
    }


def fr6_losers(trigger: str, seat: int, bidder: int, bid: Bid, hands: dict[int, Any]) -> set[int]:
    """FR6 and FR9 read straight from the rulings, without any variant."""
    found = sum(matching(hand, bid.value) for hand in hands.values())
    everyone = set(hands)
    if trigger == "on_target":
        return everyone - {seat, bidder} if found == bid.count else {seat}
    if trigger == "fraud":
        if found < bid.count:
            return {bidder}
        return {seat} if found > bid.count else everyone - {bidder}
    held = {s: matching(hand, bid.value) for s, hand in hands.items()}
    return {s for s in everyone if held[s] < max(held.values())}


@settings(max_examples=200, deadline=None)
@given(reveals())
def test_settling_a_reveal_keeps_every_ruling(reveal: dict[str, Any]) -> None:
    showdown: Showdown = settle(**reveal)
    hands, sign = reveal["hands"], reveal["sign"]
    losers = fr6_losers(reveal["trigger"], reveal["seat"], reveal["bidder"], reveal["bid"], hands)
    assert [fate.seat for fate in showdown.fates] == sorted(hands)
    for fate in showdown.fates:
        hand: tuple[Card, ...] = hands[fate.seat]
        standing = cube_standing(hand, sign) if sign else "even"
        after = len(hand) - fate.lost + len(fate.won_back)
        assert fate.hand == hand
        assert fate.lost == min(len(fate.hit), len(hand))
        assert 0 <= after <= HAND_SIZE
        assert fate.out == (after == 0)
        assert fate.paid == (min(fate.lost, reveal["credits"][fate.seat]) if reveal["pot"] else 0)
        gains = []
        if reveal["suit_die"] and fate.seat == reveal["seat"] and showdown.correct:
            gains.append("call")  # FR10: the caller of a correct call
        if sign and len(hand) > 1 and all(card.sign == sign for card in hand):
            gains.append("cube")  # FR11: every card of the rolled sign, more than one
        assert fate.won_back == tuple(gains[: HAND_SIZE - (len(hand) - fate.lost)])
        if fate.seat == reveal["protected"]:  # FR10: no loss of any kind
            assert fate.hit == () and fate.shield == "suit"
            continue
        assert ("cube" in fate.hit) == (standing == "exposed")  # FR11, before the verdict
        judged = fate.seat in losers and standing != "safe"  # FR11: safe seats are spared
        assert (len(fate.hit) - ("cube" in fate.hit) == 1) == judged


def test_a_call_is_correct_as_fr6_says() -> None:
    hands = {0: (Card(2, "circle"), Card(0)), 1: (Card(-2, "square"),)}
    calls: list[tuple[Trigger, int, bool | None]] = [
        ("fraud", 4, True),
        ("fraud", 3, False),
        ("on_target", 3, True),
        ("on_target", 2, False),
        ("spike", 3, None),
    ]
    for trigger, count, correct in calls:
        showdown = settle(
            round=1,
            trigger=trigger,
            seat=1,
            bidder=0,
            bid=Bid(count, 2),
            hands=hands,
            credits=[5, 5],
            pot=True,
            suit_die=False,
            suit=None,
            candidates=(),
            protected=None,
            sign=None,
        )
        assert showdown.matching == 3 and showdown.correct is correct
