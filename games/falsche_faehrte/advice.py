"""The basic tactics of Auf falscher Fährte, on plain int cards, for the easy player and the
hard player's rollouts alike.

Everything here reasons from a :class:`Reading`: what one seat may still meet in
the others' hands (every card it has not seen), how many cards each other seat
holds and which colours it is known to lack. From that come the odds that a
card, once it leads a trick, stays on top (:func:`hold_odds`), and with them
every decision the game asks for:

* the face-down card (AF4): a strong hand pushes the pile total up with a high
  card it does not need, a weak one pushes it down with a low card;
* the card to play: given the *aim* (+1 wants tricks, in a Plus round; -1 shuns
  them, in a Minus round; in between while the pile is still face down, AF5),
  win with the cheapest card that holds, lose with the dearest card that loses,
  and keep a joker as the way out of a trick it would otherwise have to take
  (AF11);
* the trump switch (AF8, AF11): the colour that best suits the aim.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from games.falsche_faehrte.cards import COLOURS, JOKER, Card, Colour
from games.falsche_faehrte.tricks import trick_winner

__all__ = [
    "SPEND",
    "Reading",
    "Seen",
    "best_first",
    "face_down_card",
    "face_down_choices",
    "hand_strength",
    "hold_odds",
    "play_scores",
    "plus_odds",
    "trump_colour",
    "wins_now",
]

SPEND = 0.5
"""How much a card's own strength counts against playing it (in a Plus round the seat keeps
strong cards for later; in a Minus round it is glad to be rid of them)."""
JOKER_DUCK = 0.45
"""What a joker held in a Minus round is worth: a trick it need not take."""
JOKER_SWITCH = 0.1
"""What a joker's trump switch is worth (only the first two jokers of a round have one)."""
PUSH = 8.0
"""Face-down choice: points of pile total one trick of strength is worth giving up."""
KEEP_MARGIN = 0.05
"""A trump switch must improve the hand's strength by this much to be worth it."""


def _sums(power: int) -> tuple[int, ...]:
    """For every 13-bit mask of values, the sum of its values to ``power``."""
    sums = [0] * (1 << 13)
    for mask in range(1, 1 << 13):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + (low.bit_length() - 1) ** power
    return tuple(sums)


_VALUE_SUMS = _sums(1)
_SQUARE_SUMS = _sums(2)


@dataclass(frozen=True, slots=True)
class Seen:
    """The cards a seat has not seen, as a bit per value in each colour, and their number
    (jokers included)."""

    masks: tuple[int, int, int, int]
    count: int

    @staticmethod
    def of(cards: Sequence[Card]) -> Seen:
        masks = [0, 0, 0, 0]
        jokers = 0
        for card in cards:
            if card == JOKER:
                jokers += 1
            else:
                masks[card >> 4] |= 1 << (card & 15)
        return Seen(
            (masks[0], masks[1], masks[2], masks[3]), sum(map(int.bit_count, masks)) + jokers
        )

    def top_value(self) -> int:
        """The highest value among the unseen coloured cards (0 if there are none)."""
        return max(mask.bit_length() for mask in self.masks) - 1 if any(self.masks) else 0

    def value_spread(self) -> tuple[int, float, float]:
        """How many coloured cards are unseen, and the mean and variance of their values."""
        n = sum(mask.bit_count() for mask in self.masks)
        if not n:
            return 0, 0.0, 0.0
        total = sum(_VALUE_SUMS[mask] for mask in self.masks)
        squares = sum(_SQUARE_SUMS[mask] for mask in self.masks)
        mean = total / n
        return n, mean, max(squares / n - mean * mean, 0.0)


@dataclass(frozen=True, slots=True)
class Reading:
    """One seat's picture of the others, for one decision.

    ``others`` lists, for each other seat in play order from the seat after
    this one, its hand size and a bit per colour it is known to lack.
    """

    trump: int
    unseen: Seen
    others: tuple[tuple[int, int], ...]


# -- the round type -------------------------------------------------------------------------------


def plus_odds(turned_total: int, hidden: int, unseen: Seen, threshold: int) -> float:
    """The odds that the face-down total reaches the Plus threshold (AF5), taking each card
    still face down as drawn from the cards the seat has not seen (a normal approximation)."""
    needed = threshold - turned_total
    if needed <= 0:
        return 1.0
    if needed > hidden * unseen.top_value():
        return 0.0
    n, mean, variance = unseen.value_spread()
    if n <= 1:
        return 1.0 if hidden * mean >= needed else 0.0
    spread = math.sqrt(max(hidden * variance * (n - hidden) / (n - 1), 1e-9))
    z = (hidden * mean - (needed - 0.5)) / spread
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))


# -- winning and holding a trick ------------------------------------------------------------------


def wins_now(card: Card, trick: Sequence[Card], led: int, trump: int) -> bool:
    """Whether ``card`` would be on top of the trick so far (never for a joker, AF11)."""
    if card == JOKER:
        return False
    return trick_winner([*trick, card], led if led >= 0 else card >> 4, trump) == len(trick)


def hold_odds(card: Card, led: int, reading: Reading, later: int) -> float:
    """The odds that ``card``, on top of the trick now with colour ``led`` to follow, stays on
    top while the next ``later`` seats play, if each of them beats it when it can.

    Each unseen card is taken to be in a given seat's hand with the odds of its
    share of the unseen cards; a seat known to lack a colour holds none of it.
    """
    pool = reading.unseen.count
    if later == 0 or pool == 0:
        return 1.0
    masks = reading.unseen.masks
    trump = reading.trump
    colour = card >> 4
    higher = (masks[colour] >> ((card & 15) + 1)).bit_count()
    odds = 1.0
    if colour == trump:
        led_cards = masks[led].bit_count()
        for size, lacks in reading.others[:later]:
            if lacks >> trump & 1:
                continue
            miss = max(0.0, 1 - size / pool)
            if led == trump:
                beat = 1 - miss**higher
            else:
                void = 1.0 if lacks >> led & 1 else miss**led_cards
                beat = void * (1 - miss**higher)
            odds *= 1 - beat
        return odds
    trumps = masks[trump].bit_count()
    own = masks[colour].bit_count()
    for size, lacks in reading.others[:later]:
        miss = max(0.0, 1 - size / pool)
        if lacks >> colour & 1:
            beat = 0.0 if lacks >> trump & 1 else 1 - miss**trumps
        else:
            beat = 1 - miss**higher
            if not lacks >> trump & 1:
                beat += miss**own * (1 - miss**trumps)
        odds *= 1 - min(beat, 1.0)
    return odds


def strength(card: Card, reading: Reading) -> float:
    """A card's worth for taking tricks: the odds it holds when it leads (0 for a joker)."""
    if card == JOKER:
        return 0.0
    return hold_odds(card, card >> 4, reading, len(reading.others))


def hand_strength(hand: Sequence[Card], reading: Reading) -> float:
    """About how many tricks the hand takes by its top cards."""
    return sum(strength(card, reading) for card in hand)


# -- choosing -------------------------------------------------------------------------------------


def play_scores(
    options: Sequence[Card],
    trick: Sequence[Card],
    led: int,
    reading: Reading,
    aim: float,
    joker_switch: bool,
) -> list[float]:
    """How good each playable card is for a seat with this aim, higher is better.

    A card's score is the aim times its odds of taking the trick, less the aim
    times what the card itself is worth later (:data:`SPEND`): wanting tricks,
    it wins with the cheapest card that holds and throws its weakest card
    otherwise; shunning them, it sheds its strongest card that still loses. A
    joker never wins: while a Minus round is likely it is kept
    (:data:`JOKER_DUCK`) until a trick would cost more; in a Plus round it is
    the card to throw away.
    """
    later = len(reading.others) - len(trick)
    trump = reading.trump
    scores: list[float] = []
    for card in options:
        if card == JOKER:
            # Worth keeping as the odds of a Minus round; its switch is worth as much as
            # the aim is sure (a switch for a seat that does not know what it wants is none).
            score = abs(aim) * JOKER_SWITCH if joker_switch else 0.0
            scores.append(score - JOKER_DUCK * (1 - aim) / 2)
            continue
        follow = led if led >= 0 else card >> 4
        won = hold_odds(card, follow, reading, later) if wins_now(card, trick, led, trump) else 0.0
        scores.append(aim * (won - SPEND * strength(card, reading)))
    return scores


def best_first(options: Sequence[Card], scores: Sequence[float], aim: float) -> list[Card]:
    """The options by score, best first; among equals the lower card when wanting tricks (it
    is cheaper) and the higher when shunning them (it is the more dangerous to keep)."""
    sign = 1 if aim >= 0 else -1
    order = sorted(range(len(options)), key=lambda i: (-scores[i], sign * options[i]))
    return [options[i] for i in order]


def face_down_card(hand: Sequence[Card], reading: Reading, fair: float) -> Card:
    """The card to put face down (AF4): with a hand stronger than ``fair`` (a usual hand's
    strength) the highest card it can spare, to make a Plus round; otherwise the lowest,
    leaning to a dangerous one, to make a Minus round."""
    high, low, strong = face_down_choices(hand, reading, fair)
    return high[0] if strong else low[0]


def face_down_choices(
    hand: Sequence[Card], reading: Reading, fair: float
) -> tuple[list[Card], list[Card], bool]:
    """The hand's coloured cards best first for pushing the total up, then best first for
    pushing it down, and whether the hand is strong enough to want it up."""
    cards = [card for card in hand if card != JOKER]
    worth = {card: strength(card, reading) for card in cards}
    high = sorted(cards, key=lambda card: (PUSH * worth[card] - (card & 15), card))
    low = sorted(cards, key=lambda card: ((card & 15) - PUSH / 2 * worth[card], card))
    return high, low, sum(worth.values()) >= fair


def trump_colour(hand: Sequence[Card], reading: Reading, aim: float) -> Colour | None:
    """The colour to make trump (AF8, AF11), or ``None`` to keep it: the strongest hand when
    wanting tricks, the weakest when shunning them."""
    current = reading.trump

    def worth(colour: int) -> float:
        recoloured = Reading(colour, reading.unseen, reading.others)
        return aim * hand_strength(hand, recoloured)

    kept = worth(current)
    best, best_worth = None, kept + KEEP_MARGIN
    for colour in COLOURS:
        if colour != current:
            value = worth(colour)
            if value > best_worth:
                best, best_worth = colour, value
    return best
