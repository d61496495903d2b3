"""Auf falscher Fährte scenarios: one or more per ruling AF1-AF11, at both seat counts and
with and without jokers where the ruling depends on them."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.core.errors import CorruptState, NotYourTurn
from games.core.playout import play_out, random_policy
from games.falsche_faehrte import GAME
from games.falsche_faehrte.cards import JOKER, Colour, card_text, deck, hand_size, value_of
from games.falsche_faehrte.game import PLAYS
from games.falsche_faehrte.model import (
    FaceDown,
    FaceDownChosen,
    FaceDownReady,
    FaceDownTurned,
    FaehrteState,
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
    TrumpSwitchSkipped,
)
from games.falsche_faehrte.scoring import round_points, round_type, threshold
from games.falsche_faehrte.tricks import playable
from tests.games.falsche_faehrte.tables import cards, play, position, refused

NAMES = ("Ann", "Bo", "Cy", "Di")
BOTH = pytest.mark.parametrize("seats", [3, 4])
MINUS = {3: "r0 y1 g2", 4: "r0 y1 g2 b3"}
"""Face-down cards that make a Minus round."""
PLUS = {3: "b9 y9 g9", 4: "b12 y12 g12 r12"}
"""Face-down cards that make a Plus round."""
EVERY_MODE = pytest.mark.parametrize(
    ("seats", "jokers"), [(3, False), (3, True), (4, False), (4, True)]
)


def new(seats: int, seed: int = 1, jokers: bool = False) -> FaehrteState:
    return GAME.new(seats, seed, Options(jokers=jokers))


def choose_all(state: FaehrteState) -> list[object]:
    """Every seat puts its lowest coloured card face down."""
    events: list[object] = []
    for seat in range(state.seats):
        low = next(card for card in state.hands[seat] if card != JOKER)
        events += GAME.apply(state, seat, FaceDown(low))
    return events


def play_legal(state: FaehrteState, count: int) -> list[object]:
    """The seats on turn play their first legal card, ``count`` times."""
    events: list[object] = []
    for _ in range(count):
        events += GAME.apply(state, state.turn, GAME.legal_actions(state, state.turn)[0])
    return events


def random_game(seats: int, jokers: bool, seed: int) -> list[object]:
    """The events of one whole random game."""
    events: list[object] = []
    play_out(
        GAME,
        new(seats, seed, jokers),
        lambda _seat: random_policy(GAME),
        random.Random(seed),
        after_move=lambda _state, _move, happened: events.extend(happened),
    )
    return events


# -- AF1: the decks -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "jokers", "size", "top"),
    [(4, False, 52, 12), (3, False, 40, 9), (4, True, 56, 12), (3, True, 43, 9)],
)
def test_af1_decks(seats: int, jokers: bool, size: int, top: int) -> None:
    cards_in_deck = deck(seats, jokers)
    assert len(cards_in_deck) == size
    assert cards_in_deck.count(JOKER) == (seats if jokers else 0)
    colour_cards = [card for card in cards_in_deck if card != JOKER]
    assert Counter(card >> 4 for card in colour_cards) == dict.fromkeys(range(4), top + 1)
    assert {value_of(card) for card in colour_cards} == set(range(top + 1))


def test_af1_jokers_are_a_lobby_option_off_by_default() -> None:
    assert GAME.options().jokers is False
    assert GAME.options({"jokers": True}).jokers is True
    assert JOKER not in [card for hand in new(4).hands for card in hand]


# -- AF2: the deal ------------------------------------------------------------------------------


@EVERY_MODE
def test_af2_thirteen_cards_each_or_fourteen_with_jokers(seats: int, jokers: bool) -> None:
    state = new(seats, jokers=jokers)
    assert [len(hand) for hand in state.hands] == [13 + jokers] * seats
    held = [card for hand in state.hands for card in hand]
    if state.set_aside is not None:
        held.append(state.set_aside)
    assert (state.set_aside is not None) == (seats == 3)
    assert sorted(held) == deck(seats, jokers)


@pytest.mark.parametrize("jokers", [False, True])
def test_af2_three_seats_show_the_leftover_card_and_set_it_aside(jokers: bool) -> None:
    state = new(3, seed=4, jokers=jokers)
    assert state.set_aside is not None
    public = GAME.view(state, None)
    assert public.set_aside == state.set_aside
    dealt = RoundDealt(round=1, dealer=0, leader=1, trump=Colour.RED, set_aside=state.set_aside)
    assert "Set aside:" in GAME.narrate(dealt, NAMES)


@pytest.mark.parametrize("jokers", [False, True])
def test_af2_four_seats_have_no_leftover(jokers: bool) -> None:
    state = new(4, jokers=jokers)
    assert state.set_aside is None and GAME.view(state, None).set_aside is None


def test_af2_the_set_aside_card_stays_out_of_the_round() -> None:
    state = position(["", "", ""], set_aside="g4", done=0)
    assert all(cards("g4")[0] not in hand for hand in state.hands)
    assert state.set_aside == cards("g4")[0]


# -- AF3: dealer and start player ---------------------------------------------------------------


@BOTH
def test_af3_the_first_dealer_is_random_and_the_seat_on_their_left_leads(seats: int) -> None:
    dealers = Counter(new(seats, seed).dealer for seed in range(60))
    assert set(dealers) == set(range(seats))
    for seed in range(10):
        state = new(seats, seed)
        assert state.leader == (state.dealer + 1) % seats
        choose_all(state)
        assert GAME.to_act(state) == ((state.dealer + 1) % seats,)


@EVERY_MODE
def test_af3_the_start_player_deals_the_next_round(seats: int, jokers: bool) -> None:
    start = 2
    last = {3: ["r9", "r1", "r2"], 4: ["r9", "r1", "r2", "r3"]}[seats]
    state = position(last, jokers=jokers, done=11 + jokers, leader=start)
    assert state.dealer == start - 1
    events = play(state, *last[start:], *last[:start])
    dealt = events[-1]
    assert isinstance(dealt, RoundDealt)
    assert (dealt.round, dealt.dealer, dealt.leader) == (2, start, (start + 1) % seats)
    assert state.dealer == start and state.leader == (start + 1) % seats
    assert state.phase == "face_down" and state.round == 2


# -- AF4: the face-down cards -------------------------------------------------------------------


@EVERY_MODE
def test_af4_everyone_chooses_at_once_and_in_secret(seats: int, jokers: bool) -> None:
    state = new(seats, jokers=jokers)
    assert GAME.to_act(state) == tuple(range(seats))
    card = next(card for card in state.hands[1] if card != JOKER)
    events = GAME.apply(state, 1, FaceDown(card))
    assert events == [FaceDownChosen(audience=1, seat=1, card=card), FaceDownReady(seat=1)]
    assert GAME.narrate(events[0], NAMES) == f"You put {card_text(card)} face down."
    assert GAME.to_act(state) == tuple(seat for seat in range(seats) if seat != 1)
    assert card not in state.hands[1]
    assert GAME.view(state, 1).chosen == card
    for viewer in [None, *(seat for seat in range(seats) if seat != 1)]:
        view = GAME.view(state, viewer)
        assert view.chosen is None
        assert view.ready == tuple(seat == 1 for seat in range(seats))
    assert refused(state, 1, FaceDown(state.hands[1][0])) == (
        "You have already put your card face down."
    )


@pytest.mark.parametrize("seats", [3, 4])
def test_af4_no_joker_goes_face_down(seats: int) -> None:
    state = next(state for seed in range(50) if JOKER in (state := new(seats, seed, True)).hands[0])
    assert FaceDown(JOKER) not in GAME.legal_actions(state, 0)
    assert all(
        isinstance(action, FaceDown) and action.card != JOKER
        for action in GAME.legal_actions(state, 0)
    )
    assert refused(state, 0, FaceDown(JOKER)) == (
        "A joker cannot go face down: choose a coloured card."
    )


def test_af4_nothing_is_played_before_every_card_is_face_down() -> None:
    state = new(4)
    leader = state.leader
    assert refused(state, leader, Play(state.hands[leader][0])) == (
        "First put one card face down for this round."
    )
    GAME.apply(state, leader, FaceDown(state.hands[leader][0]))
    assert "Wait until everyone" in refused(state, leader, Play(state.hands[leader][0]))
    other = (leader + 1) % 4
    assert "do not hold" in refused(state, other, FaceDown(state.hands[leader][0]))


@EVERY_MODE
def test_af4_the_pile_is_shuffled_and_nobody_knows_whose_card_is_whose(
    seats: int, jokers: bool
) -> None:
    orders = set()
    for seed in range(12):
        state = new(seats, seed, jokers)
        given = []
        for seat in range(seats):
            card = next(card for card in state.hands[seat] if card != JOKER)
            given.append(card)
            events = GAME.apply(state, seat, FaceDown(card))
        assert events[-1] == PileShuffled(cards=seats)
        assert sorted(state.pile) == sorted(given)
        assert state.chosen == [None] * seats  # the state forgets who gave which
        assert state.phase == "play"
        for viewer in [None, *range(seats)]:
            view = GAME.view(state, viewer)
            assert view.chosen is None and view.revealed == ()
            assert view.hidden_face_down == seats
        orders.add(tuple(given.index(card) for card in state.pile))
    assert len(orders) > 3, "the pile order should not follow the seats"


@EVERY_MODE
def test_af4_one_card_is_turned_after_each_of_the_tricks_that_call_for_it(
    seats: int, jokers: bool
) -> None:
    schedule = {3: [3, 4, 5], 4: [2, 3, 4, 5]}[seats]
    for seed in range(3):
        turned_after = []
        last_trick = 0
        for event in random_game(seats, jokers, seed):
            if isinstance(event, TrickTaken):
                last_trick = event.number
            elif isinstance(event, FaceDownTurned):
                turned_after.append(last_trick)
            elif isinstance(event, RoundScored):
                assert turned_after == schedule
                turned_after = []


# -- AF5: Plus or Minus -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "total", "kind"),
    [(3, 13, "minus"), (3, 14, "plus"), (4, 23, "minus"), (4, 24, "plus"), (3, 0, "minus")],
)
def test_af5_the_threshold(seats: int, total: int, kind: str) -> None:
    assert threshold(seats) == {3: 14, 4: 24}[seats]
    assert round_type(total, seats) == kind


@BOTH
def test_af5_the_round_type_is_public_only_once_the_last_card_is_turned(seats: int) -> None:
    # Two nines already pass the three-seat threshold, and still the type stays hidden.
    face_down = {3: "b9 g9 r5", 4: "b9 g9 r5 y5"}[seats]
    state = position(["r9 y9", "r8", "r7", "r6"][:seats], done=3, face_down=face_down)
    turned = len(state.revealed)
    for _ in range(seats - turned):
        assert GAME.view(state, None).round_type is None
        events = play_legal(state, seats)
    last = next(event for event in events if isinstance(event, FaceDownTurned))
    total = sum(value_of(card) for card in cards(face_down))
    assert last.round_type == round_type(total, seats) and last.left == 0
    assert GAME.view(state, None).round_type == round_type(total, seats)
    assert "round" in GAME.narrate(last, NAMES)


# -- AF6: trump between rounds ------------------------------------------------------------------


@EVERY_MODE
def test_af6_red_is_trump_in_the_first_round(seats: int, jokers: bool) -> None:
    assert new(seats, jokers=jokers).trump == Colour.RED


@EVERY_MODE
def test_af6_the_trump_at_the_end_of_a_round_stays(seats: int, jokers: bool) -> None:
    last = ["y9", "y1", "y2", "y3"][:seats]
    state = position(last, jokers=jokers, done=11 + jokers, trump=Colour.GREEN)
    events = play(state, *last)
    assert isinstance(events[-1], RoundDealt) and events[-1].trump == Colour.GREEN
    assert state.trump == Colour.GREEN


# -- AF7: following and winning -----------------------------------------------------------------


@EVERY_MODE
def test_af7_follow_the_led_colour_if_you_can(seats: int, jokers: bool) -> None:
    hands = ["y3", "y7 b9", "g2", "y8"][:seats]
    state = position(hands, jokers=jokers, done=int(jokers), lacking=["", "", "y", ""])
    play(state, "y3")
    assert refused(state, 1, Play(cards("b9")[0])) == "Follow yellow: you have yellow in your hand."
    legal = GAME.legal_actions(state, 1)
    assert legal and all(
        isinstance(action, Play) and action.card >> 4 == Colour.YELLOW for action in legal
    )


@EVERY_MODE
def test_af7_a_seat_that_cannot_follow_plays_anything_even_trump(seats: int, jokers: bool) -> None:
    hands = ["y3", "r0 g5", "y4", "y5"][:seats]
    state = position(hands, jokers=jokers, done=int(jokers), lacking=["", "y", "", ""])
    play(state, "y3")
    assert len(GAME.legal_actions(state, 1)) == len(state.hands[1])
    play(state, "r0")
    assert state.voids[1] == 1 << Colour.YELLOW  # it showed it holds no yellow


@EVERY_MODE
def test_af7_the_highest_trump_wins_and_0_can_win(seats: int, jokers: bool) -> None:
    hands = ["y9", "r0", "y8", "y7"][:seats]
    state = position(hands, jokers=jokers, done=int(jokers), lacking=["", "y", "", ""])
    events = play(state, *["y9", "r0", "y8", "y7"][:seats])
    taken = next(event for event in events if isinstance(event, TrickTaken))
    assert taken.winner == 1
    assert state.leader == 1 and state.tricks[1] == 1


@EVERY_MODE
def test_af7_of_two_trumps_the_higher_wins_whichever_came_first(seats: int, jokers: bool) -> None:
    # Seats 1 and 2 cannot follow yellow and both trump: the higher trump takes the trick,
    # played after the lower one or before it.
    for second, third, winner in (("r2", "r7", 2), ("r7", "r2", 1)):
        hands = ["y9", second, third, "y8"][:seats]
        state = position(hands, jokers=jokers, done=3, lacking=["", "y", "y", ""])
        events = play(state, *hands)
        assert next(event for event in events if isinstance(event, TrickTaken)).winner == winner
        assert state.leader == winner and state.tricks[winner] == 1


@EVERY_MODE
def test_af7_without_trump_the_highest_card_of_the_led_colour_wins(
    seats: int, jokers: bool
) -> None:
    hands = ["g3", "b9", "g8", "g4"][:seats]
    state = position(hands, jokers=jokers, done=int(jokers), lacking=["", "g", "", ""])
    events = play(state, *["g3", "b9", "g8", "g4"][:seats])
    assert next(event for event in events if isinstance(event, TrickTaken)).winner == 2


def test_af7_playing_out_of_turn_or_a_card_not_held_is_refused() -> None:
    state = position(["y3", "y10", "g2", "y8"])
    assert refused(state, 1, Play(cards("y10")[0])) == "It is not your turn."
    assert refused(state, 0, Play(cards("y10")[0])) == "You do not hold 🟨 yellow 10."
    assert refused(state, 7, Play(cards("y10")[0])) == "You are not seated at this table."


def test_af7_playable_cards() -> None:
    hand = sorted(cards("r1 r5 y0 b7 b9"))
    assert playable(hand, Colour.BLUE, False) == cards("b7 b9")
    assert playable(hand, Colour.GREEN, False) == hand
    assert playable(hand, -1, False) == hand
    with_joker = sorted(cards("r1 b7 j"))
    assert playable(with_joker, Colour.BLUE, False) == cards("b7 j")
    assert playable(with_joker, Colour.BLUE, True) == cards("b7")
    assert playable(with_joker, Colour.GREEN, True) == cards("r1 b7")


def _assert_random_actions_are_the_legal_ones(state: FaehrteState, seat: int) -> None:
    legal = GAME.legal_actions(state, seat)
    rng = random.Random(seat)
    drawn = Counter(GAME.random_action(state, seat, rng) for _ in range(300 * len(legal)))
    assert set(drawn) == set(legal)
    assert min(drawn.values()) > 200 and max(drawn.values()) < 400  # uniform: about 300 each


def test_random_plays_and_face_down_cards_are_uniform_over_the_legal_ones() -> None:
    # random_action draws these without listing them; it must draw exactly what is listed.
    state = position(["r1 r5 y0 b7 j", "b2 b9 g4 j", "y3 y8 r0"], jokers=True)
    _assert_random_actions_are_the_legal_ones(state, 0)  # a lead: any card
    play(state, "b7")
    _assert_random_actions_are_the_legal_ones(state, 1)  # a blue card, or the joker
    play(state, "j")
    _assert_random_actions_are_the_legal_ones(state, 2)  # a joker is in: no second one
    free = position(["b7 r1 r2", "g4 y2 j", "y3 j j"], jokers=True, done=10, lacking=["", "b", "b"])
    play(free, "b7")
    _assert_random_actions_are_the_legal_ones(free, 1)  # no blue: any card, or the joker
    play(free, "j")
    _assert_random_actions_are_the_legal_ones(free, 2)  # no blue, a joker in: y3 only
    jokers_only = position(["r1 j", "j j", "y3 y4"], jokers=True, done=11)
    _assert_random_actions_are_the_legal_ones(jokers_only, 0)  # a lead with a joker in hand
    play(jokers_only, "j")
    _assert_random_actions_are_the_legal_ones(jokers_only, 1)  # nothing but jokers: one more
    fresh = new(4, seed=3, jokers=True)
    for seat in range(4):
        _assert_random_actions_are_the_legal_ones(fresh, seat)  # any card but a joker (AF4)


# -- AF8: the worst seat's trump switch ---------------------------------------------------------


@BOTH
def test_af8_in_a_minus_round_the_seat_with_most_tricks_may_switch(seats: int) -> None:
    trick = ["r9", "r3", "r4", "r5"][:seats]
    state = position(trick, done=7, tricks=[3, 2, 1, 1][:seats], face_down=MINUS[seats])
    events = play(state, *trick)
    assert events[-1] == TrumpChoice(seat=0, reason="worst")
    assert GAME.narrate(events[-1], NAMES) == "Ann is doing worst and may switch trump."
    assert GAME.legal_actions(state, 0) == [
        SwitchTrump(Colour.YELLOW),
        SwitchTrump(Colour.GREEN),
        SwitchTrump(Colour.BLUE),
        KeepTrump(),
    ]
    assert GAME.legal_actions(state, 1) == []


@BOTH
def test_af8_in_a_plus_round_the_seat_with_fewest_tricks_may_switch(seats: int) -> None:
    trick = ["r9", "r3", "r4", "r5"][:seats]
    state = position(trick, done=7, tricks=[2, 1, 2, 2][:seats], face_down=PLUS[seats])
    events = play(state, *trick)
    assert events[-1] == TrumpChoice(seat=1, reason="worst")
    GAME.apply(state, 1, KeepTrump())
    assert state.trump == Colour.RED and state.phase == "play"


@BOTH
def test_af8_keeping_trump_is_a_choice_too(seats: int) -> None:
    trick = ["r9", "r3", "r4", "r5"][:seats]
    state = position(trick, done=7, tricks=[2, 1, 2, 2][:seats], face_down=PLUS[seats])
    play(state, *trick)
    assert refused(state, 1, SwitchTrump(Colour.RED)) == (
        "Red is trump already: pick another colour, or keep it."
    )
    assert GAME.apply(state, 1, KeepTrump()) == [TrumpKept(seat=1, colour=Colour.RED)]
    assert GAME.to_act(state) == (0,)


@BOTH
def test_af8_a_tie_for_worst_means_nobody_switches(seats: int) -> None:
    trick = ["r9", "r3", "r4", "r5"][:seats]
    state = position(trick, done=7, tricks=[1, 2, 2, 2][:seats], face_down=MINUS[seats])
    events = play(state, *trick)
    skipped = events[-1]
    assert isinstance(skipped, TrumpSwitchSkipped)
    assert skipped.seats == tuple(range(seats))
    assert GAME.narrate(skipped, NAMES).endswith("tie for worst: nobody switches trump.")
    assert state.phase == "play" and GAME.to_act(state) == (0,)


@BOTH
def test_af8_only_with_four_cards_left(seats: int) -> None:
    for done in (6, 8):
        trick = ["r9", "r3", "r4", "r5"][:seats]
        state = position(trick, done=done, tricks=[1, 0, 0, 0][:seats], face_down=MINUS[seats])
        events = play(state, *trick)
        assert not any(isinstance(event, TrumpChoice | TrumpSwitchSkipped) for event in events)
        assert state.phase == "play"


@BOTH
def test_af8_no_four_cards_left_switch_with_jokers(seats: int) -> None:
    trick = ["r9", "r3", "r4", "r5"][:seats]
    jokers = ["j", "j", "j", "j"][:seats]
    hands = [f"{card} {joker}" for card, joker in zip(trick, jokers, strict=True)]
    state = position(hands, jokers=True, done=8, tricks=[2, 0, 3, 3][:seats])
    assert len(state.hands[0]) == 5
    events = play(state, *trick)
    assert [len(hand) for hand in state.hands] == [4] * seats
    assert not any(isinstance(event, TrumpChoice | TrumpSwitchSkipped) for event in events)


def test_af8_switching_outside_the_offer_is_refused() -> None:
    state = position(["y3", "y10", "g2", "y8"])
    assert "only switch trump when you are offered" in refused(state, 0, KeepTrump())
    assert "with a joker" not in refused(state, 0, SwitchTrump(Colour.BLUE))
    joker_state = position(["y3 j", "y10 j", "g2 j", "y8 j"], jokers=True)
    assert "with a joker" in refused(joker_state, 0, SwitchTrump(Colour.BLUE))


# -- AF9: round points --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tricks", "kind", "points"),
    [
        ((6, 4, 2), "plus", (3, 2, 0)),
        ((6, 4, 2), "minus", (0, 2, 3)),
        ((5, 5, 2), "plus", (3, 3, 0)),
        ((2, 5, 5), "plus", (0, 3, 3)),
        ((2, 5, 5), "minus", (3, 0, 0)),
        ((4, 4, 4), "plus", (0, 0, 0)),
        ((4, 4, 4), "minus", (0, 0, 0)),
        ((3, 3, 3, 3), "plus", (0, 0, 0, 0)),
        ((6, 4, 1, 1), "plus", (4, 3, 0, 0)),
        ((5, 5, 1, 1), "plus", (4, 4, 0, 0)),
        ((5, 5, 2, 0), "plus", (4, 4, 2, 0)),
        ((5, 3, 3, 1), "plus", (4, 3, 3, 0)),
        ((5, 3, 3, 1), "minus", (0, 3, 3, 4)),
        ((2, 2, 3, 5), "minus", (4, 4, 2, 0)),
        ((4, 4, 4, 0), "minus", (0, 0, 0, 4)),
        ((4, 4, 4, 0), "plus", (4, 4, 4, 0)),
    ],
)
def test_af9_round_points(
    tricks: tuple[int, ...], kind: RoundType, points: tuple[int, ...]
) -> None:
    assert round_points(tricks, kind) == points


@EVERY_MODE
def test_af9_points_are_added_to_the_game_score(seats: int, jokers: bool) -> None:
    last = ["r9", "r1", "r2", "r3"][:seats]
    state = position(
        last, jokers=jokers, done=11 + jokers, tricks=[5, 3, 2, 1][:seats], face_down=PLUS[seats]
    )
    events = play(state, *last)
    scored = next(event for event in events if isinstance(event, RoundScored))
    expected = round_points([6, 3, 2, 1][:seats], "plus")
    assert scored.points == expected and tuple(state.scores) == expected
    assert scored.round_type == "plus" and state.history == [scored]
    assert GAME.narrate(scored, NAMES).startswith("Round 1 was a Plus round")


# -- AF10: the length of the game ---------------------------------------------------------------


@EVERY_MODE
def test_af10_the_game_lasts_two_rounds_per_seat(seats: int, jokers: bool) -> None:
    events = random_game(seats, jokers, seed=5)
    scored = [event for event in events if isinstance(event, RoundScored)]
    assert [event.round for event in scored] == list(range(1, 2 * seats + 1))
    assert all(event.rounds == 2 * seats for event in scored)


@EVERY_MODE
def test_af10_highest_total_wins_and_tied_leaders_share_the_win(seats: int, jokers: bool) -> None:
    last = ["r9", "r1", "r2", "r3"][:seats]
    earlier = [[3, 0, 2, 0][:seats]] * (2 * seats - 1)
    state = position(
        last,
        jokers=jokers,
        done=11 + jokers,
        tricks=[4, 5, 2, 0][:seats],
        face_down=MINUS[seats],
        earlier=earlier,
    )
    assert GAME.outcome(state) is None
    events = play(state, *last)
    assert isinstance(events[-1], RoundScored)
    assert state.phase == "over" and GAME.to_act(state) == ()
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == tuple(state.scores)
    round_score = round_points([5, 5, 2, 0][:seats], "minus")
    totals = [3 * (2 * seats - 1) + round_score[0], round_score[1]]
    assert outcome.scores[:2] == tuple(totals)
    assert outcome.winners == (0,)
    assert refused(state, 0, Play(cards("r9")[0])) == "This game is over."
    assert GAME.legal_actions(state, 0) == []


def test_af10_co_winners() -> None:
    state = position(
        ["r9", "r1", "r2"], done=11, tricks=[0, 1, 10], face_down=MINUS[3], earlier=[[3, 3, 0]] * 5
    )
    play(state, "r9", "r1", "r2")
    assert state.scores == [18, 18, 0]
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.places[:2] == (1, 1) and set(outcome.winners) == {0, 1}


# -- AF11: the joker variant --------------------------------------------------------------------


@BOTH
def test_af11_a_joker_may_be_played_instead_of_following(seats: int) -> None:
    state = position(["y3 j", "y7 j", "y5 j", "y8 j"][:seats], jokers=True, done=6)
    play(state, "y3")
    assert PLAYS[JOKER] in GAME.legal_actions(state, 1)
    play(state, "j")
    assert state.voids[1] == 0  # a joker says nothing about what else is held
    assert state.choosers == [1]


@BOTH
def test_af11_a_joker_never_wins_and_a_joker_lead_lets_the_next_card_set_the_colour(
    seats: int,
) -> None:
    state = position(["j", "g2", "g9 y9", "g5"][:seats], jokers=True, done=6)
    play(state, "j")
    assert state.led == -1
    assert len(GAME.legal_actions(state, 1)) == len(state.hands[1])  # any colour card
    play(state, "g2")
    assert state.led == Colour.GREEN
    assert refused(state, 2, Play(cards("y9")[0])) == "Follow green: you have green in your hand."
    events = play(state, *["g9", "g5"][: seats - 2])
    taken = next(event for event in events if isinstance(event, TrickTaken))
    assert taken.winner == 2 and state.tricks[0] == 0


@BOTH
def test_af11_only_one_joker_per_trick(seats: int) -> None:
    state = position(["y3", "j y7", "j g4", "y8"][:seats], jokers=True, done=6)
    play(state, "y3", "j")
    assert refused(state, 2, Play(JOKER)).startswith("This trick already has a joker")
    assert PLAYS[JOKER] not in GAME.legal_actions(state, 2)


def test_af11_a_seat_holding_only_jokers_may_add_a_second_one() -> None:
    # Our reading where AF11 is silent: otherwise Cy could not play at all.
    state = position(["y3 g1", "j y10", "j j", "y8 g2"], jokers=True, done=11)
    assert len(state.hands[0]) == 2  # not the last trick
    play(state, "y3", "j")
    assert GAME.legal_actions(state, 2) == [PLAYS[JOKER]]
    play(state, "j")
    assert state.trick.count(JOKER) == 2


@BOTH
def test_af11_several_jokers_in_the_last_trick_and_only_the_first_two_of_the_round_switch(
    seats: int,
) -> None:
    last = ["y3", "j", "j", "j"][:seats]
    state = position(last, jokers=True, done=12, set_aside="g4")
    assert state.jokers_played == 1  # one joker went in an earlier trick
    events = play(state, *last)
    taken = next(event for event in events if isinstance(event, TrickTaken))
    assert taken.winner == 0
    assert events[-1] == TrumpChoice(seat=1, reason="joker")  # the second joker of the round
    GAME.apply(state, 1, SwitchTrump(Colour.GREEN))
    assert state.phase == "face_down" and state.trump == Colour.GREEN  # AF6: it carries over


def test_af11_two_jokers_in_one_trick_switch_in_play_order() -> None:
    # Three seats: the third joker is the card set aside, so both of these are the first two.
    state = position(["j", "r3", "j"], jokers=True, done=12, set_aside="j")
    assert state.jokers_played == 0
    events = play(state, "j", "r3", "j")
    assert next(event for event in events if isinstance(event, TrickTaken)).winner == 1
    assert events[-1] == TrumpChoice(seat=0, reason="joker")
    assert GAME.to_act(state) == (0,)
    assert refused(state, 2, KeepTrump()).startswith("It is not your turn")
    second = GAME.apply(state, 0, SwitchTrump(Colour.BLUE))
    assert second[-1] == TrumpChoice(seat=2, reason="joker")
    GAME.apply(state, 2, SwitchTrump(Colour.YELLOW))
    assert state.trump == Colour.YELLOW and state.phase == "face_down"


def test_af11_a_third_joker_does_not_switch() -> None:
    state = position(["y3 j", "j y10", "y4 y5", "y8 y9"], jokers=True, done=11)
    assert state.jokers_played == 2
    events = play(state, "j", "y10", "y4", "y8")
    assert not any(isinstance(event, TrumpChoice) for event in events)
    assert state.choosers == []


@BOTH
def test_af11_a_trick_of_jokers_only_is_won_by_nobody(seats: int) -> None:
    tricks = [12 // seats] * seats
    state = position(["j"] * seats, jokers=True, done=12, tricks=tricks, leader=2)
    events = play(state, *["j"] * seats)
    taken = next(event for event in events if isinstance(event, TrickTaken))
    assert taken.winner is None
    assert GAME.narrate(taken, NAMES) == "Trick 13 holds only jokers: nobody takes it."
    # The first two jokers were the leader's and the next seat's.
    assert events[-1] == TrumpChoice(seat=2, reason="joker")
    GAME.apply(state, 2, KeepTrump())
    scored = GAME.apply(state, (2 + 1) % seats, KeepTrump())[-2]
    assert isinstance(scored, RoundScored) and list(scored.tricks) == tricks


def test_af11_no_joker_switch_after_the_games_last_trick() -> None:
    state = position(["j", "r3", "r4"], jokers=True, done=12, set_aside="j", earlier=[[0] * 3] * 5)
    assert state.jokers_played == 1
    events = play(state, "j", "r3", "r4")
    assert not any(isinstance(event, TrumpChoice) for event in events)
    assert state.phase == "over"


# -- the contract -------------------------------------------------------------------------------


def test_cards_and_colours_are_written_as_codes_in_json() -> None:
    assert GAME.dump_action(Play(cards("b12")[0])) == '{"card":"b12","type":"play"}'
    assert GAME.dump_action(SwitchTrump(Colour.GREEN)) == '{"colour":"green","type":"switch_trump"}'
    assert GAME.parse_action({"type": "play", "card": "j"}) == PLAYS[JOKER]


@pytest.mark.parametrize("card", [-1, 0, "r13", "x", None, "J"])
def test_anything_but_a_card_code_is_an_invalid_action(card: object) -> None:
    from games.core.errors import InvalidAction

    with pytest.raises(InvalidAction):
        GAME.parse_action({"type": "play", "card": card})


def test_a_corrupt_state_is_refused_on_load() -> None:
    state = new(4)
    text = GAME.dump_state(state)
    for broken in (
        text.replace('"r0"', '"r1"', 1),
        text.replace('"dealer":', '"dealer":9,"x":', 1),
        "{not json",
    ):
        with pytest.raises(CorruptState):
            GAME.load_state(broken)
    choose_all(state)
    state.hands[0].append(state.hands[1].pop())
    with pytest.raises(CorruptState):
        GAME.load_state(GAME.dump_state(state))


def test_not_your_turn_during_the_face_down_choice_after_choosing() -> None:
    state = new(3)
    GAME.apply(state, 0, FaceDown(state.hands[0][0]))
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 0, FaceDown(state.hands[0][0]))


def test_every_hand_stays_sorted_by_colour_and_value() -> None:
    for seed in range(3):
        for jokers in (False, True):
            state = new(4, seed, jokers)
            assert all(hand == sorted(hand) for hand in state.hands)
            assert hand_size(jokers) == len(state.hands[0])
