"""How the computer plays Auf falscher Fährte (games/falsche_faehrte/tactics.py): the basic
trick-taking tactics of the easy player, the hard player's candidates and rollouts, and
that hard beats random seats."""

from __future__ import annotations

import random

import pytest

from games.ai.knowledge import Knowledge
from games.ai.player import AnyKnowledge
from games.catalog import computer_player, tactics_for
from games.falsche_faehrte import GAME
from games.falsche_faehrte.advice import Seen, plus_odds
from games.falsche_faehrte.cards import JOKER, Colour, deck, value_of
from games.falsche_faehrte.model import (
    FaceDown,
    FaehrteState,
    Options,
    Play,
    SwitchTrump,
)
from games.falsche_faehrte.reading import aim, read
from games.falsche_faehrte.rollout import Rollout, standing_worth
from tests.games.ai.helpers import TEST_BUDGET, play_game
from tests.games.falsche_faehrte.tables import cards, play, position

EASY = computer_player("easy")
TACTICS = tactics_for(GAME.key)

MINUS = "r0 y1 g2"
"""Three face-down cards that make a Minus round (total 3)."""
PLUS = "b9 g9 r8"
"""Three face-down cards that make a Plus round (total 26)."""
HANDS = ("y2 g3 g4 b1 b2 r1 r5", "y4 g5 g6 b3 b4 r2 r6")
"""Seats 0 and 1 after five tricks; seat 0 leads a yellow 2, seat 1 follows with the 4."""


def knowing(state: FaehrteState, seat: int) -> AnyKnowledge:
    return Knowledge(GAME, state, seat, refine=TACTICS.refine)


def easy_move(state: FaehrteState, seat: int) -> object:
    return EASY.choose(GAME, state, seat, random.Random(1))


def after_yellow_lead(third: str, face_down: str, *, jokers: bool = False) -> FaehrteState:
    """Trick 6 of a three-seat round whose type is public: yellow 2 and 4 played, seat 2 next."""
    hands = HANDS if not jokers else (HANDS[0] + " j", HANDS[1] + " j")
    state = position([*hands, third], face_down=face_down, done=5, tricks=[2, 2, 1], jokers=jokers)
    play(state, "y2", "y4")
    return state


def dealt(first: str) -> FaehrteState:
    """A fresh three-seat round in which seat 0 holds ``first``; the rest dealt in order."""
    state = GAME.new(3, 1, Options())
    mine = cards(first)
    rest = [card for card in deck(3, False) if card not in mine]
    state.hands = [sorted(mine), sorted(rest[:13]), sorted(rest[13:26])]
    state.set_aside = rest[26]
    GAME.check_state(state)
    return state


# -- the easy player: following ------------------------------------------------------------------


def test_easy_ducks_under_the_trick_with_its_highest_losing_card_in_a_minus_round() -> None:
    state = after_yellow_lead("y3 y5 y6 g7 b7 r3 r4", MINUS)
    assert easy_move(state, 2) == Play(cards("y3")[0])


def test_easy_wins_with_the_cheapest_card_that_takes_the_trick_in_a_plus_round() -> None:
    state = after_yellow_lead("y3 y5 y6 g7 b7 r3 r4", PLUS)
    assert easy_move(state, 2) == Play(cards("y5")[0])


def test_easy_trumps_in_low_when_it_cannot_follow_in_a_plus_round() -> None:
    state = after_yellow_lead("r3 r7 g1 g8 b0 b7 b8", PLUS)
    assert easy_move(state, 2) == Play(cards("r3")[0])


def test_easy_sheds_its_strongest_card_that_cannot_win_when_it_cannot_follow_in_a_minus_round() -> (
    None
):
    state = after_yellow_lead("r3 r7 g1 g8 b0 b5 b9", MINUS)
    assert easy_move(state, 2) == Play(cards("b9")[0])


# -- the easy player: leading --------------------------------------------------------------------


def test_easy_leads_its_weakest_card_in_a_minus_round() -> None:
    state = position(["y8 y9 g8 g7 b0 b8 r7", "", ""], face_down=MINUS, done=5)
    assert easy_move(state, 0) == Play(cards("b0")[0])


def test_easy_leads_the_top_trump_in_a_plus_round() -> None:
    state = position(["y3 y4 g3 g4 b2 b3 r9", "", ""], face_down=PLUS, done=5)
    assert easy_move(state, 0) == Play(cards("r9")[0])


# -- the easy player: jokers (AF11) -------------------------------------------------------------


def test_easy_plays_a_joker_rather_than_take_a_trick_in_a_minus_round() -> None:
    state = after_yellow_lead("y5 y6 g7 b7 r3 r4 b8 j", MINUS, jokers=True)
    assert easy_move(state, 2) == Play(JOKER)


def test_easy_keeps_its_joker_while_it_can_lose_the_trick_anyway_in_a_minus_round() -> None:
    state = after_yellow_lead("y3 y6 g7 b7 r3 r4 b8 j", MINUS, jokers=True)
    assert easy_move(state, 2) == Play(cards("y3")[0])


def test_easy_keeps_its_joker_while_the_round_type_is_open() -> None:
    state = position(["y2", "y4", "y3 y5 j"], jokers=True, done=0)
    play(state, "y2", "y4")
    move = easy_move(state, 2)
    assert isinstance(move, Play)
    assert move.card != JOKER


def test_easy_throws_its_joker_when_it_cannot_win_in_a_plus_round() -> None:
    state = after_yellow_lead("y0 y1 g7 b7 r3 r4 b8 j", PLUS, jokers=True)
    assert easy_move(state, 2) == Play(JOKER)


def test_easy_switches_trump_after_its_joker_to_the_colour_it_is_strongest_in_a_plus_round() -> (
    None
):
    state = after_yellow_lead("y0 y1 b5 b6 b7 b8 g0 j", PLUS, jokers=True)
    play(state, "j")  # seat 0 wins with the yellow 4... of seat 1; the joker may switch
    assert state.phase == "trump"
    assert easy_move(state, 2) == SwitchTrump(Colour.BLUE)


def test_easy_switches_trump_away_from_its_strong_trumps_in_a_minus_round() -> None:
    state = after_yellow_lead("y0 y3 y5 b5 b6 r7 r9 j", MINUS, jokers=True)
    play(state, "j")
    assert state.phase == "trump"
    assert easy_move(state, 2) == SwitchTrump(Colour.GREEN)  # the colour it lacks


# -- the easy player: the worst seat's trump switch (AF8) ---------------------------------------


def test_the_worst_seat_makes_its_long_colour_trump_in_a_plus_round() -> None:
    state = position(
        ["r9 y2 y3 g2 g3", "r7 y4 y5 g4 g5", "y0 b5 b6 b7 b8"],
        face_down=PLUS,
        done=7,
        tricks=[4, 2, 1],
    )
    play(state, "r9", "r7", "y0")
    assert state.phase == "trump"
    assert state.choosers == [2]
    assert easy_move(state, 2) == SwitchTrump(Colour.BLUE)


def test_the_worst_seat_makes_a_colour_it_lacks_trump_in_a_minus_round() -> None:
    state = position(
        ["y9 g3 g4 b1 b2", "y7 g5 g6 b3 b4", "y5 r3 r4 r5 r6"],
        face_down=MINUS,
        done=7,
        tricks=[1, 2, 4],
    )
    play(state, "y9", "y7", "y5")  # seat 2 keeps the most tricks: still the worst
    assert state.choosers == [2]
    move = easy_move(state, 2)
    assert isinstance(move, SwitchTrump)
    assert move.colour != Colour.RED  # four trumps in a Minus round: get rid of them


# -- the easy player: the face-down card (AF4) --------------------------------------------------


def test_a_strong_hand_puts_down_a_high_card_it_can_spare() -> None:
    state = dealt("r9 r8 r7 r6 y9 g9 b9 y8 g8 b8 y6 g6 b6")
    move = easy_move(state, 0)
    assert isinstance(move, FaceDown)
    assert value_of(move.card) >= 6
    assert move.card not in cards("r9 r8 y9 g9 b9")  # it keeps its sure tricks


def test_a_weak_hand_puts_down_a_low_card() -> None:
    state = dealt("r0 r1 y0 y1 y2 g0 g1 g2 b0 b1 b2 b3 y3")
    move = easy_move(state, 0)
    assert isinstance(move, FaceDown)
    assert value_of(move.card) == 0


# -- reading the round type (AF5) ---------------------------------------------------------------


def test_the_aim_follows_the_turned_face_down_cards() -> None:
    high = position(["", "", ""], face_down="b9 g9 y8", done=4)  # two turned: 18 of 14
    low = position(["", "", ""], face_down="b0 g0 y1", done=4)  # two turned: 0, 9 at most to come
    unsure = position(["", "", ""], face_down="b5 g2 y7", done=3)  # one turned: 5
    for state, expected in ((high, 1.0), (low, -1.0)):
        view = GAME.view(state, 0)
        assert aim(view, read(view)) == pytest.approx(expected, abs=0.01)
    view = GAME.view(unsure, 0)
    assert -0.8 < aim(view, read(view)) < 0.8


def test_the_aim_counts_the_seats_own_face_down_card() -> None:
    # Blue 5 and green 4 are turned (9); the yellow 9 still hidden is seat 0's own card, so
    # seat 0 knows the round is a Plus round (18) while the others can only guess (AF4, AF5).
    state = position(["", "", ""], face_down="b5 g4 y9", done=4)
    state.given = [*cards("y9 b5 g4")]
    knows = GAME.view(state, 0)
    assert knows.round_type is None and knows.given == cards("y9")[0]
    assert aim(knows, read(knows)) == 1.0
    guesses = GAME.view(state, 1)
    assert -0.8 < aim(guesses, read(guesses)) < 0.8
    world = GAME.redeal(state, 0, random.Random(1))
    rollout = Rollout(GAME, world, remembering=0)
    assert rollout.aim(0, rollout.reading(0)) == 1.0


def test_the_easy_player_does_not_reckon_with_its_own_face_down_card() -> None:
    state = position(["", "", ""], face_down="b5 g4 y9", done=4)
    state.given = [*cards("y9 b5 g4")]
    view = GAME.view(state, 0)
    assert -0.8 < aim(view, read(view, remembers=False), remembers=False) < 0.8
    world = GAME.redeal(state, 0, random.Random(1))
    rollout = Rollout(GAME, world)  # nobody in it is the searching seat
    assert -0.8 < rollout.aim(0, rollout.reading(0)) < 0.8


def test_a_seats_own_face_down_card_is_in_no_hand_it_reads() -> None:
    state = position(["", "", ""], face_down="b5 g4 y9", done=3)
    state.given = [*cards("y9 b5 g4")]
    view = GAME.view(state, 0)
    hidden = cards("y9")[0]
    assert read(view).unseen.masks[hidden >> 4] >> (hidden & 15) & 1 == 0
    assert read(GAME.view(state, 1)).unseen.masks[hidden >> 4] >> (hidden & 15) & 1 == 1


def test_plus_odds_rise_with_the_turned_total() -> None:
    unseen = Seen.of(deck(3, False)[:30])  # red, yellow and green 0-9
    odds = [plus_odds(total, 2, unseen, 14) for total in range(15)]
    assert odds == sorted(odds)
    assert 0.0 < odds[0] < 0.2
    assert odds[-1] == 1.0  # 14 is turned already
    assert plus_odds(4, 1, unseen, 14) == 0.0  # one card of at most 9 cannot make it
    assert plus_odds(13, 0, unseen, 14) == 0.0


# -- the hard player ----------------------------------------------------------------------------


def test_hard_weighs_face_down_cards_that_push_either_way() -> None:
    state = dealt("r9 r8 r7 r6 y9 g9 b9 y8 g8 b8 y0 g0 b1")
    picks = TACTICS.search_actions(knowing(state, 0), random.Random(1))
    values = sorted(value_of(pick.card) for pick in picks)
    assert values[0] <= 1 and values[-1] >= 8
    assert len(picks) == len(set(picks))


def test_hard_weighs_the_easy_players_best_cards_first() -> None:
    state = after_yellow_lead("y3 y5 y6 g7 b7 r3 r4", PLUS)
    picks = TACTICS.search_actions(knowing(state, 2), random.Random(1))
    assert picks[0] == easy_move(state, 2)
    assert set(picks) == {Play(card) for card in cards("y3 y5 y6")}


def test_a_rollout_plays_to_the_end_of_the_round_and_no_further() -> None:
    state = after_yellow_lead("y3 y5 y6 g7 b7 r3 r4", PLUS)
    world = GAME.redeal(state, 2, random.Random(1))
    rollout = Rollout(GAME, world)
    rollout.play(random.Random(2))
    assert world.round == 2 and world.phase == "face_down"
    assert 0.0 <= rollout.worth(2, random.Random(3)) <= 1.0


def test_a_rollout_seat_reads_only_its_own_hand_and_the_public_table() -> None:
    state = after_yellow_lead("y3 y5 y6 g7 b7 r3 r4", MINUS)
    for seat in range(3):
        worlds = [GAME.redeal(state, seat, random.Random(seed)) for seed in range(4)]
        readings = {Rollout(GAME, world).reading(seat) for world in worlds}
        assert len(readings) == 1


def test_the_standings_are_worth_a_sure_win_to_a_leader_out_of_reach() -> None:
    rng = random.Random(1)
    assert standing_worth((11, 6, 7), 0, 1, rng) == 1.0  # 3 points a round at most
    assert standing_worth((11, 6, 7), 1, 1, rng) == 0.0
    assert standing_worth((10, 6, 7), 0, 1, rng) == pytest.approx(11 / 12)  # 1/6: a tie
    assert standing_worth((5, 5, 5), 2, 0, rng) == pytest.approx(1 / 3)
    close = standing_worth((8, 6, 7), 0, 6, rng)
    assert 1 / 3 < close < 1.0


def test_hard_outscores_random_seats() -> None:
    """Four seeded games with the tests' tiny search budget (a handful of worlds a move, far
    below the bot's second): the hard seat still scores more in all than either random seat."""
    totals = [0, 0, 0]
    for seed in range(1, 5):
        players = [computer_player(level, TEST_BUDGET) for level in ("random", "hard", "random")]
        state = play_game(GAME, players, seed=seed)
        totals = [total + score for total, score in zip(totals, state.scores, strict=True)]
    assert totals[1] > max(totals[0], totals[2]), totals
