"""Look at the pictures without Discord.

    uv run python -m cogs.pictures --game tricky --seats 3 --seed 7 --moves 40 --out /tmp/pics

plays ``--moves`` random legal moves (fewer if the game ends first) and writes the
public table (``table.png``) and every seat's hand (``hand-1.png`` ...) as PNG files.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from cogs.pictures.render import ARTISTS, hand_png, table_png
from games.catalog import CATALOG

NAMES = ("Ada", "Bram", "Chiara", "Dmitri", "Efua", "Farid", "Gwen", "Hiro")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m cogs.pictures", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--game", required=True, choices=sorted(ARTISTS))
    parser.add_argument("--seats", type=int, default=None, help="players (default: the fewest)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves", type=int, default=20, help="random moves to play first")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a lobby option, e.g. jokers=true",
    )
    parser.add_argument("--out", type=Path, required=True, help="folder for the PNG files")
    args = parser.parse_args(argv)

    game = CATALOG[args.game]
    seats = args.seats if args.seats is not None else game.min_seats
    options = game.options(dict(_option(text) for text in args.option))
    state = game.new(seats, args.seed, options)
    rng = random.Random(args.seed)
    played = 0
    while played < args.moves and (acting := game.to_act(state)):
        seat = rng.choice(acting)
        game.apply(state, seat, game.random_action(state, seat, rng))
        played += 1

    names = NAMES[:seats]
    args.out.mkdir(parents=True, exist_ok=True)
    written = [args.out / "table.png"]
    written[0].write_bytes(table_png(game.key, game.view(state, None), names))
    for seat in range(seats):
        path = args.out / f"hand-{seat + 1}.png"
        path.write_bytes(hand_png(game.key, game.view(state, seat), names))
        written.append(path)
    print(f"{game.title}: {played} moves played; wrote {', '.join(str(p) for p in written)}")
    return 0


def _option(text: str) -> tuple[str, object]:
    name, _, value = text.partition("=")
    lowered = value.lower()
    if lowered in ("true", "false"):
        return name, lowered == "true"
    return name, int(value) if value.lstrip("-").isdecimal() else value


if __name__ == "__main__":
    sys.exit(main())
