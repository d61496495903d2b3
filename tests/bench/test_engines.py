"""bench.engines and bench.playouts, run as docs/performance.md shows them, on tiny budgets."""

from __future__ import annotations

import re

from tests.bench.commands import number, rows, run


def test_engines_rates_every_seat_count_of_a_game() -> None:
    output = run("engines", "--game", "tricky", "--seconds", "0.02", "--repeats", "1")
    table = rows(output)
    cases = [label for label in table if label.startswith("tricky ")]
    for seats in range(2, 6):  # every option variant of each, labelled "tricky 2p target=..."
        assert any(label.startswith(f"tricky {seats}p ") for label in cases), output
    rates = [
        re.split(r"\s{2,}", line)[2] for line in output.splitlines() if line.startswith("tricky ")
    ]
    assert len(rates) == len(cases)
    assert all(number(rate) > 0 for rate in rates)


def test_engines_can_rate_only_some_seat_counts() -> None:
    output = run(
        "engines",
        *("--game", "tricky", "--seats", "2", "--seats", "4"),
        *("--seconds", "0.02", "--repeats", "1"),
    )
    seats = {label.split()[1] for label in rows(output) if label.startswith("tricky ")}
    assert seats == {"2p", "4p"}


def test_playouts_are_the_same_games_for_the_same_seed() -> None:
    """The instruction counts compare like with like only if a run repeats exactly."""
    first = run("playouts", "--game", "tricky", "--seats", "2", "--games", "3", "--seed", "5")
    again = run("playouts", "--game", "tricky", "--seats", "2", "--games", "3", "--seed", "5")
    other = run("playouts", "--game", "tricky", "--seats", "2", "--games", "3", "--seed", "6")
    assert first == again
    assert first != other
    assert first.startswith("3 games, ")


def test_playouts_of_no_games_count_no_decisions() -> None:
    assert run("playouts", "--games", "0").strip() == "0 games, 0 decisions"
