"""Random playouts of our games against OpenSpiel's, interleaved in one process.

Each pair is one of our games (every move ``Game.random_action`` then
``Game.advance``, as ``bench.engines`` plays it) and an OpenSpiel game of its
kind driven from Python through ``pyspiel`` (every decision a uniform pick
from ``legal_actions()``, every chance node sampled by its probabilities).
The two take turns: a run of ours, a run of theirs, ``--rounds`` times, each
run ``--seconds`` of CPU time. Every round gives one ratio (our decisions per
second over theirs), so a machine that slows down for a while slows both
sides of that ratio; the table gives each pair's min and median ratio.

OpenSpiel is only in the optional ``compare`` dependency group:

    uv run --locked --group compare python -m bench.engines --against-openspiel
    uv run --locked --group compare python -m bench.engines --against-openspiel \\
        --pair short_changed --rounds 9 --seconds 0.5

The pairs (``target`` is the least ratio issue 24 asks for):

* Short Changed (2 seats) against ``leduc_poker`` (C++): a small hidden-information
  betting game.
* The Fraud (2 seats) against ``liars_dice`` (C++): bluff bidding on hidden dice.
* The Short Word Game (2 seats) against ``python_liars_poker``, OpenSpiel's
  pure-Python game (so the target is twice its speed, a ratio of 1).
* Tricky (3 seats) against ``oh_hell`` (C++, 3 players) and Auf falscher Fährte
  (4 seats) against ``hearts`` (C++): trick-taking against trick-taking.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bench.engines import play_one
from bench.machine import Table, describe_machine
from games.catalog import CATALOG
from games.core.chance import fresh_seed

__all__ = ["PAIRS", "Pair", "compare", "openspiel_playout"]


@dataclass(frozen=True, slots=True)
class Pair:
    name: str
    game: str
    seats: int
    reference: str
    """An OpenSpiel game, as ``pyspiel.load_game`` names it."""
    target: float
    """The least ratio asked for (ours over theirs, decisions per second)."""


PAIRS: tuple[Pair, ...] = (
    Pair("short_changed", "short_changed", 2, "leduc_poker", 0.5),
    Pair("fraud", "fraud", 2, "liars_dice", 0.5),
    Pair("short_word", "short_word", 2, "python_liars_poker", 1.0),
    Pair("tricky", "tricky", 3, "oh_hell", 0.8),
    Pair("falsche_faehrte", "falsche_faehrte", 4, "hearts", 0.8),
)


def openspiel_playout(game: Any, rng: random.Random) -> int:
    """One OpenSpiel game to its end at random; the number of decisions (not chance draws)."""
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def _rate(play: Callable[[], int], seconds: float) -> float:
    """Decisions per CPU second of whole games, for at least ``seconds``."""
    decisions = 0
    started = time.process_time()
    while True:
        decisions += play()
        elapsed = time.process_time() - started
        if elapsed >= seconds:
            return decisions / elapsed


def compare(pair: Pair, *, rounds: int, seconds: float, seed: int) -> list[tuple[float, float]]:
    """``rounds`` pairs of rates (ours, theirs), ours run first in each round."""
    # The optional compare group, imported only when asked for; the second import registers
    # OpenSpiel's pure-Python games (python_liars_poker).
    import open_spiel.python.games  # noqa: F401
    import pyspiel

    reference = pyspiel.load_game(pair.reference)
    ours = CATALOG[pair.game]
    options = ours.options()
    rng = random.Random(seed)

    def play_ours() -> int:
        return play_one(ours, ours.new(pair.seats, fresh_seed(rng.getrandbits), options), rng)

    def play_theirs() -> int:
        return openspiel_playout(reference, rng)

    _rate(play_ours, seconds / 4)  # warm both up (caches, the word list) before counting
    _rate(play_theirs, seconds / 4)
    return [(_rate(play_ours, seconds), _rate(play_theirs, seconds)) for _ in range(rounds)]


def main(pairs: Sequence[str] | None, *, rounds: int, seconds: float, seed: int) -> None:
    print(describe_machine())
    table = Table(
        "ours", "OpenSpiel", "ours dec/s (median)", "theirs dec/s", "ratio min", "median", "target"
    )
    for pair in PAIRS:
        if pairs and pair.name not in pairs:
            continue
        runs = compare(pair, rounds=rounds, seconds=seconds, seed=seed)
        ratios = [ours / theirs for ours, theirs in runs]
        table.add(
            f"{pair.game} {pair.seats}p",
            pair.reference,
            statistics.median(ours for ours, _ in runs),
            statistics.median(theirs for _, theirs in runs),
            min(ratios),
            statistics.median(ratios),
            pair.target,
        )
    table.print()
    print(describe_machine())
