"""bench.machine: the quantiles and tables every benchmark prints."""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench.machine import Table, describe_machine, percentile
from tests.bench.commands import ROOT, rows, run


def test_percentile_interpolates_between_samples() -> None:
    samples = [float(n) for n in range(1, 101)]  # 1 .. 100
    assert percentile(samples, 0.5) == pytest.approx(50.5, abs=0.1)
    assert percentile(samples, 0.99) == pytest.approx(99.0, abs=0.1)
    assert percentile(samples, 0.0) == pytest.approx(1.0, abs=0.1)


def test_percentile_of_one_sample_is_that_sample() -> None:
    assert percentile([7.5], 0.99) == 7.5


def test_the_tail_is_not_the_middle() -> None:
    """99 fast actions and one slow one: the p99 sits between them, the median with the fast."""
    samples = sorted([1.0] * 99 + [100.0])
    assert percentile(samples, 0.5) == 1.0
    assert 1.0 < percentile(samples, 0.99) < 100.0


def test_a_table_aligns_words_left_and_numbers_right() -> None:
    table = Table("measure", "value")
    table.add("actions", 15006)
    table.add("p99 ms", 9.5)
    table.add("games", "tricky")
    lines = table.render().splitlines()
    assert lines[0].startswith("measure") and lines[0].endswith("value")
    assert set(lines[1].replace(" ", "")) == {"-"}
    assert lines[2].startswith("actions") and lines[2].endswith("15,006")
    assert lines[3].endswith("9.50")
    assert len({len(line) for line in lines}) == 1  # every row padded to the same width


def test_bench_machine_times_one_copy_then_one_per_cpu() -> None:
    output = run("machine")
    assert "reference loop" in output
    table = rows(output)
    assert table["1"] == "1.00x"
    assert "processes at once" in table


def test_the_machine_line_names_the_interpreter_file() -> None:
    """Two builds of one Python version run at different speeds, so every figure says which."""
    assert f"({os.path.realpath(sys.executable)})" in describe_machine()


def test_on_python_runs_a_benchmark_under_the_interpreter_it_is_given() -> None:
    interpreter = os.path.realpath(sys.executable)
    done = subprocess.run(
        [str(ROOT / "bench" / "on-python"), interpreter, "bench.machine"],
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"Python {platform.python_version()} ({interpreter})")
    assert "processes at once" in done.stdout


@pytest.mark.parametrize("given", ["python3", "./py"], ids=["name-on-PATH", "relative-path"])
def test_on_python_finds_the_interpreter_where_it_was_run(tmp_path: Path, given: str) -> None:
    """A command name or a path relative to the caller, resolved before the script moves
    to the repository root (a stand-in uv prints what it was asked, so nothing installs)."""
    tools = tmp_path / "bin"
    tools.mkdir()
    (tools / "uv").write_text('#!/bin/sh\necho "uv $*"\nexit 1\n')
    (tools / "uv").chmod(0o755)
    python3 = shutil.which("python3")
    assert python3 is not None
    (tmp_path / "py").symlink_to(python3)
    done = subprocess.run(
        [str(ROOT / "bench" / "on-python"), given, "bench.machine"],
        cwd=tmp_path,
        env={**os.environ, "PATH": f"{tools}:{os.environ['PATH']}"},
        capture_output=True,
        text=True,
        check=False,
    )
    chosen = done.stdout.split("--python ")[1].split()[0]
    assert chosen == os.path.realpath(python3)


def test_on_python_explains_its_arguments() -> None:
    done = subprocess.run(
        [str(ROOT / "bench" / "on-python"), sys.executable],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "usage: bench/on-python PYTHON MODULE" in done.stderr


def test_on_python_names_an_interpreter_it_cannot_find() -> None:
    done = subprocess.run(
        [str(ROOT / "bench" / "on-python"), "no-such-python", "bench.machine"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "no interpreter 'no-such-python'" in done.stderr
