"""bench.service and bench.trips on a handful of tables: every mode runs and counts right."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bench.service import Run, Statements
from bot.storage.database import NappingConnection
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
    # Both processes' statements are timed: twenty moves take at least twenty.
    p99, share = table["SQLite statements: p99 ms, share over 2 ms"].split(", ")
    assert number(p99) > 0
    assert share.endswith("%")


def test_statements_are_timed_only_while_watched() -> None:
    real = NappingConnection.execute
    connection = sqlite3.connect(":memory:", factory=NappingConnection)
    try:
        with Statements() as statements:
            connection.execute("SELECT 1")
            connection.execute("SELECT 2")
        connection.execute("SELECT 3")
    finally:
        connection.close()
    assert len(statements.seconds) == 2
    assert all(seconds >= 0 for seconds in statements.seconds)
    assert NappingConnection.execute is real


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


def test_trips_with_no_actions_only_sets_the_tables_up() -> None:
    output = run("trips", "--tables", "3", "--concurrency", "1", "--actions", "0")
    assert "trips to the connection thread:" in output and "for 0 actions" in output
    assert "per action, setup included" not in output


def test_the_quiet_tail_counts_only_actions_due_in_seconds_the_host_left_alone() -> None:
    run = Run(
        latencies=[0.001, 0.050, 0.002, 0.003, 0.004],
        due=[10.5, 11.5, 12.5, 13.5, 9.0],  # the last two: after and before the watched seconds
        seconds_stolen=[(10.0, 11.0, 0.0), (11.0, 12.0, 0.08), (12.0, 13.0, 0.01)],
    )
    assert run.quiet_latencies(0.01) == [0.001, 0.002]
    assert run.quiet_latencies(0.10) == [0.001, 0.050, 0.002]


def test_every_run_reports_its_tail_in_the_quiet_seconds() -> None:
    table = rows(run("service", "--tables", "4", "--rate", "50", "--seconds", "2.5"))
    quiet = table["p99 ms of actions in seconds the host stole <= 1%"]
    assert quiet == "none" or quiet.endswith(" actions)")
