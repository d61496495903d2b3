"""Redealing hidden cards: every unseen card is drawn afresh, every public fact stays."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.falsche_faehrte import GAME, sampling
from games.falsche_faehrte.cards import JOKER, Colour, deck
from games.falsche_faehrte.model import FaceDown, FaehrteState, Options
from games.falsche_faehrte.sampling import NO_JOKERS, resample
from tests.games.falsche_faehrte.tables import play, position

EVERY_MODE = pytest.mark.parametrize(
    ("seats", "jokers"), [(3, False), (3, True), (4, False), (4, True)]
)


def midgame(seats: int, jokers: bool, seed: int, moves: int) -> FaehrteState:
    state = GAME.new(seats, seed, Options(jokers=jokers))
    rng = random.Random(seed)
    for _ in range(moves):
        acting = GAME.to_act(state)
        if not acting:
            break
        seat = rng.choice(acting)
        GAME.apply(state, seat, GAME.random_action(state, seat, rng))
    return state


@EVERY_MODE
def test_redeal_keeps_every_view_and_every_count(seats: int, jokers: bool) -> None:
    rng = random.Random(3)
    for seed, moves in [(1, 2), (2, seats), (3, 30), (4, 50), (5, 200)]:
        state = midgame(seats, jokers, seed, moves)
        for observer in [None, *range(seats)]:
            world = GAME.redeal(state, observer, rng)
            GAME.check_state(world)
            assert GAME.view(world, observer) == GAME.view(state, observer)
            assert [len(hand) for hand in world.hands] == [len(hand) for hand in state.hands]
            assert len(world.pile) == len(state.pile)
            if observer is not None:
                assert world.hands[observer] == state.hands[observer]
                assert GAME.legal_actions(world, observer) == GAME.legal_actions(state, observer)


@EVERY_MODE
def test_redeal_draws_the_other_hands_afresh(seats: int, jokers: bool) -> None:
    state = midgame(seats, jokers, seed=8, moves=seats + 9)
    rng = random.Random(8)
    worlds = [GAME.redeal(state, 0, rng) for _ in range(20)]
    for seat in range(1, seats):
        assert len({tuple(world.hands[seat]) for world in worlds}) > 10


@EVERY_MODE
def test_redeal_depends_only_on_what_the_observer_knows(seats: int, jokers: bool) -> None:
    for moves in (2, seats + 7, 40):
        state = midgame(seats, jokers, seed=moves, moves=moves)
        for observer in [None, *range(seats)]:
            other_world = GAME.redeal(state, observer, random.Random(1))
            direct = GAME.redeal(state, observer, random.Random(2))
            indirect = GAME.redeal(other_world, observer, random.Random(2))
            assert GAME.dump_state(direct) == GAME.dump_state(indirect)
            assert direct.chance != state.chance  # the next deals are unknown too


def test_redeal_respects_a_colour_a_seat_failed_to_follow() -> None:
    state = position(["y3", "r0", "y4", "y5"], lacking=["", "y", "", ""], face_down="b1 b2 b3 b4")
    play(state, "y3", "r0")
    assert state.voids == [0, 1 << Colour.YELLOW, 0, 0]
    rng = random.Random(1)
    for _ in range(200):
        world = GAME.redeal(state, 0, rng)
        assert all(card >> 4 != Colour.YELLOW for card in world.hands[1])
        GAME.check_state(world)


@pytest.mark.parametrize("jokers", [False, True])
def test_a_seat_knows_only_its_own_card_in_the_face_down_pile(jokers: bool) -> None:
    state = GAME.new(4, 2, Options(jokers=jokers))
    given = []
    for seat in range(4):
        card = state.hands[seat][-1] if not jokers else state.hands[seat][0]
        given.append(card)
        GAME.apply(state, seat, FaceDown(card))
    rng = random.Random(5)
    for giver in range(4):
        piles = [GAME.redeal(state, giver, rng).pile for _ in range(30)]
        assert all(JOKER not in pile and len(pile) == 4 for pile in piles)
        assert all(given[giver] in pile for pile in piles)  # it remembers the card it gave
        other = given[(giver + 1) % 4]
        assert sum(other in pile for pile in piles) < 30  # another seat's card can be anywhere
        assert len({tuple(pile) for pile in piles}) > 20


def test_pending_face_down_picks_of_others_are_drawn_afresh_but_never_jokers() -> None:
    state = GAME.new(4, 6, Options(jokers=True))
    for seat in (1, 2):
        GAME.apply(state, seat, FaceDown(state.hands[seat][0]))
    rng = random.Random(2)
    picks: Counter[int] = Counter()
    for _ in range(50):
        world = GAME.redeal(state, 1, rng)
        assert world.chosen[1] == state.chosen[1]  # the observer's own pick stays
        assert world.chosen[0] is None and world.chosen[3] is None
        assert world.chosen[2] is not None and world.chosen[2] != JOKER
        picks[world.chosen[2]] += 1
    assert len(picks) > 10


# -- the sampler --------------------------------------------------------------------------------


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[list[int]], list[int]]:
    """A real deal of some cards to some places, and refusals that deal satisfies."""
    cards = draw(st.permutations(deck(4, True)))
    sizes = draw(st.lists(st.integers(0, 8), min_size=1, max_size=6))
    places, start = [], 0
    for size in sizes:
        places.append(sorted(cards[start : start + size]))
        start += size
    refuses = []
    for place in places:
        free = [suit for suit in range(5) if all(card >> 4 != suit for card in place)]
        chosen = draw(st.lists(st.sampled_from(free), unique=True)) if free else []
        refuses.append(sum(1 << suit for suit in chosen))
    return places, refuses


def _assert_valid(places: list[list[int]], refuses: list[int], dealt: list[list[int]]) -> None:
    assert [len(place) for place in dealt] == [len(place) for place in places]
    assert Counter(c for p in dealt for c in p) == Counter(c for p in places for c in p)
    for place, mask in zip(dealt, refuses, strict=True):
        assert not any(mask >> (card >> 4) & 1 for card in place)


@settings(max_examples=150, deadline=None)
@given(deals(), st.integers(0, 2**32))
def test_resample_keeps_sizes_cards_and_refusals(
    deal: tuple[list[list[int]], list[int]], seed: int
) -> None:
    places, refuses = deal
    _assert_valid(places, refuses, resample(places, refuses, random.Random(seed)))


@settings(max_examples=100, deadline=None)
@given(deals(), st.integers(0, 2**32))
def test_the_fallback_deal_is_valid_too(deal: tuple[list[list[int]], list[int]], seed: int) -> None:
    places, refuses = deal
    pool = sorted(card for place in places for card in place)
    start = sampling._feasible(pool, [len(place) for place in places], refuses)
    _assert_valid(places, refuses, start)
    _assert_valid(places, refuses, sampling._swapped(start, refuses, random.Random(seed)))


@settings(max_examples=60, deadline=None)
@given(deals(), st.integers(0, 2**32), st.booleans())
def test_resample_only_uses_what_the_places_may_hold_not_where_cards_are(
    deal: tuple[list[list[int]], list[int]], seed: int, fallback: bool
) -> None:
    places, refuses = deal
    moved = resample(places, refuses, random.Random(seed + 1))  # another world, same constraints
    tries = sampling.GREEDY_TRIES
    sampling.GREEDY_TRIES = 0 if fallback else tries
    try:
        first = resample(places, refuses, random.Random(seed))
        second = resample(moved, refuses, random.Random(seed))
    finally:
        sampling.GREEDY_TRIES = tries
    assert first == second


def test_a_tight_deal_falls_back_to_swaps_and_still_moves_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sampling, "GREEDY_TRIES", 0)
    places = [[0, 1, 16, 17], [2, 18, 3, 19], [32, 33]]
    refuses = [1 << 2, 1 << 2, NO_JOKERS]
    seen = set()
    for seed in range(20):
        dealt = resample(places, refuses, random.Random(seed))
        _assert_valid(places, refuses, dealt)
        seen.add(tuple(sorted(dealt[0])))
    assert len(seen) > 5


def test_a_redeal_keeps_the_observers_face_down_card_in_the_pile_until_it_is_turned() -> None:
    state = GAME.new(3, 4, Options())
    for seat in range(3):
        GAME.apply(state, seat, FaceDown(state.hands[seat][seat]))
    given = list(state.given)
    rng = random.Random(3)
    for observer in range(3):
        for _ in range(30):
            world = GAME.redeal(state, observer, rng)
            GAME.check_state(world)
            assert given[observer] in world.pile
            assert world.given[observer] == given[observer]
            theirs = [world.given[seat] for seat in range(3) if seat != observer]
            assert None not in theirs
            assert Counter(theirs) == Counter(
                card for card in world.pile if card != given[observer]
            )
            assert GAME.view(world, observer) == GAME.view(state, observer)


def test_a_round_saved_before_the_cards_given_were_kept_plays_on() -> None:
    state = GAME.new(3, 4, Options())
    state.given = []  # as loaded from a game saved before the field existed
    for seat in range(3):
        GAME.apply(state, seat, FaceDown(state.hands[seat][0]))
    assert state.phase == "play" and GAME.view(state, 0).given is None
    world = GAME.redeal(state, 0, random.Random(1))
    GAME.check_state(world)
    assert len(world.pile) == 3
