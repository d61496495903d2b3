"""The Short Word Game: the rules (rulebook seeds/004, rulings SW1-SW9).

Eight hands; each turn a seat draws, then discards or goes out by laying all
its cards but one as words. Once a seat goes out, every other seat has one last
turn to lay what words it can; cards in no word count against their holder.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence, Sized
from functools import lru_cache

from games.core.chance import Chance, fresh_seed
from games.core.errors import CorruptState, IllegalAction, NotYourTurn
from games.core.game import Event, Game, News, Outcome, Seat, places_from_scores
from games.core.wording import N_, Later
from games.short_word import text
from games.short_word.cards import Card, full_deck, points, sort_cards
from games.short_word.finder import going_out_words, split_into_words
from games.short_word.lexicon import (
    DICTIONARIES,
    Lexicon,
    Lexicons,
    WordSource,
    dictionary_title,
    is_word_shape,
    packaged_words,
)
from games.short_word.model import (
    Action,
    Answered,
    Challenge,
    ChallengeOpened,
    ChallengeResult,
    ChallengesResolved,
    ChallengeWindow,
    Discard,
    Discarded,
    Draw,
    Drew,
    DrewCard,
    GameOver,
    HandDealt,
    HandResult,
    HandScored,
    Laid,
    Lay,
    LetStand,
    Options,
    SeatResult,
    ShortWordState,
    ShortWordView,
    StockRefilled,
    TurnStarted,
    WordAnswer,
    WordOptions,
    YourCards,
    YourLayout,
)
from games.short_word.spelling import Layout, Meld, lay_out

__all__ = ["BONUS", "ShortWordGame", "cards_dealt", "plan"]

BONUS = 10
"""Each of the two bonuses (SW6)."""

_DRAWS = (Draw("stock"), Draw("discard"))
_SORTED_DECK = sorted(full_deck())
_STAND = LetStand()


def cards_dealt(hand: int) -> int:
    """Hand 1 deals 3 cards, each later hand one more (SW2)."""
    return hand + 2


@lru_cache(maxsize=512)
def plan(
    hand: tuple[Card, ...], words: tuple[str, ...], discard: Card | None, going_out: bool
) -> Layout | IllegalAction:
    """The best layout of typed words (SW5), or why there is none.

    Cached, so checking a move and then making it works the words out once.
    """
    try:
        return lay_out(hand, words, discard=discard, going_out=going_out)
    except IllegalAction as error:
        return error


class ShortWordGame(Game[ShortWordState, Action, ShortWordView, Options]):
    """The multi-hand game for 1 to 8 seats.

    ``words`` gives each dictionary's word list: the packaged lists by default;
    tests pass a function returning a handful of words.
    """

    key = "short_word"
    title = "The Short Word Game"
    summary = N_("Make words from letter cards; go out first, and lay long words for big points.")
    min_seats = 1
    max_seats = 8
    options_type = Options
    state_type = ShortWordState
    action_type = Action

    def __init__(self, words: WordSource = packaged_words) -> None:
        super().__init__()
        self.lexicons = Lexicons(words)

    def prepare(self) -> None:
        """Read every dictionary and build its word-finding index (seconds, done once)."""
        for dictionary in DICTIONARIES:
            self.lexicons.get(dictionary, (), ()).card_groups()

    def lexicon(self, options: WordOptions) -> Lexicon:
        """The words this table accepts: its dictionary and the house list it was opened with."""
        return self.lexicons.get(options.dictionary, options.house_add, options.house_remove)

    # -- setting up ------------------------------------------------------------------------------

    def setup(self, seats: int, seed: int, options: Options) -> ShortWordState:
        chance = Chance(seed)
        dealer = chance.next().randrange(seats)  # SW2: the first dealer is random
        state = ShortWordState(
            options=options,
            chance=chance,
            hand=1,
            dealer=dealer,
            hands=[[] for _ in range(seats)],
            stock=[],
            discards=[],
            turn=dealer,
            scores=[0] * seats,
        )
        self._deal(state, None)
        return state

    def _deal(self, state: ShortWordState, news: News) -> None:
        """Shuffle the whole deck and deal the current hand (SW2)."""
        deck = full_deck()
        state.chance.next().shuffle(deck)
        size = cards_dealt(state.hand)
        seats = state.seats
        first = (state.dealer + 1) % seats
        order = [(first + n) % seats for n in range(seats)]
        dealt: list[list[Card]] = [[] for _ in range(seats)]
        for _ in range(size):
            for seat in order:
                dealt[seat].append(deck.pop())
        state.hands = [sort_cards(cards) for cards in dealt]
        state.discards = [deck.pop()]
        state.stock = sort_cards(deck)
        state.turn = first
        state.step = "draw"
        state.known = [[] for _ in range(seats)]
        state.went_out = None
        state.last_turns = []
        state.laid = [None] * seats
        state.struck = [[] for _ in range(seats)]
        state.penalties = [0] * seats
        state.window = None
        if news is None:
            return
        news.append(
            HandDealt(
                hand=state.hand,
                of=state.options.hands,
                cards=size,
                dealer=state.dealer,
                first=first,
                top_discard=state.discards[-1],
            )
        )
        news += [
            YourCards(audience=seat, cards=tuple(cards)) for seat, cards in enumerate(state.hands)
        ]
        news.append(TurnStarted(seat=first, last=False))

    def seat_count(self, state: ShortWordState) -> int:
        return state.seats

    # -- who may do what -------------------------------------------------------------------------

    def to_act(self, state: ShortWordState) -> tuple[Seat, ...]:
        if state.step == "over":
            return ()
        if state.window is not None:
            return tuple(state.window.waiting)
        return (state.turn,)

    def legal_actions(self, state: ShortWordState, seat: Seat) -> list[Action]:
        """Every draw, discard and challenge answer, and a sample of word actions.

        The sample of :class:`Lay` actions is, for each card the seat could
        discard, one way found to lay all its other cards as dictionary words
        (:func:`games.short_word.finder.going_out_words`). On a last turn fewer
        words may be laid too; :meth:`check` judges any typed words.
        """
        if seat not in self.to_act(state):
            return []
        if state.window is not None:
            laid = state.laid[state.window.layer] or []
            return [_STAND, *(Challenge(index) for index in range(len(laid)))]
        if state.step == "draw":
            return [draw for draw in _DRAWS if self._can_draw(state, draw)]
        hand = state.hands[seat]
        actions: list[Action] = [Discard(card) for card in dict.fromkeys(hand)]
        found = going_out_words(tuple(hand), self.lexicon(state.options))
        actions += [Lay(words, discard) for discard, words in found.items()]
        return actions

    def random_action(self, state: ShortWordState, seat: Seat, rng: random.Random) -> Action:
        """Random play with a little sense, for simulations, the turn clock and computer seats.

        After drawing, half the time keep a random card to discard and lay the
        others as words if they make words (going out, or laying out on a last
        turn), and otherwise discard a random card: one split to search, not one
        per card. In a challenge window, challenge a word only if it is not in
        the dictionary (which everyone may consult), else let the words stand.
        """
        if state.window is not None:
            laid = state.laid[state.window.layer] or []
            lexicon = self.lexicon(state.options)
            wrong = [index for index, meld in enumerate(laid) if meld.word not in lexicon]
            return Challenge(rng.choice(wrong)) if wrong else _STAND
        if state.step != "discard":
            return rng.choice(self.legal_actions(state, seat))
        hand = state.hands[seat]
        index = rng.randrange(len(hand))
        if rng.random() < 0.5:
            rest = (*hand[:index], *hand[index + 1 :])
            words = split_into_words(rest, self.lexicon(state.options))
            if words is not None:
                return Lay(words, hand[index])
        return Discard(hand[index])

    @staticmethod
    def _can_draw(state: ShortWordState, draw: Draw) -> bool:
        if draw.source == "discard":
            return bool(state.discards)
        return len(state.stock) + len(state.discards) > 1  # SW8: the stock can be refilled

    def check(self, state: ShortWordState, seat: Seat, action: Action) -> None:
        if state.step == "over":
            raise NotYourTurn(N_("This game is over."))
        if not 0 <= seat < state.seats:
            raise NotYourTurn(N_("You are not seated at this table."))
        if state.window is not None:
            self._check_answer(state, seat, action)
            return
        if seat != state.turn:
            raise NotYourTurn(N_("It is not your turn."))
        match action:
            case Draw():
                if state.step != "draw":
                    raise IllegalAction(
                        N_("You have already drawn this turn: discard or lay words.")
                    )
                if not self._can_draw(state, action):
                    raise IllegalAction(
                        N_("The discard pile is empty.")
                        if action.source == "discard"
                        else N_("The stock is empty and there are no discards to refill it.")
                    )
            case Discard(card=card):
                self._check_drawn(state)
                if card not in state.hands[seat]:
                    raise IllegalAction(N_("You have no {card} card."), card=card)
            case Lay():
                self._check_drawn(state)
                self._layout(state, seat, action)
            case Challenge() | LetStand():
                raise IllegalAction(N_("There are no words to challenge right now."))

    @staticmethod
    def _check_drawn(state: ShortWordState) -> None:
        if state.step == "draw":
            raise IllegalAction(
                N_("Start your turn by drawing: the top card of the stock or the top discard.")
            )

    def _check_answer(self, state: ShortWordState, seat: Seat, action: Action) -> None:
        window = state.window
        assert window is not None
        if seat not in window.waiting:
            if seat == window.layer:
                raise NotYourTurn(
                    N_("The other players are deciding whether to challenge your words.")
                )
            raise NotYourTurn(N_("You have already answered; waiting for the others."))
        match action:
            case LetStand():
                pass
            case Challenge(word=index):
                laid = state.laid[window.layer] or []
                if not 0 <= index < len(laid):
                    raise IllegalAction(
                        N_("Pick one of the {count} words just laid."), count=len(laid)
                    )
            case _:
                raise IllegalAction(
                    N_("Words were just laid: challenge one of them or let them stand first.")
                )

    def _layout(self, state: ShortWordState, seat: Seat, action: Lay) -> Layout:
        """Check typed words (SW5, SW7) and return how they are laid out."""
        for word in action.words:
            if not is_word_shape(word):
                raise IllegalAction(
                    N_("{typed} is not a word: type words with the letters a to z only."),
                    typed=repr(word[:30]),
                )
        going_out = state.went_out is None
        found = plan(tuple(state.hands[seat]), action.words, action.discard, going_out)
        if isinstance(found, IllegalAction):
            raise IllegalAction(found.reason, **found.fields)  # a fresh one: plan() keeps its own
        if state.options.validation == "dictionary":
            lexicon = self.lexicon(state.options)
            for meld in found.melds:
                if meld.word not in lexicon:
                    raise IllegalAction(
                        N_("{word} is not in {dictionary}."),
                        word=meld.word.upper(),
                        dictionary=Later(dictionary_title, state.options.dictionary),
                    )
        return found

    # -- doing it --------------------------------------------------------------------------------

    def perform(self, state: ShortWordState, seat: Seat, action: Action, news: News) -> None:
        match action:
            case Draw(source=source):
                self._draw(state, seat, source, news)
            case Discard(card=card):
                self._discard(state, seat, card, news)
            case Lay():
                self._lay(state, seat, self._layout(state, seat, action), news)
            case Challenge(word=index):
                self._answer(state, seat, index, news)
            case LetStand():
                self._answer(state, seat, None, news)

    def _draw(self, state: ShortWordState, seat: Seat, source: str, news: News) -> None:
        hand = state.hands[seat]
        if source == "discard":
            card = state.discards.pop()
            state.known[seat].append(card)
            if news is not None:
                news.append(Drew(seat=seat, source="discard", card=card))
        else:
            if not state.stock:
                self._refill(state, news)
            card = state.stock.pop(state.chance.next().randrange(len(state.stock)))
            if news is not None:
                news += [
                    Drew(seat=seat, source="stock", card=None),
                    DrewCard(audience=seat, card=card),
                ]
        hand.append(card)
        state.hands[seat] = sort_cards(hand)
        state.step = "discard"

    @staticmethod
    def _refill(state: ShortWordState, news: News) -> None:
        """SW8: every discard but the top one becomes the stock (shuffled, as draws are random)."""
        state.stock = sort_cards(state.discards[:-1])
        state.discards = state.discards[-1:]
        if news is not None:
            news.append(StockRefilled(cards=len(state.stock)))

    def _discard(self, state: ShortWordState, seat: Seat, card: Card, news: News) -> None:
        last_turn = state.went_out is not None
        self._give_up_cards(state, seat, [card])
        state.discards.append(card)
        if news is not None:
            news.append(Discarded(seat=seat, card=card, last_turn=last_turn))
        if last_turn:
            state.laid[seat] = []  # SW4: no words this time; the hand counts against the seat
        self._after_turn(state, news)

    def _lay(self, state: ShortWordState, seat: Seat, layout: Layout, news: News) -> None:
        going_out = state.went_out is None
        used = [card for meld in layout.melds for card in meld.cards]
        self._give_up_cards(state, seat, [*used, layout.discard])
        state.discards.append(layout.discard)
        state.laid[seat] = list(layout.melds)
        if news is not None:
            news += [
                Laid(seat=seat, words=layout.melds, discard=layout.discard, went_out=going_out),
                YourLayout(
                    audience=seat,
                    words=layout.melds,
                    discard=layout.discard,
                    left=layout.left,
                    score=layout.score,
                ),
            ]
        if going_out:
            state.went_out = seat
            state.last_turns = [(seat + n) % state.seats for n in range(1, state.seats)]
        others = [other for other in range(state.seats) if other != seat]
        if state.options.validation == "challenge" and layout.melds and others:
            state.window = ChallengeWindow(layer=seat, waiting=others, picks=[None] * state.seats)
            if news is not None:
                news.append(ChallengeOpened(layer=seat, waiting=tuple(others)))
            return
        self._after_turn(state, news)

    @staticmethod
    def _give_up_cards(state: ShortWordState, seat: Seat, cards: list[Card]) -> None:
        hand = state.hands[seat]
        for card in cards:
            hand.remove(card)
        if not state.known[seat]:
            return  # the table knows none of the seat's cards: nothing to forget
        # The table saw these cards go, not which copy: a card it saw taken is no longer
        # known to be held once one like it is given up, whether or not the seat had
        # another behind its screen. Going by the hand would tell the table that it had.
        gone = Counter(cards)
        known: list[Card] = []
        for card in state.known[seat]:
            if gone[card]:
                gone[card] -= 1
            else:
                known.append(card)
        state.known[seat] = known

    def _answer(self, state: ShortWordState, seat: Seat, index: int | None, news: News) -> None:
        window = state.window
        assert window is not None
        window.picks[seat] = index
        window.waiting.remove(seat)
        laid = state.laid[window.layer] or []
        if news is not None:
            news += [
                WordAnswer(audience=seat, word=None if index is None else laid[index].word),
                Answered(seat=seat),
            ]
        if window.waiting:
            return
        self._resolve_challenges(state, window, news)
        self._after_turn(state, news)

    def _resolve_challenges(
        self, state: ShortWordState, window: ChallengeWindow, news: News
    ) -> None:
        """SW7: the dictionary decides each challenged word."""
        state.window = None
        laid = state.laid[window.layer] or []
        lexicon = self.lexicon(state.options)
        results: list[ChallengeResult] = []
        for index, meld in enumerate(laid):
            challengers = tuple(seat for seat, pick in enumerate(window.picks) if pick == index)
            if not challengers:
                continue
            valid = meld.word in lexicon
            if valid:
                for challenger in challengers:
                    state.penalties[challenger] += meld.points
            else:
                state.struck[window.layer].append(index)
            results.append(ChallengeResult(word=meld, challengers=challengers, valid=valid))
        if results and news is not None:
            news.append(ChallengesResolved(layer=window.layer, results=tuple(results)))

    def _after_turn(self, state: ShortWordState, news: News) -> None:
        """The next turn, the next last turn, or the end of the hand."""
        if state.went_out is None:
            state.turn = (state.turn + 1) % state.seats
            state.step = "draw"
            if news is not None:
                news.append(TurnStarted(seat=state.turn, last=False))
            return
        if state.last_turns:
            state.turn = state.last_turns.pop(0)
            state.step = "draw"
            if news is not None:
                news.append(TurnStarted(seat=state.turn, last=True))
            return
        self._score_hand(state, news)

    def _score_hand(self, state: ShortWordState, news: News) -> None:
        """SW6: cards in words count for, cards left count against, plus the two bonuses."""
        assert state.went_out is not None
        standing: list[list[Meld]] = []
        struck: list[list[Meld]] = []
        for seat in range(state.seats):
            laid = state.laid[seat] or []
            standing.append([m for i, m in enumerate(laid) if i not in state.struck[seat]])
            struck.append([m for i, m in enumerate(laid) if i in state.struck[seat]])
        most = _unique_best([len(words) for words in standing])
        longest = _unique_best([max((m.letters for m in words), default=0) for words in standing])
        seats: list[SeatResult] = []
        for seat in range(state.seats):
            score = (
                sum(m.points for m in standing[seat])
                - sum(m.points for m in struck[seat])
                - points(state.hands[seat])
                - state.penalties[seat]
                + BONUS * (seat == most)
                + BONUS * (seat == longest)
            )
            state.scores[seat] += score
            seats.append(
                SeatResult(
                    words=tuple(standing[seat]),
                    struck=tuple(struck[seat]),
                    left=tuple(state.hands[seat]),
                    penalty=state.penalties[seat],
                    most_words=seat == most,
                    longest_word=seat == longest,
                    score=score,
                    total=state.scores[seat],
                )
            )
        result = HandResult(hand=state.hand, went_out=state.went_out, seats=tuple(seats))
        state.hand_scores.append([seat_result.score for seat_result in seats])
        state.last_result = result
        if news is not None:
            news.append(HandScored(result=result))
        if state.hand >= state.options.hands:
            state.step = "over"
            if news is not None:
                outcome = self.outcome(state)
                assert outcome is not None
                news.append(GameOver(scores=tuple(state.scores), winners=outcome.winners))
            return
        state.hand += 1
        state.dealer = (state.dealer + 1) % state.seats  # SW2: the deal passes left
        self._deal(state, news)

    def outcome(self, state: ShortWordState) -> Outcome | None:
        if state.step != "over":
            return None
        return Outcome(places=places_from_scores(state.scores), scores=tuple(state.scores))

    # -- knowing ---------------------------------------------------------------------------------

    def view(self, state: ShortWordState, seat: Seat | None) -> ShortWordView:
        window = state.window
        outcome = self.outcome(state)
        return ShortWordView(
            viewer=seat,
            hand_cards=None if seat is None else tuple(state.hands[seat]),
            hand=state.hand,
            hands=state.options.hands,
            dealer=state.dealer,
            step=state.step,
            turn=state.turn if state.step in ("draw", "discard") and window is None else None,
            waiting_for=self.to_act(state),
            card_counts=tuple(len(cards) for cards in state.hands),
            known=tuple(tuple(cards) for cards in state.known),
            stock=len(state.stock),
            discards=len(state.discards),
            top_discard=state.discards[-1] if state.discards else None,
            went_out=state.went_out,
            last_turns=tuple(state.last_turns),
            laid=tuple(None if laid is None else tuple(laid) for laid in state.laid),
            struck=tuple(tuple(indexes) for indexes in state.struck),
            challenge_layer=None if window is None else window.layer,
            my_challenge=None if window is None or seat is None else window.picks[seat],
            answered=window is not None and seat is not None and seat not in window.waiting,
            scores=tuple(state.scores),
            hand_scores=tuple(tuple(scores) for scores in state.hand_scores),
            last_result=state.last_result,
            options=state.options,
            winners=() if outcome is None else outcome.winners,
        )

    def redeal(
        self, state: ShortWordState, observer: Seat | None, rng: random.Random
    ) -> ShortWordState:
        """Other seats' unseen cards are drawn afresh from everything the observer has not seen.

        Kept: the observer's hand, the discard pile (every discard was shown),
        cards others took from the discards, and every laid word. The stock has
        no order to redo (draws are random), and once the game is over every
        hand has been shown. Future draws are reseeded.
        """
        copy = self.clone(state)
        over = state.step == "over"
        others = [] if over else [seat for seat in range(state.seats) if seat != observer]
        pool = list(state.stock)
        unseen: list[tuple[Seat, int]] = []
        for seat in others:
            hidden = state.hands[seat]
            if state.known[seat]:
                hidden = _without(hidden, state.known[seat])
            unseen.append((seat, len(hidden)))
            pool += hidden
        # Sorted, so every world the observer cannot tell apart is redealt alike.
        pool = sort_cards(pool)
        # A random order of the pool (sorting by random keys beats rng.shuffle several
        # times over); the seats take their cards from the front, the stock keeps the rest.
        order = sorted(range(len(pool)), key=lambda _index: rng.random())
        at = 0
        for seat, count in unseen:
            drawn = [pool[index] for index in order[at : at + count]]
            copy.hands[seat] = sort_cards([*state.known[seat], *drawn])
            at += count
        copy.stock = [pool[index] for index in sorted(order[at:])]
        window = copy.window
        if window is not None:
            laid = len(state.laid[window.layer] or [])
            for seat in others:
                if seat != window.layer and seat not in window.waiting:
                    window.picks[seat] = rng.choice([None, *range(laid)])
        copy.chance = Chance(fresh_seed(rng.getrandbits))  # future draws are unseen too
        return copy

    def clone(self, state: ShortWordState) -> ShortWordState:
        window = state.window
        return ShortWordState(
            options=state.options,
            chance=Chance(state.chance.seed, state.chance.draws),
            hand=state.hand,
            dealer=state.dealer,
            hands=[list(cards) for cards in state.hands],
            stock=list(state.stock),
            discards=list(state.discards),
            turn=state.turn,
            step=state.step,
            known=[list(cards) for cards in state.known],
            went_out=state.went_out,
            last_turns=list(state.last_turns),
            laid=[None if laid is None else list(laid) for laid in state.laid],
            struck=[list(indexes) for indexes in state.struck],
            penalties=list(state.penalties),
            window=None
            if window is None
            else ChallengeWindow(window.layer, list(window.waiting), list(window.picks)),
            scores=list(state.scores),
            hand_scores=[list(scores) for scores in state.hand_scores],
            last_result=state.last_result,
        )

    def check_state(self, state: ShortWordState) -> None:
        seats = state.seats
        if not self.min_seats <= seats <= self.max_seats:
            raise CorruptState(f"a Short Word table has 1 to 8 seats, not {seats}")
        per_seat: list[Sized] = [state.known, state.laid, state.struck, state.penalties]
        per_seat += [state.scores, *state.hand_scores]
        if any(len(values) != seats for values in per_seat):
            raise CorruptState("per-seat lists do not match the seat count")
        if len(state.hand_scores) != state.hand - 1 + (state.step == "over"):
            raise CorruptState("the hand scores do not match the hands played")
        if not 1 <= state.hand <= state.options.hands:
            raise CorruptState("the hand number is outside the game")
        if not (0 <= state.turn < seats and 0 <= state.dealer < seats):
            raise CorruptState("the seat on turn or the dealer is not at the table")
        everything = [*state.stock, *state.discards]
        for cards in state.hands:
            everything += cards
        for laid in state.laid:
            for meld in laid or ():
                everything += meld.cards
        everything.sort()
        if everything != _SORTED_DECK:
            raise CorruptState("the cards in play do not make up the deck")
        if state.stock != sort_cards(state.stock):
            raise CorruptState("the stock is not sorted")
        for seat, cards in enumerate(state.hands):
            if cards != sort_cards(cards):
                raise CorruptState("a hand is not sorted")
            if state.known[seat] and Counter(state.known[seat]) - Counter(cards):
                raise CorruptState("a seat is known to hold a card it does not have")
        for seat, laid in enumerate(state.laid):
            for meld in laid or []:
                if "".join(meld.cards).lower() != meld.word or len(meld.cards) < 2:
                    raise CorruptState("a laid word does not match its cards")
            if any(not 0 <= i < len(laid or []) for i in state.struck[seat]):
                raise CorruptState("a struck word is not among the laid words")
        window = state.window
        if window is not None and (
            len(window.picks) != seats
            or not 0 <= window.layer < seats
            or window.layer in window.waiting
            or state.laid[window.layer] is None
        ):
            raise CorruptState("the challenge window does not fit the table")
        if state.went_out is not None and not 0 <= state.went_out < seats:
            raise CorruptState("the seat that went out is not at the table")

    # -- telling ---------------------------------------------------------------------------------

    def narrate(self, event: Event, names: Sequence[str]) -> str:
        return text.narrate(event, names)

    def describe(self, view: ShortWordView, names: Sequence[str]) -> str:
        return text.describe(view, names)


def _without(cards: list[Card], some: list[Card]) -> list[Card]:
    """``cards`` less one copy of each of ``some``, all of which it holds."""
    rest = list(cards)
    for card in some:
        rest.remove(card)
    return rest


def _unique_best(values: list[int]) -> Seat | None:
    """The one seat with the highest value, if it is above zero and nobody ties it (SW6)."""
    best = max(values)
    if best <= 0 or values.count(best) > 1:
        return None
    return values.index(best)
