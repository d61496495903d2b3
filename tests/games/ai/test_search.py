"""The hard player's search keeps to its budget and is reproducible; levels, budgets and the
generic fallback for games without tactics."""

from __future__ import annotations

import random
from itertools import count, groupby
from typing import Any

import pytest

from games.ai.knowledge import Knowledge
from games.ai.levels import LEVELS
from games.ai.player import AnyKnowledge, AnyTactics, Budget, EasyPlayer, RandomPlayer
from games.ai.search import SURE_AFTER, HardPlayer, _Race
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


@pytest.mark.parametrize("iterations", [1, 7, 25, 200])
def test_hard_keeps_to_its_iteration_budget(iterations: int) -> None:
    player = HardPlayer(Budget(seconds=None, iterations=iterations), tactics=tactics_for)
    for state, seat in open_positions():
        tactics = CountingTactics()
        result = player.search(knowing(state, seat, tactics), tactics, random.Random(1))
        assert result.iterations <= iterations
        assert result.iterations or iterations == 1  # one candidate: nothing to weigh
        assert tactics.rollouts == result.iterations
        assert sum(stats.visits for stats in result.actions) == result.iterations
        # A budget too small to try every candidate tries the tactics' first ones.
        assert len(result.actions) <= iterations


def test_every_candidate_in_the_race_is_played_in_the_same_worlds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    worlds: list[Any] = []
    lucks: list[float] = []
    real_sample = Knowledge.sample_world

    def sampling(self: AnyKnowledge, rng: random.Random) -> Any:
        worlds.append(real_sample(self, rng))
        return worlds[-1]

    class Noting(ShortChangedTactics):
        def rollout(self, knowledge: Any, world: Any, rng: random.Random) -> float:
            lucks.append(rng.random())
            return super().rollout(knowledge, world, rng)

    monkeypatch.setattr(Knowledge, "sample_world", sampling)
    tactics = Noting()
    state, seat = next(
        (state, seat)
        for state, seat in positions(SHORT_CHANGED, 3, seed=3, count=20)
        if len(tactics.search_actions(knowing(state, seat, tactics), random.Random(1))) == 3
    )
    player = HardPlayer(Budget(seconds=None, iterations=9), tactics=tactics_for)
    result = player.search(knowing(state, seat, tactics), tactics, random.Random(1))
    # One sampled world and one luck for every candidate still in the race at each step:
    # all of them in the first world, two of the three after the first round.
    assert [len(list(group)) for _, group in groupby(lucks)] == [3, 3, 2]
    assert len(worlds) == 3 and result.iterations == 8


def _race(*results: tuple[float, ...]) -> _Race:
    """A race between candidates with these worths, world by world."""
    race = _Race(len(results))
    for worths in zip(*results, strict=True):
        race.record(dict(enumerate(worths)))
    return race


def test_a_candidate_leaves_the_race_when_surely_worse_or_surely_the_same() -> None:
    worlds = SURE_AFTER
    # Candidate 1 loses in the worlds 0 wins, and wins no world 0 loses: surely worse.
    race = _race((1.0, 0.0) * (worlds // 2), (0.0, 0.0) * (worlds // 2))
    assert race.drop_the_sure() == 1 and race.alive == [0]
    # The same result in every world: the same choice; the tactics' first stays.
    race = _race((1.0, 0.0) * (worlds // 2), (1.0, 0.0) * (worlds // 2))
    assert race.drop_the_sure() == 1 and race.alive == [0]
    # Each wins where the other loses, half the time each: nothing sure.
    race = _race((1.0, 0.0) * (worlds // 2), (0.0, 1.0) * (worlds // 2))
    assert race.drop_the_sure() == 2
    # Too few worlds to be sure of anything.
    race = _race((1.0,) * (worlds - 1), (0.0,) * (worlds - 1))
    assert race.drop_the_sure() == 2


def test_the_better_half_stays_after_a_round() -> None:
    race = _race((0.2, 0.4), (0.9, 0.7), (0.5, 0.5), (0.1, 0.0), (0.6, 0.6))
    race.halve()
    assert race.alive == [1, 2, 4]
    assert race.leader() == 1


class _OneIsBest(ShortChangedTactics):
    """Offers fixed candidates; the first always wins, the others never do."""

    def __init__(self, candidates: list[Any]) -> None:
        self.candidates = candidates
        self.played: list[Any] = []

    def search_actions(self, knowledge: Any, rng: random.Random) -> list[Any]:
        return list(self.candidates)

    def rollout(self, knowledge: Any, world: Any, rng: random.Random) -> float:
        return 1.0 if self.played[-1] == self.candidates[0] else 0.0


@pytest.mark.parametrize("budget", [Budget(seconds=None, iterations=20_000), Budget(seconds=60.0)])
def test_hard_stops_early_once_its_choice_is_clear(
    monkeypatch: pytest.MonkeyPatch, budget: Budget
) -> None:
    state, seat = open_positions()[0]
    tactics = tactics_for(SHORT_CHANGED.key)
    candidates = tactics.search_actions(knowing(state, seat, tactics), random.Random(1))
    clear = _OneIsBest(candidates)
    real_advance = SHORT_CHANGED.advance

    def noting(world: Any, seat: int, action: Any) -> Any:
        clear.played.append(action)
        return real_advance(world, seat, action)

    monkeypatch.setattr(SHORT_CHANGED, "advance", noting)
    player = HardPlayer(budget, tactics=tactics_for)
    first = player.search(knowing(state, seat, clear), clear, random.Random(1))
    assert first.action == candidates[0]
    assert first.iterations <= SURE_AFTER * len(candidates)
    again = player.search(knowing(state, seat, clear), clear, random.Random(1))
    assert again.iterations == first.iterations, "where it stops depends only on the worlds"


def test_hard_stops_when_its_time_is_up() -> None:
    ticks = count()
    player = HardPlayer(Budget(seconds=1.0), tactics=tactics_for, clock=lambda: next(ticks) / 64)
    state, seat = open_positions()[0]
    tactics = CountingTactics()
    result = player.search(knowing(state, seat, tactics), tactics, random.Random(1))
    # The clock moves 1/64 s at each look: before each world and between rounds. The
    # search stops when the next world would overrun the second.
    assert 40 <= result.iterations <= 64 * len(result.actions)
    assert result.seconds <= 1.0 + 2 / 64


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
