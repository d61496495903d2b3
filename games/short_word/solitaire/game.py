"""Short Word Solitaire: the rules (rulebook seeds/004, solitaire; ruling SW10).

Eight stacks of six cards, the top one face up. Each word is made from
face-up cards, which leave their stacks and turn up the cards beneath. An
emptied stack takes the top card of another stack, so eight stacks stay in
play while cards last. Using all 48 cards wins; the player may give up when
stuck, and the result is the number of cards used.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from games.core.chance import Chance, fresh_seed
from games.core.errors import CorruptState, IllegalAction, NotYourTurn
from games.core.game import Event, Game, News, Outcome, Seat
from games.core.wording import N_, Later
from games.short_word.cards import Card, full_deck, sort_cards
from games.short_word.finder import distinct_words
from games.short_word.lexicon import (
    DICTIONARIES,
    Lexicon,
    Lexicons,
    WordSource,
    dictionary_title,
    is_word_shape,
    packaged_words,
)
from games.short_word.solitaire import text
from games.short_word.solitaire.model import (
    CARDS_PER_STACK,
    STACKS,
    Action,
    CardMoved,
    GaveUp,
    GiveUp,
    MoveCard,
    PlayWord,
    SolitaireOptions,
    SolitaireState,
    SolitaireView,
    Won,
    WordMade,
)
from games.short_word.spelling import Meld, usable_spellings

__all__ = ["SolitaireGame"]

_GIVE_UP = GiveUp()
_SORTED_DECK = sort_cards(full_deck())
DEALT = STACKS * CARDS_PER_STACK


class SolitaireGame(Game[SolitaireState, Action, SolitaireView, SolitaireOptions]):
    """One player against the stacks. ``words`` is the dictionary seam, as for the
    multi-hand game (:class:`games.short_word.game.ShortWordGame`)."""

    key = "short_word_solitaire"
    title = "Short Word Solitaire"
    summary = N_("Clear eight stacks of letter cards by making words from the cards on top.")
    min_seats = 1
    max_seats = 1
    options_type = SolitaireOptions
    state_type = SolitaireState
    action_type = Action

    def __init__(self, words: WordSource = packaged_words) -> None:
        super().__init__()
        self.lexicons = Lexicons(words)

    def prepare(self) -> None:
        """Read every dictionary and build its word-finding index (seconds, done once)."""
        for dictionary in DICTIONARIES:
            self.lexicons.get(dictionary, (), ()).card_groups()

    def lexicon(self, options: SolitaireOptions) -> Lexicon:
        return self.lexicons.get(options.dictionary, options.house_add, options.house_remove)

    # -- setting up ------------------------------------------------------------------------------

    def setup(self, seats: int, seed: int, options: SolitaireOptions) -> SolitaireState:
        chance = Chance(seed)
        deck = full_deck()
        chance.next().shuffle(deck)
        stacks = [deck[n * CARDS_PER_STACK : (n + 1) * CARDS_PER_STACK] for n in range(STACKS)]
        return SolitaireState(
            options=options, chance=chance, stacks=stacks, unused=deck[DEALT:], words=[]
        )

    def seat_count(self, state: SolitaireState) -> int:
        return 1

    # -- who may do what -------------------------------------------------------------------------

    def to_act(self, state: SolitaireState) -> tuple[Seat, ...]:
        return () if state.step == "over" else (0,)

    def legal_actions(self, state: SolitaireState, seat: Seat) -> list[Action]:
        """Every refill move, giving up, and every word the face-up cards spell.

        The words listed are all those :func:`games.short_word.finder.distinct_words`
        finds in the dictionary, so when only giving up is listed, the player is stuck.
        """
        if seat not in self.to_act(state):
            return []
        if state.step == "move":
            moves: list[Action] = [
                MoveCard(source, target) for target in _empty(state) for source in _donors(state)
            ]
            return [*moves, _GIVE_UP]
        tops = tuple(sort_cards(stack[-1] for stack in state.stacks if stack))
        words = distinct_words(tops, self.lexicon(state.options))
        return [*(PlayWord(word) for word in words), _GIVE_UP]

    def check(self, state: SolitaireState, seat: Seat, action: Action) -> None:
        if state.step == "over":
            raise NotYourTurn(N_("This game is over."))
        if seat != 0:
            raise NotYourTurn(N_("Solitaire has one player."))
        match action:
            case GiveUp():
                pass
            case MoveCard(source=source, target=target):
                if state.step != "move":
                    raise IllegalAction(N_("Cards only move onto an empty stack."))
                if not (0 <= source < STACKS and 0 <= target < STACKS):
                    raise IllegalAction(N_("The stacks are numbered 1 to {stacks}."), stacks=STACKS)
                if state.stacks[target]:
                    raise IllegalAction(N_("Stack {stack} is not empty."), stack=target + 1)
                if len(state.stacks[source]) < 2:
                    raise IllegalAction(
                        N_(
                            "Stack {stack} has no card to spare: move from a stack of two "
                            "or more cards."
                        ),
                        stack=source + 1,
                    )
            case PlayWord():
                self._spell(state, action.word)

    def _spell(self, state: SolitaireState, word: str) -> tuple[Card, ...]:
        if state.step == "move":
            raise IllegalAction(N_("First move a card onto the empty stack."))
        if not is_word_shape(word):
            raise IllegalAction(
                N_("{typed} is not a word: type a word with the letters a to z only."),
                typed=repr(word[:30]),
            )
        tops = Counter(stack[-1] for stack in state.stacks if stack)
        # More cards is better here: the result is the number of cards used (SW10).
        cards = max(usable_spellings(word, tops), key=len)
        lexicon = self.lexicon(state.options)
        if word not in lexicon:
            raise IllegalAction(
                N_("{word} is not in {dictionary}."),
                word=word.upper(),
                dictionary=Later(dictionary_title, state.options.dictionary),
            )
        return cards

    # -- doing it --------------------------------------------------------------------------------

    def perform(self, state: SolitaireState, seat: Seat, action: Action, news: News) -> None:
        match action:
            case GiveUp():
                state.step = "over"
                state.ending = "gave_up"
                if news is not None:
                    news.append(GaveUp(used=state.used))
                return
            case MoveCard(source=source, target=target):
                card = state.stacks[source].pop()
                state.stacks[target].append(card)
                if news is not None:
                    turned = state.stacks[source][-1]
                    news.append(CardMoved(card=card, source=source, target=target, turned=turned))
            case PlayWord(word=word):
                self._make_word(state, word, self._spell(state, word), news)
        if state.used == DEALT:
            state.step = "over"
            state.ending = "won"
            if news is not None:
                news.append(Won())
            return
        state.step = "move" if _empty(state) and _donors(state) else "word"

    @staticmethod
    def _make_word(state: SolitaireState, word: str, cards: tuple[Card, ...], news: News) -> None:
        stacks: list[int] = []
        for card in cards:
            # Of stacks showing the same card, take from the tallest (then the first):
            # that turns up a hidden card rather than emptying a stack.
            choices = [
                n for n, s in enumerate(state.stacks) if s and s[-1] == card and n not in stacks
            ]
            stacks.append(max(choices, key=lambda n: (len(state.stacks[n]), -n)))
        for n in stacks:
            state.stacks[n].pop()
        meld = Meld(word, cards)
        state.words.append(meld)
        if news is not None:
            turned = tuple(state.stacks[n][-1] if state.stacks[n] else None for n in stacks)
            news.append(WordMade(word=meld, stacks=tuple(stacks), turned=turned, used=state.used))

    def outcome(self, state: SolitaireState) -> Outcome | None:
        if state.step != "over":
            return None
        return Outcome(places=(1,), scores=(state.used,))

    # -- knowing ---------------------------------------------------------------------------------

    def view(self, state: SolitaireState, seat: Seat | None) -> SolitaireView:
        return SolitaireView(
            tops=tuple(stack[-1] if stack else None for stack in state.stacks),
            sizes=tuple(len(stack) for stack in state.stacks),
            words=tuple(state.words),
            used=state.used,
            step=state.step,
            ending=state.ending,
            dictionary=DICTIONARIES[state.options.dictionary],
        )

    def redeal(
        self, state: SolitaireState, observer: Seat | None, rng: random.Random
    ) -> SolitaireState:
        """The face-down cards and the cards left out, drawn afresh; every top card stays."""
        copy = self.clone(state)
        hidden = list(state.unused)
        for stack in state.stacks:
            hidden += stack[:-1]
        # Sorted first, so every world the player cannot tell apart shuffles alike.
        hidden = sort_cards(hidden)
        rng.shuffle(hidden)
        for stack in copy.stacks:
            if stack:
                below = len(stack) - 1
                stack[:-1], hidden = hidden[:below], hidden[below:]
        copy.unused = hidden
        # Later luck is unseen too, and a world made now draws it as new tables do, by words.
        copy.chance = Chance(fresh_seed(rng.getrandbits))
        return copy

    def clone(self, state: SolitaireState) -> SolitaireState:
        return replace(
            state,
            chance=replace(state.chance),
            stacks=[list(stack) for stack in state.stacks],
            unused=list(state.unused),
            words=list(state.words),
        )

    def check_state(self, state: SolitaireState) -> None:
        if len(state.stacks) != STACKS:
            raise CorruptState(f"solitaire has {STACKS} stacks")
        if any(len(stack) > CARDS_PER_STACK for stack in state.stacks):
            raise CorruptState("a stack is taller than the deal")
        everything = list(state.unused)
        for stack in state.stacks:
            everything += stack
        for meld in state.words:
            if "".join(meld.cards).lower() != meld.word or len(meld.cards) < 2:
                raise CorruptState("a word does not match its cards")
            everything += meld.cards
        if sort_cards(everything) != _SORTED_DECK or len(state.unused) != len(full_deck()) - DEALT:
            raise CorruptState("the cards in play do not make up the deck")
        if (state.step == "over") != (state.ending is not None):
            raise CorruptState("a game ends exactly when it is over")

    # -- telling ---------------------------------------------------------------------------------

    def narrate(self, event: Event, names: Sequence[str]) -> str:
        return text.narrate(event)

    def describe(self, view: SolitaireView, names: Sequence[str]) -> str:
        return text.describe(view)


def _empty(state: SolitaireState) -> list[int]:
    return [n for n, stack in enumerate(state.stacks) if not stack]


def _donors(state: SolitaireState) -> list[int]:
    """Stacks that can give their top card to an empty stack and still have one (SW10)."""
    return [n for n, stack in enumerate(state.stacks) if len(stack) >= 2]
