"""The checker every end-to-end test runs under (``tests/e2e/pseudo_check.py``): strict
about words outside the pseudo-language's markers, lenient about data; and its temporary
allowances cannot outlive the escapes they allow."""

from __future__ import annotations

import pytest

from tests.e2e.pseudo_check import (
    BEING_FIXED,
    DMS_BEING_FIXED,
    ROOT,
    Allowance,
    Watch,
    escapes,
    outside_markers,
    shown_texts,
)

pytestmark = pytest.mark.languages("tests of the checker itself; no bot runs")


def test_words_outside_the_markers_are_escapes() -> None:
    assert escapes("⟦ann bids 5⟧ · choosing") == ["choosing"]
    assert escapes("Players ⟦playing to 300⟧") == ["Players"]
    assert escapes("⟦Bid ⟦three 5s⟧⟧ or pass") == ["or", "pass"]


def test_marked_text_and_data_are_not() -> None:
    assert escapes("⟦The bidding opens with bo.⟧") == []
    assert escapes("▶ **ann** 0 (⟦re-rolled 2⟧) · 7♠ 10♥ K ⚄ → #12 — 3/5 ✅", ["ann"]) == []
    # a clipped text whose closing marker was cut off stays inside
    assert escapes("⟦Everyone secretly puts one card face d…") == []


def test_names_discord_markup_commands_and_players_words_are_data() -> None:
    assert escapes("**ann** ⟦wins⟧", names=["ann"]) == []
    assert escapes("Game Night: ⟦hello⟧", names=["Game Night"]) == []
    assert escapes("<@123456789012345678> <#1> <t:1700000000:R> ⟦x⟧") == []
    assert escapes("/tricky join ⟦or press Join⟧") == []
    assert escapes("CRANE QU ⟦scores 7⟧") == []
    watch = Watch(list)
    watch.check("config", [("field", "Deutsch"), ("field", "The Fraud from Trandosha")])
    assert watch.found == []  # a language's own name, a game's name
    # a name only counts as a whole word: "bo" in "bold" is still a word
    assert escapes("bold ⟦x⟧", names=["bo"]) == ["bold"]


def test_the_english_rules_help_is_allowed_line_by_line_only() -> None:
    rules = (ROOT / "cogs" / "rules" / "tricky.md").read_text(encoding="utf-8")
    line = next(line for line in rules.splitlines() if len(line.split()) > 4)
    assert escapes(line) == []
    assert escapes(f"{line} extra") != []


def test_outside_markers_follows_nesting() -> None:
    assert list(outside_markers("a ⟦b ⟦c⟧ d⟧ e")) == ["a ", " e"]


def test_the_watch_reads_every_place_a_message_shows_text() -> None:
    embed = {
        "title": "Title",
        "description": "Description",
        "footer": {"text": "Footer"},
        "author": {"name": "Author"},
        "fields": [{"name": "Name", "value": "Value"}],
    }
    components = [
        {
            "type": 1,
            "components": [
                {"type": 2, "label": "Label", "custom_id": "tk:x", "emoji": {"name": "ok"}},
                {
                    "type": 3,
                    "placeholder": "Placeholder",
                    "options": [{"label": "Option", "value": "hidden", "description": "Why"}],
                },
            ],
        },
        {"type": 10, "content": "Shown"},
    ]
    attachments = [{"filename": "table.png", "description": "Picture"}]
    watch = Watch(list)
    watch.check("message", shown_texts("Content", [embed], components, attachments))
    watch.modal({"title": "Form", "components": [{"type": 18, "label": "Field"}]})
    watch.choices([{"name": "Choice", "value": "hidden"}])
    seen = {word for escape in watch.found for word in escape.words}
    assert seen == {
        "Content",
        "Title",
        "Description",
        "Footer",
        "Author",
        "Name",
        "Value",
        "Label",
        "Placeholder",
        "Option",
        "Why",
        "Shown",
        "Picture",
        "Form",
        "Field",
        "Choice",
    }


@pytest.mark.parametrize(
    "allowance", [*BEING_FIXED, DMS_BEING_FIXED], ids=lambda allowance: allowance.name
)
def test_each_temporary_allowance_is_still_needed(allowance: Allowance) -> None:
    """An allowance for an escape another branch fixes fails here as soon as the fix lands
    (its file no longer writes the text the escaping way): then delete the allowance."""
    assert allowance.still_escaping(), (
        f"{allowance.name}: {allowance.source} no longer escapes; remove the allowance"
    )


def test_an_allowance_allows_only_its_own_text() -> None:
    turn = next(a for a in BEING_FIXED if a.name == "refusal: not your turn")
    assert escapes("⚠️ It is not your turn.") == []
    assert escapes("⚠️ It is not your turn yet.") != []
    assert turn.allow("It is not your turn. Wait") == "  Wait"
