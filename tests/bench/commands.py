"""Run a benchmark as docs/performance.md does (``python -m bench.NAME ...``); read its table."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(name: str, *args: str, expect_failure: bool = False) -> str:
    """The output of ``python -m bench.NAME ARGS`` from the repository root, in its own process
    (the benchmarks patch libraries and set process-wide knobs for their own run)."""
    done = subprocess.run(
        [sys.executable, "-m", f"bench.{name}", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    if expect_failure:
        assert done.returncode != 0, done.stdout
        return done.stdout + done.stderr
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def rows(output: str) -> dict[str, str]:
    """A printed two-column table as ``{first column: last column}`` (cells are at least two
    spaces apart)."""
    found: dict[str, str] = {}
    for line in output.splitlines():
        cells = re.split(r"\s{2,}", line.strip())
        if len(cells) >= 2:
            found[cells[0]] = cells[-1]
    return found


def number(cell: str) -> float:
    """A printed number (``1,234``, ``0.51``) as a float."""
    return float(cell.replace(",", ""))
