"""The Short Word presenters: typed words, drafts, the house list, and what each message shows."""

from __future__ import annotations

from typing import Any

import discord
from hypothesis import given
from hypothesis import strategies as st

from cogs.controls import PanelButton, PanelSelect
from cogs.presenters.base import Ask, Redraw, Submit
from cogs.presenters.short_word import (
    ShortWordPresenter,
    _melds,
    decode_draft,
    encode_draft,
    hand_chips,
    house_list_edit,
    parse_words,
)
from cogs.presenters.short_word_solitaire import SolitairePresenter
from games.short_word.cards import CARDS
from games.short_word.model import Challenge, Discard, Draw, HandScored, Lay, LetStand
from games.short_word.solitaire.model import GiveUp, MoveCard, PlayWord
from games.short_word.spelling import Meld
from tests.cogs.presenters.conftest import public_table, seat_table
from tests.games.short_word.helpers import GAME, table
from tests.games.short_word.test_solitaire import GAME as SOLITAIRE
from tests.games.short_word.test_solitaire import padded

PRESENTER = ShortWordPresenter()
SOLO = SolitairePresenter()


def controls(items: list[Any]) -> dict[str, Any]:
    return {item.data: item for item in items if isinstance(item, PanelButton | PanelSelect)}


def text_of(embeds: list[discord.Embed]) -> str:
    parts = []
    for embed in embeds:
        data = embed.to_dict()
        parts += [data.get("title", ""), data.get("description", "")]
        parts += [f"{f['name']} {f['value']}" for f in data.get("fields", [])]
        parts.append(data.get("footer", {}).get("text", ""))
    return "\n".join(parts)


# -- typed words and drafts ---------------------------------------------------------------------


def test_typed_words_are_split_and_lowered() -> None:
    assert parse_words("  Quit, AX+tea ", "") == (("quit", "ax", "tea"), None)
    assert parse_words("quit", " qu ") == (("quit",), "QU")


def test_typed_words_that_cannot_be_used_say_why() -> None:
    assert parse_words("   ", "") == "Type at least one word."
    assert "letters a to z" in str(parse_words("don't", ""))
    assert "not a card" in str(parse_words("quit", "7"))
    assert "at most 8" in str(parse_words("a " * 9, ""))


words_st = st.lists(st.text("abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=22), max_size=8)


@given(words_st, st.sampled_from([None, *CARDS]))
def test_drafts_round_trip_or_stay_empty(words: list[str], discard: Any) -> None:
    draft = encode_draft(words, discard)
    assert len(draft) <= 64
    if draft:
        assert decode_draft(draft) == (tuple(words), discard)


@given(st.text(max_size=70))
def test_any_malformed_draft_reads_as_nothing_or_words(text: str) -> None:
    words, discard = decode_draft(text)
    assert all(word.isalpha() for word in words)
    assert discard is None or discard in CARDS


# -- the house list -----------------------------------------------------------------------------


def test_the_house_list_adds_bans_and_lifts_bans_for_both_games() -> None:
    defaults: dict[str, dict[str, Any]] = {"short_word": {"validation": "challenge"}}
    added = house_list_edit(defaults, "zzx", add=True)
    assert isinstance(added, dict)
    for key in ("short_word", "short_word_solitaire"):
        assert added[key]["house_add"] == ["zzx"] and added[key]["house_remove"] == []
    assert added["short_word"]["validation"] == "challenge", "other defaults are kept"
    banned = house_list_edit(added, "zzx", add=False)
    assert isinstance(banned, dict)
    assert banned["short_word"]["house_add"] == [] and banned["short_word"]["house_remove"] == [
        "zzx"
    ]
    lifted = house_list_edit(banned, "zzx", add=True)
    assert isinstance(lifted, dict) and lifted["short_word"]["house_remove"] == []
    assert defaults == {"short_word": {"validation": "challenge"}}, "the input is not changed"
    assert GAME.options(lifted["short_word"]).house_add == ("zzx",)


def test_the_house_list_takes_plain_words_only() -> None:
    assert "2 to 22 letters" in str(house_list_edit({}, "x", add=True))
    assert "2 to 22 letters" in str(house_list_edit({}, "rock-n-roll", add=True))


# -- clicks to actions --------------------------------------------------------------------------


def test_clicks_become_the_matching_actions() -> None:
    seat = seat_table(GAME, table("C A T X", "E R E"), 0)
    assert PRESENTER.react(seat, "ds") == Submit(Draw("stock"))
    assert PRESENTER.react(seat, "dd") == Submit(Draw("discard"))
    assert PRESENTER.react(seat, "x", ["QU"]) == Submit(Discard("QU"))
    assert PRESENTER.react(seat, "c:1") == Submit(Challenge(1))
    assert PRESENTER.react(seat, "st") == Submit(LetStand())
    assert PRESENTER.react(seat, "lay", fields={"words": "Cat", "discard": "x"}) == Submit(
        Lay(("cat",), "X"), draft_if_refused="cat,X"
    )


def test_bad_input_redraws_with_a_warning() -> None:
    seat = seat_table(GAME, table("C A T X", "E R E"), 0)
    for reaction in (
        PRESENTER.react(seat, "x", ["ZZ"]),
        PRESENTER.react(seat, "lay", fields={"words": "", "discard": ""}),
        PRESENTER.react(seat, "nonsense"),
        PRESENTER.react(seat, "c:x"),
    ):
        assert isinstance(reaction, Redraw) and reaction.notice and reaction.notice.tone == "warn"


def test_the_words_form_opens_filled_in_with_the_last_try() -> None:
    seat = seat_table(GAME, table("C A T X", "E R E"), 0)
    asked = PRESENTER.react(seat, "w:cat.at,X")
    assert isinstance(asked, Ask)
    fields = {
        item.custom_id: item
        for item in asked.modal.children
        if isinstance(item, discord.ui.TextInput)
    }
    assert fields["words"].default == "cat at" and fields["discard"].default == "X"
    assert asked.modal.title == "Go out"


# -- the panel ----------------------------------------------------------------------------------


def test_the_draw_step_offers_the_stock_and_the_discard() -> None:
    seat = seat_table(GAME, table("C A T", "E R E", discards="B", step="draw"), 0)
    panel = PRESENTER.panel(seat, "", None)
    found = controls(panel.items)
    assert {"ds", "dd", "ref"} == set(found)
    assert "Take the discard B·8" in found["dd"].item.label
    assert "`A·2` `C·8` `T·3`" in text_of(panel.embeds)


def test_after_drawing_discard_or_go_out() -> None:
    seat = seat_table(GAME, table("C A T X", "E R E"), 0)
    panel = PRESENTER.panel(seat, "cat", None)
    found = controls(panel.items)
    assert {"x", "w:cat", "ref"} == set(found)
    assert [o.value for o in found["x"].item.options] == ["A", "C", "T", "X"]
    assert found["w:cat"].item.label == "Go out…"
    assert "Your last try: cat" in text_of(panel.embeds)


def test_a_seat_off_turn_only_refreshes() -> None:
    seat = seat_table(GAME, table("C A T X", "E R E"), 1)
    panel = PRESENTER.panel(seat, "", None)
    assert set(controls(panel.items)) == {"ref"}
    assert "Waiting for **P0**" in text_of(panel.embeds)


def test_the_challenge_window_offers_each_word_and_letting_them_stand() -> None:
    state = table("C A T X", "E R E", "A T E", validation="challenge")
    GAME.apply(state, 0, Lay(("cat",)))
    panel = PRESENTER.panel(seat_table(GAME, state, 1), "", None)
    found = controls(panel.items)
    assert {"c:0", "st", "ref"} == set(found)
    assert found["c:0"].item.label == "Challenge CAT"
    GAME.apply(state, 1, Challenge(0))
    panel = PRESENTER.panel(seat_table(GAME, state, 1), "", None)
    assert "You challenged CAT" in text_of(panel.embeds)
    assert set(controls(panel.items)) == {"ref"}


# -- the public messages ------------------------------------------------------------------------


def test_the_table_shows_the_hand_but_no_cards_in_hand() -> None:
    state = table("C A T X", "Q U Z", discards="B", known=["X", ""])
    shown = text_of(PRESENTER.table(public_table(GAME, state)))
    assert "hand 1 of 8" in shown and "Top discard:** `B·8`" in shown
    assert "P0** · 0 points · 4 cards (holds `X·12` from the discards)" in shown
    assert hand_chips(state.hands[1]) not in shown and "`Z·14`" not in shown


def test_a_scored_hand_is_announced_with_words_cards_left_and_bonuses() -> None:
    state = table("C A T X", "T E A Z B", turn=0, draws="E")
    events = GAME.apply(state, 0, Lay(("cat",)))
    GAME.apply(state, 1, Draw("stock"))
    events = GAME.apply(state, 1, Discard("Z"))
    assert any(isinstance(e, HandScored) for e in events)
    [summary] = PRESENTER.announce(public_table(GAME, state), events)
    shown = text_of([summary])
    assert "Hand 1 scored" in shown and "**P0** went out." in shown
    assert "CAT [C·A·T] 13" in shown and "most words and longest word (+20)" in shown
    assert "Left in hand: `A·2` `B·8` `E·2` `E·2` `T·3` → -17" in shown


def test_the_result_ranks_the_totals() -> None:
    state = table("C A T X", "Z O Q", turn=0, draws="E", hand=1, hands=1)
    GAME.apply(state, 0, Lay(("cat",)))
    GAME.apply(state, 1, Draw("stock"))
    GAME.apply(state, 1, Discard("E"))
    [result] = PRESENTER.result(public_table(GAME, state))
    shown = text_of([result])
    assert "P0 wins!" in shown and "1. **P0** · 33 points" in shown
    assert "Hand 1: P0 +33 · P1 -31" in shown


# -- solitaire ----------------------------------------------------------------------------------


def test_solitaire_shows_the_face_up_cards_and_stack_sizes() -> None:
    state = padded("A B C", "D E T", "F G A", "H I J", "K L M", "N O P", "R S U", "V W X")
    shown = text_of(SOLO.table(public_table(SOLITAIRE, state)))
    assert "**1.** `C·8` · 3 cards" in shown and "**8.** `X·12` · 3 cards" in shown
    assert "24 of 48 cards used" in shown


def test_solitaire_words_moves_and_giving_up() -> None:
    state = padded("T", "X A", "B C", "D E", "F G", "H I", "J K", "L M")
    seat = seat_table(SOLITAIRE, state, 0)
    assert isinstance(SOLO.react(seat, "w"), Ask)
    assert SOLO.react(seat, "word", fields={"word": " At "}) == Submit(PlayWord("at"))
    assert SOLO.react(seat, "g") == Redraw("sure")
    assert SOLO.react(seat, "quit") == Submit(GiveUp())
    panel = SOLO.panel(seat, "sure", None)
    assert {"quit", "back", "ref", "w"} == set(controls(panel.items))
    SOLITAIRE.apply(state, 0, PlayWord("at"))
    seat = seat_table(SOLITAIRE, state, 0)
    panel = SOLO.panel(seat, "", None)
    select = controls(panel.items)["m"]
    assert select.item.options[0].value == "2:0"
    assert SOLO.react(seat, "m", ["2:0"]) == Submit(MoveCard(2, 0))


def test_solitaire_says_when_no_word_is_left() -> None:
    state = padded("B", "C", "D", "F", "G", "H", "J", "K")
    panel = SOLO.panel(seat_table(SOLITAIRE, state, 0), "", None)
    assert "No word can be made" in text_of(panel.embeds)


def test_a_word_challenged_out_says_so_in_words_not_only_by_strike_through() -> None:
    # A screen reader does not read strike-through: the struck word is named as struck.
    quit_, ax = Meld("quit", ("QU", "I", "T")), Meld("ax", ("A", "X"))
    assert _melds([quit_, ax], [1]) == "QUIT [QU·I·T] 14, ~~AX [A·X] 14~~ (struck out)"
