"""``python -m bot`` and the settings: clear failures, no global bot."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.app import create_bot
from bot.settings import Settings
from bot.shards import Shards


def run_bot(cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("TRICKY_")}
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=cwd,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_without_a_token_the_bot_exits_at_once_naming_the_setting(tmp_path: Path) -> None:
    started = time.monotonic()
    result = run_bot(tmp_path)
    # About a second and a half on an idle machine (mostly importing discord.py); the
    # bound is loose because CI runs this beside other tests.
    assert time.monotonic() - started < 20
    assert result.returncode != 0
    assert "TRICKY_TOKEN is not set" in result.stderr
    assert ".env" in result.stderr


def test_an_empty_token_counts_as_missing(tmp_path: Path) -> None:
    result = run_bot(tmp_path, TRICKY_TOKEN="")
    assert result.returncode != 0 and "TRICKY_TOKEN is not set" in result.stderr


def test_a_malformed_setting_is_named(tmp_path: Path) -> None:
    result = run_bot(tmp_path, TRICKY_TOKEN="x", TRICKY_DEV_GUILD="my-server")
    assert result.returncode != 0
    assert "TRICKY_DEV_GUILD is not valid" in result.stderr


def test_a_bad_item_of_a_list_setting_is_named_by_its_setting(tmp_path: Path) -> None:
    result = run_bot(tmp_path, TRICKY_TOKEN="x", TRICKY_SHARD_COUNT="2", TRICKY_SHARD_IDS="a,1")
    assert result.returncode != 0
    assert "TRICKY_SHARD_IDS (item 0) is not valid" in result.stderr


@pytest.mark.parametrize("where", ["a folder", "not a database", "under a file"])
def test_a_database_the_bot_cannot_use_is_one_clear_line(tmp_path: Path, where: str) -> None:
    folder, text = tmp_path / "folder", tmp_path / "notes.txt"
    folder.mkdir()
    text.write_text("shopping list\n" * 100)
    path = {"a folder": folder, "not a database": text, "under a file": text / "t.db"}[where]
    result = run_bot(tmp_path, TRICKY_TOKEN="x", TRICKY_DATABASE=str(path))
    assert result.returncode == 1
    assert f"cannot use {path} as the database (TRICKY_DATABASE)" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_a_shard_beyond_the_count_is_refused_naming_both_settings(tmp_path: Path) -> None:
    result = run_bot(tmp_path, TRICKY_TOKEN="x", TRICKY_SHARD_COUNT="2", TRICKY_SHARD_IDS="1,2")
    assert result.returncode != 0
    assert "TRICKY_SHARD_IDS must list different shards from 0 to" in result.stderr
    assert "TRICKY_SHARD_COUNT - 1 (1); it is 1,2" in result.stderr


def test_the_shards_a_process_runs_are_read_as_people_write_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TRICKY_TOKEN", "x")
    monkeypatch.setenv("TRICKY_SHARD_COUNT", "6")
    monkeypatch.setenv("TRICKY_SHARD_IDS", "4, 0,2")
    assert Settings(_env_file=None).shards == Shards(6, frozenset({0, 2, 4}))
    monkeypatch.delenv("TRICKY_SHARD_IDS")
    assert Settings(_env_file=None).shards == Shards(6, frozenset(range(6)))


@pytest.mark.parametrize("ids", ["1,1", "-1", "0,4"])
def test_shard_ids_must_be_different_shards_of_the_count(
    monkeypatch: pytest.MonkeyPatch, ids: str
) -> None:
    monkeypatch.setenv("TRICKY_TOKEN", "x")
    monkeypatch.setenv("TRICKY_SHARD_COUNT", "4")
    monkeypatch.setenv("TRICKY_SHARD_IDS", ids)
    with pytest.raises(ValidationError, match=f"TRICKY_SHARD_IDS must list different.*it is {ids}"):
        Settings(_env_file=None)


def test_a_sharded_bot_asks_discord_for_its_shards_only(settings: Settings) -> None:
    bot = create_bot(settings.model_copy(update={"shard_ids": [3, 1], "shard_count": 4}))
    assert (bot.shard_ids, bot.shard_count) == ([1, 3], 4)
    alone = create_bot(settings)
    assert (alone.shard_ids, alone.shard_count) == ([0], 1)


def test_settings_are_read_from_a_dotenv_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for key in list(os.environ):
        if key.startswith("TRICKY_"):
            monkeypatch.delenv(key)
    (tmp_path / ".env").write_text("TRICKY_TOKEN=abc\nTRICKY_DEV_GUILD=\nTRICKY_LOG_LEVEL=DEBUG\n")
    monkeypatch.chdir(tmp_path)
    settings = Settings()
    assert settings.token.get_secret_value() == "abc"
    assert settings.dev_guild is None
    assert settings.log_level == "DEBUG"


def test_every_bot_is_built_fresh(settings: Settings) -> None:
    first, second = create_bot(settings), create_bot(settings)
    assert first is not second
    assert first.tree is not second.tree
    assert not hasattr(sys.modules["bot.app"], "bot")


def test_preparing_the_games_asks_every_game_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.computer import prepare_games
    from games.catalog import CATALOG

    asked: list[str] = []
    for game in CATALOG.values():
        monkeypatch.setattr(game, "prepare", lambda key=game.key: asked.append(key))
    prepare_games()
    assert asked == list(CATALOG)


def test_preparing_the_games_keeps_the_collector_off_what_they_loaded() -> None:
    from bot.computer import prepare_games
    from games.short_word import GAME, SOLITAIRE
    from games.short_word.lexicon import DICTIONARIES, packaged_words

    # A bot started earlier in this process left the games on its mapped word files; the
    # packaged lists this test looks for are read only when the games are on them.
    for game in (GAME, SOLITAIRE):
        game.lexicons.use(packaged_words)
    try:
        prepare_games()
        word_lists = {id(packaged_words(name)) for name in DICTIONARIES}
        assert gc.get_freeze_count() > 0
        assert not any(id(tracked) in word_lists for tracked in gc.get_objects())
    finally:
        gc.unfreeze()  # the rest of this test process collects as usual


def test_env_example_lists_every_setting_with_a_comment() -> None:
    lines = (Path(__file__).parents[2] / ".env.example").read_text().splitlines()
    listed = {}
    for n, line in enumerate(lines):
        if line and not line.startswith("#"):
            name = line.split("=", 1)[0]
            listed[name] = lines[n - 1].startswith("#")
    expected = {f"TRICKY_{name.upper()}" for name in Settings.model_fields}
    assert set(listed) == expected
    assert all(listed.values()), "each setting has a comment line above it"
