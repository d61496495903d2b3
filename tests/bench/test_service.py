"""bench.service and bench.trips on a handful of tables: every mode runs and counts right."""

from __future__ import annotations

from pathlib import Path

from tests.bench.commands import number, rows, run


def test_a_closed_loop_plays_exactly_the_actions_asked_for() -> None:
    table = rows(run("service", "--tables", "5", "--concurrency", "2", "--actions", "30"))
    assert table["mode"] == "closed loop, 2 in flight"
    assert number(table["actions"]) == 30
    assert number(table["games running"]) == 5
    assert number(table["p50 ms"]) <= number(table["p99 ms"]) <= number(table["max ms"])
    assert number(table["heap KiB per game (tracemalloc)"]) > 0


def test_an_open_loop_offers_moves_at_the_rate_asked_for() -> None:
    table = rows(run("service", "--tables", "5", "--rate", "100", "--seconds", "0.5"))
    assert table["mode"] == "open loop, 100 actions/s offered"
    assert number(table["actions"]) > 0
    assert "moves dropped (all tables busy)" in table


def test_shard_processes_share_the_tables_and_the_actions() -> None:
    table = rows(
        run(
            "service",
            *("--tables", "6", "--processes", "2", "--concurrency", "2", "--actions", "20"),
        )
    )
    assert number(table["processes (shards)"]) == 2
    assert number(table["games running"]) == 6
    assert number(table["actions"]) == 20  # ten in each process


def test_a_shard_process_that_fails_ends_the_run_with_its_error(tmp_path: Path) -> None:
    """Not a hang: the other shard stops waiting at the barrier, and the error is printed.
    (The database "file" is a folder, which SQLite cannot open.)"""
    output = run(
        "service",
        *("--tables", "4", "--processes", "2", "--actions", "4", "--db", str(tmp_path)),
        expect_failure=True,
    )
    assert "a shard's process failed" in output


def test_trips_counts_the_hand_offs_to_the_database_thread() -> None:
    output = run("trips", "--tables", "3", "--concurrency", "1", "--actions", "10")
    assert "trips to the connection thread:" in output
    per_action = next(line for line in output.splitlines() if line.startswith("per action"))
    assert number(per_action.split()[-1]) > 0
