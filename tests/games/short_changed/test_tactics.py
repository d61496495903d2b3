"""How the computer plays Short Changed (games/short_changed/tactics.py): the rulebook's
tactics for the easy player, and the hard player's guessing."""

from __future__ import annotations

import random

import pytest

from games.ai.knowledge import Knowledge
from games.ai.player import AnyKnowledge, Budget
from games.ai.search import HardPlayer
from games.catalog import computer_player, tactics_for
from games.short_changed import GAME
from games.short_changed.advice import ante_choice
from games.short_changed.chips import Chips, Colour
from games.short_changed.deduction import deduce, read_ledger
from games.short_changed.model import (
    Ante,
    Donate,
    Guess,
    Options,
    Pass,
    ShortChange,
    ShortChangedState,
)
from games.short_changed.reading import read_picks
from tests.games.short_changed.tables import (
    BLUES_AND_REDS,
    FIVE_WHITES,
    MINE,
    B,
    G,
    R,
    W,
    ante,
    dealt,
    in_play,
)

EASY = computer_player("easy")
TACTICS = tactics_for(GAME.key)


def knowing(state: ShortChangedState, seat: int) -> AnyKnowledge:
    return Knowledge(GAME, state, seat, refine=TACTICS.refine)


@pytest.mark.parametrize(
    ("hand", "pick"),
    [
        (Chips.of(G, B, W, W, W), W),
        (Chips.of(G, G, B, R, W), G),
        (Chips.of(G, B, B, R, R), R),  # a tie goes to the cheaper colour
    ],
)
def test_sc2_the_starting_chip_is_of_the_colour_held_most(hand: Chips, pick: Colour) -> None:
    assert ante_choice(hand) == Ante(pick)


def test_easy_puts_in_the_commonest_chip_of_its_hand() -> None:
    state = dealt(MINE, FIVE_WHITES, BLUES_AND_REDS)
    assert EASY.choose(GAME, state, 1, random.Random(1)) == Ante(W)


def test_easy_guesses_a_total_the_moment_it_is_certain() -> None:
    state = dealt(MINE, FIVE_WHITES, BLUES_AND_REDS, first=1)
    ante(state, G, W, B)
    GAME.apply(state, 1, ShortChange(take=Chips.of(G), give=Chips.of(W, W, W, W)))
    # Seat 1 has shown five whites: its hand is the green it took, worth 25.
    assert EASY.choose(GAME, state, 2, random.Random(1)) == Guess(target=1, total=25)


def uncertain() -> ShortChangedState:
    """Seat 1 holds four whites and a red (5/6) or five whites (1/6): seat 0 cannot be sure."""
    return in_play(Chips.of(G, G, B, B, B, R, R, R), Chips.of(W, W, W, W, R), pot=Chips())


def test_easy_does_not_guess_a_total_it_is_unsure_of() -> None:
    state = uncertain()
    assert deduce(GAME.view(state, 0)).totals(1) == pytest.approx({9: 5 / 6, 5: 1 / 6})
    assert isinstance(EASY.choose(GAME, state, 0, random.Random(1)), Donate)


def test_easy_takes_its_best_guess_in_the_last_round_where_a_miss_costs_nothing() -> None:
    state = uncertain()
    state.options = Options(stalemate_rounds=5)
    state.turns_taken = 4 * state.seats  # the fifth and last round (SC8)
    assert EASY.choose(GAME, state, 0, random.Random(1)) == Guess(target=1, total=9)


def test_easy_guesses_its_best_when_a_guess_is_all_it_may_do() -> None:
    # An empty pot and three chips: no short change, donation or steal is possible.
    state = in_play(Chips.of(G, B, W), Chips.of(W, W, W, W, R), pot=Chips())
    assert all(isinstance(a, Guess) for a in GAME.legal_actions(state, 0))
    guess = EASY.choose(GAME, state, 0, random.Random(1))
    assert isinstance(guess, Guess)
    assert guess.total == deduce(GAME.view(state, 0)).likeliest_total(1)[0]


def test_easy_never_guesses_in_a_double_turn_and_passes_when_stuck() -> None:
    state = in_play(Chips.of(G, B, W), Chips.of(W, W, W, W, R), pot=Chips())
    state.double_turn, state.actions_left = True, 2
    assert EASY.choose(GAME, state, 0, random.Random(1)) == Pass()


def test_easy_avoids_being_left_with_a_single_chip() -> None:
    # Giving both whites for the blue or the red would leave one chip that is soon guessed.
    state = in_play(Chips.of(W, W), Chips.of(G, B, R, W), Chips.of(R, R, W, W), pot=Chips.of(B, R))
    assert EASY.choose(GAME, state, 0, random.Random(1)) == ShortChange(
        take=Chips.of(B, R), give=Chips.of(W)
    )


def test_easy_gives_the_chips_that_tell_the_table_least() -> None:
    # Most hands hold a white and a red; few hold two blues, so giving those gives it away.
    state = in_play(
        Chips.of(W, R, B, B), Chips.of(G, B, R, W), Chips.of(R, R, W, W), pot=Chips.of(G)
    )
    assert EASY.choose(GAME, state, 0, random.Random(1)) == ShortChange(
        take=Chips.of(G), give=Chips.of(R, W)
    )


def test_hard_guesses_when_the_odds_favour_it() -> None:
    state = uncertain()
    player = HardPlayer(Budget(seconds=None, iterations=60), tactics=tactics_for)
    result = player.search(knowing(state, 0), TACTICS, random.Random(1))
    assert result.action == Guess(target=1, total=9)
    guess = next(stats for stats in result.actions if stats.action == result.action)
    assert guess.mean >= 5 / 6 - 0.1  # right in five worlds of six, and a miss is not fatal


def test_hard_weighs_the_likeliest_totals_and_the_best_trades_only() -> None:
    state = dealt(MINE, FIVE_WHITES, BLUES_AND_REDS, first=0)
    ante(state, G, W, B)
    candidates = TACTICS.search_actions(knowledge := knowing(state, 0), random.Random(1))
    view = knowledge.view
    deduction = deduce(view, reading=read_picks(view, read_ledger(view)))
    guesses = [action for action in candidates if isinstance(action, Guess)]
    assert guesses
    assert all(deduction.likeliest_total(g.target)[0] == g.total for g in guesses)
    plays = [action for action in candidates if not isinstance(action, Guess)]
    assert 1 <= len(plays) <= 6
    legal = GAME.legal_actions(state, 0)
    assert all(action in legal for action in candidates)
