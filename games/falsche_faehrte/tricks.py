"""Following and winning a trick (AF7, AF11), on sorted hands of int cards.

The cards of one colour sit next to each other in a sorted hand, so the cards a
seat may follow with are one slice found by bisection.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from games.falsche_faehrte.cards import JOKER, Card

__all__ = ["holds", "playable", "trick_winner"]


def playable(hand: list[Card], led: int, joker_in_trick: bool) -> list[Card]:
    """The cards a seat may play from its sorted hand (AF7, AF11).

    Follow the led colour if possible. A joker may be played at any time, even
    instead of following, but only one per trick; a seat holding nothing but
    jokers plays one regardless (which covers the last trick, where AF11 allows
    several, and the rare earlier trick where it would otherwise be stuck).
    """
    if led >= 0:
        low = bisect_left(hand, led << 4)
        high = bisect_left(hand, (led + 1) << 4, low)
        if low < high:
            cards = hand[low:high]
            if hand[-1] == JOKER and not joker_in_trick:
                cards.append(JOKER)
            return cards
    if hand[-1] != JOKER:
        return hand[:]
    cards = hand[: bisect_left(hand, JOKER)]
    if not joker_in_trick or not cards:
        cards.append(JOKER)
    return cards


def trick_winner(trick: Sequence[Card], led: int, trump: int) -> int:
    """The index of the winning card: the highest trump, else the highest card of the led
    colour; 0 can win (AF7). Jokers never win; a trick of jokers only has no winner (-1)."""
    best, best_rank = -1, -1
    for index, card in enumerate(trick):
        suit = card >> 4
        if suit == trump:
            rank = 32 + (card & 15)
        elif suit == led:
            rank = 16 + (card & 15)
        else:
            continue
        if rank > best_rank:
            best, best_rank = index, rank
    return best


def holds(hand: list[Card], suit: int) -> bool:
    low = bisect_left(hand, suit << 4)
    return low < len(hand) and hand[low] >> 4 == suit
