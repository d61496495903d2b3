"""The Fraud from Trandosha: the rules (rulebook seeds/003, rulings FR1-FR11).

A round: every seat still in holds a hidden hand; the opener bids, and each
next seat raises the bid or calls it (fraud, or on target). A call reveals
every hand and costs someone a card for the rest of the game; then the hands
go to the discard pile and a new round is dealt. The last seat holding cards
wins. The bot is the dealer: shuffles, dice and random picks come from the
state's :class:`~games.core.chance.Chance` and are public events.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import get_args

from games.core.chance import Chance, fresh_seed
from games.core.errors import CorruptState, IllegalAction, InvalidAction, NotYourTurn
from games.core.game import Event, Game, News, Outcome, Seat, places_from_scores
from games.core.wording import N_
from games.fraud import text
from games.fraud.cards import DECKS, HAND_SIZE, SUITS, Card, DeckKind, deck, matching, top_value
from games.fraud.model import (
    MAX_COUNT,
    MAX_SEATS,
    Action,
    Bid,
    BidMade,
    Called,
    CallFraud,
    CallOnTarget,
    CubeRolled,
    Dealt,
    FraudState,
    FraudView,
    GameWon,
    Options,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    SpikeRolled,
    SuitRolled,
    Trigger,
)
from games.fraud.showdown import cube_standing, settle, suit_candidates, suit_majority

__all__ = ["STARTING_CREDITS", "FraudGame", "legal_bids"]

STARTING_CREDITS = 5
"""Each seat's credits with the pot option (FR8)."""
CUBE_FACES = 6
"""The chance cube has three blue (positive) and three red (negative) faces (FR11)."""
SPIKE_FACES = 6

CALLS: tuple[CallFraud, CallOnTarget] = (CallFraud(), CallOnTarget())


_BID: dict[tuple[int, int], Bid] = {
    (count, value): Bid(count, value)
    for count in range(1, MAX_COUNT + 1)
    for value in range(1, max(top_value(kind) for kind in get_args(DeckKind)) + 1)
}
"""Every bid there can be, made once: the legal bids below and the bids made share them,
so a busy table (or a fresh process filling the cache below) makes no new ones for the
garbage collector to walk."""

_MADE: dict[tuple[Seat, int, int], BidMade] = {
    (seat, count, value): BidMade(seat=seat, bid=bid)
    for seat in range(MAX_SEATS)
    for (count, value), bid in _BID.items()
}
"""Every bid any seat can make, as the news of it, made once: a round's bids are kept as
their news, and a frozen dataclass costs more to build than the rest of a bid."""


def legal_bids(standing: Bid | None, cards_at_table: int, top: int) -> tuple[Bid, ...]:
    """Every bid allowed now, fewest cards first, then lowest value (FR4).

    A count runs from 1 to the cards at the table and a value from 1 to the
    deck's top value; a raise keeps both numbers at least where they stood and
    raises one of them.
    """
    if standing is None:
        return _legal_bids(0, 0, cards_at_table, top)
    return _legal_bids(standing.count, standing.value, cards_at_table, top)


@lru_cache(maxsize=4096)
def _legal_bids(count: int, value: int, cards_at_table: int, top: int) -> tuple[Bid, ...]:
    """:func:`legal_bids` above a bid of ``count`` x ``value`` (0 x 0: no bid yet), cached
    by plain numbers, which hash in C."""
    return tuple(
        _BID[raised_count, raised_value]
        for raised_count in range(max(count, 1), cards_at_table + 1)
        for raised_value in range(max(value, 1), top + 1)
        if (raised_count, raised_value) != (count, value)
    )


def _choices(state: FraudState) -> tuple[tuple[Action, ...], tuple[Bid, ...]]:
    """The calls the seat on turn may make and the bids it may make (FR4, FR5)."""
    if not state.bids:
        return (), _legal_bids(0, 0, sum(state.hand_sizes), DECKS[state.options.deck])
    standing = state.bids[-1].bid
    bids = _legal_bids(
        standing.count, standing.value, sum(state.hand_sizes), DECKS[state.options.deck]
    )
    return CALLS, bids  # FR5: the opener must bid, and only then may a seat call


@lru_cache(maxsize=4096)
def _dealing(opener: Seat, hand_sizes: tuple[int, ...]) -> tuple[tuple[Seat, tuple[int, ...]], ...]:
    """How a round is dealt (FR7): one card at a time, clockwise from the opener, each seat
    up to its hand size. For each seat dealt to, in that order, the places in the dealt
    sequence of the cards it gets. Cached by plain numbers: tables deal the same few."""
    seats = len(hand_sizes)
    order = [(opener + step) % seats for step in range(seats)]
    places: dict[Seat, list[int]] = {seat: [] for seat in order if hand_sizes[seat]}
    dealt = 0
    for card in range(1, HAND_SIZE + 1):  # a round of the table for each card
        for seat in order:
            if hand_sizes[seat] >= card:
                places[seat].append(dealt)
                dealt += 1
    return tuple((seat, tuple(held)) for seat, held in places.items())


class FraudGame(Game[FraudState, Action, FraudView, Options]):
    key = "fraud"
    title = "The Fraud from Trandosha"
    summary = N_("Bid on the cards hidden in everyone's hands, bluff, and call out the frauds.")
    min_seats = 2
    max_seats = MAX_SEATS
    options_type = Options
    state_type = FraudState
    action_type = Action

    # -- setting up ------------------------------------------------------------------------------

    def setup(self, seats: int, seed: int, options: Options) -> FraudState:
        chance = Chance(seed)
        draw_pile = list(deck(options.deck))
        chance.next().shuffle(draw_pile)
        state = FraudState(
            options=options,
            chance=chance,
            hands=[()] * seats,
            hand_sizes=[HAND_SIZE] * seats,
            draw_pile=draw_pile,
            discard_pile=[],
            credits=[STARTING_CREDITS if options.pot else 0] * seats,
            out_round=[None] * seats,
            round=0,
            opener=chance.next().randrange(seats),  # FR3
        )
        # Setup has no one to tell: each seat finds its hand in its view.
        self._begin_round(state, None, turn_up=True)
        return state

    def seat_count(self, state: FraudState) -> int:
        return state.seats

    # -- who may do what -------------------------------------------------------------------------

    def to_act(self, state: FraudState) -> tuple[Seat, ...]:
        return (state.turn,) if state.phase == "bidding" else ()

    def legal_actions(self, state: FraudState, seat: Seat) -> list[Action]:
        """Every legal action: the two calls once a bid stands, and every legal bid."""
        if state.phase != "bidding" or seat != state.turn:
            return []
        calls, bids = _choices(state)
        return [*calls, *bids]

    def random_action(self, state: FraudState, seat: Seat, rng: random.Random) -> Action:
        """Uniform over :meth:`legal_actions`, picked by position without listing them."""
        if state.phase != "bidding" or seat != state.turn:
            return rng.choice(self.legal_actions(state, seat))  # refuses as it does
        calls, bids = _choices(state)
        pick = int(rng.random() * (len(calls) + len(bids)))
        return calls[pick] if pick < len(calls) else bids[pick - len(calls)]

    def check(self, state: FraudState, seat: Seat, action: Action) -> None:
        if state.phase == "over":
            raise NotYourTurn("This game is over.")
        if not 0 <= seat < state.seats:
            raise NotYourTurn("You are not seated at this table.")
        if not state.hand_sizes[seat]:
            raise NotYourTurn("You are out of the game: you have no cards left.")
        if seat != state.turn:
            raise NotYourTurn("It is not your turn.")
        match action:
            case Bid():
                self._check_bid(state, action)
            case CallFraud() | CallOnTarget():
                if state.standing is None:
                    raise IllegalAction(
                        "Nobody has bid yet this round: you open it, so you must bid."
                    )
            case _:
                raise InvalidAction("That is not a move in The Fraud from Trandosha.")

    @staticmethod
    def _check_bid(state: FraudState, bid: Bid) -> None:
        top = top_value(state.options.deck)
        if not 1 <= bid.value <= top:
            raise IllegalAction(f"Bid a card value from 1 to {top}.")
        cards = state.cards_at_table
        if not 1 <= bid.count <= cards:
            raise IllegalAction(
                f"There are {cards} cards at the table: bid a count from 1 to {cards}."
            )
        standing = state.standing
        if standing is None:
            return
        held = standing.bid
        if bid.count < held.count or bid.value < held.value:
            raise IllegalAction(
                f"A raise cannot lower either number: the bid stands at {text.bid(held)}."
            )
        if (bid.count, bid.value) == (held.count, held.value):
            raise IllegalAction(
                f"The bid already stands at {text.bid(held)}: raise the count, the value or both."
            )

    # -- doing it --------------------------------------------------------------------------------

    def perform(self, state: FraudState, seat: Seat, action: Action, news: News) -> None:
        # isinstance, not a match statement: a class pattern costs several times as much,
        # and a playout performs an action for every decision.
        if isinstance(action, Bid):
            made = _MADE[seat, action.count, action.value]
            state.bids.append(made)  # the round's bids are kept as their news
            if news is not None:
                news.append(made)
            state.turn = self._next_in(state, seat)
            self._begin_turn(state, news)
            return
        call = action.type  # a call: fraud or on target (FR6)
        standing = state.standing
        assert standing is not None, "checked: a call needs a standing bid"
        if news is not None:
            news.append(Called(seat=seat, call=call, bidder=standing.seat, bid=standing.bid))
        self._end_round(state, call, seat, news)

    def _begin_round(self, state: FraudState, news: News, *, turn_up: bool = False) -> None:
        """Deal, roll the round's dice, and start the opener's turn."""
        state.round += 1
        state.bids = []
        state.turn = state.opener
        if news is not None:
            news.append(
                RoundStarted(
                    round=state.round, opener=state.opener, hand_sizes=tuple(state.hand_sizes)
                )
            )
        self._deal(state, news)
        if turn_up:
            # The rulebook's set-up turns one card face up to start the discard pile.
            state.discard_pile.append(state.draw_pile.pop())
        options = state.options
        if options.suit_die:  # FR10
            state.suit = SUITS[state.chance.next().randrange(len(SUITS))]
            if news is not None:
                news.append(SuitRolled(suit=state.suit))
        if options.chance_cube:  # FR11
            face = state.chance.next().randrange(CUBE_FACES)
            state.sign = "positive" if face < CUBE_FACES // 2 else "negative"
            if news is not None:
                news.append(CubeRolled(sign=state.sign))
        self._begin_turn(state, news)

    def _deal(self, state: FraudState, news: News) -> None:
        """Deal every seat still in its hand for the round (FR7, :func:`_dealing`)."""
        dealing = _dealing(state.opener, tuple(state.hand_sizes))
        dealt = self._draw(state, sum(state.hand_sizes), news)
        for seat, places in dealing:
            state.hands[seat] = tuple(map(dealt.__getitem__, places))
            if news is not None:
                news.append(Dealt(audience=seat, seat=seat, hand=state.hands[seat]))

    def _draw(self, state: FraudState, count: int, news: News) -> list[Card]:
        """The top ``count`` cards of the draw pile, in the order they come off it; when it
        runs out, the discard pile is reshuffled into a new one (FR7)."""
        drawn: list[Card] = []
        while len(drawn) < count:
            if not state.draw_pile:
                self._reshuffle(state, news)
            pile = state.draw_pile
            taking = min(count - len(drawn), len(pile))
            drawn += pile[: -taking - 1 : -1]  # the top card first
            del pile[-taking:]
        return drawn

    @staticmethod
    def _reshuffle(state: FraudState, news: News) -> None:
        """An empty draw pile is refilled by shuffling the discard pile (FR7)."""
        pile = state.discard_pile
        state.chance.next().shuffle(pile)
        state.draw_pile, state.discard_pile = pile, []
        if news is not None:
            news.append(Reshuffled(cards=len(pile)))

    def _begin_turn(self, state: FraudState, news: News) -> None:
        """FR9: the seat on turn rolls the spike dice; doubles with a bid standing end the round."""
        if not state.options.spike_dice:
            return
        roll = state.chance.next()
        dice = (roll.randint(1, SPIKE_FACES), roll.randint(1, SPIKE_FACES))
        state.spike_dice = dice
        if news is not None:
            news.append(SpikeRolled(seat=state.turn, dice=dice))
        if dice[0] == dice[1] and state.bids:
            self._end_round(state, "spike", state.turn, news)

    def _end_round(self, state: FraudState, trigger: Trigger, seat: Seat, news: News) -> None:
        """Reveal every hand, settle the losses, then deal the next round or end the game."""
        standing = state.standing
        assert standing is not None, "a round only ends on a standing bid"
        in_round = state.active
        hands = {s: state.hands[s] for s in in_round}
        candidates: tuple[Seat, ...] = ()
        protected: Seat | None = None
        if state.suit is not None:
            candidates = suit_candidates(hands, state.suit)
            if len(candidates) > 1:  # FR10: several qualify, a random one is protected
                protected = state.chance.next().choice(candidates)
            elif candidates:
                protected = candidates[0]
        showdown = settle(
            round=state.round,
            trigger=trigger,
            seat=seat,
            bidder=standing.seat,
            bid=standing.bid,
            hands=hands,
            credits=state.credits,
            pot=state.options.pot,
            suit_die=state.options.suit_die,
            suit=state.suit,
            candidates=candidates,
            protected=protected,
            sign=state.sign,
            spike_dice=state.spike_dice if trigger == "spike" else None,
        )
        state.last_showdown = showdown
        if news is not None:
            news.append(RoundEnded(showdown=showdown))
        for fate in showdown.fates:
            s = fate.seat
            state.hand_sizes[s] = len(fate.hand) - fate.lost + len(fate.won_back)
            state.credits[s] -= fate.paid
            state.pot += fate.paid
            if fate.out:
                state.out_round[s] = state.round
            state.discard_pile.extend(fate.hand)  # FR7: every hand goes to the discard pile
            state.hands[s] = ()
        state.spike_dice = None
        still_in = state.active
        if len(still_in) > 1:
            state.opener = self._next_in(state, state.opener)  # FR3
            self._begin_round(state, news)
            return
        self._finish(state, still_in, in_round, news)

    @staticmethod
    def _finish(state: FraudState, still_in: list[Seat], in_round: list[Seat], news: News) -> None:
        """The last seat with cards wins; if the last seats all went out at once, the chance
        cube picks the winner among them (FR7). The winner takes the pot (FR8)."""
        among: tuple[Seat, ...] = ()
        if still_in:
            winner = still_in[0]
        else:
            among = tuple(in_round)
            winner = state.chance.next().choice(among)
        state.phase = "over"
        state.winner = winner
        state.won_by_cube = not still_in
        state.bids = []
        state.suit = state.sign = None
        pot, state.pot = state.pot, 0
        state.credits[winner] += pot
        if news is not None:
            news.append(GameWon(seat=winner, by_cube=not still_in, among=among, pot=pot))

    @staticmethod
    def _next_in(state: FraudState, seat: Seat) -> Seat:
        """The next seat clockwise that still holds cards."""
        sizes = state.hand_sizes
        for step in range(1, len(sizes) + 1):
            candidate = (seat + step) % len(sizes)
            if sizes[candidate]:
                return candidate
        raise AssertionError("nobody holds cards")

    def outcome(self, state: FraudState) -> Outcome | None:
        """Places by when seats went out: the winner first, seats out together share a place.

        Scores are the credits each seat ends with when playing with the pot,
        otherwise the cards each seat still holds.
        """
        if state.phase != "over":
            return None
        lasted = [
            state.round + 1 if seat == state.winner else (state.out_round[seat] or 0)
            for seat in range(state.seats)
        ]
        scores = state.credits if state.options.pot else state.hand_sizes
        return Outcome(places=places_from_scores(lasted), scores=tuple(scores))

    # -- knowing ---------------------------------------------------------------------------------

    def view(self, state: FraudState, seat: Seat | None) -> FraudView:
        playing = state.phase == "bidding"
        hand = None if seat is None else state.hands[seat]
        standing = state.standing
        return FraudView(
            viewer=seat,
            deck=state.options.deck,
            top_value=top_value(state.options.deck),
            pot_in_play=state.options.pot,
            phase=state.phase,
            round=state.round,
            opener=state.opener,
            turn=state.turn if playing else None,
            hand_sizes=tuple(state.hand_sizes),
            out_round=tuple(state.out_round),
            credits=tuple(state.credits),
            pot=state.pot,
            bids=tuple(state.bids),
            suit=state.suit,
            sign=state.sign,
            spike_dice=state.spike_dice,
            draw_pile=len(state.draw_pile),
            discards=tuple(state.discard_pile),
            last_showdown=state.last_showdown,
            winner=state.winner,
            won_by_cube=state.won_by_cube,
            hand=hand,
            matching=(
                matching(hand, standing.bid.value)
                if hand is not None and standing is not None
                else None
            ),
            suit_majority=bool(hand and state.suit and suit_majority(hand, state.suit)),
            cube_standing=cube_standing(hand, state.sign) if hand and state.sign else None,
        )

    def redeal(self, state: FraudState, observer: Seat | None, rng: random.Random) -> FraudState:
        """Other seats' hands and the draw pile drawn afresh; sizes and the discard pile kept.

        The discard pile is face up (every card in it was shown), so it stays.
        The hidden cards are sorted before the shuffle, so the copy depends only
        on what the observer knows and on ``rng``; the chance seed is replaced
        too: future shuffles and dice are as unknown to the observer as the
        cards are. Computer players redeal constantly, so the shuffle sorts by
        random keys, a few times faster than ``random.shuffle`` and as fair.
        """
        copy = self.clone(state)
        copy.chance = Chance(fresh_seed(rng.getrandbits))
        others = [seat for seat in state.active if seat != observer]
        pool = list(state.draw_pile)
        for seat in others:
            pool.extend(state.hands[seat])
        pool.sort()  # cards are (value, suit) tuples; only sylops have value 0 and no suit
        draw = rng.random
        pool.sort(key=lambda _card: draw())
        for seat in others:
            size = len(state.hands[seat])
            copy.hands[seat] = tuple(pool[:size])
            del pool[:size]
        copy.draw_pile = pool
        return copy

    def clone(self, state: FraudState) -> FraudState:
        # Spelled out rather than dataclasses.replace, which costs more than the copy itself.
        return FraudState(
            options=state.options,
            chance=Chance(state.chance.seed, state.chance.draws),
            hands=list(state.hands),
            hand_sizes=list(state.hand_sizes),
            draw_pile=list(state.draw_pile),
            discard_pile=list(state.discard_pile),
            credits=list(state.credits),
            out_round=list(state.out_round),
            pot=state.pot,
            phase=state.phase,
            round=state.round,
            opener=state.opener,
            turn=state.turn,
            bids=list(state.bids),
            suit=state.suit,
            sign=state.sign,
            spike_dice=state.spike_dice,
            last_showdown=state.last_showdown,
            winner=state.winner,
            won_by_cube=state.won_by_cube,
        )

    def check_state(self, state: FraudState) -> None:
        seats, options = state.seats, state.options
        if not self.min_seats <= seats <= self.max_seats:
            raise CorruptState(f"a Fraud from Trandosha table has 2 to 5 seats, not {seats}")
        per_seat = (state.hand_sizes, state.credits, state.out_round)
        if any(len(values) != seats for values in per_seat):
            raise CorruptState("per-seat lists do not match the seat count")
        cards = [*state.draw_pile, *state.discard_pile]
        for hand in state.hands:
            cards.extend(hand)
        # dict equality runs in C; Counter's own == walks every key in Python.
        if not dict.__eq__(Counter(cards), _deck_counts(options.deck)):
            raise CorruptState("the cards in play are not exactly one deck")
        for seat, size in enumerate(state.hand_sizes):
            if not 0 <= size <= HAND_SIZE:
                raise CorruptState("a hand holds 0 to 5 cards")
            if (size == 0) != (state.out_round[seat] is not None):
                raise CorruptState("a seat is out exactly when it holds no cards")
            if state.phase == "bidding" and len(state.hands[seat]) != size:
                raise CorruptState("a hand does not match its seat's hand size")
        self._check_money(state)
        if state.phase == "over":
            self._check_over(state)
        else:
            self._check_bidding(state)

    @staticmethod
    def _check_money(state: FraudState) -> None:
        if not state.options.pot:
            if state.pot or any(state.credits):
                raise CorruptState("credits are in play without the pot option")
            return
        if min(state.credits) < 0 or state.pot < 0:
            raise CorruptState("credits cannot go below zero")
        if sum(state.credits) + state.pot != STARTING_CREDITS * state.seats:
            raise CorruptState("the credits do not add up")

    @staticmethod
    def _check_over(state: FraudState) -> None:
        if state.winner is None or not 0 <= state.winner < state.seats:
            raise CorruptState("a finished game has a winner at the table")
        if any(state.hands) or state.bids:
            raise CorruptState("no cards are held once the game is over")
        if state.won_by_cube != (state.out_round[state.winner] is not None):
            raise CorruptState("only a winner picked by the chance cube went out")

    def _check_bidding(self, state: FraudState) -> None:
        options, active = state.options, state.active
        if state.winner is not None or state.won_by_cube:
            raise CorruptState("a winner is recorded for a game that is not over")
        if len(active) < 2:
            raise CorruptState("a round needs two seats holding cards")
        if state.turn not in active or state.opener not in active:
            raise CorruptState("the seat on turn or the opener is out of the game")
        if (state.suit is not None) != options.suit_die:
            raise CorruptState("the suit die is rolled exactly when it is in play")
        if (state.sign is not None) != options.chance_cube:
            raise CorruptState("the chance cube is rolled exactly when it is in play")
        if (state.spike_dice is not None) != options.spike_dice:
            raise CorruptState("the spike dice are rolled exactly when they are in play")
        top, cards, previous = top_value(options.deck), state.cards_at_table, (0, 0)
        for made in state.bids:
            count, value = made.bid.count, made.bid.value
            if not (
                previous[0] <= count <= cards
                and previous[1] <= value <= top
                and (count, value) != previous
                and made.seat in active
            ):
                raise CorruptState("the bids of this round do not each raise the last")
            previous = (count, value)
        if state.bids and state.bids[-1].seat == state.turn:
            raise CorruptState("a seat cannot answer its own bid")

    # -- telling ---------------------------------------------------------------------------------

    def narrate(self, event: Event, names: Sequence[str]) -> str:
        return text.narrate(event, names)

    def describe(self, view: FraudView, names: Sequence[str]) -> str:
        return text.describe(view, names)


@lru_cache(maxsize=2)
def _deck_counts(kind: DeckKind) -> Counter[Card]:
    return Counter(deck(kind))
