"""The leak test's own alternative worlds: the real state with everything one seat cannot see
dealt again, written here and not borrowed from the games.

The games' ``redeal`` is what the computer players sample worlds with; a leak
test that built its alternatives with it could not see a leak in it (say, a
redeal that kept a hidden card where it was). So each game's builder below
does the job its own way: it gathers the cards the seat cannot see from the
places they hide in (other hands, stock, face-down piles), shuffles them with
the test's generator and puts them back, place sizes kept; it rolls the dice
the seat cannot see again; and it reseeds the future. :func:`alternative`
then checks the one thing that makes it an alternative: the seat's view is
exactly the same.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.core.chance import Chance
from games.core.game import Seat
from games.core.registry import AnyGame
from games.falsche_faehrte.cards import JOKER
from games.falsche_faehrte.model import FaehrteState
from games.fraud.model import FraudState
from games.short_changed.chips import Chips
from games.short_changed.model import ShortChangedState
from games.short_word.cards import sort_cards
from games.short_word.model import ShortWordState
from games.short_word.solitaire.model import SolitaireState
from games.tricky.dice import FACES
from games.tricky.model import TrickyState

__all__ = ["BUILDERS", "alternative"]


def _deal(places: list[list[Any]], rng: random.Random) -> list[list[Any]]:
    """The cards of every place, shuffled together and dealt back, each place its size."""
    pool = [card for place in places for card in place]
    rng.shuffle(pool)
    dealt = []
    for place in places:
        dealt.append(pool[: len(place)])
        del pool[: len(place)]
    return dealt


def _short_changed(state: ShortChangedState, seat: Seat, rng: random.Random) -> None:
    if state.phase == "over":
        return  # every hand is shown
    others = [other for other in range(state.seats) if other != seat]
    places = [list(state.hands[other].colours()) for other in others] + [list(state.bag.colours())]
    *hands, bag = _deal(places, rng)
    for other, hand in zip(others, hands, strict=True):
        state.hands[other] = Chips.of(*hand)
        if state.antes[other] is not None:  # an ante not yet shown comes from the hand
            state.antes[other] = rng.choice(hand)
    state.bag = Chips.of(*bag)


def _tricky(state: TrickyState, seat: Seat, rng: random.Random) -> None:
    for other in range(state.seats):
        if other == seat:
            continue
        for index in range(len(FACES)):
            if state.unplayed[other] >> index & 1:
                state.values[other][index] = rng.randint(1, FACES[index])
    state.reserve = [[rng.randint(1, faces) for faces in FACES] for _ in state.reserve]


def _falsche_faehrte(state: FaehrteState, seat: Seat, rng: random.Random) -> None:
    others = [other for other in range(state.seats) if other != seat]
    picked = [other for other in others if state.chosen[other] is not None]
    # Jokers stay in their hands (one never lies face down); every other card may move,
    # but never into the hand of a seat that showed it has none of its colour.
    places = [[card for card in state.hands[other] if card != JOKER] for other in others]
    voids = [state.voids[other] for other in others]
    places += [[card] for other in picked if (card := state.chosen[other]) is not None]
    # The seat remembers the card it gave: while unturned it is in the pile, and stays there.
    shuffled = bool(state.given) and state.phase != "face_down"
    own = state.given[seat] if shuffled else None
    mine = [own] if own is not None and own in state.pile else []
    places.append([card for card in state.pile if card not in mine])
    voids += [0] * (len(picked) + 1)
    _swap_around(places, lambda card, place: not voids[place] >> (card >> 4) & 1, rng)
    for other, cards in zip(others, places, strict=False):
        jokers = [JOKER] * state.hands[other].count(JOKER)
        state.hands[other] = sorted(cards + jokers)
    for other, cards in zip(picked, places[len(others) :], strict=False):
        state.chosen[other] = cards[0]
    state.pile = places[-1] + mine
    rng.shuffle(state.pile)
    if shuffled:
        # Whose the other face-down cards were, hidden or turned, nobody but their givers knows.
        theirs = [card for card in state.pile + state.revealed if card != own]
        rng.shuffle(theirs)
        for other, card in zip(others, theirs, strict=True):
            state.given[other] = card
    elif state.given:
        for other in picked:
            state.given[other] = state.chosen[other]


def _swap_around(
    places: list[list[Any]], fits: Callable[[Any, int], bool], rng: random.Random
) -> None:
    """Mix the cards of the places by many random swaps, each made only when both cards
    fit where they go (``fits(card, place)``)."""
    spots = [(place, at) for place, cards in enumerate(places) for at in range(len(cards))]
    for _ in range(SWAPS * len(spots)):
        (p, i), (q, j) = rng.sample(spots, 2) if len(spots) > 1 else (spots[0], spots[0])
        a, b = places[p][i], places[q][j]
        if fits(a, q) and fits(b, p):
            places[p][i], places[q][j] = b, a


SWAPS = 20
"""Random swaps tried per hidden card: plenty to mix them."""


def _fraud(state: FraudState, seat: Seat, rng: random.Random) -> None:
    others = [other for other in state.active if other != seat]
    places = [list(state.hands[other]) for other in others] + [list(state.draw_pile)]
    *hands, pile = _deal(places, rng)
    for other, hand in zip(others, hands, strict=True):
        state.hands[other] = tuple(hand)
    state.draw_pile = pile


def _short_word(state: ShortWordState, seat: Seat, rng: random.Random) -> None:
    if state.step == "over":
        return  # every hand is shown
    others = [other for other in range(state.seats) if other != seat]
    places = []
    for other in others:
        unseen = list(state.hands[other])
        for card in state.known[other]:  # taken from the discards in sight of everyone
            unseen.remove(card)
        places.append(unseen)
    places.append(list(state.stock))
    *hands, stock = _deal(places, rng)
    for other, hand in zip(others, hands, strict=True):
        state.hands[other] = sort_cards([*state.known[other], *hand])
    state.stock = sort_cards(stock)
    window = state.window
    if window is not None:  # the others' challenges not yet shown
        words = len(state.laid[window.layer] or [])
        for other in others:
            if other != window.layer and other not in window.waiting:
                window.picks[other] = rng.choice([None, *range(words)])


def _solitaire(state: SolitaireState, seat: Seat, rng: random.Random) -> None:
    del seat
    places = [stack[:-1] for stack in state.stacks] + [list(state.unused)]
    *below, unused = _deal(places, rng)
    for stack, cards in zip(state.stacks, below, strict=True):
        stack[:-1] = cards
    state.unused = unused


BUILDERS: dict[str, Callable[[Any, Seat, random.Random], None]] = {
    "short_changed": _short_changed,
    "tricky": _tricky,
    "falsche_faehrte": _falsche_faehrte,
    "fraud": _fraud,
    "short_word": _short_word,
    "short_word_solitaire": _solitaire,
}
"""Each catalogued game's builder: it changes, in place, what ``seat`` cannot see."""


def alternative(game: AnyGame, state: Any, seat: Seat, rng: random.Random) -> Any:
    """A copy of ``state`` with everything ``seat`` cannot see dealt again, future luck too;
    the seat's view is checked to be the same."""
    copy = game.clone(state)
    BUILDERS[game.key](copy, seat, rng)
    copy.chance = Chance(rng.getrandbits(62), state.chance.draws)
    game.check_state(copy)
    assert game.view(copy, seat) == game.view(state, seat), (
        f"{game.key}: the alternative world changed what seat {seat} sees"
    )
    return copy
