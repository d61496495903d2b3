"""Auf falscher Fährte: the rules (rulebook seeds/002, rulings AF1-AF11).

The trick-taking loop is the hot path of every random playout, so it works on
int cards (:mod:`games.falsche_faehrte.cards`), sorted hands (the cards of one
colour are a slice found by bisection), and action objects made once at import
time. Deals and the face-down pile draw their luck with
:meth:`Chance.shuffle <games.core.chance.Chance.shuffle>` and :meth:`Chance.below
<games.core.chance.Chance.below>`: seeding a generator for each would cost more than the
rest of dealing a round.
"""

from __future__ import annotations

import operator
import random
from bisect import bisect_left
from collections.abc import Sequence

from games.core.chance import Chance
from games.core.errors import IllegalAction, NotYourTurn
from games.core.game import Event, Game, News, Outcome, Seat, places_from_scores
from games.core.wording import N_, Later, tr
from games.falsche_faehrte import text
from games.falsche_faehrte.cards import (
    COLOURS,
    JOKER,
    Card,
    Colour,
    card_text,
    colour_title,
    colour_word,
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
_ALONE: tuple[tuple[Seat], ...] = tuple((seat,) for seat in range(MAX_SEATS))


def _name(card: Card) -> str:
    try:
        return card_text(card)
    except KeyError:
        return tr("that card")


class FalscheFaehrteGame(Game[FaehrteState, Action, FaehrteView, Options]):
    key = "falsche_faehrte"
    title = "Auf falscher Fährte"
    summary = N_("Trick-taking where a hidden pile decides whether most or fewest tricks win.")
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
        self._deal(state, None)
        return state

    def _deal(self, state: FaehrteState, news: News) -> None:
        """Shuffle and deal a round (AF1, AF2); the seat left of the dealer leads (AF3)."""
        seats = len(state.hands)
        cards = deck(seats, state.options.jokers)
        state.chance.shuffle(cards)
        size = hand_size(state.options.jokers)
        state.hands = [sorted(cards[seat * size : (seat + 1) * size]) for seat in range(seats)]
        state.set_aside = cards[seats * size] if len(cards) > seats * size else None
        state.phase = "face_down"
        state.chosen = [None] * seats
        state.given = [None] * seats
        state.pile, state.revealed = [], []
        state.leader = state.turn = (state.dealer + 1) % seats
        state.trick, state.led, state.discards = [], -1, []
        state.tricks, state.voids = [0] * seats, [0] * seats
        state.jokers_played, state.choosers, state.chooser_reason = 0, [], None
        state.last_trick = None
        if news is not None:
            news.append(
                RoundDealt(
                    round=state.round,
                    dealer=state.dealer,
                    leader=state.leader,
                    trump=state.trump,
                    set_aside=state.set_aside,
                )
            )

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

    def check(self, state: FaehrteState, seat: Seat, action: Action) -> None:
        phase = state.phase
        if phase == "over":
            raise NotYourTurn(N_("This game is over."))
        if not 0 <= seat < len(state.hands):
            raise NotYourTurn(N_("You are not seated at this table."))
        if type(action) is Play:
            if phase != "play":
                raise _out_of_phase(state, seat)
            if seat != state.turn:
                raise NotYourTurn(N_("It is not your turn."))
            self._check_play(state, seat, action.card)
        elif type(action) is FaceDown:
            self._check_face_down(state, seat, action.card)
        elif phase != "trump":
            raise IllegalAction(
                N_(
                    "You can only switch trump when you are offered the choice: with a joker, "
                    "or as the player doing worst with four cards left."
                )
                if state.options.jokers
                else N_(
                    "You can only switch trump when you are offered the choice: as the "
                    "player doing worst with four cards left."
                )
            )
        elif seat != state.choosers[0]:
            raise NotYourTurn(N_("It is not your turn: another player may switch trump first."))
        elif type(action) is SwitchTrump and action.colour == state.trump:
            raise IllegalAction(
                N_("{colour} is trump already: pick another colour, or keep it."),
                colour=Later(colour_title, state.trump),
            )

    @staticmethod
    def _check_play(state: FaehrteState, seat: Seat, card: Card) -> None:
        hand = state.hands[seat]
        if card not in hand:
            raise IllegalAction(N_("You do not hold {card}."), card=Later(_name, card))
        if card == JOKER:
            if JOKER in state.trick and hand[0] != JOKER:
                raise IllegalAction(
                    N_(
                        "This trick already has a joker: play a coloured card "
                        "(a second joker is only allowed when you hold nothing else)."
                    )
                )
            return
        led = state.led
        if led >= 0 and card >> 4 != led and holds(hand, led):  # AF7
            colour = Later(colour_word, COLOURS[led])
            raise IllegalAction(
                N_("Follow {colour}: you have {colour} in your hand."), colour=colour
            )

    @staticmethod
    def _check_face_down(state: FaehrteState, seat: Seat, card: Card) -> None:
        if state.phase != "face_down":
            raise IllegalAction(N_("The face-down cards for this round are already down."))
        if state.chosen[seat] is not None:
            raise NotYourTurn(N_("You have already put your card face down."))
        if card == JOKER:
            raise IllegalAction(N_("A joker cannot go face down: choose a coloured card."))
        if card not in state.hands[seat]:
            raise IllegalAction(N_("You do not hold {card}."), card=Later(_name, card))

    # -- doing it --------------------------------------------------------------------------------

    def perform(self, state: FaehrteState, seat: Seat, action: Action, news: News) -> None:
        if type(action) is Play:
            self._play(state, seat, action.card, news)
        elif type(action) is FaceDown:
            self._face_down(state, seat, action.card, news)
        elif type(action) is SwitchTrump:
            self._decide_trump(state, seat, action.colour, news)
        else:
            self._decide_trump(state, seat, None, news)

    def _face_down(self, state: FaehrteState, seat: Seat, card: Card, news: News) -> None:
        state.hands[seat].remove(card)
        state.chosen[seat] = card
        if state.given:  # a state saved before the cards given were kept has none this round
            state.given[seat] = card
        if news is not None:
            news += [FaceDownChosen(audience=seat, seat=seat, card=card), FaceDownReady(seat=seat)]
        if None in state.chosen:
            return
        # AF4: shuffled, and from now on not even the state knows whose card is whose.
        pile: list[Card] = [card for card in state.chosen if card is not None]
        state.chance.shuffle(pile)
        state.pile = pile
        state.chosen = [None] * len(state.hands)
        state.phase = "play"
        state.turn = state.leader
        if news is not None:
            news.append(PileShuffled(cards=len(pile)))

    def _play(self, state: FaehrteState, seat: Seat, card: Card, news: News) -> None:
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
        if news is not None:
            news.append(CardPlayed(seat=seat, card=card))
        trick = state.trick
        trick.append(card)
        if len(trick) < len(hands):
            state.turn = (seat + 1) % len(hands)
            return
        self._end_trick(state, news)

    def _end_trick(self, state: FaehrteState, news: News) -> None:
        trick, leader = state.trick, state.leader
        seats = len(trick)
        number = len(state.discards) // seats + 1
        best = trick_winner(trick, state.led, state.trump)
        winner = None if best < 0 else (leader + best) % seats
        taken = TrickTaken(number=number, leader=leader, cards=tuple(trick), winner=winner)
        state.discards.extend(trick)
        state.trick, state.led, state.last_trick = [], -1, taken  # the table shows the last trick
        if news is not None:
            news.append(taken)
        if winner is not None:
            state.tricks[winner] += 1
            state.leader = winner
        if number <= LAST_REVEAL and len(state.revealed) < turned_after(number, seats):  # AF4
            self._turn_face_down(state, news)
        left = len(state.hands[0])  # the cards every seat still holds
        if not left and state.choosers and state.round == state.rounds:
            state.choosers.clear()  # a switch after the game's last trick changes nothing
        elif left == SWITCH_CARDS_LEFT and not state.options.jokers:
            kind = self._round_type(state)
            assert kind is not None, "the round type is known after trick 5"
            worst = worst_seats(state.tricks, kind)
            if len(worst) == 1:
                state.choosers.append(worst[0])
            elif news is not None:
                news.append(TrumpSwitchSkipped(seats=worst))  # AF8: a tie means nobody
        if state.choosers:
            reason: TrumpReason = "joker" if state.options.jokers else "worst"
            state.phase, state.chooser_reason = "trump", reason
            if news is not None:
                news.append(TrumpChoice(seat=state.choosers[0], reason=reason))
            return
        self._next_trick(state, news)

    def _turn_face_down(self, state: FaehrteState, news: News) -> None:
        card = state.pile.pop()
        state.revealed.append(card)
        if news is not None:
            total = sum(map(value_of, state.revealed))
            kind = self._round_type(state)
            news.append(
                FaceDownTurned(card=card, total=total, left=len(state.pile), round_type=kind)
            )

    @staticmethod
    def _round_type(state: FaehrteState) -> RoundType | None:
        """Plus or Minus, once the last face-down card is turned (AF5)."""
        seats = len(state.hands)
        if state.pile or len(state.revealed) < seats:
            return None
        return round_type(sum(map(value_of, state.revealed)), seats)

    def _decide_trump(
        self, state: FaehrteState, seat: Seat, colour: Colour | None, news: News
    ) -> None:
        state.choosers.pop(0)
        if colour is None:
            if news is not None:
                news.append(TrumpKept(seat=seat, colour=state.trump))
        else:
            state.trump = colour
            if news is not None:
                news.append(TrumpSwitched(seat=seat, colour=colour))
        if state.choosers:  # AF11: the second joker of the trick decides after the first
            assert state.chooser_reason is not None
            if news is not None:
                news.append(TrumpChoice(seat=state.choosers[0], reason=state.chooser_reason))
            return
        self._next_trick(state, news)

    def _next_trick(self, state: FaehrteState, news: News) -> None:
        state.chooser_reason = None
        if state.hands[0]:
            state.phase = "play"
            state.turn = state.leader
            return
        self._end_round(state, news)

    def _end_round(self, state: FaehrteState, news: News) -> None:
        kind = self._round_type(state)
        assert kind is not None, "every face-down card is turned by trick 5"
        points = round_points(state.tricks, kind)
        state.scores = list(map(operator.add, state.scores, points))
        scored = RoundScored(
            round=state.round,
            rounds=state.rounds,
            round_type=kind,
            face_down=tuple(state.revealed),
            total=sum(map(value_of, state.revealed)),
            tricks=tuple(state.tricks),
            points=points,
            scores=tuple(state.scores),
        )
        state.history.append(scored)  # the table keeps every round's score
        if news is not None:
            news.append(scored)
        if state.round == state.rounds:  # AF10
            state.phase = "over"
            return
        state.round += 1
        state.dealer = (state.dealer + 1) % state.seats  # AF3: this round's start player deals
        self._deal(state, news)

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
            given=state.given[seat] if seat is not None and state.given and not choosing else None,
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
        and no joker lands face down. The set-aside card is public, and the
        observer's own face-down card stays in the pile until it is turned (it
        remembers what it gave, AF4); which of the other face-down cards each
        other seat gave is drawn afresh too. The deal uses only what
        ``observer`` knows, and the copy's future luck (the next rounds' deals)
        is reseeded from ``rng``.
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
        own = state.own_face_down(observer)
        if own is not None:
            # The pool without the observer's card, and one place less in the pile for the
            # rest: ``resample`` reads only the pooled cards and the sizes, never where the
            # cards were, so the split below need not follow the real one.
            pool = [card for place in places for card in place]
            pool.remove(own)
            sizes = [len(place) for place in places]
            sizes[-1] -= 1
            places = []
            for size in sizes:
                places.append(pool[:size])
                del pool[:size]
        dealt = resample(places, refuses, rng)
        for seat, cards in zip(others, dealt, strict=False):
            copy.hands[seat] = sorted(cards)
        for seat, cards in zip(picked, dealt[len(others) :], strict=False):
            copy.chosen[seat] = cards[0]
        copy.pile = dealt[-1] + ([] if own is None else [own])
        rng.shuffle(copy.pile)
        if copy.given and state.phase != "face_down":
            # Which of the others' face-down cards each of them gave: any order.
            mine = None if observer is None else state.given[observer]
            theirs = [card for card in (*copy.pile, *copy.revealed) if card != mine]
            rng.shuffle(theirs)
            for seat, card in zip(others, theirs, strict=True):
                copy.given[seat] = card
        elif copy.given:
            for seat in picked:
                copy.given[seat] = copy.chosen[seat]
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
            given=state.given[:],
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
            return NotYourTurn(N_("Wait until everyone has put a card face down."))
        return IllegalAction(N_("First put one card face down for this round."))
    return NotYourTurn(N_("Wait: trump may be switched before the next card is played."))
