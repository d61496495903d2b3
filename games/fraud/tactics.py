"""How the computer plays The Fraud from Trandosha (seeds/003, rulings FR1-FR11).

The easy player follows the basic tactics of :mod:`games.fraud.advice`: from
its own hand and the face-up discard pile it works out the odds of every count
at the table (:mod:`games.fraud.odds`, sylops wild in the modern deck) and
makes the move least likely to cost it a card: a fraud call on a bid that is
probably short, on target on a bid that is probably exact, else the safest
raise. The dice of the variants shift those odds: a hand the suit die or the
chance cube spares calls freely, and with spike dice the standing value should
be one the seat holds many of.

The hard player searches (:mod:`games.ai.search`) over worlds in which the
other hands fit the bids made this round (:meth:`FraudTactics.refine`): each
deal is weighed by how likely a seat holding those cards was to make the bids
it made, reading the bids as the basic tactics played loosely would make them
(:func:`games.fraud.advice.leaning`). An opener bids what it holds most of; a
raiser raises onto values it holds; a hand the chance cube spares calls rather
than raises. The other seats' bids are most of what a seat can learn of their
cards, so reading them well is most of the hard player's edge. It weighs both calls and the
few safest raises (or, opening, a few bids on its best values at bolder and
safer counts), and plays each world to the end of the round with every seat on
the basic tactics from what that seat knows (:mod:`games.fraud.rollout`); the
engine judges the round with every variant, and the hand sizes left are what
the move was worth.
"""

from __future__ import annotations

import random
from collections import Counter

from games.ai.knowledge import Knowledge
from games.ai.tactics import Tactics
from games.core.game import Seat
from games.fraud.advice import (
    Situation,
    advise,
    leaning,
    opening_bids,
    raises,
    shield,
    situation_in_view,
)
from games.fraud.cards import Card, deck
from games.fraud.model import (
    Action,
    Bid,
    BidMade,
    CallFraud,
    CallOnTarget,
    FraudState,
    FraudView,
)
from games.fraud.odds import outside, reading
from games.fraud.rollout import play_round, worth

__all__ = ["BURN_IN", "OPENING_WIDTH", "RAISE_WIDTH", "TACTICS", "WALK", "FraudTactics"]

FraudKnowledge = Knowledge[FraudState, Action, FraudView]

OPENING_WIDTH = 6
"""Opening bids the hard search weighs."""
RAISE_WIDTH = 4
"""The safest raises the hard search weighs besides the two calls."""
EXACT_WIDTH = 2
"""Other raises the hard search weighs: those likeliest to be exactly right."""
BURN_IN = 40
"""Swaps per card of the other hands before the first world of a decision: enough for the
chain to forget the deal it started from."""
WALK = 2
"""Swaps per card of the other hands between two worlds."""


def _situation(knowledge: FraudKnowledge) -> Situation:
    return situation_in_view(knowledge.view, knowledge.view.discards)


class FraudTactics(Tactics[FraudState, Action, FraudView]):
    key = "fraud"
    reason = (
        "From your hand and the face-up discards, it is the move least likely to cost you a card."
    )

    # -- the easy player -------------------------------------------------------------------------

    def choose(self, knowledge: FraudKnowledge, rng: random.Random) -> Action:
        return advise(knowledge.derive(_situation), rng)

    # -- the hard player's search ----------------------------------------------------------------

    def refine(
        self, knowledge: FraudKnowledge, world: FraudState, rng: random.Random
    ) -> FraudState:
        """Redeal the other hands so that they fit this round's bids: hands drawn in proportion
        to how likely each makes the bids its seat made (:func:`leaning`), by a chain of card
        swaps kept for the whole decision (:class:`_Hands`)."""
        if world.phase != "bidding":
            return world
        hands = knowledge.derive(_Hands)
        if not hands.evidence:
            return world
        hands.walk(rng)
        for other, hand in zip(hands.seats, hands.places[:-1], strict=True):
            world.hands[other] = tuple(hand)
        pile = list(hands.places[-1])
        draw = rng.random
        pile.sort(key=lambda _card: draw())  # a shuffle, and quicker than rng.shuffle
        world.draw_pile = pile
        return world

    def search_actions(self, knowledge: FraudKnowledge, rng: random.Random) -> list[Action]:
        situation = knowledge.derive(_situation)
        if situation.standing is None:
            return list(opening_bids(situation, rng, levels=3)[:OPENING_WIDTH])
        ranked = [bid for _risk, bid in raises(situation, rng, steps=3)]
        # Besides the safest raises, the likeliest to be exact: a seat that calls fraud on an
        # exact bid loses a card, and so does every other seat but the bidder (FR6).
        exact = sorted(ranked[RAISE_WIDTH:], key=lambda bid: -situation.reading.exactly(bid))
        return [CallFraud(), CallOnTarget(), *ranked[:RAISE_WIDTH], *exact[:EXACT_WIDTH]]

    def rollout(self, knowledge: FraudKnowledge, world: FraudState, rng: random.Random) -> float:
        game = knowledge.game
        play_round(game, world, rng)
        return worth(game, world, knowledge.seat)


TACTICS = FraudTactics()


class _Hands:
    """The other seats' hands, walked through the deals that fit this round's bids.

    Every deal of the unseen cards is as likely as any other before the bids; a
    bid by another seat makes the deals in which its hand would make that bid
    more likely (:func:`leaning`). A Metropolis chain samples that: swap a card of
    another hand with an unseen card elsewhere, and keep the swap with the odds
    of the new hands' fit against the old. The chain starts once per decision and
    moves :data:`WALK` swaps between two worlds. Built from the seat's view alone.
    """

    def __init__(self, knowledge: FraudKnowledge) -> None:
        view = knowledge.view
        assert view.hand is not None, "a seat's knowledge has its hand"
        seat = knowledge.seat
        self.seats = [other for other, size in enumerate(view.hand_sizes) if size and other != seat]
        self.unshown = outside(view.deck, view.discards)
        self.cards = view.cards_at_table
        self.sizes = view.hand_sizes
        self.spike_dice = view.spike_dice is not None
        self.suit, self.sign = view.suit, view.sign
        evidence: dict[Seat, list[tuple[BidMade | None, Bid]]] = {}
        standing: BidMade | None = None
        for made in view.bids:
            if made.seat != seat:
                evidence.setdefault(made.seat, []).append((standing, made.bid))
            standing = made
        self.evidence = evidence
        unseen = Counter(deck(view.deck))
        unseen.subtract(view.discards)
        unseen.subtract(view.hand)
        self._unseen = sorted(unseen.elements())  # a fixed order: it depends only on the view
        self.places: list[list[Card]] = []
        self._fits: list[float] = []
        self._known: dict[tuple[Seat, tuple[int, ...], float], float] = {}

    def walk(self, rng: random.Random) -> None:
        """Move the chain on between two worlds (and start it, the first time)."""
        if not self.places:
            pool = list(self._unseen)
            draw = rng.random
            pool.sort(key=lambda _card: draw())
            at = 0
            for other in self.seats:
                self.places.append(pool[at : at + self.sizes[other]])
                at += self.sizes[other]
            self.places.append(pool[at:])
            self._fits = [self._fit(n) for n in range(len(self.seats))]
            steps = BURN_IN * (at or 1)
        else:
            steps = WALK * sum(self.sizes[other] for other in self.seats)
        for _ in range(steps):
            self._swap(rng)

    def _swap(self, rng: random.Random) -> None:
        places, fits = self.places, self._fits
        held = len(places) - 1
        spots = sum(len(places[n]) for n in range(held))
        pick = int(rng.random() * spots)
        here = 0
        while pick >= len(places[here]):
            pick -= len(places[here])
            here += 1
        others = sum(len(place) for place in places) - len(places[here])
        if not others:  # every unseen card is in this hand: nothing to swap with
            return
        other = int(rng.random() * others)
        there = 0 if here else 1
        while other >= len(places[there]):
            other -= len(places[there])
            there += 1
            if there == here:
                there += 1
        mine, theirs = places[here][pick], places[there][other]
        if mine == theirs:
            return
        places[here][pick], places[there][other] = theirs, mine
        fit_here = self._fit(here)
        fit_there = self._fit(there) if there < held else 1.0
        before = fits[here] * (fits[there] if there < held else 1.0)
        after = fit_here * fit_there
        if after >= before or rng.random() * before < after:
            fits[here] = fit_here
            if there < held:
                fits[there] = fit_there
        else:
            places[here][pick], places[there][other] = mine, theirs

    def _fit(self, n: int) -> float:
        """How likely the bids of the ``n``-th other seat are from the hand it holds now."""
        other = self.seats[n]
        bids = self.evidence.get(other)
        if not bids:
            return 1.0
        hand = self.places[n]
        guard = shield(hand, suit=self.suit, sign=self.sign)
        key = (other, tuple(sorted(abs(card.value) for card in hand)), guard)
        fit = self._known.get(key)
        if fit is None:
            held = tuple(hand)
            known = reading(self.unshown, held, self.cards)
            fit = 1.0
            for standing, bid in bids:
                situation = Situation(other, known, standing, self.sizes, self.spike_dice, guard)
                fit *= leaning(situation, bid)
            self._known[key] = fit
        return fit
