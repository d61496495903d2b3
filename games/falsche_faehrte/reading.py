"""What a seat's view tells its computer player: the cards it has not seen, the others'
hand sizes and missing colours, and how much it wants tricks.

The view shows the seat's hand, its face-down pick (while others still choose,
and after the shuffle the card it gave: it is in the pile until turned), the
face-up pile cards, the set-aside card, the trick in progress and the last
finished trick, so those are the cards it has seen; a seat that did not
follow the led colour in one of those two tricks lacks that colour (AF7).
"""

from __future__ import annotations

from games.falsche_faehrte.advice import Reading, Seen, plus_odds
from games.falsche_faehrte.cards import JOKER, Card, deck, value_of
from games.falsche_faehrte.model import FaehrteView

__all__ = ["FAIR_STRENGTH", "aim", "fair_strength", "hand", "own_hidden", "read"]

FAIR_STRENGTH: dict[tuple[int, bool], float] = {
    (3, False): 2.2,
    (3, True): 2.25,
    (4, False): 1.5,
    (4, True): 1.45,
}
"""The median :func:`~games.falsche_faehrte.advice.hand_strength` of a fresh hand, by seat
count and jokers (measured over 400 random deals): a stronger hand hopes for a Plus round."""


def hand(view: FaehrteView) -> tuple[Card, ...]:
    if view.hand is None:
        raise ValueError("tactics need a seat's view, not the public one")
    return view.hand


def fair_strength(view: FaehrteView) -> float:
    return FAIR_STRENGTH[view.seats, view.jokers]


def read(view: FaehrteView, *, remembers: bool = True) -> Reading:
    """The seat's reading of the table from its view; ``remembers`` counts the face-down card
    it gave as known (the easy player does not reckon with it)."""
    seat = view.viewer
    assert seat is not None
    seats = view.seats
    unseen = deck(seats, view.jokers)
    seen = [*hand(view), *view.revealed, *view.trick]
    for card in (view.set_aside, view.chosen, own_hidden(view) if remembers else None):
        if card is not None:
            seen.append(card)
    lacks = [0] * seats
    _note_lacks(lacks, view.trick, view.leader, seats)
    last = view.last_trick
    if last is not None:
        seen += last.cards
        _note_lacks(lacks, last.cards, last.leader, seats)
    for card in seen:
        unseen.remove(card)
    others = tuple(
        (view.hand_sizes[other], lacks[other])
        for other in ((seat + k) % seats for k in range(1, seats))
    )
    return Reading(int(view.trump), Seen.of(unseen), others)


def _note_lacks(lacks: list[int], trick: tuple[Card, ...], leader: int, seats: int) -> None:
    led = -1
    for i, card in enumerate(trick):
        if card == JOKER:
            continue
        if led < 0:
            led = card >> 4
        elif card >> 4 != led:
            lacks[(leader + i) % seats] |= 1 << led


def own_hidden(view: FaehrteView) -> Card | None:
    """The seat's own face-down card while it lies unturned in the pile (AF4)."""
    given = view.given
    return None if given is None or given in view.revealed else given


def aim(view: FaehrteView, reading: Reading, *, remembers: bool = True) -> float:
    """+1 in a Plus round (tricks wanted), -1 in a Minus round, and while the face-down pile
    is not all turned, the odds of Plus less those of Minus (AF5), counting the seat's own
    face-down card as known."""
    if view.round_type is not None:
        return 1.0 if view.round_type == "plus" else -1.0
    total, hidden = view.face_down_total, view.hidden_face_down
    own = own_hidden(view) if remembers else None
    if own is not None:
        total, hidden = total + value_of(own), hidden - 1
    return 2 * plus_odds(total, hidden, reading.unseen, view.threshold) - 1
