"""Auf falscher Fährte: the rules (rulebook seeds/002, rulings AF1-AF11).

The trick-taking loop is the hot path of every random playout, so it works on
int cards (:mod:`games.falsche_faehrte.cards`), sorted hands (the cards of one
colour are a slice found by bisection), and action and event objects made once
at import time. Deals and the face-down pile draw their luck with
:meth:`Chance.shuffle <games.core.chance.Chance.shuffle>` and :meth:`Chance.below
<games.core.chance.Chance.below>`: seeding a generator for each would cost more than the
rest of dealing a round.
"""

from __future__ import annotations

import operator
import random
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import fields

from games.core.chance import Chance
from games.core.errors import IllegalAction, NotYourTurn
from games.core.game import Event, Game, Outcome, Seat, places_from_scores
from games.falsche_faehrte import text
from games.falsche_faehrte.cards import (
    COLOURS,
    JOKER,
    Card,
    Colour,
    card_text,
    deck,
    hand_size,
    value_of,
)
from games.falsche_faehrte.invariants import check_state
from games.falsche_faehrte.model import (
    MAX_SEATS,
    MIN_SEATS,
    Action,
    CardPlayed,
    FaceDown,
    FaceDownChosen,
    FaceDownReady,
    FaceDownTurned,
    FaehrteState,
    FaehrteView,
    KeepTrump,
    Options,
    PileShuffled,
    Play,
    RoundDealt,
    RoundScored,
    RoundType,
    SwitchTrump,
    TrickTaken,
    TrumpChoice,
    TrumpKept,
    TrumpReason,
    TrumpSwitched,
    TrumpSwitchSkipped,
)
from games.falsche_faehrte.sampling import NO_JOKERS, resample
from games.falsche_faehrte.scoring import (
    LAST_REVEAL,
    round_points,
    round_type,
    threshold,
    turned_after,
    worst_seats,
)
from games.falsche_faehrte.tricks import holds, playable, trick_winner

__all__ = ["FACE_DOWNS", "KEEP", "PLAYS", "SWITCHES", "FalscheFaehrteGame"]

FIRST_TRUMP = Colour.RED
"""Red is trump in the first round (AF6)."""
SWITCH_CARDS_LEFT = 4
"""Without jokers the worst seat may switch trump when each seat has 4 cards left (AF8)."""
JOKER_SWITCHES = 2
"""Only the first two jokers of a round may switch trump (AF11)."""

_CARD_CODES = range(JOKER + 1)
PLAYS: tuple[Play, ...] = tuple(Play(card) for card in _CARD_CODES)
"""``PLAYS[card]``: the one action object for playing that card."""
FACE_DOWNS: tuple[FaceDown, ...] = tuple(FaceDown(card) for card in _CARD_CODES)
SWITCHES: dict[Colour, SwitchTrump] = {colour: SwitchTrump(colour) for colour in COLOURS}
KEEP = KeepTrump()
_PLAYED: tuple[tuple[CardPlayed, ...], ...] = tuple(
    tuple(CardPlayed(seat=seat, card=card) for card in _CARD_CODES) for seat in range(MAX_SEATS)
)
_CHOSEN: tuple[tuple[FaceDownChosen, ...], ...] = tuple(
    tuple(FaceDownChosen(audience=seat, seat=seat, card=card) for card in _CARD_CODES)
    for seat in range(MAX_SEATS)
)
_READY: tuple[FaceDownReady, ...] = tuple(FaceDownReady(seat=seat) for seat in range(MAX_SEATS))
_SHUFFLED: tuple[PileShuffled, ...] = tuple(PileShuffled(cards=n) for n in range(MAX_SEATS + 1))
"""``_SHUFFLED[n]``: the news that a pile of ``n`` face-down cards is shuffled."""
_CHOICE: dict[TrumpReason, tuple[TrumpChoice, ...]] = {
    reason: tuple(TrumpChoice(seat=seat, reason=reason) for seat in range(MAX_SEATS))
    for reason in ("worst", "joker")
}
_KEPT: tuple[dict[Colour, TrumpKept], ...] = tuple(
    {colour: TrumpKept(seat=seat, colour=colour) for colour in COLOURS} for seat in range(MAX_SEATS)
)
_SWITCHED: tuple[dict[Colour, TrumpSwitched], ...] = tuple(
    {colour: TrumpSwitched(seat=seat, colour=colour) for colour in COLOURS}
    for seat in range(MAX_SEATS)
)
_ALONE: tuple[tuple[Seat], ...] = tuple((seat,) for seat in range(MAX_SEATS))


_new = object.__new__
_SET_AUDIENCE, _SET_NUMBER, _SET_LEADER, _SET_CARDS, _SET_WINNER, _SET_KIND = (
    getattr(TrickTaken, name).__set__
    for name in ("audience", "number", "leader", "cards", "winner", "kind")
)


def _trick_taken(
    number: int, leader: Seat, cards: tuple[Card, ...], winner: Seat | None
) -> TrickTaken:
    """``TrickTaken(number=number, leader=leader, cards=cards, winner=winner)`` for half the
    cost: the event every trick ends with.

    A frozen dataclass's ``__init__`` sets each field with ``object.__setattr__``, which
    finds the field by name first; setting each slot through its descriptor skips that.
    test_the_trick_event_is_made_as_the_dataclass_makes_it holds the two together.
    """
    event: TrickTaken = _new(TrickTaken)
    _SET_AUDIENCE(event, None)
    _SET_NUMBER(event, number)
    _SET_LEADER(event, leader)
    _SET_CARDS(event, cards)
    _SET_WINNER(event, winner)
    _SET_KIND(event, "trick_taken")
    return event


_SET_TURNED_AUDIENCE, _SET_CARD, _SET_TOTAL, _SET_LEFT, _SET_ROUND_TYPE, _SET_TURNED_KIND = (
    getattr(FaceDownTurned, name).__set__
    for name in ("audience", "card", "total", "left", "round_type", "kind")
)


def _face_down_turned(card: Card, total: int, left: int, kind: RoundType | None) -> FaceDownTurned:
    """``FaceDownTurned(card=card, total=total, left=left, round_type=kind)``, built through its
    slots like :func:`_trick_taken`: three or four of these end the first tricks of a round."""
    event: FaceDownTurned = _new(FaceDownTurned)
    _SET_TURNED_AUDIENCE(event, None)
    _SET_CARD(event, card)
    _SET_TOTAL(event, total)
    _SET_LEFT(event, left)
    _SET_ROUND_TYPE(event, kind)
    _SET_TURNED_KIND(event, "face_down_turned")
    return event


(
    _SET_DEALT_AUDIENCE,
    _SET_ROUND,
    _SET_DEALER,
    _SET_DEALT_LEADER,
    _SET_TRUMP,
    _SET_ASIDE,
    _SET_DEALT_KIND,
) = (
    getattr(RoundDealt, name).__set__
    for name in ("audience", "round", "dealer", "leader", "trump", "set_aside", "kind")
)


def _round_dealt(
    number: int, dealer: Seat, leader: Seat, trump: Colour, set_aside: Card | None
) -> RoundDealt:
    """``RoundDealt(round=number, dealer=dealer, ...)`` through its slots, like
    :func:`_trick_taken`: one starts every round."""
    event: RoundDealt = _new(RoundDealt)
    _SET_DEALT_AUDIENCE(event, None)
    _SET_ROUND(event, number)
    _SET_DEALER(event, dealer)
    _SET_DEALT_LEADER(event, leader)
    _SET_TRUMP(event, trump)
    _SET_ASIDE(event, set_aside)
    _SET_DEALT_KIND(event, "round_dealt")
    return event


(
    _SET_SCORED_AUDIENCE,
    _SET_SCORED_ROUND,
    _SET_ROUNDS,
    _SET_SCORED_TYPE,
    _SET_FACE_DOWN,
    _SET_SCORED_TOTAL,
    _SET_TRICKS,
    _SET_POINTS,
    _SET_SCORES,
    _SET_SCORED_KIND,
) = (getattr(RoundScored, slot.name).__set__ for slot in fields(RoundScored))
"""RoundScored's slot setters, in field order (a mismatch would fail to unpack)."""


def _round_scored(
    number: int,
    rounds: int,
    kind: RoundType,
    face_down: tuple[Card, ...],
    total: int,
    tricks: tuple[int, ...],
    points: tuple[int, ...],
    scores: tuple[int, ...],
) -> RoundScored:
    """``RoundScored(round=number, rounds=rounds, round_type=kind, ...)`` through its slots,
    like :func:`_trick_taken`: one ends every round."""
    event: RoundScored = _new(RoundScored)
    _SET_SCORED_AUDIENCE(event, None)
    _SET_SCORED_ROUND(event, number)
    _SET_ROUNDS(event, rounds)
    _SET_SCORED_TYPE(event, kind)
    _SET_FACE_DOWN(event, face_down)
    _SET_SCORED_TOTAL(event, total)
    _SET_TRICKS(event, tricks)
    _SET_POINTS(event, points)
    _SET_SCORES(event, scores)
    _SET_SCORED_KIND(event, "round_scored")
    return event


def _name(card: Card) -> str:
    try:
        return card_text(card)
    except KeyError:
        return "that card"


class FalscheFaehrteGame(Game[FaehrteState, Action, FaehrteView, Options]):
    key = "falsche_faehrte"
    title = "Auf falscher Fährte"
    summary = "Trick-taking where a hidden pile decides whether most or fewest tricks win."
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    options_type = Options
    state_type = FaehrteState
    action_type = Action

    # -- setting up ------------------------------------------------------------------------------

    def setup(self, seats: int, seed: int, options: Options) -> FaehrteState:
        chance = Chance(seed)
        state = FaehrteState(
            options=options,
            chance=chance,
            round=1,
            dealer=chance.below(seats),  # AF3
            hands=[[] for _ in range(seats)],
            trump=FIRST_TRUMP,  # AF6
            scores=[0] * seats,
        )
        self._deal(state)
        return state

    def _deal(self, state: FaehrteState) -> RoundDealt:
        """Shuffle and deal a round (AF1, AF2); the seat left of the dealer leads (AF3)."""
        seats = len(state.hands)
        cards = deck(seats, state.options.jokers)
        state.chance.shuffle(cards)
        size = hand_size(state.options.jokers)
        state.hands = [sorted(cards[seat * size : (seat + 1) * size]) for seat in range(seats)]
        state.set_aside = cards[seats * size] if len(cards) > seats * size else None
        state.phase = "face_down"
        state.chosen = [None] * seats
        state.pile, state.revealed = [], []
        state.leader = state.turn = (state.dealer + 1) % seats
        state.trick, state.led, state.discards = [], -1, []
        state.tricks, state.voids = [0] * seats, [0] * seats
        state.jokers_played, state.choosers, state.chooser_reason = 0, [], None
        state.last_trick = None
        return _round_dealt(state.round, state.dealer, state.leader, state.trump, state.set_aside)

    def seat_count(self, state: FaehrteState) -> int:
        return state.seats

    # -- who may do what -------------------------------------------------------------------------

    def to_act(self, state: FaehrteState) -> tuple[Seat, ...]:
        phase = state.phase
        if phase == "play":
            return _ALONE[state.turn]
        if phase == "face_down":
            chosen = state.chosen
            return tuple([seat for seat in range(len(chosen)) if chosen[seat] is None])
        if phase == "trump":
            return _ALONE[state.choosers[0]]
        return ()

    def legal_actions(self, state: FaehrteState, seat: Seat) -> list[Action]:
        phase = state.phase
        if phase == "play":
            if seat != state.turn:
                return []
            cards = playable(state.hands[seat], state.led, JOKER in state.trick)
            return [PLAYS[card] for card in cards]
        if phase == "face_down":
            if not 0 <= seat < state.seats or state.chosen[seat] is not None:
                return []
            return [FACE_DOWNS[card] for card in state.hands[seat] if card != JOKER]
        if phase == "trump" and seat == state.choosers[0]:
            switches: list[Action] = [SWITCHES[c] for c in COLOURS if c != state.trump]
            return [*switches, KEEP]
        return []

    def random_action(self, state: FaehrteState, seat: Seat, rng: random.Random) -> Action:
        """Uniform over the listed legal actions; a card to play or to put face down is picked
        without listing them (the same choice :func:`playable` or :meth:`legal_actions`
        offers)."""
        if seat != state.turn or state.phase != "play":
            chosen = state.chosen
            if state.phase == "face_down" and 0 <= seat < len(chosen) and chosen[seat] is None:
                hand = state.hands[seat]
                colours = bisect_left(hand, JOKER)  # AF4: any card but a joker; jokers sort last
                if colours:
                    return FACE_DOWNS[hand[int(rng.random() * colours)]]
            return rng.choice(self.legal_actions(state, seat))
        hand = state.hands[seat]
        led = state.led
        if led >= 0:
            low = bisect_left(hand, led << 4)
            high = bisect_left(hand, (led + 1) << 4, low)
            if low < high:
                joker = hand[-1] == JOKER and JOKER not in state.trick
                pick = low + int(rng.random() * (high - low + joker))
                return PLAYS[hand[pick] if pick < high else JOKER]
        if hand[-1] != JOKER:
            return PLAYS[hand[int(rng.random() * len(hand))]]
        # A lead or a free choice with a joker in hand: any coloured card, and one joker unless
        # the trick has one already and the seat holds something else (as playable() lists).
        colours = bisect_left(hand, JOKER)  # jokers sort last
        choices = colours + (not colours or JOKER not in state.trick)
        pick = int(rng.random() * choices)
        return PLAYS[hand[pick] if pick < colours else JOKER]

    def apply(self, state: FaehrteState, seat: Seat, action: Action) -> list[Event]:
        """Check then perform, with a short way through for the common case: a card played
        by the seat on turn (the same checks :meth:`check` makes for it)."""
        if type(action) is Play and seat == state.turn and state.phase == "play":
            card = action.card
            led = state.led
            hand = state.hands[seat]
            # A held coloured card is legal if it leads, follows, or its seat holds none of the
            # led colour (AF7); a joker or anything else goes to _check_play, which explains a
            # refusal.
            if card == JOKER or card not in hand or (0 <= led != card >> 4 and holds(hand, led)):
                self._check_play(state, seat, card)
            return self._play(state, seat, card)
        self.check(state, seat, action)
        return self.perform(state, seat, action)

    def check(self, state: FaehrteState, seat: Seat, action: Action) -> None:
        phase = state.phase
        if phase == "over":
            raise NotYourTurn("This game is over.")
        if not 0 <= seat < len(state.hands):
            raise NotYourTurn("You are not seated at this table.")
        if type(action) is Play:
            if phase != "play":
                raise _out_of_phase(state, seat)
            if seat != state.turn:
                raise NotYourTurn("It is not your turn.")
            self._check_play(state, seat, action.card)
        elif type(action) is FaceDown:
            self._check_face_down(state, seat, action.card)
        elif phase != "trump":
            raise IllegalAction(
                "You can only switch trump when you are offered the choice: with a joker, "
                "or as the player doing worst with four cards left."
                if state.options.jokers
                else "You can only switch trump when you are offered the choice: as the "
                "player doing worst with four cards left."
            )
        elif seat != state.choosers[0]:
            raise NotYourTurn("It is not your turn: another player may switch trump first.")
        elif type(action) is SwitchTrump and action.colour == state.trump:
            raise IllegalAction(
                f"{state.trump.label} is trump already: pick another colour, or keep it."
            )

    @staticmethod
    def _check_play(state: FaehrteState, seat: Seat, card: Card) -> None:
        hand = state.hands[seat]
        if card not in hand:
            raise IllegalAction(f"You do not hold {_name(card)}.")
        if card == JOKER:
            if JOKER in state.trick and hand[0] != JOKER:
                raise IllegalAction(
                    "This trick already has a joker: play a coloured card "
                    "(a second joker is only allowed when you hold nothing else)."
                )
            return
        led = state.led
        if led >= 0 and card >> 4 != led and holds(hand, led):  # AF7
            colour = COLOURS[led].label.lower()
            raise IllegalAction(f"Follow {colour}: you have {colour} in your hand.")

    @staticmethod
    def _check_face_down(state: FaehrteState, seat: Seat, card: Card) -> None:
        if state.phase != "face_down":
            raise IllegalAction("The face-down cards for this round are already down.")
        if state.chosen[seat] is not None:
            raise NotYourTurn("You have already put your card face down.")
        if card == JOKER:
            raise IllegalAction("A joker cannot go face down: choose a coloured card.")
        if card not in state.hands[seat]:
            raise IllegalAction(f"You do not hold {_name(card)}.")

    # -- doing it --------------------------------------------------------------------------------

    def perform(self, state: FaehrteState, seat: Seat, action: Action) -> list[Event]:
        if type(action) is Play:
            return self._play(state, seat, action.card)
        if type(action) is FaceDown:
            return self._face_down(state, seat, action.card)
        if type(action) is SwitchTrump:
            return self._decide_trump(state, seat, action.colour)
        return self._decide_trump(state, seat, None)

    def _face_down(self, state: FaehrteState, seat: Seat, card: Card) -> list[Event]:
        state.hands[seat].remove(card)
        state.chosen[seat] = card
        events: list[Event] = [_CHOSEN[seat][card], _READY[seat]]
        if None in state.chosen:
            return events
        # AF4: shuffled, and from now on not even the state knows whose card is whose.
        pile: list[Card] = [card for card in state.chosen if card is not None]
        state.chance.shuffle(pile)
        state.pile = pile
        state.chosen = [None] * len(state.hands)
        state.phase = "play"
        state.turn = state.leader
        events.append(_SHUFFLED[len(pile)])
        return events

    def _play(self, state: FaehrteState, seat: Seat, card: Card) -> list[Event]:
        hands = state.hands
        hands[seat].remove(card)
        if card == JOKER:
            state.jokers_played += 1
            if state.jokers_played <= JOKER_SWITCHES:  # AF11
                state.choosers.append(seat)
        else:
            led = state.led
            if led < 0:
                state.led = card >> 4  # the first colour card sets the colour, even after a joker
            elif card >> 4 != led:
                state.voids[seat] |= 1 << led  # it could not follow (AF7)
        trick = state.trick
        trick.append(card)
        if len(trick) < len(hands):
            state.turn = (seat + 1) % len(hands)
            return [_PLAYED[seat][card]]
        return self._end_trick(state, [_PLAYED[seat][card]])

    def _end_trick(self, state: FaehrteState, events: list[Event]) -> list[Event]:
        trick, leader = state.trick, state.leader
        seats = len(trick)
        number = len(state.discards) // seats + 1
        best = trick_winner(trick, state.led, state.trump)
        winner = None if best < 0 else (leader + best) % seats
        taken = _trick_taken(number, leader, tuple(trick), winner)
        state.discards.extend(trick)
        state.trick, state.led, state.last_trick = [], -1, taken
        events.append(taken)
        if winner is not None:
            state.tricks[winner] += 1
            state.leader = winner
        if number <= LAST_REVEAL and len(state.revealed) < turned_after(number, seats):  # AF4
            events.append(self._turn_face_down(state))
        left = len(state.hands[0])  # the cards every seat still holds
        if not left and state.choosers and state.round == state.rounds:
            state.choosers.clear()  # a switch after the game's last trick changes nothing
        elif left == SWITCH_CARDS_LEFT and not state.options.jokers:
            kind = self._round_type(state)
            assert kind is not None, "the round type is known after trick 5"
            worst = worst_seats(state.tricks, kind)
            if len(worst) == 1:
                state.choosers.append(worst[0])
            else:
                events.append(TrumpSwitchSkipped(seats=worst))  # AF8: a tie means nobody
        if state.choosers:
            reason: TrumpReason = "joker" if state.options.jokers else "worst"
            state.phase, state.chooser_reason = "trump", reason
            events.append(_CHOICE[reason][state.choosers[0]])
            return events
        if left:  # the usual end of a trick, _next_trick() without the call: the phase is
            # still "play" and no trump choice was pending
            state.turn = state.leader
            return events
        return self._next_trick(state, events)

    def _turn_face_down(self, state: FaehrteState) -> FaceDownTurned:
        card = state.pile.pop()
        state.revealed.append(card)
        total = sum(map(value_of, state.revealed))
        return _face_down_turned(card, total, len(state.pile), self._round_type(state))

    @staticmethod
    def _round_type(state: FaehrteState) -> RoundType | None:
        """Plus or Minus, once the last face-down card is turned (AF5)."""
        seats = len(state.hands)  # not state.seats: a property call costs more than len
        if state.pile or len(state.revealed) < seats:
            return None
        return round_type(sum(map(value_of, state.revealed)), seats)

    def _decide_trump(self, state: FaehrteState, seat: Seat, colour: Colour | None) -> list[Event]:
        state.choosers.pop(0)
        events: list[Event] = []
        if colour is None:
            events.append(_KEPT[seat][state.trump])
        else:
            state.trump = colour
            events.append(_SWITCHED[seat][colour])
        if state.choosers:  # AF11: the second joker of the trick decides after the first
            assert state.chooser_reason is not None
            events.append(_CHOICE[state.chooser_reason][state.choosers[0]])
            return events
        return self._next_trick(state, events)

    def _next_trick(self, state: FaehrteState, events: list[Event]) -> list[Event]:
        state.chooser_reason = None
        if state.hands[0]:
            state.phase = "play"
            state.turn = state.leader
            return events
        return self._end_round(state, events)

    def _end_round(self, state: FaehrteState, events: list[Event]) -> list[Event]:
        kind = self._round_type(state)
        assert kind is not None, "every face-down card is turned by trick 5"
        points = round_points(state.tricks, kind)
        state.scores = list(map(operator.add, state.scores, points))
        scored = _round_scored(
            state.round,
            state.rounds,
            kind,
            tuple(state.revealed),
            sum(map(value_of, state.revealed)),
            tuple(state.tricks),
            points,
            tuple(state.scores),
        )
        state.history.append(scored)
        events.append(scored)
        if state.round == state.rounds:  # AF10
            state.phase = "over"
            return events
        state.round += 1
        state.dealer = (state.dealer + 1) % state.seats  # AF3: this round's start player deals
        events.append(self._deal(state))
        return events

    def outcome(self, state: FaehrteState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(places_from_scores(state.scores), tuple(state.scores))  # AF10

    # -- knowing ---------------------------------------------------------------------------------

    def view(self, state: FaehrteState, seat: Seat | None) -> FaehrteView:
        phase = state.phase
        choosing = phase == "face_down"
        return FaehrteView(
            viewer=seat,
            phase=phase,
            round=state.round,
            rounds=state.rounds,
            jokers=state.options.jokers,
            dealer=state.dealer,
            trump=state.trump,
            hand=None if seat is None else tuple(state.hands[seat]),
            hand_sizes=tuple(len(hand) for hand in state.hands),
            chosen=state.chosen[seat] if seat is not None and choosing else None,
            ready=tuple(card is not None for card in state.chosen)
            if choosing
            else (True,) * state.seats,
            set_aside=state.set_aside,
            threshold=threshold(state.seats),
            hidden_face_down=len(state.pile),
            revealed=tuple(state.revealed),
            round_type=self._round_type(state),
            tricks=tuple(state.tricks),
            trick_number=state.tricks_done + 1,
            tricks_per_round=hand_size(state.options.jokers) - 1,
            leader=state.leader,
            trick=tuple(state.trick),
            turn=state.turn if phase == "play" else None,
            choosing_trump=state.choosers[0] if phase == "trump" else None,
            trump_reason=state.chooser_reason if phase == "trump" else None,
            jokers_played=state.jokers_played,
            last_trick=state.last_trick,
            scores=tuple(state.scores),
            history=tuple(state.history),
        )

    def redeal(
        self, state: FaehrteState, observer: Seat | None, rng: random.Random
    ) -> FaehrteState:
        """Deal every card ``observer`` cannot see afresh: other hands, other seats' face-down
        picks and the unturned face-down pile (unknown to everyone once shuffled).

        Hand sizes stay, a seat that failed to follow a colour gets none of it,
        and no joker lands face down. The set-aside card is public. The deal
        uses only what ``observer`` knows, and the copy's future luck (the next
        rounds' deals) is reseeded from ``rng``.
        """
        copy = self.clone(state)
        others = [seat for seat in range(state.seats) if seat != observer]
        places: list[list[Card]] = [state.hands[seat] for seat in others]
        refuses = [state.voids[seat] for seat in others]
        picked = [seat for seat in others if state.chosen[seat] is not None]
        for seat in picked:
            places.append([state.chosen[seat]])  # type: ignore[list-item]
            refuses.append(NO_JOKERS)
        places.append(state.pile)
        refuses.append(NO_JOKERS)
        dealt = resample(places, refuses, rng)
        for seat, cards in zip(others, dealt, strict=False):
            copy.hands[seat] = sorted(cards)
        for seat, cards in zip(picked, dealt[len(others) :], strict=False):
            copy.chosen[seat] = cards[0]
        copy.pile = dealt[-1]
        rng.shuffle(copy.pile)
        copy.chance = Chance(rng.getrandbits(62))  # future deals are hidden too
        return copy

    def clone(self, state: FaehrteState) -> FaehrteState:
        return FaehrteState(
            options=state.options,
            chance=Chance(state.chance.seed, state.chance.draws),
            round=state.round,
            dealer=state.dealer,
            hands=[hand[:] for hand in state.hands],
            set_aside=state.set_aside,
            phase=state.phase,
            chosen=state.chosen[:],
            pile=state.pile[:],
            revealed=state.revealed[:],
            trump=state.trump,
            leader=state.leader,
            turn=state.turn,
            trick=state.trick[:],
            led=state.led,
            discards=state.discards[:],
            tricks=state.tricks[:],
            jokers_played=state.jokers_played,
            choosers=state.choosers[:],
            chooser_reason=state.chooser_reason,
            voids=state.voids[:],
            scores=state.scores[:],
            history=state.history[:],
            last_trick=state.last_trick,
        )

    def check_state(self, state: FaehrteState) -> None:
        check_state(state)

    # -- telling ---------------------------------------------------------------------------------

    def narrate(self, event: Event, names: Sequence[str]) -> str:
        return text.narrate(event, names)

    def describe(self, view: FaehrteView, names: Sequence[str]) -> str:
        return text.describe(view, names)


def _out_of_phase(state: FaehrteState, seat: Seat) -> IllegalAction | NotYourTurn:
    if state.phase == "face_down":
        if state.chosen[seat] is not None:
            return NotYourTurn("Wait until everyone has put a card face down.")
        return IllegalAction("First put one card face down for this round.")
    return NotYourTurn("Wait: trump may be switched before the next card is played.")
