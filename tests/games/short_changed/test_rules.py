"""Short Changed scenarios: one per rule of seeds/000 and ruling SC1-SC8."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.core.chance import Chance
from games.core.errors import IllegalAction, NotYourTurn
from games.core.game import Outcome
from games.short_changed import GAME
from games.short_changed.chips import Chips, Colour, supply
from games.short_changed.game import can_short_change, short_changes
from games.short_changed.model import (
    Action,
    Ante,
    Donate,
    Donated,
    Guess,
    Guessed,
    Options,
    Pass,
    PotStarted,
    ShortChange,
    ShortChanged,
    ShortChangedState,
    Stalemate,
    Steal,
    Stole,
    TurnStarted,
)
from games.short_changed.text import narrate

G, B, R, W = Colour.GREEN, Colour.BLUE, Colour.RED, Colour.WHITE
NO_CHIPS = Chips()


def table(
    *hands: Chips,
    pot: Chips = NO_CHIPS,
    turn: int = 0,
    double_turn: bool = False,
    stalemate_rounds: int = 100,
) -> ShortChangedState:
    """A table in the play phase with exactly these hands and pot; the rest is in the bag."""
    held = pot
    for hand in hands:
        held = held + hand
    seats = len(hands)
    return ShortChangedState(
        options=Options(stalemate_rounds=stalemate_rounds),
        chance=Chance(0),
        hands=list(hands),
        bag=supply(seats) - held,
        pot=pot,
        phase="play",
        antes=[W] * seats,
        first_seat=0,
        turn=turn,
        double_turn=double_turn,
        actions_left=2 if double_turn else 1,
        owes_double_turn=[False] * seats,
    )


def some_action_but_a_guess(state: ShortChangedState) -> Action:
    return next(a for a in GAME.legal_actions(state, state.turn) if not isinstance(a, Guess))


def refused(state: ShortChangedState, seat: int, action: Action) -> str:
    """Apply an action that must be refused; check the state is untouched; give the reason."""
    before = GAME.dump_state(state)
    with pytest.raises((IllegalAction, NotYourTurn)) as error:
        GAME.apply(state, seat, action)
    assert GAME.dump_state(state) == before
    return error.value.message


# -- SC1: the bag and the hands --------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "green", "blue", "red", "white", "left_in_bag"),
    [
        (2, 2, 3, 4, 5, 4),
        (3, 3, 4, 5, 6, 3),
        (4, 4, 5, 6, 7, 2),
        (5, 5, 6, 7, 8, 1),
        (6, 6, 7, 8, 9, 0),
    ],
)
def test_sc1_table_1_chips_and_five_chip_hands(
    seats: int, green: int, blue: int, red: int, white: int, left_in_bag: int
) -> None:
    assert supply(seats) == Chips(green, blue, red, white)
    state = GAME.new(seats, seed=7)
    assert [hand.count for hand in state.hands] == [5] * seats
    assert state.bag.count == left_in_bag
    assert sum((hand for hand in state.hands), state.bag) == supply(seats)


def test_sc1_table_3_total_values() -> None:
    assert [supply(seats).value for seats in range(2, 7)] == [105, 146, 187, 228, 269]


def test_sc1_the_bag_is_never_shown_not_even_at_the_end() -> None:
    state = table(Chips(green=1), Chips(red=1), pot=Chips(white=1))
    GAME.apply(state, 0, Guess(target=1, total=5))
    assert state.phase == "over"
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        assert not hasattr(view, "bag")
        assert state.bag.count > 0
        assert view.revealed_hands == (Chips(green=1), Chips(red=1))


def test_sc1_hands_are_drawn_at_random() -> None:
    hands = {tuple(GAME.new(4, seed).hands) for seed in range(20)}
    assert len(hands) > 15


# -- SC2: the starting pot is a simultaneous secret choice -----------------------------------


def test_sc2_everyone_picks_at_once_and_picks_stay_secret_until_all_are_in() -> None:
    state = GAME.new(3, seed=1)
    assert GAME.to_act(state) == (0, 1, 2)
    chip = next(state.hands[1].colours())
    events = GAME.apply(state, 1, Ante(chip))
    assert GAME.to_act(state) == (0, 2)
    assert state.pot == Chips()
    assert [event.audience for event in events] == [1, None]
    assert GAME.view(state, 1).ante == chip
    assert GAME.view(state, 0).ante is None
    assert GAME.view(state, None).ante is None
    assert refused(state, 1, Ante(chip)) == "You have already picked your starting chip."


def test_sc2_all_picks_are_revealed_together_and_form_the_pot() -> None:
    state = GAME.new(3, seed=1)
    picks = [next(hand.colours()) for hand in state.hands]
    hands = list(state.hands)
    for seat in (2, 0, 1):
        events = GAME.apply(state, seat, Ante(picks[seat]))
    assert isinstance(events[-2], PotStarted)
    assert events[-2].chips == tuple(picks)
    assert state.pot == Chips.of(*picks)
    assert state.hands == [hand - Chips.of(pick) for hand, pick in zip(hands, picks, strict=True)]
    assert state.phase == "play"
    assert [hand.count for hand in state.hands] == [4, 4, 4]


def test_sc2_a_seat_can_only_ante_a_chip_it_holds() -> None:
    seed = next(s for s in range(100) if not all(GAME.new(2, s).hands[0].counts))
    state = GAME.new(2, seed)
    missing = next(colour for colour in Colour if not state.hands[0][colour])
    assert refused(state, 0, Ante(missing)) == f"You have no {missing.value} chip."


def test_sc2_nothing_but_the_ante_during_the_ante() -> None:
    state = GAME.new(2, seed=3)
    assert "secretly picks" in refused(state, 0, Guess(target=1, total=10))


# -- SC3: a random first seat, then clockwise ------------------------------------------------


def test_sc3_first_seat_is_random_and_play_goes_clockwise() -> None:
    firsts = Counter(GAME.new(4, seed).first_seat for seed in range(200))
    assert set(firsts) == {0, 1, 2, 3}
    state = table(Chips(white=4), Chips(white=4), Chips(white=4), pot=Chips(green=1), turn=1)
    order = []
    for _ in range(4):
        order.append(state.turn)
        GAME.apply(state, state.turn, some_action_but_a_guess(state))
    assert order == [1, 2, 0, 1]


# -- SC4: what is public ---------------------------------------------------------------------


def test_sc4_public_view_shows_pot_counts_and_exact_chips_moved_but_no_hand() -> None:
    state = table(Chips(green=1, white=2), Chips(red=2, white=1), pot=Chips(blue=1, red=1))
    GAME.apply(state, 0, ShortChange(take=Chips(blue=1, red=1), give=Chips(white=1)))
    public = GAME.view(state, None)
    assert public.pot == Chips(white=1)
    assert public.chip_counts == (4, 3)
    assert public.hand is None and public.revealed_hands is None
    assert public.log[-1] == ShortChanged(seat=0, took=Chips(blue=1, red=1), gave=Chips(white=1))
    assert GAME.view(state, 0).hand == Chips(green=1, blue=1, red=1, white=1)
    assert GAME.narrate(public.log[-1], ["Ann", "Bo"]) == (
        "Ann took 🟦 blue, 🟥 red (15) and gave ⬜ white (1)."
    )


def test_sc4_every_guess_is_public_with_target_value_and_result() -> None:
    state = table(Chips(white=3), Chips(red=2), pot=Chips(green=1))
    GAME.apply(state, 0, Guess(target=1, total=11))
    assert GAME.view(state, None).log[-1] == Guessed(seat=0, target=1, total=11, correct=False)


# -- SC5: guessing ---------------------------------------------------------------------------


def test_sc5_a_correct_guess_wins_at_once() -> None:
    state = table(Chips(white=3), Chips(red=2, white=1), Chips(blue=1), pot=Chips(green=1))
    events = GAME.apply(state, 0, Guess(target=1, total=11))
    assert events == [Guessed(seat=0, target=1, total=11, correct=True)]
    assert GAME.to_act(state) == ()
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0,)
    assert outcome.places == (1, 2, 2)


def test_sc5_a_wrong_guess_is_the_whole_turn_and_earns_a_double_turn() -> None:
    state = table(Chips(white=3), Chips(red=2), pot=Chips(green=1))
    events = GAME.apply(state, 0, Guess(target=1, total=11))
    assert events[-1] == TurnStarted(seat=1, double=False)
    assert state.turn == 1
    assert GAME.view(state, None).owes_double_turn == (True, False)
    GAME.apply(state, 1, Guess(target=0, total=1))
    assert state.turn == 0 and state.double_turn and state.actions_left == 2
    assert GAME.to_act(state) == (0,)


def test_sc5_no_guess_in_either_action_of_a_double_turn() -> None:
    state = table(Chips(white=3), Chips(red=2), pot=Chips(blue=1), double_turn=True)
    assert "neither may be a guess" in refused(state, 0, Guess(target=1, total=10))
    GAME.apply(state, 0, ShortChange(take=Chips(blue=1), give=Chips(white=2)))
    assert state.turn == 0 and state.actions_left == 1
    assert "neither may be a guess" in refused(state, 0, Guess(target=1, total=10))
    assert not any(isinstance(a, Guess) for a in GAME.legal_actions(state, 0))


def test_sc5_after_the_double_turn_guessing_is_open_again() -> None:
    state = table(Chips(white=5), Chips(red=4), pot=Chips(), double_turn=True)
    GAME.apply(state, 0, Donate(W))
    GAME.apply(state, 0, Donate(W))
    assert state.turn == 1 and not state.double_turn
    GAME.apply(state, 1, Steal(W))
    assert state.turn == 0 and not state.double_turn
    GAME.apply(state, 0, Guess(target=1, total=21))
    assert state.winner == 0


def test_guess_must_name_another_seat() -> None:
    state = table(Chips(white=3), Chips(red=2), pot=Chips(green=1))
    assert refused(state, 0, Guess(target=0, total=3)) == (
        "Guess the chips of another player at the table."
    )
    assert refused(state, 0, Guess(target=4, total=3)) == (
        "Guess the chips of another player at the table."
    )


# -- SC6: the priority order -----------------------------------------------------------------


def test_sc6_must_short_change_when_possible() -> None:
    state = table(Chips(red=1, white=3), Chips(red=2), pot=Chips(blue=1))
    assert can_short_change(state.hands[0], state.pot)
    assert "must short change" in refused(state, 0, Donate(W))
    assert "must short change" in refused(state, 0, Steal(B))
    assert "cannot pass" in refused(state, 0, Pass())
    kinds = {type(action) for action in GAME.legal_actions(state, 0)}
    assert kinds == {Guess, ShortChange}


def test_sc6_guessing_is_allowed_even_when_a_short_change_is() -> None:
    state = table(Chips(red=1, white=3), Chips(red=2), pot=Chips(blue=1))
    GAME.apply(state, 0, Guess(target=1, total=10))
    assert state.winner == 0


def test_sc6_four_chip_seat_that_cannot_short_change_may_donate_or_steal() -> None:
    # Four whites against a single white in the pot: nothing given can be worth less.
    four = Chips(white=4)
    for action in (Donate(W), Steal(W)):
        state = table(four, Chips(red=2), pot=Chips(white=1))
        assert not can_short_change(four, state.pot)
        GAME.apply(state, 0, action)
        assert state.turn == 1
    legal = GAME.legal_actions(table(four, Chips(red=2), pot=Chips(white=1)), 0)
    assert Donate(W) in legal and Steal(W) in legal


def test_sc6_donate_needs_four_chips_and_steal_four_or_fewer() -> None:
    state = table(Chips(white=3), Chips(red=2), pot=Chips(white=1))
    assert "four or more" in refused(state, 0, Donate(W))
    GAME.apply(state, 0, Steal(W))
    state = table(Chips(white=5), Chips(red=2), pot=Chips(white=1))
    assert "four or fewer" in refused(state, 0, Steal(W))
    GAME.apply(state, 0, Donate(W))
    assert state.pot == Chips(white=2)


def test_sc6_steal_needs_a_chip_in_the_pot() -> None:
    state = table(Chips(white=3), Chips(red=2), pot=Chips(white=1))
    assert "no blue chip in the pot" in refused(state, 0, Steal(B))
    state = table(Chips(white=5), Chips(red=2), pot=Chips(white=1))
    assert "no red chip to donate" in refused(state, 0, Donate(R))


def test_sc6_the_forced_guess_with_an_empty_pot() -> None:
    """Rulebook clarification: an empty pot and fewer than four chips leave only a guess."""
    state = table(Chips(white=3), Chips(red=2), pot=Chips())
    legal = GAME.legal_actions(state, 0)
    assert legal and all(isinstance(action, Guess) for action in legal)
    assert "must guess" in refused(state, 0, Pass())
    assert "four or more" in refused(state, 0, Donate(W))
    assert "no white chip in the pot" in refused(state, 0, Steal(W))


def test_sc6_pass_only_when_nothing_at_all_is_legal() -> None:
    # In a double turn no guess is allowed; empty pot and three chips: nothing else either.
    state = table(Chips(white=3), Chips(red=2), pot=Chips(), double_turn=True)
    assert GAME.legal_actions(state, 0) == [Pass()]
    GAME.apply(state, 0, Pass())
    GAME.apply(state, 0, Pass())
    assert state.turn == 1
    # With a chip in the pot, stealing is possible, so passing is not.
    state = table(Chips(white=3), Chips(red=2), pot=Chips(white=1), double_turn=True)
    assert "only pass when" in refused(state, 0, Pass())


def test_steal_then_donate_the_same_chip_in_a_double_turn() -> None:
    """Rulebook tactic: with four chips, steal then donate the very same chip back."""
    # A lone white in the pot: nothing four whites can give is worth less, so no short change.
    state = table(Chips(white=4), Chips(red=2), pot=Chips(white=1), double_turn=True)
    hand_before, pot_before = state.hands[0], state.pot
    first = GAME.apply(state, 0, Steal(W))
    assert first == [Stole(seat=0, chip=W)]
    assert state.hands[0].count == 5 and state.actions_left == 1
    assert not can_short_change(state.hands[0], state.pot)
    second = GAME.apply(state, 0, Donate(W))
    assert second[0] == Donated(seat=0, chip=W)
    assert (state.hands[0], state.pot) == (hand_before, pot_before)
    assert state.turn == 1


# -- SC7: the short change -------------------------------------------------------------------


def test_sc7_a_legal_short_change_moves_exactly_those_chips() -> None:
    state = table(Chips(red=1, white=2), Chips(red=2), pot=Chips(green=1, white=1))
    GAME.apply(state, 0, ShortChange(take=Chips(green=1), give=Chips(red=1, white=2)))
    assert state.hands[0] == Chips(green=1)
    assert state.pot == Chips(red=1, white=3)


@pytest.mark.parametrize(
    ("take", "give", "reason"),
    [
        (Chips(), Chips(white=1), "takes at least one chip"),
        (Chips(green=1), Chips(), "gives at least one chip"),
        (Chips(green=-1), Chips(white=1), "cannot be negative"),
        (Chips(green=1), Chips(white=-2), "cannot be negative"),
        (Chips(green=1), Chips(red=1), "different number"),
        (Chips(blue=1), Chips(red=2), "worth less"),
        (Chips(blue=1, white=1), Chips(red=2, white=1), "worth less"),
        (Chips(green=2), Chips(white=1), "pot does not hold"),
        (Chips(green=1), Chips(blue=1, red=1), "hand does not hold"),
    ],
)
def test_sc7_short_change_constraints(take: Chips, give: Chips, reason: str) -> None:
    state = table(Chips(red=2, white=3), Chips(red=2), pot=Chips(green=1, blue=1, white=1))
    assert reason in refused(state, 0, ShortChange(take=take, give=give))


def test_sc7_negative_counts_never_even_parse() -> None:
    from games.core.errors import InvalidAction

    with pytest.raises(InvalidAction):
        GAME.parse_action({"type": "short_change", "take": {"green": -1}, "give": {"white": 1}})


def test_sc7_existence_check_matches_the_full_list() -> None:
    rng = random.Random(5)
    for _ in range(500):
        hand = Chips(*(rng.randint(0, 3) for _ in range(4)))
        pot = Chips(*(rng.randint(0, 3) for _ in range(4)))
        changes = list(short_changes(hand, pot))
        assert can_short_change(hand, pot) == bool(changes)
        for change in changes:
            assert change.take.count >= 1 and change.give.count >= 1
            assert change.take.count != change.give.count
            assert change.give.value < change.take.value
            assert pot.contains(change.take) and hand.contains(change.give)


# -- SC8: the stalemate option ---------------------------------------------------------------


def test_sc8_the_game_is_a_draw_after_the_set_number_of_full_rounds() -> None:
    state = table(Chips(white=4), Chips(white=4), pot=Chips(), stalemate_rounds=5)
    for _ in range(5 * 2 - 1):
        GAME.apply(state, state.turn, some_action_but_a_guess(state))
    assert state.phase == "play"
    events = GAME.apply(state, 1, some_action_but_a_guess(state))
    assert events[-1] == Stalemate(rounds=5)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.is_draw
    assert GAME.to_act(state) == ()


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_sc8_a_stalemate_gives_nobody_a_point(seats: int) -> None:
    # A draw: every seat shares first place, and nobody guessed, so nobody scores.
    hands = [Chips(white=4) for _ in range(seats)]
    state = table(*hands, pot=Chips(), stalemate_rounds=5)
    while GAME.to_act(state):
        GAME.apply(state, state.turn, some_action_but_a_guess(state))
    assert state.winner is None and state.log[-1] == Stalemate(rounds=5)
    assert GAME.outcome(state) == Outcome(places=(1,) * seats, scores=(0,) * seats)


def test_sc8_default_is_100_rounds() -> None:
    assert GAME.options().stalemate_rounds == 100


# -- the contract ----------------------------------------------------------------------------


def test_out_of_turn_is_refused() -> None:
    state = table(Chips(white=3), Chips(red=2), pot=Chips(green=1))
    assert refused(state, 1, Guess(target=0, total=3)) == "It is not your turn."


def test_nothing_is_legal_after_the_end() -> None:
    state = table(Chips(white=3), Chips(red=2), pot=Chips(green=1))
    GAME.apply(state, 0, Guess(target=1, total=10))
    assert refused(state, 1, Guess(target=0, total=3)) == "This game is over."
    assert GAME.legal_actions(state, 1) == []


def test_a_corrupt_state_is_refused_on_load() -> None:
    from games.core.errors import CorruptState

    state = table(Chips(white=3), Chips(red=2), pot=Chips(green=1))
    text = GAME.dump_state(state).replace('"green":1', '"green":2', 1)
    with pytest.raises(CorruptState):
        GAME.load_state(text)
    with pytest.raises(CorruptState):
        GAME.load_state("{not json")


def test_a_stalemate_is_told_in_words_counted_right() -> None:
    """SC8's news counts its rounds as a newcomer reads them: never '1 rounds'."""
    assert narrate(Stalemate(rounds=1), ["ann", "bo"]).startswith("1 round without")
    assert narrate(Stalemate(rounds=5), ["ann", "bo"]).startswith("5 rounds without")
