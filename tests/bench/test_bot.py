"""bench.bot and bench.ai, the whole bot and the computer players, on the smallest runs."""

from __future__ import annotations

from tests.bench.commands import number, rows, run


def test_the_whole_bot_answers_every_timed_interaction_without_errors() -> None:
    table = rows(run("bot", "--game", "tricky", "--tables", "1", "--interactions", "6"))
    assert number(table["interactions"]) >= 6
    assert number(table["bot errors"]) == 0
    assert number(table["first response p50 ms"]) <= number(table["first response p99 ms"])


def test_the_computer_players_bench_prints_win_rates_and_times() -> None:
    output = run(
        "ai",
        *("--game", "short_changed", "--games", "1", "--seconds", "0.01", "--workers", "1"),
    )
    assert "hard wins" in output
    assert "median ms" in output
