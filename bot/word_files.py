"""The word lists as files mapped into memory, one copy for every process on the machine.

The Short Word Game's dictionaries are read from the ``kjxqz`` and
``english-words`` packages and laid out once as
:class:`~games.short_word.word_table.WordTable` files in the cache directory
(``TRICKY_CACHE_DIR``). Every bot process and computer-player worker maps the
same files read-only, so the operating system's page cache holds the words once
and a process adds little more than its interpreter (and its own copy of the
words' DAWG, 1.6 MiB for both lists, which the DAWG library reads into memory).

A file is built when missing (``python -m bot.word_files`` builds them ahead,
e.g. at install), and rebuilt when it fails its check: a truncated or damaged
file is never read. The build runs in a child process, so the building
process does not keep the memory the full lists take while they are laid out.
A file is named after the format and the packages' versions, so an upgrade
builds new files instead of reading stale ones; it is written beside its final
name and moved into place in one step, so a process never maps half a file.

This is the one place that does I/O for the word lists; ``games/`` only lays the
bytes out and reads them.
"""

from __future__ import annotations

import logging
import mmap
import os
import secrets
import subprocess
import sys
import threading
from importlib.metadata import version
from pathlib import Path

from games.short_word import GAME, SOLITAIRE
from games.short_word.lexicon import (
    DICTIONARIES,
    DictionaryName,
    card_keys,
    packaged_words,
)
from games.short_word.word_table import FORMAT_VERSION, DamagedWordTable, WordTable, lay_out

__all__ = ["WordFiles", "build_word_file", "map_word_file", "use_word_files", "word_file"]

log = logging.getLogger(__name__)

_PACKAGES: dict[DictionaryName, str] = {"modern": "kjxqz", "webster": "english-words"}


def word_file(directory: Path, name: DictionaryName) -> Path:
    """Where dictionary ``name``'s table lives: named after the format and the package's version."""
    return (
        directory / f"{name}-{_PACKAGES[name]}-{version(_PACKAGES[name])}-v{FORMAT_VERSION}.words"
    )


def build_word_file(path: Path, name: DictionaryName) -> None:
    """Lay dictionary ``name`` out at ``path``, replacing whatever is there in one step."""
    # Not the cached reader: this process should not keep the whole list once written.
    words = packaged_words.__wrapped__(name)
    block = lay_out(words, card_keys)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}")
    try:
        with partial.open("wb") as out:
            out.write(block)
            out.flush()
            os.fsync(out.fileno())
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


def map_word_file(path: Path) -> WordTable:
    """The table in ``path``, mapped read-only and checked.

    ``FileNotFoundError`` if there is none, :class:`DamagedWordTable` if it is not a
    whole table.
    """
    with path.open("rb") as file:
        if os.fstat(file.fileno()).st_size == 0:
            raise DamagedWordTable("the file is empty")
        mapped = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
    return WordTable.check(mapped)


def _build_elsewhere(path: Path, name: DictionaryName) -> None:
    subprocess.run(
        [sys.executable, "-m", "bot.word_files", str(path.parent), name],
        check=True,
        stdout=subprocess.DEVNULL,
    )


class WordFiles:
    """A word source for the games: each dictionary's file, mapped on first use.

    Safe to call from several threads (the start-up preload and a table's move).
    """

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._tables: dict[DictionaryName, WordTable] = {}
        self._lock = threading.Lock()

    def __call__(self, name: DictionaryName) -> WordTable:
        with self._lock:
            table = self._tables.get(name)
            if table is None:
                table = self._tables[name] = self._open(name)
            return table

    def _open(self, name: DictionaryName) -> WordTable:
        path = word_file(self.directory, name)
        try:
            return map_word_file(path)
        except FileNotFoundError:
            log.info("building the %s word file at %s (once, a few seconds)", name, path)
        except DamagedWordTable as damage:
            log.warning("the word file %s is damaged (%s); building it again", path, damage)
        _build_elsewhere(path, name)
        return map_word_file(path)


_in_use: dict[Path, WordFiles] = {}


def use_word_files(directory: Path) -> WordFiles:
    """Make the word games read their dictionaries from mapped files in ``directory``.

    The games are shared by the whole process, so this is too: the same
    directory again keeps the files already mapped.
    """
    directory = directory.resolve()
    files = _in_use.get(directory)
    if files is None:
        files = _in_use[directory] = WordFiles(directory)
    for game in (GAME, SOLITAIRE):
        game.lexicons.use(files)
    return files


def main(argv: list[str]) -> None:
    """``python -m bot.word_files [DIRECTORY [NAME ...]]``: build the word files that are
    missing or damaged (by default every dictionary, in ``TRICKY_CACHE_DIR``)."""
    from bot.settings import Settings

    # Only the cache directory is wanted here, so no token is needed to run this.
    directory = Path(argv[0]) if argv else Settings(token="unused").cache_path
    for name in argv[1:] or list(DICTIONARIES):
        if name not in _PACKAGES:
            raise SystemExit(f"no dictionary called {name!r}; there are {', '.join(_PACKAGES)}")
        dictionary: DictionaryName = "modern" if name == "modern" else "webster"
        path = word_file(directory, dictionary)
        try:
            map_word_file(path)
        except (FileNotFoundError, DamagedWordTable):
            build_word_file(path, dictionary)


if __name__ == "__main__":
    main(sys.argv[1:])
