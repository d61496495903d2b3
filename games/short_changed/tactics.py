"""How the computer plays Short Changed (seeds/000, rulings SC1-SC8).

The easy player follows the rulebook's tactics on top of an exact deduction:

* guess the moment another hand's total is certain (:mod:`deduction`);
* otherwise trade so that the others learn as little as possible about its own
  hand: the move whose public consequences leave the most doubt about its
  total, which favours giving back chips everyone already knows it holds;
* never leave itself one or two chips (a lone big chip is soon guessed) and do
  not hoard; among equals, present the next seat a small pot.

The hard player searches (:mod:`games.ai.search`) over worlds drawn from the
same exact deduction, so the other hands it imagines fit every trade in the
log, each hand weighed by how likely it makes the seat's pick for the starting
pot (:mod:`reading`: the computer players put in the colour they hold most, and
the hard player does too), and weighs the easy player's best few trades against
guessing the likeliest total of each seat: a guess wins in the worlds where it is right and
costs a double turn without guessing (SC5) in the others, so the search guesses
when the odds make that worth it. Its rollouts play every seat with a quick
version of the easy tactics (:mod:`rollout`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from games.ai.knowledge import Knowledge
from games.ai.tactics import Tactics
from games.core.game import Seat
from games.short_changed.advice import ante_choice, hand_size_penalty, moved
from games.short_changed.chips import Chips, supply
from games.short_changed.deduction import Deduction, Ledger, deduce, read_ledger
from games.short_changed.model import Action, Guess, ShortChangedState, ShortChangedView
from games.short_changed.reading import Reading, read_picks
from games.short_changed.rollout import PublicStarts, Rollout, public_starts
from games.short_changed.starts import bits, minus

__all__ = ["GUESS_FLOOR", "PLAY_WIDTH", "TACTICS", "ShortChangedTactics"]

ShortChangedKnowledge = Knowledge[ShortChangedState, Action, ShortChangedView]

GUESS_FLOOR = 0.1
"""Besides the best guess, the hard search weighs another seat's likeliest total only when
it has at least these odds."""
PLAY_WIDTH = 6
"""The hard search weighs the easy player's best this many trades (or donations, steals)."""
POT_WEIGHT = 0.01
"""Per point of the pot left to the next seat: small pots, all else being equal."""


def _ledger(knowledge: ShortChangedKnowledge) -> Ledger:
    return read_ledger(knowledge.view)


def _reading(knowledge: ShortChangedKnowledge) -> Reading:
    return read_picks(knowledge.view, knowledge.derive(_ledger))


def _deduction(knowledge: ShortChangedKnowledge) -> Deduction:
    """The deduction, each hand weighed by how well it explains the seat's pick for the pot."""
    return deduce(knowledge.view, knowledge.derive(_ledger), knowledge.derive(_reading))


def _public(knowledge: ShortChangedKnowledge) -> PublicStarts:
    return public_starts(knowledge.view, knowledge.derive(_ledger))


class ShortChangedTactics(Tactics[ShortChangedState, Action, ShortChangedView]):
    key = "short_changed"

    # -- the easy player -------------------------------------------------------------------------

    def choose(self, knowledge: ShortChangedKnowledge, rng: random.Random) -> Action:
        return self.explain(knowledge, rng)[0]

    def explain(self, knowledge: ShortChangedKnowledge, rng: random.Random) -> tuple[Action, str]:
        view = knowledge.view
        hand = _hand(view)
        if view.phase == "ante":
            return ante_choice(hand), (
                "Put in a chip of the colour you hold most: it says least about the rest."
            )
        if not view.double_turn:
            sure = _sure_guess(knowledge)
            if sure is not None:
                return sure, "The trades so far leave that player only one possible total."
            if view.round == view.stalemate_rounds:
                # The last round: a wrong guess costs nothing (SC8).
                return _best_guess(knowledge), (
                    "It is the last round, so a wrong guess costs nothing: guess the likeliest."
                )
        ranked = _ranked_plays(knowledge, rng)
        if ranked:
            return ranked[0], (
                "Of your trades it keeps your total hardest to read, without leaving you "
                "a hand of one or two chips."
            )
        return _best_guess(knowledge), "There is no trade to make: guess the likeliest total."

    # -- the hard player's search ----------------------------------------------------------------

    def refine(
        self, knowledge: ShortChangedKnowledge, world: ShortChangedState, rng: random.Random
    ) -> ShortChangedState:
        """Draw the other hands from the exact deduction instead of uniformly: every
        hand then fits every trade in the log."""
        if world.phase == "over":
            return world
        hands, bag = knowledge.derive(_deduction).sample(rng)
        for seat, hand in hands.items():
            world.hands[seat] = hand
            if world.phase == "ante" and world.antes[seat] is not None:
                world.antes[seat] = rng.choice(list(hand.colours()))  # a secret pick (SC2)
        world.bag = bag
        return world

    def search_actions(self, knowledge: ShortChangedKnowledge, rng: random.Random) -> list[Action]:
        view = knowledge.view
        if view.phase != "play":
            # The advice's chip, as the easy player puts in: the reading of the others'
            # picks (:mod:`reading`) assumes it, and searching four antes two rounds deep
            # mostly measures luck.
            return [ante_choice(_hand(view))]
        guesses: list[Action] = []
        if not view.double_turn:
            sure = _sure_guess(knowledge)
            if sure is not None:
                return [sure]
            best = _best_guess(knowledge)
            guesses.append(best)
            deduction = knowledge.derive(_deduction)
            for target in deduction.others:
                total, odds = deduction.likeliest_total(target)
                if target != best.target and odds >= GUESS_FLOOR:
                    guesses.append(Guess(target, total))
        # In a double turn there is always something other than a guess: a pass at worst.
        plays: list[Action] = list(_ranked_plays(knowledge, rng)[:PLAY_WIDTH])
        return plays + guesses

    def rollout(
        self, knowledge: ShortChangedKnowledge, world: ShortChangedState, rng: random.Random
    ) -> float:
        rollout = Rollout(knowledge.game, knowledge.derive(_public), world)
        rollout.play(rng)
        return rollout.worth(knowledge.seat)


TACTICS = ShortChangedTactics()


# -- guessing -------------------------------------------------------------------------------------


def _sure_guess(knowledge: ShortChangedKnowledge) -> Guess | None:
    deduction = knowledge.derive(_deduction)
    for target in deduction.others:
        total = deduction.certain_total(target)
        if total is not None:
            return Guess(target, total)
    return None


def _best_guess(knowledge: ShortChangedKnowledge) -> Guess:
    """The likeliest total of the seat whose hand is best known."""
    deduction = knowledge.derive(_deduction)
    odds = {target: deduction.likeliest_total(target) for target in deduction.others}
    target = max(odds, key=lambda seat: odds[seat][1])
    return Guess(target, odds[target][0])


# -- trading --------------------------------------------------------------------------------------


def _ranked_plays(knowledge: ShortChangedKnowledge, rng: random.Random) -> list[Action]:
    """The legal actions other than guesses, best first by the easy player's lights
    (ties in random order)."""
    view = knowledge.view
    plays = [action for action in knowledge.legal_actions() if not isinstance(action, Guess)]
    rng.shuffle(plays)
    public = knowledge.derive(_public)
    seat = view.viewer
    assert seat is not None
    # How many ways the bag deals each starting hand, to someone who knows no hand.
    weights = public.index[seat].weights((supply(view.seats) - public.start_pot).counts)
    hand = _hand(view)
    scored = [(_play_score(public, seat, weights, hand, view.pot, play), play) for play in plays]
    scored.sort(key=lambda item: -item[0])  # stable: equal scores keep their shuffled order
    return [play for _score, play in scored]


def _play_score(
    public: PublicStarts,
    seat: Seat,
    weights: Sequence[int],
    hand: Chips,
    pot: Chips,
    play: Action,
) -> float:
    gift, gain = moved(play)
    possible = public.possible[seat]
    if gift.count:
        floor = minus(gift.counts, public.change[seat])
        possible &= public.index[seat].at_least(floor)
    return (
        _doubt(public, seat, weights, possible)
        - hand_size_penalty(hand.count - gift.count + gain.count)
        - POT_WEIGHT * (pot - gain + gift).value
    )


def _doubt(public: PublicStarts, seat: Seat, weights: Sequence[int], possible: int) -> float:
    """How hard the seat's total is to guess from the public log: minus the log of the
    odds of its likeliest total (0 when everyone can work it out)."""
    by_value: dict[int, int] = {}
    index = public.index[seat]
    for i in bits(possible):
        by_value[index.values[i]] = by_value.get(index.values[i], 0) + weights[i]
    total = sum(by_value.values())
    return math.log2(total / max(by_value.values())) if total else 0.0


def _hand(view: ShortChangedView) -> Chips:
    if view.hand is None:
        raise ValueError("tactics need a seat's view, not the public one")
    return view.hand
