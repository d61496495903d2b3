"""``python -m games.simulate``: summaries add up, runs repeat from the seed, and watching
shows a bystander's table only."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from games import simulate
from games.ai.player import Budget
from games.catalog import CATALOG
from games.core.chance import LUCK_BY_WORDS
from games.core.game import Event
from games.core.playout import Move
from games.core.registry import AnyGame

KEYS = list(CATALOG)


def short_options(game: AnyGame) -> list[str]:
    """``--option`` arguments for the shortest suggested game (as the lobby offers it)."""
    found = []
    for name, field in game.options_type.model_fields.items():
        extra = field.json_schema_extra
        suggested = extra.get("suggested") if isinstance(extra, dict) else None
        if isinstance(suggested, list) and suggested:
            found += ["--option", f"{name}={min(suggested)}"]
    return found


def seats_for(game: AnyGame) -> int:
    return min(game.max_seats, max(game.min_seats, 3))


def run(*argv: str) -> str:
    out = io.StringIO()
    assert simulate.main(list(argv), out=out) == 0
    return out.getvalue()


def summary_rows(text: str) -> list[list[str]]:
    """The per-seat rows of the summary table."""
    lines = text.splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith("seat "))
    rows = []
    for line in lines[start + 1 :]:
        if not line.strip():
            break
        rows.append(line.split())
    return rows


@pytest.mark.parametrize("key", KEYS)
def test_summary_of_a_few_games(key: str) -> None:
    game = CATALOG[key]
    seats = seats_for(game)
    text = run(
        "--game", key, "--seats", str(seats), "--games", "2", "--seed", "5",
        "--players", "easy", *short_options(game),
    )  # fmt: skip

    assert text.startswith(f"{game.title} · {seats} seats · 2 games · seed 5 · players: easy")
    rows = summary_rows(text)
    assert [row[0] for row in rows] == [str(seat + 1) for seat in range(seats)]
    assert all(row[1] == "easy" for row in rows)
    wins = sum(int(row[2]) for row in rows)
    assert wins >= 2  # every game has at least one winner; a shared first place counts twice
    moves = re.search(r"moves: ([\d,]+) \(", text)
    assert moves is not None and int(moves.group(1).replace(",", "")) > 0


@pytest.mark.parametrize("key", KEYS)
def test_the_same_seed_plays_the_same_games(key: str) -> None:
    game = CATALOG[key]

    def play(seed: int) -> str:
        text = run(
            "--game", key, "--seats", str(seats_for(game)), "--games", "2",
            "--seed", str(seed), "--players", "random", *short_options(game),
        )  # fmt: skip
        return "\n".join(line for line in text.splitlines() if not line.startswith("time:"))

    first = play(9)
    assert play(9) == first
    assert "seed 9 ·" in first and "seed 9000 ·" in play(9000)


def test_summary_counts_match_the_games_played() -> None:
    game = CATALOG["tricky"]
    summary = simulate.simulate(
        game,
        levels=["random", "easy", "random"],
        games=3,
        seed=2,
        budget=Budget(seconds=None, iterations=1),
        options={"target_per_seat": 100},
    )
    assert summary.games == 3
    assert len(summary.lengths) == 3 and sum(summary.lengths) == summary.moves
    assert [tally.level for tally in summary.seats] == ["random", "easy", "random"]
    assert sum(tally.wins for tally in summary.seats) >= 3
    # Places run 1..3 in every game, so their totals over three games add up to 3 * (1+2+3)
    # at most (ties share the better place).
    assert sum(tally.place_total for tally in summary.seats) <= 18


def test_hard_players_with_an_iteration_budget_repeat_exactly() -> None:
    argv = ["--game", "short_changed", "--seats", "2", "--games", "1", "--seed", "4"]
    argv += ["--players", "hard,random", "--iterations", "2", "--option", "stalemate_rounds=25"]
    first, second = run(*argv), run(*argv)
    assert first.splitlines()[:-1] == second.splitlines()[:-1]
    assert summary_rows(first)[0][1] == "hard" and summary_rows(first)[1][1] == "random"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "tricky", "--seats", "9"], "not 9"),
        (["--game", "tricky", "--players", "genius"], "no computer level 'genius'"),
        (["--game", "tricky", "--seats", "3", "--players", "easy,hard"], "2 levels for 3 seats"),
        (["--game", "tricky", "--option", "target_per_seat"], "NAME=VALUE"),
        (["--game", "tricky", "--option", "target_per_seat=lots"], ""),
        (["--game", "tricky", "--games", "0"], "at least 1"),
    ],
)
def test_bad_arguments_are_explained(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        simulate.main(argv, out=io.StringIO())
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


# -- watching -----------------------------------------------------------------------------------


def private_texts(
    game: AnyGame, state: Any, events: Sequence[Event], names: Sequence[str]
) -> set[str]:
    """What some seat may know now that a bystander may not: lines of a seat's own table
    that the public table lacks, and the news told to one seat only."""
    public = set(game.describe(game.view(state, None), names).splitlines())
    secret: set[str] = set()
    for seat in range(game.seat_count(state)):
        own = game.describe(game.view(state, seat), names).splitlines()
        secret |= {line for line in own if line not in public and line.strip()}
    secret |= {game.narrate(event, names) for event in events if event.audience is not None}
    return secret


@pytest.mark.parametrize("key", KEYS)
def test_watching_shows_only_the_public_table(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each move's printed frame holds none of what a seat knows privately at that moment."""
    game = CATALOG[key]
    secrets_by_move: list[set[str]] = []
    real_watcher = simulate._watcher

    def spying_watcher(
        game: AnyGame, names: Sequence[str], watch: Callable[[str], None]
    ) -> Callable[[Any, Move, list[Any]], None]:
        after_move = real_watcher(game, names, watch)

        def spy(state: Any, move: Move, events: list[Any]) -> None:
            secrets_by_move.append(private_texts(game, state, events, names))
            after_move(state, move, events)

        return spy

    monkeypatch.setattr(simulate, "_watcher", spying_watcher)
    seats = seats_for(game)
    text = run(
        "--game", key, "--seats", str(seats), "--games", "1", "--seed", "11",
        "--players", "random", "--watch", *short_options(game),
    )  # fmt: skip

    frames = re.split(r"^--- move \d+: .* ---$", text, flags=re.MULTILINE)[1:]
    assert len(frames) == len(secrets_by_move) > 0
    for number, (frame, secrets) in enumerate(zip(frames, secrets_by_move, strict=True), 1):
        lines = set(frame.splitlines())
        leaked = sorted(secret for secret in secrets if secret in lines)
        assert not leaked, f"move {number} showed private text: {leaked}"
    if seats > 1:  # the check has something to find: these games all hide hands or dice
        assert any(secrets_by_move)
    assert "Game 1 over" in text and "players: random" in text


def test_a_watched_frame_is_the_public_view_and_public_news() -> None:
    game = CATALOG["fraud"]
    state = game.new(3, 8, game.options())
    names = simulate.seat_names(["easy", "hard", "random"])
    assert names == ["Easy 1", "Hard 2", "Random 3"]
    seat = game.to_act(state)[0]
    events = game.apply(state, seat, game.legal_actions(state, seat)[0])
    frame = simulate.public_frame(game, state, events, names)
    public_news = [game.narrate(event, names) for event in events if event.audience is None]
    assert frame == [*public_news, game.describe(game.view(state, None), names)]


def test_games_are_dealt_with_the_luck_new_tables_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    """A simulated game is seeded as the bot seeds a new table (``fresh_seed``, SHAKE-128
    luck), the same seeds from the same ``--seed``; stored games keep their own seeds."""
    game = CATALOG["short_changed"]
    dealt: list[int] = []
    real_new = game.new

    def new(seats: int, seed: int, options: Any = None) -> Any:
        dealt.append(seed)
        return real_new(seats, seed, options)

    monkeypatch.setattr(game, "new", new)
    for _ in range(2):
        simulate.simulate(
            game, levels=["random", "random"], games=3, seed=6, budget=Budget(None, 1)
        )
    assert len(dealt) == 6 and dealt[:3] == dealt[3:] and len(set(dealt)) == 3
    assert all(LUCK_BY_WORDS <= seed < 2 * LUCK_BY_WORDS for seed in dealt)
