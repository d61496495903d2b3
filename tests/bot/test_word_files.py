"""The word files: built once, mapped by every process, rebuilt when damaged."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bot.word_files import WordFiles, map_word_file, use_word_files, word_file
from games.short_word import GAME, SOLITAIRE
from games.short_word.lexicon import packaged_words
from games.short_word.word_table import DamagedWordTable, WordTable


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory holding the modern list's file, built the way the bot builds it."""
    directory = tmp_path_factory.mktemp("words")
    WordFiles(directory)("modern")
    return directory


def _mapped_files(maps: str) -> set[tuple[str, str]]:
    """The (device, inode) of every word file in a ``/proc/PID/maps`` listing."""
    found = set()
    for line in maps.splitlines():
        fields = line.split()
        if len(fields) >= 6 and fields[5].endswith(".words"):
            found.add((fields[3], fields[4]))
    return found


def test_the_file_holds_the_packaged_words(built: Path) -> None:
    table = WordFiles(built)("modern")
    assert isinstance(table, WordTable)
    assert len(table) == len(packaged_words("modern"))
    assert "quizzes" in table and "london" not in table


def test_two_processes_map_the_same_word_file(built: Path) -> None:
    path = word_file(built, "modern")
    before = path.stat()
    mine = WordFiles(built)("modern")
    assert "quit" in mine
    child = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from pathlib import Path; from bot.word_files import WordFiles; "
            "table = WordFiles(Path(sys.argv[1]))('modern'); assert 'quit' in table; "
            "print(open('/proc/self/maps').read())",
            str(built),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    here = _mapped_files(Path("/proc/self/maps").read_text())
    there = _mapped_files(child.stdout)
    assert there and there <= here, "the child maps the very file this process maps"
    after = path.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns), "not rebuilt"


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda data: data[: len(data) // 2], id="truncated"),
        pytest.param(lambda data: data[:-1] + bytes([data[-1] ^ 0x20]), id="a changed letter"),
    ],
)
def test_a_damaged_file_is_rebuilt_and_never_read(
    built: Path, tmp_path: Path, damage: object, caplog: pytest.LogCaptureFixture
) -> None:
    assert callable(damage)
    path = word_file(tmp_path, "modern")
    shutil.copy(word_file(built, "modern"), path)
    path.write_bytes(damage(path.read_bytes()))
    with pytest.raises(DamagedWordTable):
        map_word_file(path)
    damaged_inode = path.stat().st_ino

    table = WordFiles(tmp_path)("modern")

    assert "damaged" in caplog.text
    assert path.stat().st_ino != damaged_inode, "a new file replaced the damaged one"
    assert path.read_bytes() == word_file(built, "modern").read_bytes()
    assert len(table) == len(packaged_words("modern"))
    assert not [name for name in os.listdir(tmp_path) if name != path.name], "no leftovers"


def test_the_games_read_the_mapped_files_once_in_use(built: Path) -> None:
    files = use_word_files(built)
    try:
        assert GAME.lexicons.get("modern", (), ())._words is files("modern")
        assert use_word_files(built) is files, "the same directory keeps its mapped files"
    finally:
        for game in (GAME, SOLITAIRE):
            game.lexicons.use(packaged_words)
