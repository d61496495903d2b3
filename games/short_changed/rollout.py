"""Playing a sampled Short Changed world on, each seat reasoning from what it saw.

The hard player's search judges a move by playing many sampled worlds on from
it. For that estimate to mean anything, the simulated seats must play the way
real ones do: trade, watch the log, and guess once they have worked a hand
out. A :class:`Tracker` keeps, for every seat, the starting hands each other
seat may have had (bit sets from :mod:`games.short_changed.starts`, narrowed
by every logged move with the rules of :mod:`games.short_changed.deduction`),
and :class:`Rollout` plays every seat with a quick version of the easy tactics
on top of it. A simulated seat only ever reads its own hand, the pot and the
log of the world, never another hand, or it would guess at once and every
move would look like a loss.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from games.ai.tactics import worth as outcome_worth
from games.core.game import Game, Seat
from games.short_changed.advice import ante_choice, hand_size_penalty, moved
from games.short_changed.chips import COLOURS, Chips, supply
from games.short_changed.deduction import Counts, Ledger
from games.short_changed.model import (
    Action,
    Donated,
    Guess,
    Guessed,
    Passed,
    PotStarted,
    ShortChanged,
    ShortChangedState,
    ShortChangedView,
    Stole,
    Transaction,
)
from games.short_changed.starts import StartIndex, minus, start_index

__all__ = [
    "ROLLOUT_ROUNDS",
    "PublicStarts",
    "Rollout",
    "Tracker",
    "public_starts",
]

ROLLOUT_ROUNDS = 2
"""How many rounds a rollout plays before judging the race."""
GUESS_ODDS = 0.5
"""A simulated seat guesses a total it gives at least these odds."""
PLAYS_WEIGHED = 12
"""A simulated seat weighs at most this many of its possible trades (drawn at random)."""

_WORTH = tuple(colour.value_in_points for colour in COLOURS)


@dataclass(frozen=True, slots=True)
class PublicStarts:
    """What the public log alone allows each seat to have started with, as bit sets."""

    index: tuple[StartIndex, ...]
    possible: tuple[int, ...]
    change: tuple[Counts, ...]
    """Each seat's net change since its starting hand."""
    start_pot: Chips
    logged: int
    """How many log entries this covers."""
    pot: Chips


def public_starts(view: ShortChangedView, ledger: Ledger) -> PublicStarts:
    """The ledger's possible starting hands as bit sets (``ledger`` is the view's)."""
    limit = supply(view.seats) - ledger.start_pot
    index = tuple(start_index(size, limit) for size in ledger.start_sizes)
    possible = []
    for seat_index, starts in zip(index, ledger.possible, strict=True):
        allowed = set(starts)
        possible.append(sum(1 << i for i, start in enumerate(seat_index.hands) if start in allowed))
    return PublicStarts(
        index=index,
        possible=tuple(possible),
        change=ledger.change,
        start_pot=ledger.start_pot,
        logged=len(view.log),
        pot=view.pot,
    )


class Tracker:
    """For every seat, the starting hands each other seat may have had, kept up to date."""

    def __init__(self, public: PublicStarts, world: ShortChangedState) -> None:
        seats = world.seats
        self.index = public.index
        later = world.log[public.logged :]
        change = [list(delta) for delta in public.change]
        for event in later:
            _move_change(change, event)
        limits = supply(seats) - public.start_pot
        # known[o][t]: the starting hands seat o still thinks seat t may have had;
        # weights[o][t][i]: how many ways the bag, as o sees it, deals t's start i.
        self.known: list[list[int]] = []
        self.weights: list[list[tuple[int, ...]]] = []
        for observer in range(seats):
            own_start = minus(world.hands[observer].counts, change[observer])
            limit = minus(limits.counts, own_start)
            self.known.append(
                [
                    0 if target == observer else public.possible[target] & index.within(limit)
                    for target, index in enumerate(self.index)
                ]
            )
            self.weights.append([index.weights(limit) for index in self.index])
        self.change = [list(delta) for delta in public.change]
        pot = public.pot
        for event in later:
            self.observe(event, pot)
            pot = _pot_after(pot, event)

    def observe(self, event: Transaction, pot: Chips) -> None:
        """Narrow every seat's picture after a logged move made with ``pot`` in the middle."""
        match event:
            case PotStarted(chips=picks):
                for seat, pick in enumerate(picks):
                    self._narrow(seat, self._holding(seat, Chips.of(pick)))
                    self.change[seat][COLOURS.index(pick)] -= 1
            case ShortChanged(seat=seat, took=took, gave=gave):
                self._narrow(seat, self._holding(seat, gave))
                for i, (plus, less) in enumerate(zip(took.counts, gave.counts, strict=True)):
                    self.change[seat][i] += plus - less
            case Donated(seat=seat, chip=chip):
                self._narrow(seat, self._holding(seat, Chips.of(chip)))
                self._narrow(seat, self._stuck(seat, pot))
                self.change[seat][COLOURS.index(chip)] -= 1
            case Stole(seat=seat, chip=chip):
                self._narrow(seat, self._stuck(seat, pot))
                self.change[seat][COLOURS.index(chip)] += 1
            case Passed(seat=seat):
                self._narrow(seat, self._stuck(seat, pot))
            case Guessed(target=target, total=total, correct=False):
                start_value = total - self.change_value(target)
                self._narrow(target, ~self.index[target].worth(start_value))
            case _:
                pass

    def change_value(self, seat: Seat) -> int:
        """How much the seat's hand gained (or lost) in value since its start."""
        return sum(n * points for n, points in zip(self.change[seat], _WORTH, strict=True))

    def holding(self, seat: Seat, gift: Chips) -> int:
        """The starts with which ``seat``'s hand now holds ``gift``."""
        return self._holding(seat, gift)

    def _holding(self, seat: Seat, gift: Chips) -> int:
        floor = minus(gift.counts, self.change[seat])
        return self.index[seat].at_least((floor[0], floor[1], floor[2], floor[3]))

    def _stuck(self, seat: Seat, pot: Chips) -> int:
        live = 0
        for observer, known in enumerate(self.known):
            if observer != seat:
                live |= known[seat]
        change = self.change[seat]
        return self.index[seat].stuck(live, (change[0], change[1], change[2], change[3]), pot)

    def _narrow(self, target: Seat, mask: int) -> None:
        for observer, known in enumerate(self.known):
            if observer != target:
                known[target] &= mask

    def likeliest_total(self, observer: Seat, target: Seat) -> tuple[int, float]:
        """The target's likeliest total to the observer, and its odds (each seat weighed
        alone: close to the exact deduction, and far quicker)."""
        by_value = self.index[target].value_weights(
            self.known[observer][target], self.weights[observer][target]
        )
        if not by_value:
            return 0, 0.0
        value, weight = max(by_value.items(), key=lambda item: (item[1], -item[0]))
        return value + self.change_value(target), weight / sum(by_value.values())

    def best_odds(self, observer: Seat) -> tuple[Seat, int, float]:
        """The seat whose total the observer can best guess, that total, and its odds."""
        best = (observer, 0, 0.0)
        for target in range(len(self.known)):
            if target != observer:
                total, odds = self.likeliest_total(observer, target)
                if odds > best[2]:
                    best = (target, total, odds)
        return best


class Rollout:
    """Plays a sampled world a few rounds on with every seat on the quick tactics.

    Playing to the end would mostly hit the stalemate, since careful seats
    rarely become certain, so the rollout stops after :data:`ROLLOUT_ROUNDS`
    rounds and judges the race: who is likeliest to guess right first.
    """

    def __init__(
        self,
        game: Game[ShortChangedState, Action, ShortChangedView, Any],
        public: PublicStarts,
        world: ShortChangedState,
    ) -> None:
        self.game = game
        self.world = world
        self.tracker = Tracker(public, world)

    def play(self, rng: random.Random) -> None:
        world, game = self.world, self.game
        stop = world.turns_taken + ROLLOUT_ROUNDS * world.seats
        while world.turns_taken < stop:
            acting = game.to_act(world)
            if not acting:
                return
            seat = acting[0] if len(acting) == 1 else rng.choice(acting)
            action = self.act(seat, rng)
            pot, logged = world.pot, len(world.log)
            game.advance(world, seat, action)
            for event in world.log[logged:]:
                self.tracker.observe(event, pot)
                pot = _pot_after(pot, event)

    def worth(self, seat: Seat) -> float:
        """What the world is worth to ``seat``, 0 to 1: its share of the win once the game
        is over, else its chance to be the first to guess right.

        The race: seats take turns from the one on turn, each guessing right with
        its best odds now (a seat owing a double turn sits its next turn out).
        """
        world = self.world
        outcome = self.game.outcome(world)
        if outcome is not None:
            return outcome_worth(outcome, seat, world.seats)
        seats = world.seats
        if world.phase != "play":
            return 1 / seats
        order = [(world.turn + k) % seats for k in range(seats)]
        hit = [0.0] * seats
        for k, player in enumerate(order):
            sitting_out = world.double_turn if k == 0 else world.owes_double_turn[player]
            if not sitting_out:
                hit[player] = self.tracker.best_odds(player)[2]
        no_hit = 1.0
        for player in order:
            no_hit *= 1 - hit[player]
        if no_hit >= 1.0:
            return 1 / seats
        before = 1.0
        for player in order:
            if player == seat:
                return before * hit[seat] / (1 - no_hit)
            before *= 1 - hit[player]
        raise ValueError(f"seat {seat} is not at the table")

    def act(self, seat: Seat, rng: random.Random) -> Action:
        world, tracker = self.world, self.tracker
        hand = world.hands[seat]
        if world.phase == "ante":
            return ante_choice(hand)
        if not world.double_turn:
            target, total, odds = tracker.best_odds(seat)
            if odds >= GUESS_ODDS:
                return Guess(target, total)
        plays = [a for a in self.game.legal_actions(world, seat) if not isinstance(a, Guess)]
        if not plays:  # only guesses are legal (an empty pot and a small hand): best shot
            target, total, _odds = tracker.best_odds(seat)
            return Guess(target, total)
        if len(plays) > PLAYS_WEIGHED:
            plays = rng.sample(plays, PLAYS_WEIGHED)
        best: list[Action] = []
        best_score = -math.inf
        for play in plays:
            score = self._score(seat, hand, play)
            if score > best_score + 1e-9:
                best, best_score = [play], score
            elif score > best_score - 1e-9:
                best.append(play)
        return rng.choice(best)

    def _score(self, seat: Seat, hand: Chips, play: Action) -> float:
        """How much doubt the move leaves the others about the seat's hand, minus the
        hand-size advice."""
        gift, gain = moved(play)
        mask = self.tracker.holding(seat, gift) if gift.count else -1
        doubt = sum(
            (known[seat] & mask).bit_count()
            for observer, known in enumerate(self.tracker.known)
            if observer != seat
        )
        return math.log2(1 + doubt) - hand_size_penalty(hand.count - gift.count + gain.count)


def _move_change(change: list[list[int]], event: Transaction) -> None:
    match event:
        case PotStarted(chips=picks):
            for seat, pick in enumerate(picks):
                change[seat][COLOURS.index(pick)] -= 1
        case ShortChanged(seat=seat, took=took, gave=gave):
            for i, (plus, less) in enumerate(zip(took.counts, gave.counts, strict=True)):
                change[seat][i] += plus - less
        case Donated(seat=seat, chip=chip):
            change[seat][COLOURS.index(chip)] -= 1
        case Stole(seat=seat, chip=chip):
            change[seat][COLOURS.index(chip)] += 1
        case _:
            pass


def _pot_after(pot: Chips, event: Transaction) -> Chips:
    match event:
        case PotStarted(chips=picks):
            return pot + Chips.of(*picks)
        case ShortChanged(took=took, gave=gave):
            return pot - took + gave
        case Donated(chip=chip):
            return pot + Chips.of(chip)
        case Stole(chip=chip):
            return pot - Chips.of(chip)
        case _:
            return pot
