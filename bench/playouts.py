"""A fixed number of random playouts, for counting instructions instead of timing them.

This machine's speed drifts by 2x within minutes, so ``bench.engines`` rates from two
runs cannot be told apart by a few tens of percent. The instructions a fixed job takes
do not drift: run this under callgrind with and without ``--games 0`` (the imports, and
whatever the game prepares, such as a word list), and divide the difference by the
decisions it prints.

    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \\
        .venv/bin/python -m bench.playouts --game tricky --seats 3 --games 150
    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg0.out \\
        .venv/bin/python -m bench.playouts --game tricky --seats 3 --games 0
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from bench.engines import play_one
from games.catalog import CATALOG
from games.core.chance import fresh_seed

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.playouts", description=__doc__)
    parser.add_argument("--game", default="tricky", choices=list(CATALOG))
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--option", action="append", default=[], help="NAME=INTEGER")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    game = CATALOG[args.game]
    chosen = {name: int(value) for name, _, value in (o.partition("=") for o in args.option)}
    options = game.options(chosen)
    game.prepare()  # a word list is read once per process, not once per playout
    rng = random.Random(args.seed)
    decisions = 0
    for _ in range(args.games):
        decisions += play_one(game, game.new(args.seats, fresh_seed(rng.getrandbits), options), rng)
    print(f"{args.games} games, {decisions} decisions")


if __name__ == "__main__":
    main()
