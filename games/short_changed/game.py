"""Short Changed: the rules (rulebook seeds/000, rulings SC1-SC8)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import product

from games.core.chance import Chance, fresh_seed
from games.core.errors import CorruptState, IllegalAction, NotYourTurn
from games.core.game import Event, Game, News, Outcome, Seat
from games.core.wording import N_, Later
from games.short_changed import text
from games.short_changed.chips import COLOURS, ONE, Chips, Colour, supply
from games.short_changed.model import (
    Action,
    Ante,
    AnteChosen,
    AnteReady,
    Donate,
    Donated,
    Guess,
    Guessed,
    Options,
    Pass,
    Passed,
    PotStarted,
    ShortChange,
    ShortChanged,
    ShortChangedState,
    ShortChangedView,
    Stalemate,
    Steal,
    Stole,
    Transaction,
    TurnStarted,
)

__all__ = [
    "HAND_SIZE",
    "ShortChangedGame",
    "can_short_change",
    "guessable_totals",
    "short_changes",
]

HAND_SIZE = 5
DONATE_MIN_CHIPS = 4
"""Donating needs a hand of four or more chips (rulebook 3a)."""
STEAL_MAX_CHIPS = 4
"""Stealing needs a hand of four or fewer chips (rulebook 3b)."""


def can_short_change(hand: Chips, pot: Chips) -> bool:
    """Whether any short change is legal (SC7), without listing them.

    Taking ``k`` chips is worth at most the ``k`` best chips of the pot and
    giving ``m`` chips costs at least the ``m`` cheapest of the hand, so some
    short change with those counts exists exactly when that cheapest gift is
    worth less than that best take.
    """
    best_take = _prefix_values(pot.worths())
    cheapest_give = _prefix_values(hand.worths()[::-1])
    return any(
        cheapest_give[m] < best_take[k]
        for k in range(1, len(best_take))
        for m in range(1, len(cheapest_give))
        if m != k
    )


def short_changes(hand: Chips, pot: Chips) -> Iterator[ShortChange]:
    """Every legal short change (SC7): k >= 1 taken, m >= 1 given, m != k, gift worth less."""
    gifts = _sub_piles(hand)
    for take in _sub_piles(pot):
        for give in gifts:
            if give.value >= take.value:
                break
            if give.count != take.count:
                yield ShortChange(take=take, give=give)


@lru_cache(maxsize=4096)
def _short_changes(hand: Chips, pot: Chips) -> tuple[ShortChange, ...]:
    """:func:`short_changes`, listed once for each hand and pot (a turn lists them all)."""
    return tuple(short_changes(hand, pot))


@lru_cache(maxsize=256)
def guessable_totals(chips_held: int, seats: int) -> tuple[int, ...]:
    """Every total a hand of ``chips_held`` chips could be worth at this seat count."""
    bag = supply(seats)
    return tuple(
        sorted(
            {
                Chips(*counts).value
                for counts in product(*(range(n + 1) for n in bag.counts))
                if sum(counts) == chips_held
            }
        )
    )


def _prefix_values(values: Sequence[int]) -> list[int]:
    sums = [0]
    for value in values:
        sums.append(sums[-1] + value)
    return sums


@lru_cache(maxsize=4096)
def _sub_piles(chips: Chips) -> tuple[Chips, ...]:
    """Every non-empty selection of chips from a pile, cheapest first."""
    piles = (Chips(*counts) for counts in product(*(range(n + 1) for n in chips.counts)))
    return tuple(sorted((pile for pile in piles if pile.count), key=lambda pile: pile.value))


@lru_cache(maxsize=256)
def _antes(hand: Chips) -> tuple[Ante, ...]:
    return tuple(Ante(colour) for colour in COLOURS if hand[colour])


@lru_cache(maxsize=256)
def _donations(hand: Chips) -> tuple[Donate, ...]:
    return tuple(Donate(colour) for colour in COLOURS if hand[colour])


@lru_cache(maxsize=256)
def _steals(pot: Chips) -> tuple[Steal, ...]:
    return tuple(Steal(colour) for colour in COLOURS if pot[colour])


@lru_cache(maxsize=1024)
def _guesses(target: Seat, chips_held: int, seats: int) -> tuple[Guess, ...]:
    return tuple(Guess(target, total) for total in guessable_totals(chips_held, seats))


class ShortChangedGame(Game[ShortChangedState, Action, ShortChangedView, Options]):
    key = "short_changed"
    title = "Short Changed"
    summary = N_("Deduce the value of another player's chips from their trades with the pot.")
    min_seats = 2
    max_seats = 6
    options_type = Options
    state_type = ShortChangedState
    action_type = Action

    # -- setting up ------------------------------------------------------------------------------

    def setup(self, seats: int, seed: int, options: Options) -> ShortChangedState:
        chance = Chance(seed)
        bag = list(supply(seats).colours())
        chance.next().shuffle(bag)
        hands = [Chips.of(*bag[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(seats)]
        first = chance.next().randrange(seats)  # SC3
        return ShortChangedState(
            options=options,
            chance=chance,
            hands=hands,
            bag=Chips.of(*bag[seats * HAND_SIZE :]),
            antes=[None] * seats,
            first_seat=first,
            turn=first,
            owes_double_turn=[False] * seats,
        )

    def seat_count(self, state: ShortChangedState) -> int:
        return state.seats

    # -- who may do what -------------------------------------------------------------------------

    def to_act(self, state: ShortChangedState) -> tuple[Seat, ...]:
        if state.phase == "ante":
            return tuple(seat for seat, chip in enumerate(state.antes) if chip is None)
        if state.phase == "play":
            return (state.turn,)
        return ()

    def legal_actions(self, state: ShortChangedState, seat: Seat) -> list[Action]:
        """All legal actions, with guesses limited to totals the target's hand could be worth."""
        return [action for group in self._choices(state, seat) for action in group]

    def random_action(self, state: ShortChangedState, seat: Seat, rng: random.Random) -> Action:
        """Uniform over :meth:`legal_actions`, picked by position without listing them."""
        groups = self._choices(state, seat)
        pick = int(rng.random() * sum(map(len, groups)))
        for group in groups:
            if pick < len(group):
                return group[pick]
            pick -= len(group)
        raise IndexError("no legal action to pick from")

    def _choices(self, state: ShortChangedState, seat: Seat) -> list[Sequence[Action]]:
        """:meth:`legal_actions` in groups: each other seat's guesses, then the trades."""
        if seat not in self.to_act(state):
            return []
        hand = state.hands[seat]
        if state.phase == "ante":
            return [_antes(hand)]
        seats = len(state.hands)
        groups: list[Sequence[Action]] = (
            []
            if state.double_turn
            else [
                _guesses(target, other.count, seats)
                for target, other in enumerate(state.hands)
                if target != seat
            ]
        )
        changes = _short_changes(hand, state.pot)
        groups.append(changes if changes else self._fallbacks(state, seat))
        return groups

    def _fallbacks(self, state: ShortChangedState, seat: Seat) -> list[Action]:
        """Donate or steal when no short change exists; pass only if nothing else is legal."""
        hand = state.hands[seat]
        actions: list[Action] = []
        if hand.count >= DONATE_MIN_CHIPS:
            actions += _donations(hand)
        if hand.count <= STEAL_MAX_CHIPS:
            actions += _steals(state.pot)
        if not actions and state.double_turn:
            actions.append(Pass())
        return actions

    def check(self, state: ShortChangedState, seat: Seat, action: Action) -> None:
        if state.phase == "over":
            raise NotYourTurn(N_("This game is over."))
        if not 0 <= seat < state.seats:
            raise NotYourTurn(N_("You are not seated at this table."))
        if state.phase == "ante":
            self._check_ante(state, seat, action)
            return
        if seat != state.turn:
            raise NotYourTurn(N_("It is not your turn."))
        hand, pot = state.hands[seat], state.pot
        match action:
            case Ante():
                raise IllegalAction(N_("The starting pot is already in."))
            case Guess(target=target, total=total):
                if state.double_turn:
                    raise IllegalAction(
                        N_("After a wrong guess you take two actions, and neither may be a guess.")
                    )
                if target == seat or not 0 <= target < state.seats:
                    raise IllegalAction(N_("Guess the chips of another player at the table."))
                if total < 0:
                    raise IllegalAction(N_("A total is a whole number of 0 or more."))
            case ShortChange(take=take, give=give):
                _check_short_change(hand, pot, take, give)
            case Donate(chip=chip):
                self._check_no_short_change(hand, pot, "donating")
                if hand.count < DONATE_MIN_CHIPS:
                    raise IllegalAction(N_("You can only donate with four or more chips in hand."))
                if not hand[chip]:
                    raise IllegalAction(
                        N_("You have no {colour} chip to donate."), colour=Later(chip.word)
                    )
            case Steal(chip=chip):
                self._check_no_short_change(hand, pot, "stealing")
                if hand.count > STEAL_MAX_CHIPS:
                    raise IllegalAction(N_("You can only steal with four or fewer chips in hand."))
                if not pot[chip]:
                    raise IllegalAction(
                        N_("There is no {colour} chip in the pot to steal."),
                        colour=Later(chip.word),
                    )
            case Pass():
                if not state.double_turn:
                    raise IllegalAction(
                        N_(
                            "You cannot pass while a guess is open to you: with nothing else "
                            "to do, you must guess."
                        )
                    )
                if can_short_change(hand, pot) or self._fallbacks(state, seat) != [Pass()]:
                    raise IllegalAction(N_("You can only pass when no other action is possible."))

    def _check_ante(self, state: ShortChangedState, seat: Seat, action: Action) -> None:
        if not isinstance(action, Ante):
            raise IllegalAction(N_("First everyone secretly picks one chip to start the pot."))
        if state.antes[seat] is not None:
            raise NotYourTurn(N_("You have already picked your starting chip."))
        if not state.hands[seat][action.chip]:
            raise IllegalAction(N_("You have no {colour} chip."), colour=Later(action.chip.word))

    @staticmethod
    def _check_no_short_change(hand: Chips, pot: Chips, doing: str) -> None:
        if can_short_change(hand, pot):
            raise IllegalAction(
                N_(
                    "You must short change the pot when you can; "
                    "donating is only for when you cannot."
                )
                if doing == "donating"
                else N_(
                    "You must short change the pot when you can; "
                    "stealing is only for when you cannot."
                )
            )

    # -- doing it --------------------------------------------------------------------------------

    def perform(self, state: ShortChangedState, seat: Seat, action: Action, news: News) -> None:
        match action:
            case Ante(chip=chip):
                self._ante(state, seat, chip, news)
                return
            case Guess(target=target, total=total):
                correct = state.hands[target].value == total
                self._record(
                    state, Guessed(seat=seat, target=target, total=total, correct=correct), news
                )
                if correct:
                    state.winner = seat
                    state.phase = "over"
                    return
                state.owes_double_turn[seat] = True  # SC5: the wrong guess was the whole turn
                self._end_turn(state, news)
                return
            case ShortChange(take=take, give=give):
                state.hands[seat] = state.hands[seat] - give + take
                state.pot = state.pot - take + give
                done: Transaction = ShortChanged(seat=seat, took=take, gave=give)
            case Donate(chip=chip):
                state.hands[seat] = state.hands[seat] - ONE[chip]
                state.pot = state.pot + ONE[chip]
                done = Donated(seat=seat, chip=chip)
            case Steal(chip=chip):
                state.hands[seat] = state.hands[seat] + ONE[chip]
                state.pot = state.pot - ONE[chip]
                done = Stole(seat=seat, chip=chip)
            case Pass():
                done = Passed(seat=seat)
        self._record(state, done, news)
        state.actions_left -= 1
        if state.actions_left == 0:
            self._end_turn(state, news)

    def _ante(self, state: ShortChangedState, seat: Seat, chip: Colour, news: News) -> None:
        state.antes[seat] = chip
        if news is not None:
            news += [AnteChosen(audience=seat, seat=seat, chip=chip), AnteReady(seat=seat)]
        if any(pick is None for pick in state.antes):
            return
        picks = tuple(pick for pick in state.antes if pick is not None)
        for giver, pick in enumerate(picks):
            state.hands[giver] = state.hands[giver] - ONE[pick]
        state.pot = Chips.of(*picks)
        state.phase = "play"
        self._record(state, PotStarted(chips=picks), news)
        if news is not None:
            news.append(TurnStarted(seat=state.turn, double=False))

    @staticmethod
    def _record(state: ShortChangedState, event: Transaction, news: News) -> None:
        """Keep a transaction in the public log (part of the state), and tell it."""
        state.log.append(event)
        if news is not None:
            news.append(event)

    def _end_turn(self, state: ShortChangedState, news: News) -> None:
        state.turns_taken += 1
        if (
            state.turns_taken % state.seats == 0
            and state.rounds_completed >= state.options.stalemate_rounds
        ):
            state.phase = "over"  # SC8
            self._record(state, Stalemate(rounds=state.rounds_completed), news)
            return
        state.turn = (state.turn + 1) % state.seats
        state.double_turn = state.owes_double_turn[state.turn]
        state.owes_double_turn[state.turn] = False
        state.actions_left = 2 if state.double_turn else 1
        if news is not None:
            news.append(TurnStarted(seat=state.turn, double=state.double_turn))

    def outcome(self, state: ShortChangedState) -> Outcome | None:
        if state.phase != "over":
            return None
        if state.winner is None:
            return Outcome(places=(1,) * state.seats, scores=(0,) * state.seats)
        return Outcome(
            places=tuple(1 if seat == state.winner else 2 for seat in range(state.seats)),
            scores=tuple(int(seat == state.winner) for seat in range(state.seats)),
        )

    # -- knowing ---------------------------------------------------------------------------------

    def view(self, state: ShortChangedState, seat: Seat | None) -> ShortChangedView:
        over = state.phase == "over"
        return ShortChangedView(
            viewer=seat,
            phase=state.phase,
            chip_counts=tuple(hand.count for hand in state.hands),
            pot=state.pot,
            hand=None if seat is None else state.hands[seat],
            ante=None if seat is None else state.antes[seat],
            waiting_for=self.to_act(state),
            turn=state.turn if state.phase == "play" else None,
            double_turn=state.double_turn and state.phase == "play",
            actions_left=state.actions_left if state.phase == "play" else 0,
            owes_double_turn=tuple(state.owes_double_turn),
            round=min(state.rounds_completed + 1, state.options.stalemate_rounds),
            stalemate_rounds=state.options.stalemate_rounds,
            log=tuple(state.log),
            winner=state.winner,
            revealed_hands=tuple(state.hands) if over else None,
        )

    def redeal(
        self, state: ShortChangedState, observer: Seat | None, rng: random.Random
    ) -> ShortChangedState:
        """Deal the chips ``observer`` cannot see (the bag and the other hands) afresh, each
        hand keeping its size.

        The deal is uniform: it does not apply what the public log of trades proves about
        a hand (a seat that gave a chip held one), so some worlds it draws are ones the log
        rules out. The computer players narrow them with the deduction
        (``ShortChangedTactics.refine``); other callers should do the same.
        """
        copy = self.clone(state)
        if state.phase == "over":
            return copy  # every hand is shown; only the bag stays hidden, and it is fixed
        others = [seat for seat in range(state.seats) if seat != observer]
        hidden = state.bag
        for seat in others:
            hidden = hidden + state.hands[seat]
        pool = list(hidden.colours())  # by colour: the same for every world the observer sees
        rng.shuffle(pool)
        for seat in others:
            size = state.hands[seat].count
            copy.hands[seat] = Chips.of(*pool[:size])
            del pool[:size]
            if copy.antes[seat] is not None:
                copy.antes[seat] = rng.choice(list(copy.hands[seat].colours()))
        copy.bag = Chips.of(*pool)
        copy.chance = Chance(fresh_seed(rng.getrandbits))
        return copy

    def clone(self, state: ShortChangedState) -> ShortChangedState:
        return replace(
            state,
            chance=replace(state.chance),
            hands=list(state.hands),
            antes=list(state.antes),
            owes_double_turn=list(state.owes_double_turn),
            log=list(state.log),
        )

    def check_state(self, state: ShortChangedState) -> None:
        seats = state.seats
        if not self.min_seats <= seats <= self.max_seats:
            raise CorruptState(f"a Short Changed table has 2 to 6 seats, not {seats}")
        if len(state.antes) != seats or len(state.owes_double_turn) != seats:
            raise CorruptState("per-seat lists do not match the seat count")
        total = state.bag + state.pot
        for hand in state.hands:
            total = total + hand
        if total != supply(seats):
            raise CorruptState("the chips in play do not add up to the bag for this seat count")
        if not 0 <= state.turn < seats or not 0 <= state.first_seat < seats:
            raise CorruptState("the seat on turn is not at the table")
        if state.actions_left not in (0, 1, 2):
            raise CorruptState("a turn has one or two actions")
        if state.winner is not None and (state.phase != "over" or not 0 <= state.winner < seats):
            raise CorruptState("a winner is recorded for a game that is not over")

    # -- telling ---------------------------------------------------------------------------------

    def narrate(self, event: Event, names: Sequence[str]) -> str:
        return text.narrate(event, names)

    def describe(self, view: ShortChangedView, names: Sequence[str]) -> str:
        return text.describe(view, names)


def _check_short_change(hand: Chips, pot: Chips, take: Chips, give: Chips) -> None:
    """SC7, with the rulebook's 'nice try' clauses: no zero or negative counts."""
    if not take.is_valid() or not give.is_valid():
        raise IllegalAction(N_("Chip counts cannot be negative."))
    if take.count < 1:
        raise IllegalAction(N_("A short change takes at least one chip from the pot."))
    if give.count < 1:
        raise IllegalAction(N_("A short change gives at least one chip from your hand."))
    if not pot.contains(take):
        raise IllegalAction(N_("The pot does not hold {chips}."), chips=Later(text.chips, take))
    if not hand.contains(give):
        raise IllegalAction(N_("Your hand does not hold {chips}."), chips=Later(text.chips, give))
    if take.count == give.count:
        raise IllegalAction(
            N_("Give back a different number of chips than you take ({taken} taken)."),
            taken=take.count,
        )
    if give.value >= take.value:
        raise IllegalAction(
            N_("What you give ({given}) must be worth less than what you take ({taken})."),
            given=give.value,
            taken=take.value,
        )
