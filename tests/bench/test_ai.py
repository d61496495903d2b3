"""bench.ai: the cases it plays, its budgets in worlds, and its verdicts."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.ai import (
    PAIRINGS,
    REFERENCE,
    SEATS,
    WORLDS_PER_SECOND,
    Match,
    agreement_decisions,
    agreement_table,
    main,
    matches,
    met,
    option_sets,
    play,
    wilson,
    win_table,
    worlds,
)
from games.catalog import CATALOG


def test_every_variant_alone_and_all_together() -> None:
    sets = dict(option_sets(CATALOG["fraud"]))
    assert sets["default"] == ()
    assert sets["deck=modern"] == (("deck", "modern"),)
    assert sets["no pot"] == (("pot", False),)
    assert sets["spike_dice"] == (("spike_dice", True),)
    assert dict(sets["all variants"]) == {
        "deck": "modern",
        "pot": False,
        "spike_dice": True,
        "suit_die": True,
        "chance_cube": True,
    }
    for options in sets.values():  # every set is one the lobby accepts
        CATALOG["fraud"].options(dict(options))


def test_a_game_with_one_variant_has_no_all_together_set_and_lengths_are_not_variants() -> None:
    assert option_sets(CATALOG["falsche_faehrte"]) == [
        ("default", ()),
        ("jokers", (("jokers", True),)),
    ]
    assert option_sets(CATALOG["tricky"]) == [("default", ())]  # target_per_seat is a length
    names = [name for name, _ in option_sets(CATALOG["short_word"])]
    assert "all variants" in names
    assert not any("house" in name or "hands" in name for name in names)


def test_budgets_are_worlds_in_proportion_to_the_time_they_stand_for() -> None:
    assert worlds("fraud", 1.0) == WORLDS_PER_SECOND["fraud"]
    assert worlds("fraud", 0.2) == round(WORLDS_PER_SECOND["fraud"] / 5)
    assert worlds("fraud", 1e-9) == 1


def test_the_cases_rotate_the_hard_seat_and_cover_every_pairing() -> None:
    todo = list(
        matches(["tricky"], list(PAIRINGS), games=6, seconds=1.0, seed=1, only_options=None)
    )
    assert len(todo) == 6 * len(PAIRINGS)
    assert {match.hard_seat for match in todo} == set(range(SEATS))
    assert {match.pairing for match in todo} == set(PAIRINGS)


def test_wilson_and_the_verdict() -> None:
    low, high = wilson(24, 30)
    assert low == pytest.approx(0.627, abs=0.001) and high == pytest.approx(0.905, abs=0.001)
    assert met(24, 30, 0.60)
    assert not met(3, 5, 0.60), "60% of 5 games: the interval reaches below a fair share"
    assert not met(17, 30, 0.60)


@pytest.mark.parametrize("pairing", list(PAIRINGS))
def test_a_match_is_reproducible_and_reports_the_hard_seats_thinking(pairing: str) -> None:
    match = Match("tricky", "default", (), pairing, hard_seat=1, seed=3, iterations=20)
    first, again = play(match), play(match)
    assert (first.hard_won, first.moves, first.worlds) == (
        again.hard_won,
        again.moves,
        again.worlds,
    )
    assert first.worlds and all(1 <= n <= 20 for n in first.worlds)
    assert len(first.seconds) == len(first.worlds)
    assert "tricky" in win_table([first, again])


def test_a_run_prints_every_case_and_keeps_the_table_so_far(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    partial = tmp_path / "partial.txt"
    argv = ["--game", "tricky", "--games", "2", "--seconds", "0.002", "--workers", "1"]
    assert main([*argv, "--partial", str(partial)]) == 0
    printed = capsys.readouterr().out
    for opponents in ("2 random", "2 easy", "2 hard at 1/5"):
        assert opponents in printed and opponents in partial.read_text()
    assert "worlds median" in printed and "stopped early" in printed


def test_agreement_searches_each_position_at_three_budgets_and_judges_by_the_longest(
    capsys: pytest.CaptureFixture[str],
) -> None:
    decisions = agreement_decisions("tricky", 40, positions=4, seed=1)
    assert len(decisions) == 4
    for decision in decisions:
        small, full, reference = decision.worlds
        assert small <= 40 // 5 and full <= 40 and reference <= 40 * REFERENCE
        for choice, regret in zip(decision.choices, decision.regrets, strict=False):
            if choice == decision.choices[2]:
                assert regret == 0
    table = agreement_table([("tricky", decisions)])
    assert "1/5 = full" in table and "tricky" in table
    assert main(["--game", "tricky", "--agreement", "2", "--seconds", "0.002"]) == 0
    assert "regret full" in capsys.readouterr().out
