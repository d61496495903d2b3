"""What every timing benchmark prints besides its own numbers: how fast the machine is right now,
and tables.

Run alone it measures the machine's cores: the reference loop in one process, then in
as many processes at once as there are CPUs. On a machine with independent cores
every copy is as fast as the lone one; where two "CPUs" share one core (or one
host's share of it), each copy takes longer, and a benchmark whose own threads keep
both busy (the event loop and SQLite's thread) runs slower than a lone loop says.

    uv run python -m bench.machine

The machines these run on are shared, so a benchmark's own numbers mean little
alone. Each one prints the time of a fixed reference loop beside them (CPU time
of this process, the best of several runs): on an idle modern desktop it takes
about 10 ms, and a benchmark whose reference loop took twice that ran on a
machine twice as slow, or twice as busy.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
import timeit
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

__all__ = ["Table", "describe_machine", "main", "percentile", "reference_loop_ms"]

REFERENCE_LOOP = "for i in range(1000): pass"


def reference_loop_ms() -> float:
    """CPU milliseconds for a million turns of an empty Python loop, the best of five."""
    runs = timeit.repeat(REFERENCE_LOOP, number=1000, repeat=5, timer=time.process_time)
    return min(runs) * 1000


def describe_machine() -> str:
    """The interpreter, the machine and its speed now, in one line.

    The interpreter's file is named because builds of one Python version differ in
    speed: one compiled with profile-guided and link-time optimisation (Debian's
    ``/usr/bin/python3.11``, the official Docker images) runs this project's code
    faster than one without (pyenv's default build), the reference loop included.
    """
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"Python {platform.python_version()} ({os.path.realpath(sys.executable)}) "
        f"on {platform.machine()}, "
        f"{os.cpu_count()} CPUs, load average {load:.1f}; "
        f"reference loop ({REFERENCE_LOOP!r} x 1000): {reference_loop_ms():.1f} ms CPU"
    )


def percentile(samples: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile (0.5 = median, 0.99 = p99) by linear interpolation."""
    if len(samples) == 1:
        return samples[0]
    cuts = statistics.quantiles(samples, n=1000, method="inclusive")
    return cuts[min(len(cuts) - 1, max(0, round(fraction * 1000) - 1))]


class Table:
    """Rows printed as aligned columns, numbers to the right."""

    def __init__(self, *headers: str) -> None:
        self.headers = headers
        self.rows: list[tuple[str, ...]] = []

    def add(self, *cells: object) -> None:
        self.rows.append(tuple(_cell(cell) for cell in cells))

    def render(self) -> str:
        widths = [
            max(len(row[column]) for row in (self.headers, *self.rows))
            for column in range(len(self.headers))
        ]
        lines = []
        for row in (self.headers, *self.rows):
            cells = [
                cell.ljust(width) if column == 0 else cell.rjust(width)
                for column, (cell, width) in enumerate(zip(row, widths, strict=True))
            ]
            lines.append("  ".join(cells).rstrip())
        lines.insert(1, "  ".join("-" * width for width in widths))
        return "\n".join(lines)

    def print(self) -> None:
        print(self.render())
        sys.stdout.flush()


def _cell(value: object) -> str:
    if isinstance(value, float):
        if value >= 100:
            return f"{value:,.0f}"
        return f"{value:.2f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def _together(copies: int) -> list[float]:
    """The reference loop in ``copies`` processes started at once: each one's time."""
    with ProcessPoolExecutor(copies) as pool:
        list(pool.map(abs, range(copies)))  # every worker started before any loop is timed
        return list(pool.map(_reference_in_worker, range(copies)))


def _reference_in_worker(_: int) -> float:
    return reference_loop_ms()


def main() -> None:
    cpus = os.cpu_count() or 1
    print(describe_machine())
    table = Table("processes at once", "reference loop ms (each)", "slower than alone")
    alone = min(_together(1) for _ in range(3))[0]
    table.add("1", f"{alone:.1f}", "1.00x")
    for copies in range(2, cpus + 1):
        times = _together(copies)
        table.add(
            str(copies),
            ", ".join(f"{ms:.1f}" for ms in times),
            f"{statistics.mean(times) / alone:.2f}x",
        )
    table.print()


if __name__ == "__main__":
    main()
