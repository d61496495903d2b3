"""A throwaway PostgreSQL server for the tests: the machine's own binaries, a data
directory in /tmp, a Unix socket only (no port to clash over), started once per test
process and stopped at its end.

PostgreSQL refuses to run as root, so as root (CI) the server runs as the ``postgres``
user that the distribution's package creates. Nothing is skipped when the binaries are
missing: the tests that need them fail, saying how to install them.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

__all__ = ["PostgresServer", "binaries"]

INSTALL = (
    "PostgreSQL's server binaries (initdb, pg_ctl) are neither on PATH nor under "
    "/usr/lib/postgresql/*/bin: install them (apt-get install postgresql; .ci/run does)"
)

SETTINGS = (
    # Nothing here needs to survive a crash of the machine: no waiting for the disk.
    "fsync=off",
    "synchronous_commit=off",
    "full_page_writes=off",
    "max_connections=300",
    "shared_buffers=32MB",
)


def binaries() -> Path:
    """The folder of initdb, pg_ctl and postgres: from PATH, else the newest under
    /usr/lib/postgresql."""
    found = shutil.which("pg_ctl")
    if found is not None and shutil.which("initdb") is not None:
        return Path(found).resolve().parent
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
        key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0,
    )
    if not versions:
        raise RuntimeError(INSTALL)
    return Path(versions[-1]).parent


class PostgresServer:
    """One server; :meth:`url` names a database on it."""

    def __init__(self) -> None:
        self.bin = binaries()
        # Short: a Unix socket's path must fit in about a hundred bytes.
        self.home = Path(tempfile.mkdtemp(prefix="tricky-pg-"))
        self.data = self.home / "data"
        self.log = self.home / "server.log"
        self._as_root = os.geteuid() == 0

    def _run(self, *command: str) -> None:
        program = [str(self.bin / command[0]), *command[1:]]
        if self._as_root:  # PostgreSQL will not run as root
            program = ["runuser", "-u", "postgres", "--", *program]
        done = subprocess.run(program, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise RuntimeError(
                f"{' '.join(command[:2])} failed ({done.returncode}): "
                f"{done.stderr.strip() or done.stdout.strip()}\n{log}"
            )

    def start(self) -> PostgresServer:
        if self._as_root:
            shutil.chown(self.home, "postgres", "postgres")
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--auth=trust",
            "--no-sync",
            "--encoding=UTF8",
            "--locale=C",
        )
        self._pg_ctl("start")
        return self

    def _pg_ctl(self, action: str, *, mode: str = "fast") -> None:
        options = " ".join(
            ["-c listen_addresses=''", f"-k {self.home}", *(f"-c {s}" for s in SETTINGS)]
        )
        self._run(
            "pg_ctl", action, "-D", str(self.data), "-l", str(self.log), "-w", "-m", mode,
            "-o", options,
        )  # fmt: skip

    def restart(self) -> None:
        """Stop the server (every connection breaks, open transactions roll back) and
        start it again. Not "immediate": with synchronous_commit off (SETTINGS), a crash
        would lose the last commits, which a real server with its defaults keeps."""
        self._pg_ctl("restart", mode="fast")

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "stop", "-D", str(self.data), "-w", "-m", "immediate")
        finally:
            shutil.rmtree(self.home, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.home}"
