"""bench.bot and bench.ai, the whole bot and the computer players, on the smallest runs."""

from __future__ import annotations

from bench.bot import typed_answers
from tests.bench.commands import number, rows, run


def test_the_whole_bot_answers_every_timed_interaction_without_errors() -> None:
    table = rows(run("bot", "--game", "tricky", "--tables", "1", "--interactions", "6"))
    assert number(table["interactions"]) >= 6
    assert number(table["bot errors"]) == 0
    assert number(table["first response p50 ms"]) <= number(table["first response p99 ms"])
    assert "forms filled in and sent" in table


def test_a_form_is_typed_from_its_own_hints() -> None:
    """Pre-filled values are kept, a placeholder's example is typed, and an optional field
    with neither stays empty; text inputs are found in rows and in labels alike."""
    modal = {
        "components": [
            {
                "type": 1,
                "components": [
                    {"type": 4, "custom_id": "amount", "placeholder": "a whole number, e.g. 130"}
                ],
            },
            {
                "type": 18,
                "component": {
                    "type": 4,
                    "custom_id": "words",
                    "value": "quit ax",
                    "placeholder": "e.g. cat",
                },
            },
            {
                "type": 1,
                "components": [{"type": 4, "custom_id": "discard", "placeholder": "optional"}],
            },
            {
                "type": 1,
                "components": [
                    {"type": 4, "custom_id": "why", "placeholder": "e.g. QU; left blank, ..."}
                ],
            },
        ]
    }
    assert typed_answers(modal) == {"amount": "130", "words": "quit ax", "why": "QU"}


def test_the_computer_players_bench_prints_win_rates_and_times() -> None:
    output = run(
        "ai",
        *("--game", "short_changed", "--games", "1", "--seconds", "0.01", "--workers", "1"),
    )
    assert "95% CI" in output and "2 hard at 1/5" in output
    assert "median ms" in output
    assert "reference loop" in output  # times a move depend on the machine's speed
