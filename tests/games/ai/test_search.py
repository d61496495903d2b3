"""The hard player's search keeps to its budget and is reproducible; levels, budgets and the
generic fallback for games without tactics."""

from __future__ import annotations

import random
from itertools import count
from typing import Any

import pytest

import games.ai.search as search_module
from games.ai.knowledge import Knowledge
from games.ai.levels import LEVELS
from games.ai.player import AnyKnowledge, AnyTactics, Budget, EasyPlayer, RandomPlayer
from games.ai.search import SURE_AFTER, HardPlayer, _settled
from games.ai.tactics import GENERIC, worth
from games.catalog import CATALOG, TACTICS, computer_player, tactics_for
from games.core.chance import Chance
from games.core.game import Outcome
from games.short_changed import GAME as SHORT_CHANGED
from games.short_changed.chips import Chips, Colour, supply
from games.short_changed.model import Guess, Options, ShortChangedState
from games.short_changed.tactics import ShortChangedTactics
from tests.games.ai.helpers import TEST_BUDGET, play_game, positions


class CountingTactics(ShortChangedTactics):
    """Short Changed's tactics, counting the rollouts the search asks for."""

    def __init__(self) -> None:
        self.rollouts = 0

    def rollout(self, knowledge: Any, world: Any, rng: random.Random) -> float:
        self.rollouts += 1
        return super().rollout(knowledge, world, rng)


def knowing(state: Any, seat: int, tactics: AnyTactics) -> AnyKnowledge:
    return Knowledge(SHORT_CHANGED, state, seat, refine=tactics.refine)


def open_positions() -> list[tuple[Any, int]]:
    """Short Changed positions where the search has more than one action to weigh."""
    found = []
    for state, seat in positions(SHORT_CHANGED, 3, seed=3, count=20):
        tactics = tactics_for(SHORT_CHANGED.key)
        if len(tactics.search_actions(knowing(state, seat, tactics), random.Random(0))) > 1:
            found.append((state, seat))
    assert len(found) >= 3
    return found[:6]


@pytest.mark.parametrize("iterations", [1, 7, 25])
def test_hard_samples_its_iteration_budget_when_the_choice_stays_open(iterations: int) -> None:
    player = HardPlayer(Budget(seconds=None, iterations=iterations), tactics=tactics_for)
    for state, seat in open_positions():
        tactics = CountingTactics()
        result = player.search(knowing(state, seat, tactics), tactics, random.Random(1))
        assert result.iterations == iterations
        assert tactics.rollouts == iterations
        assert sum(stats.visits for stats in result.actions) == iterations
        assert result.action in SHORT_CHANGED.legal_actions(state, seat)


def test_hard_stops_when_its_time_is_up() -> None:
    ticks = count()
    player = HardPlayer(Budget(seconds=1.0), tactics=tactics_for, clock=lambda: next(ticks) / 8)
    state, seat = open_positions()[0]
    tactics = tactics_for(SHORT_CHANGED.key)
    result = player.search(knowing(state, seat, tactics), tactics, random.Random(1))
    # The clock reads 1/8 s later at each look: once to start, once when the candidates
    # are ready, then after each world. After the seventh world it reads 1 s: an eighth
    # world at that pace would overrun the budget.
    assert result.iterations == 7


def test_the_choice_is_settled_when_no_other_action_can_catch_up() -> None:
    assert _settled([10, 2, 1], [5.0, 1.0, 0.5], worlds_left=7.5)
    assert not _settled([10, 2, 1], [5.0, 1.0, 0.5], worlds_left=8.5)


def test_the_choice_is_settled_when_the_leader_is_surely_the_best() -> None:
    many = 4 * SURE_AFTER
    assert _settled([many, 30], [0.9 * many, 3.0], worlds_left=10_000)
    assert not _settled([many, 300], [0.55 * many, 150.0], worlds_left=10_000), "too close"
    assert not _settled([SURE_AFTER - 1, 3], [SURE_AFTER - 1, 0.0], worlds_left=10_000)


def test_hard_stops_early_once_its_choice_is_clear(monkeypatch: pytest.MonkeyPatch) -> None:
    ticks = count()
    player = HardPlayer(
        Budget(seconds=1.0), tactics=tactics_for, clock=lambda: next(ticks) / 10_000
    )
    state, seat = open_positions()[0]
    tactics = tactics_for(SHORT_CHANGED.key)
    knowledge = knowing(state, seat, tactics)
    candidates = tactics.search_actions(knowledge, random.Random(1))

    class Clear(ShortChangedTactics):
        def search_actions(self, knowledge: Any, rng: random.Random) -> list[Any]:
            return list(candidates)

        def rollout(self, knowledge: Any, world: Any, rng: random.Random) -> float:
            return 1.0 if chosen[-1] == 0 else 0.0

    chosen: list[int] = []  # the candidate picked for each world, in order
    clear = Clear()
    real_pick = search_module._ucb_pick

    def noting(visits: list[int], totals: list[float], iterations: int) -> int:
        chosen.append(real_pick(visits, totals, iterations))
        return chosen[-1]

    monkeypatch.setattr(search_module, "_ucb_pick", noting)
    result = player.search(knowledge, clear, random.Random(1))
    assert result.action == candidates[0]
    # The budget allows about 10,000 worlds at this pace; a clear choice needs far fewer.
    assert result.iterations < 2_000


class _OneIsBest(ShortChangedTactics):
    """Offers fixed candidates; the first always wins, the others never do."""

    def __init__(self, candidates: list[Any]) -> None:
        self.candidates = candidates
        self.rollouts = 0

    def search_actions(self, knowledge: Any, rng: random.Random) -> list[Any]:
        return list(self.candidates)

    def rollout(self, knowledge: Any, world: Any, rng: random.Random) -> float:
        self.rollouts += 1
        super().rollout(knowledge, world, rng)
        return 1.0 if self.last_pick == 0 else 0.0

    last_pick = -1


def test_an_iteration_budget_also_stops_early_once_the_choice_is_clear(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state, seat = open_positions()[0]
    candidates = tactics_for(SHORT_CHANGED.key).search_actions(
        knowing(state, seat, tactics_for(SHORT_CHANGED.key)), random.Random(1)
    )
    real_pick = search_module._ucb_pick
    clear = _OneIsBest(candidates)

    def noting(visits: list[int], totals: list[float], iterations: int) -> int:
        clear.last_pick = real_pick(visits, totals, iterations)
        return clear.last_pick

    monkeypatch.setattr(search_module, "_ucb_pick", noting)
    player = HardPlayer(Budget(seconds=None, iterations=5_000), tactics=tactics_for)
    first = player.search(knowing(state, seat, clear), clear, random.Random(1))
    assert first.action == candidates[0]
    assert first.iterations < 1_000
    again = player.search(knowing(state, seat, clear), clear, random.Random(1))
    assert again.iterations == first.iterations, "where it stops depends only on the worlds"


def test_hard_keeps_to_a_real_time_budget() -> None:
    player = HardPlayer(Budget(seconds=0.05), tactics=tactics_for)
    state, seat = open_positions()[0]
    tactics = tactics_for(SHORT_CHANGED.key)
    result = player.search(knowing(state, seat, tactics), tactics, random.Random(1))
    assert result.iterations >= 1
    assert result.seconds < 0.05 + 0.5  # one more world at most, on a busy machine


def test_hard_plays_a_lone_candidate_without_searching() -> None:
    # Seat 1's hand is the only thing seat 0 does not hold or see: its total is certain.
    state = short_changed_table(Chips(green=2, blue=3, red=4, white=4), Chips(white=1))
    player = HardPlayer(Budget(seconds=None, iterations=50), tactics=tactics_for)
    tactics = tactics_for(SHORT_CHANGED.key)
    result = player.search(knowing(state, 0, tactics), tactics, random.Random(1))
    assert result.action == Guess(target=1, total=1)
    assert result.iterations == 0


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_decision_is_the_same_for_the_same_player_randomness(level: str) -> None:
    player = computer_player(level, TEST_BUDGET)
    for state, seat in positions(SHORT_CHANGED, 4, seed=8, count=10):
        first = player.choose(SHORT_CHANGED, state, seat, random.Random(5))
        again = player.choose(SHORT_CHANGED, state, seat, random.Random(5))
        assert first == again


def test_hard_search_statistics_are_reproducible_too() -> None:
    player = HardPlayer(Budget(seconds=None, iterations=20), tactics=tactics_for)
    for state, seat in open_positions():
        tactics = tactics_for(SHORT_CHANGED.key)
        runs = [
            player.search(knowing(state, seat, tactics), tactics, random.Random(9))
            for _ in range(2)
        ]
        assert runs[0].actions == runs[1].actions


def test_a_player_refuses_a_seat_that_is_not_to_act() -> None:
    state = SHORT_CHANGED.new(3, seed=1)
    SHORT_CHANGED.apply(state, 0, SHORT_CHANGED.legal_actions(state, 0)[0])
    with pytest.raises(ValueError, match="not to act"):
        RandomPlayer().choose(SHORT_CHANGED, state, 0, random.Random(1))


# -- levels and budgets ---------------------------------------------------------------------------


def test_levels_by_name_weakest_first() -> None:
    assert list(LEVELS) == ["random", "easy", "hard"]
    assert isinstance(computer_player("random"), RandomPlayer)
    assert isinstance(computer_player("easy"), EasyPlayer)
    hard = computer_player("hard", Budget(seconds=0.5))
    assert isinstance(hard, HardPlayer)
    assert hard.budget == Budget(seconds=0.5)
    default = computer_player("hard")
    assert isinstance(default, HardPlayer) and default.budget == Budget(seconds=1.0)
    assert all(computer_player(name).level == name for name in LEVELS)
    with pytest.raises(ValueError, match="no computer level 'expert'"):
        computer_player("expert")


@pytest.mark.parametrize(
    ("seconds", "iterations"), [(None, None), (0.0, None), (-1.0, 5), (None, 0), (1.0, -3)]
)
def test_a_budget_must_allow_some_thinking(seconds: float | None, iterations: int | None) -> None:
    with pytest.raises(ValueError, match="budget"):
        Budget(seconds=seconds, iterations=iterations)


def test_a_game_is_worth_a_share_of_first_place() -> None:
    assert worth(Outcome(places=(1, 2, 2), scores=(1, 0, 0)), 0, 3) == 1.0
    assert worth(Outcome(places=(1, 2, 2), scores=(1, 0, 0)), 1, 3) == 0.0
    assert worth(Outcome(places=(1, 1, 3), scores=(5, 5, 2)), 1, 3) == 0.5
    assert worth(Outcome(places=(1, 1, 1), scores=(0, 0, 0)), 2, 3) == pytest.approx(1 / 3)
    assert worth(None, 0, 4) == 0.25  # not over yet: a fair share


def test_a_game_played_alone_is_worth_its_score_and_an_end() -> None:
    assert worth(None, 0, 1) == 0.0
    assert worth(Outcome(places=(1,), scores=(0,)), 0, 1) == 0.5
    assert worth(Outcome(places=(1,), scores=(50,)), 0, 1) == 0.75
    assert worth(Outcome(places=(1,), scores=(-50,)), 0, 1) == 0.25
    assert (
        0.5
        < worth(Outcome(places=(1,), scores=(10,)), 0, 1)
        < worth(Outcome(places=(1,), scores=(11,)), 0, 1)
    )


# -- games without tactics of their own -----------------------------------------------------------


def test_a_game_without_tactics_gets_the_generic_ones() -> None:
    assert tactics_for("a_game_still_being_written") is GENERIC
    assert TACTICS[SHORT_CHANGED.key].key == SHORT_CHANGED.key
    assert all(key in CATALOG for key in TACTICS)


def test_the_generic_easy_move_takes_a_win_every_world_agrees_on() -> None:
    state = short_changed_table(Chips(green=2, blue=3, red=4, white=4), Chips(white=1))
    player = EasyPlayer(tactics=lambda _key: GENERIC)
    assert player.choose(SHORT_CHANGED, state, 0, random.Random(2)) == Guess(target=1, total=1)


@pytest.mark.parametrize("key", list(CATALOG))
def test_generic_players_finish_a_game(key: str) -> None:
    game = CATALOG[key]
    seats = min(3, game.max_seats)
    generic_players = [
        EasyPlayer(tactics=lambda _key: GENERIC),
        HardPlayer(Budget(seconds=None, iterations=2), tactics=lambda _key: GENERIC),
        RandomPlayer(),
    ]
    state = play_game(game, generic_players[:seats], seed=4)
    assert game.outcome(state) is not None


def short_changed_table(*hands: Chips) -> ShortChangedState:
    """A Short Changed table in play with these hands, an empty pot, the rest in the bag."""
    held = Chips()
    for hand in hands:
        held = held + hand
    return ShortChangedState(
        options=Options(),
        chance=Chance(0),
        hands=list(hands),
        bag=supply(len(hands)) - held,
        phase="play",
        antes=[Colour.WHITE] * len(hands),
        turn=0,
        owes_double_turn=[False] * len(hands),
    )
