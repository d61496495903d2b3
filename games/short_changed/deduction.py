"""What one seat can work out about the other hands from the public log alone.

Every chip that moves is public (SC4), so a seat's hand now is the chips it
started with plus a known change: the chips it took and stole, minus its
starting-pot pick and the chips it gave and donated. The only unknown is each
seat's *starting hand*, and the log rules many out:

* it held every chip it picked for the pot (SC2) and every chip it gave or
  donated, at the moment it gave it;
* it donated, stole or passed only when no short change was possible (SC6), so
  its hand then could not short change the pot of that moment;
* a wrong guess at it (SC5) says its hand was not worth that total then.

The viewer also knows its own starting hand, so the others' starting hands
come from the rest of the bag, all at once (they cannot hold the same chips).
:func:`deduce` weighs every assignment of starting hands that fits, each by
the number of ways the bag could have dealt it, and gives each seat's possible
hands and totals with their odds, and can draw whole consistent worlds.

Only the view is read: the viewer's hand, the pot, the chip counts and the
log. Nothing here can see another hand.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from math import comb

from games.core.game import Seat
from games.short_changed.chips import COLOURS, Chips, supply
from games.short_changed.game import can_short_change
from games.short_changed.model import (
    Donated,
    Guessed,
    Passed,
    PotStarted,
    ShortChanged,
    ShortChangedView,
    Stole,
    Transaction,
)

__all__ = [
    "Clue",
    "Counts",
    "Deduction",
    "Ledger",
    "could_short_change",
    "deduce",
    "fits_clues",
    "hands_of_size",
    "possible_starts",
    "read_ledger",
]


Counts = tuple[int, int, int, int]
"""Chips per colour, most valuable first, as plain ints (a change may go below zero)."""

_ONE = {colour: Chips.of(colour) for colour in COLOURS}
_NONE = Chips()

# -- what the log says about each hand ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Clue:
    """One thing the log says about a seat's hand, in the order it happened.

    ``gave`` must be in the hand (then leaves it) and ``took`` joins it. With
    ``stuck_at`` set, the hand could not short change that pot (it donated,
    stole or passed); with ``not_worth`` set, the hand was not worth that
    total (a wrong guess at the seat).
    """

    gave: Chips = _NONE
    took: Chips = _NONE
    stuck_at: Chips | None = None
    not_worth: int | None = None


@dataclass(frozen=True, slots=True)
class Ledger:
    """The public log, read seat by seat.

    ``clues[seat]`` lists what the log says about the seat's hand;
    ``change[seat]`` is the net change since its starting hand (its hand now
    minus its starting hand, as signed counts per colour, most valuable first);
    ``start_sizes[seat]`` is how many chips it started with (five in a real
    game, SC1); ``start_pot`` is the pot before the log began (empty in a real
    game). ``possible[seat]`` lists the starting hands that fit every clue
    about the seat: what anyone watching the table can work out.
    """

    seats: int
    clues: tuple[tuple[Clue, ...], ...]
    change: tuple[Counts, ...]
    start_sizes: tuple[int, ...]
    start_pot: Chips
    possible: tuple[tuple[Chips, ...], ...]


def read_ledger(view: ShortChangedView) -> Ledger:
    """Replay the public log (SC4): what it says about each seat, and each seat's net change."""
    seats = view.seats
    clues: list[list[Clue]] = [[] for _ in range(seats)]
    change = [Chips() for _ in range(seats)]
    pot = view.pot - _pot_change(view.log)
    start_pot = pot
    for event in view.log:
        match event:
            case PotStarted(chips=picks):
                for seat, pick in enumerate(picks):
                    clues[seat].append(Clue(gave=_ONE[pick]))
                    change[seat] = change[seat] - _ONE[pick]
                pot = pot + Chips.of(*picks)
            case ShortChanged(seat=seat, took=took, gave=gave):
                clues[seat].append(Clue(gave=gave, took=took))
                change[seat] = change[seat] + took - gave
                pot = pot - took + gave
            case Donated(seat=seat, chip=chip):
                clues[seat].append(Clue(gave=_ONE[chip], stuck_at=pot))
                change[seat] = change[seat] - _ONE[chip]
                pot = pot + _ONE[chip]
            case Stole(seat=seat, chip=chip):
                clues[seat].append(Clue(took=_ONE[chip], stuck_at=pot))
                change[seat] = change[seat] + _ONE[chip]
                pot = pot - _ONE[chip]
            case Passed(seat=seat):
                clues[seat].append(Clue(stuck_at=pot))
            case Guessed(target=target, total=total, correct=False):
                clues[target].append(Clue(not_worth=total))
            case _:
                pass  # a correct guess or a stalemate ends the game: nothing left to deduce
    start_sizes = tuple(
        count - delta.count for count, delta in zip(view.chip_counts, change, strict=True)
    )
    limit = supply(seats) - start_pot
    return Ledger(
        seats=seats,
        clues=tuple(tuple(seat_clues) for seat_clues in clues),
        change=tuple(delta.counts for delta in change),
        start_sizes=start_sizes,
        start_pot=start_pot,
        possible=tuple(
            possible_starts(size, seat_clues, limit)
            for size, seat_clues in zip(start_sizes, clues, strict=True)
        ),
    )


def _pot_change(log: Sequence[Transaction]) -> Chips:
    """How much the pot changed over the log (Chips built in code may count below zero)."""
    change = Chips()
    for event in log:
        match event:
            case PotStarted(chips=picks):
                change = change + Chips.of(*picks)
            case ShortChanged(took=took, gave=gave):
                change = change + gave - took
            case Donated(chip=chip):
                change = change + _ONE[chip]
            case Stole(chip=chip):
                change = change - _ONE[chip]
            case _:
                pass
    return change


def fits_clues(start: Chips, clues: Sequence[Clue]) -> bool:
    """Whether a seat that started with ``start`` could have done all it did."""
    return _fits(start.counts, [_compiled(clue) for clue in clues])


def possible_starts(size: int, clues: Sequence[Clue], limit: Chips) -> tuple[Chips, ...]:
    """The starting hands of ``size`` chips within ``limit`` that fit every clue."""
    compiled = [_compiled(clue) for clue in clues]
    return tuple(start for start in hands_of_size(size, limit) if _fits(start.counts, compiled))


# A clue as plain tuples, for the loop below that runs for every start and every clue.
_Compiled = tuple[Counts, Counts, Counts | None, int | None]


def _compiled(clue: Clue) -> _Compiled:
    stuck = None if clue.stuck_at is None else clue.stuck_at.counts
    return clue.gave.counts, clue.took.counts, stuck, clue.not_worth


def _fits(start: Counts, clues: Sequence[_Compiled]) -> bool:
    green, blue, red, white = start
    for gave, took, stuck_at, not_worth in clues:
        if not_worth is not None:
            if 25 * green + 10 * blue + 5 * red + white == not_worth:
                return False
            continue
        if stuck_at is not None and could_short_change((green, blue, red, white), stuck_at):
            return False
        if green < gave[0] or blue < gave[1] or red < gave[2] or white < gave[3]:
            return False
        green += took[0] - gave[0]
        blue += took[1] - gave[1]
        red += took[2] - gave[2]
        white += took[3] - gave[3]
    return True


@lru_cache(maxsize=1 << 16)
def could_short_change(hand: Counts, pot: Counts) -> bool:
    """:func:`~games.short_changed.game.can_short_change` on counts, remembered."""
    return can_short_change(Chips(*hand), Chips(*pot))


@lru_cache(maxsize=64)
def hands_of_size(size: int, limit: Chips) -> tuple[Chips, ...]:
    """Every hand of ``size`` chips that ``limit`` could supply, most valuable colours first."""
    if size < 0:
        return ()
    return tuple(
        Chips(*counts)
        for counts in product(*(range(min(n, size) + 1) for n in limit.counts))
        if sum(counts) == size
    )


# -- weighing the possibilities -----------------------------------------------------------------

# The weighing below runs over thousands of partial deals, so piles are packed
# into one int: five bits per colour, the top bit of each field a guard that
# survives a subtraction only where no count went below zero.
_FIELD = 5
_GUARDS = sum(1 << (_FIELD * i + _FIELD - 1) for i in range(4))


def _pack(chips: Chips) -> int:
    code = 0
    for n in chips.counts:
        code = (code << _FIELD) | n
    return code


def _holds(left: int, pile: int) -> bool:
    return ((left | _GUARDS) - pile) & _GUARDS == _GUARDS


@lru_cache(maxsize=65536)
def _ways(left: int, pile: int) -> int:
    """How many ways to pick the chips of ``pile`` out of the physical chips of ``left``."""
    ways = 1
    mask = (1 << _FIELD) - 1
    for shift in range(0, 4 * _FIELD, _FIELD):
        ways *= comb((left >> shift) & mask, (pile >> shift) & mask)
    return ways


class Deduction:
    """The odds of every other seat's hand, as the viewer can work them out.

    Each joint assignment of starting hands that fits the log is weighted by
    the number of ways a shuffled bag deals it (uniform over the physical
    chips), so ``hands(seat)`` and ``totals(seat)`` are exact posterior odds
    under the assumption that play reveals nothing beyond the log's facts. A
    ``reading`` (:mod:`games.short_changed.reading`) drops that assumption: it
    multiplies each seat's starting hands by how likely they make the seat's
    choices.
    """

    def __init__(
        self,
        viewer: Seat,
        ledger: Ledger,
        pool: Chips,
        starts: Mapping[Seat, Sequence[Chips]],
        reading: Sequence[Mapping[Chips, float]] | None = None,
    ) -> None:
        self.viewer = viewer
        self.ledger = ledger
        self.others: tuple[Seat, ...] = tuple(sorted(starts))
        # Weigh the most constrained seats first: fewer partial deals to remember.
        self._order = sorted(self.others, key=lambda seat: len(starts[seat]))
        self._options = [
            [
                (_pack(start), start, 1.0 if reading is None else reading[seat].get(start, 0.0))
                for start in starts[seat]
            ]
            for seat in self._order
        ]
        self._pool = _pack(pool)
        self._pool_chips = pool
        self._ways_after: list[dict[int, float]] = [{} for _ in self._order]
        self.worlds = self._count(0, self._pool)
        """The weight of every deal of the bag that fits everything the viewer knows: how
        many there are, or with a reading of the seats' choices, each counted by its odds."""
        if self.worlds == 0:
            raise ValueError("no deal of the bag fits this log and hand")
        self._start_odds = self._marginals()

    def _count(self, i: int, left: int) -> float:
        """The weight of dealing seats ``i``... their starting hands out of ``left``."""
        if i == len(self._order):
            return 1.0
        memo = self._ways_after[i]
        known = memo.get(left)
        if known is not None:
            return known
        total = 0.0
        for code, _start, odds in self._options[i]:
            if odds and _holds(left, code):
                rest = self._count(i + 1, left - code)
                if rest:
                    total += _ways(left, code) * odds * rest
        memo[left] = total
        return total

    def _marginals(self) -> dict[Seat, dict[Chips, float]]:
        odds: dict[Seat, dict[Chips, float]] = {}
        reaching: dict[int, float] = {self._pool: 1.0}
        for i, seat in enumerate(self._order):
            weights: dict[Chips, float] = {}
            next_reaching: dict[int, float] = {}
            for left, ways_here in reaching.items():
                for code, start, like in self._options[i]:
                    if not like or not _holds(left, code):
                        continue
                    rest = left - code
                    after = self._count(i + 1, rest)
                    if not after:
                        continue
                    ways = ways_here * _ways(left, code) * like
                    weights[start] = weights.get(start, 0) + ways * after
                    next_reaching[rest] = next_reaching.get(rest, 0) + ways
            odds[seat] = {start: w / self.worlds for start, w in weights.items()}
            reaching = next_reaching
        return odds

    # -- what the viewer can say -----------------------------------------------------------------

    def starts(self, seat: Seat) -> dict[Chips, float]:
        """The odds of each starting hand the seat may have had."""
        return dict(self._start_odds[seat])

    def hands(self, seat: Seat) -> dict[Chips, float]:
        """The odds of each hand the seat may hold now."""
        delta = self.ledger.change[seat]
        return {_shift(start, delta): odds for start, odds in self._start_odds[seat].items()}

    def totals(self, seat: Seat) -> dict[int, float]:
        """The odds of each total the seat's hand may be worth now, likeliest first."""
        odds: dict[int, float] = {}
        for hand, p in self.hands(seat).items():
            odds[hand.value] = odds.get(hand.value, 0.0) + p
        return dict(sorted(odds.items(), key=lambda item: (-item[1], item[0])))

    def likeliest_total(self, seat: Seat) -> tuple[int, float]:
        """The seat's likeliest total and its odds."""
        return next(iter(self.totals(seat).items()))

    def certain_total(self, seat: Seat) -> int | None:
        """The seat's total if only one is possible, else ``None``."""
        totals = self.totals(seat)
        return next(iter(totals)) if len(totals) == 1 else None

    def sample(self, rng: random.Random) -> tuple[dict[Seat, Chips], Chips]:
        """One deal drawn with its odds: every other seat's hand now, and the bag."""
        left = self._pool
        bag = self._pool_chips
        hands: dict[Seat, Chips] = {}
        for i, seat in enumerate(self._order):
            options: list[tuple[int, Chips]] = []
            weights: list[float] = []
            for code, start, odds in self._options[i]:
                if odds and _holds(left, code):
                    after = self._count(i + 1, left - code)
                    if after:
                        options.append((code, start))
                        weights.append(_ways(left, code) * odds * after)
            code, start = rng.choices(options, weights)[0]
            hands[seat] = _shift(start, self.ledger.change[seat])
            left -= code
            bag = bag - start
        return dict(sorted(hands.items())), bag


def _shift(start: Chips, delta: Sequence[int]) -> Chips:
    return Chips(*(n + d for n, d in zip(start.counts, delta, strict=True)))


def deduce(
    view: ShortChangedView,
    ledger: Ledger | None = None,
    reading: Sequence[Mapping[Chips, float]] | None = None,
) -> Deduction:
    """Everything the viewer can work out about the other hands (the view must have a viewer).

    ``ledger`` is :func:`read_ledger` of the same view, when the caller has it already.
    ``reading`` weighs each seat's starting hands further by how well they explain the
    moves the seat chose (:func:`games.short_changed.reading.read_picks`); without it
    every hand the log allows counts as the bag deals it.
    """
    if view.viewer is None or view.hand is None:
        raise ValueError("deduction needs a seat's view, not the public one")
    if ledger is None:
        ledger = read_ledger(view)
    mine = _shift(view.hand, [-d for d in ledger.change[view.viewer]])
    pool = supply(view.seats) - mine - ledger.start_pot
    starts = {
        seat: [start for start in ledger.possible[seat] if pool.contains(start)]
        for seat in range(view.seats)
        if seat != view.viewer
    }
    return Deduction(view.viewer, ledger, pool, starts, reading)
