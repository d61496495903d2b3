"""Short Word Solitaire scenarios (rulebook's solitaire section, ruling SW10)."""

from __future__ import annotations

import random
from collections import Counter
from hashlib import sha256

import pytest

from games.core.chance import LUCK_BY_WORDS, Chance, WordLuck
from games.core.errors import IllegalAction, NotYourTurn
from games.short_word.cards import full_deck, sort_cards
from games.short_word.solitaire.game import SolitaireGame
from games.short_word.solitaire.model import (
    Action,
    CardMoved,
    GaveUp,
    GiveUp,
    MoveCard,
    PlayWord,
    SolitaireOptions,
    SolitaireState,
    Step,
    Won,
    WordMade,
)
from games.short_word.spelling import Meld
from tests.games.short_word.helpers import cards, tiny_words

GAME = SolitaireGame(words=tiny_words)


def padded(*piles: str) -> SolitaireState:
    """Eight stacks, bottom card first and the face-up card last; 70 cards are left out
    of the deal, and the rest of the 48 dealt were already used in words."""
    assert len(piles) == 8
    laid = [cards(pile) for pile in piles]
    rest = Counter(full_deck())
    for pile in laid:
        rest.subtract(pile)
    remaining = sort_cards(rest.elements())
    unused, used = remaining[:70], remaining[70:]
    words = [used[n : n + 2] for n in range(0, len(used) - len(used) % 2, 2)]
    if len(used) % 2:
        words[-1].append(used[-1])
    state = SolitaireState(
        options=SolitaireOptions(),
        chance=Chance(0),
        stacks=laid,
        unused=unused,
        words=[Meld("".join(word).lower(), tuple(word)) for word in words],
    )
    GAME.check_state(state)
    return state


def refused(state: SolitaireState, action: Action) -> str:
    before = GAME.dump_state(state)
    with pytest.raises((IllegalAction, NotYourTurn)) as error:
        GAME.apply(state, 0, action)
    assert GAME.dump_state(state) == before
    return error.value.message


def step_of(state: SolitaireState) -> Step:
    """The step, read afresh: after ``assert state.step == ...`` a type checker takes it
    for fixed, but a move changes it."""
    return state.step


def test_sw10_eight_stacks_of_five_face_down_under_one_face_up() -> None:
    state = GAME.new(1, seed=5)
    assert [len(stack) for stack in state.stacks] == [6] * 8
    assert len(state.unused) == 70
    view = GAME.view(state, 0)
    assert view.tops == tuple(stack[-1] for stack in state.stacks)
    assert view.sizes == (6,) * 8
    assert GAME.view(state, None) == view, "the player sees what anyone sees"


def test_sw10_solitaire_is_for_one_player() -> None:
    assert (GAME.min_seats, GAME.max_seats) == (1, 1)


def test_sw10_a_word_from_face_up_cards_turns_up_the_cards_beneath() -> None:
    state = padded("A B C", "D E T", "F G A", "H I J", "K L M", "N O P", "R S U", "V W X")
    events = GAME.apply(state, 0, PlayWord("tax"))
    made = events[0]
    assert isinstance(made, WordMade)
    assert made.stacks == (1, 2, 7) and made.turned == ("E", "G", "W")
    assert [len(stack) for stack in state.stacks] == [3, 2, 2, 3, 3, 3, 3, 2]
    assert state.step == "word"


def test_sw10_only_face_up_cards_make_words() -> None:
    state = padded("A B C", "D E T", "F G A", "H I J", "K L M", "N O P", "R S U", "V W X")
    assert "no card with the letter E" in refused(state, PlayWord("tea"))
    assert "not in" in refused(state, PlayWord("xat"))


def test_sw10_qu_or_q_and_u_uses_the_most_cards() -> None:
    state = padded("A QU", "B Q", "C U", "D I", "E T", "F X", "G Y", "H Z")
    events = GAME.apply(state, 0, PlayWord("quit"))
    made = events[0]
    assert isinstance(made, WordMade) and made.word.cards == ("Q", "U", "I", "T")


def test_sw10_same_cards_come_from_the_tallest_stack() -> None:
    state = padded("T", "A T", "B X", "D A", "E F", "G H", "J K", "L M")
    events = GAME.apply(state, 0, PlayWord("at"))
    made = events[0]
    assert isinstance(made, WordMade) and made.stacks == (3, 1)


def test_sw10_an_emptied_stack_takes_the_top_card_of_another() -> None:
    state = padded("T", "X A", "B C", "D E", "F G", "H I", "J K", "L M")
    events = GAME.apply(state, 0, PlayWord("at"))
    assert isinstance(events[0], WordMade) and events[0].turned == ("X", None)
    assert state.step == "move"
    assert "First move a card" in refused(state, PlayWord("ex"))
    assert "not empty" in refused(state, MoveCard(source=2, target=1))
    assert "no card to spare" in refused(state, MoveCard(source=1, target=0))
    events = GAME.apply(state, 0, MoveCard(source=2, target=0))
    assert events == [CardMoved(card="C", source=2, target=0, turned="B")]
    assert state.stacks[0] == ["C"] and step_of(state) == "word"


def test_sw10_moves_while_cards_last() -> None:
    state = padded("A", "T", "B", "C", "D", "E", "F", "G")
    GAME.apply(state, 0, PlayWord("at"))
    assert state.step == "word", "no stack has a card to spare: play on with six stacks"


def test_sw10_using_all_48_cards_wins() -> None:
    state = padded("A", "T", "", "", "", "", "", "")
    events = GAME.apply(state, 0, PlayWord("at"))
    assert events[-1] == Won()
    assert state.step == "over" and state.ending == "won"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (48,) and outcome.places == (1,)
    assert GAME.to_act(state) == ()


def test_sw10_giving_up_records_the_cards_used() -> None:
    state = padded("A B C", "D E T", "F G A", "H I J", "K L M", "N O P", "R S U", "V W X")
    used = state.used
    GAME.apply(state, 0, PlayWord("tax"))
    events = GAME.apply(state, 0, GiveUp())
    assert events == [GaveUp(used=used + 3)]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (used + 3,)
    assert "over" in refused(state, PlayWord("at"))


def test_sw10_the_listed_words_are_every_word_showing() -> None:
    state = padded("A B C", "D E T", "F G A", "H I J", "K L M", "N O P", "R S U", "V W X")
    legal = GAME.legal_actions(state, 0)
    words = {action.word for action in legal if isinstance(action, PlayWord)}
    assert words == {"at", "ax", "cat", "tax"}
    assert legal[-1] == GiveUp()


def test_sw10_stuck_means_only_giving_up_is_listed() -> None:
    state = padded("B", "C", "D", "F", "G", "H", "J", "K")
    assert GAME.legal_actions(state, 0) == [GiveUp()]


def test_sw10_redeal_keeps_every_face_up_card_and_stack_size() -> None:
    state = padded("A B C", "D E T", "F G A", "H I J", "K L M", "N O P", "R S U", "V W X")
    GAME.apply(state, 0, PlayWord("tax"))
    for seed in range(10):
        other = GAME.redeal(state, 0, random.Random(seed))
        assert GAME.view(other, 0) == GAME.view(state, 0)
        GAME.check_state(other)
    hidden = {tuple(GAME.redeal(state, 0, random.Random(s)).stacks[0]) for s in range(10)}
    assert len(hidden) > 5


def test_sw10_a_redealt_world_draws_its_later_luck_by_words() -> None:
    state = GAME.new(1, 7)
    assert state.chance.seed < LUCK_BY_WORDS  # a table dealt before word luck
    for seed in range(5):
        world = GAME.redeal(state, 0, random.Random(seed))
        assert world.chance.seed >= LUCK_BY_WORDS and world.chance.draws == 0
        assert isinstance(world.chance.next(), WordLuck)
    assert state.chance == Chance(7, 1)  # the table itself keeps its own luck


@pytest.mark.parametrize(
    ("seed", "digest"),
    [
        (7, "f762c032d459d4f5e03878f92656a2dc87ef781af13544f53ab58f69f98bf969"),
        (2**62 - 1, "b2d9e670cf6fe6fa5d2644082df06d910b8f62e13e1479606fc3bda421c5d0ab"),
        (2**62 + 5, "8c258617c602cfc8e1e09356a494164abc50ae891f2911e3349ff4c5939cde3a"),
    ],
)
def test_sw10_a_seed_deals_the_stacks_it_always_dealt(seed: int, digest: str) -> None:
    """Pinned: a stored game replays from its seed, old seeds by their generators."""
    assert sha256(GAME.dump_state(GAME.new(1, seed)).encode()).hexdigest() == digest


def test_sw10_solitaire_plays_to_an_end_with_the_real_dictionary() -> None:
    real = SolitaireGame()
    rng = random.Random(3)
    for seed in range(5):
        state = real.new(1, seed)
        while real.to_act(state):
            real.apply(state, 0, real.random_action(state, 0, rng))
        outcome = real.outcome(state)
        assert outcome is not None and 0 <= outcome.scores[0] <= 48
