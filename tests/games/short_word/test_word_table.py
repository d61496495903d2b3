"""The word table's layout: what goes in comes out, and a damaged block is refused."""

from __future__ import annotations

import pytest

from games.short_word.cards import CARDS
from games.short_word.finder import _keys, words_in
from games.short_word.lexicon import CARD_PRIME, Lexicon, card_key, card_keys
from games.short_word.word_table import (
    DamagedWordTable,
    GroupMemo,
    WordTable,
    lay_out,
)
from tests.games.short_word.helpers import WORDS, cards


@pytest.fixture(scope="module")
def block() -> bytes:
    return lay_out(WORDS, card_keys)


def test_a_table_holds_exactly_its_words(block: bytes) -> None:
    table = WordTable.check(block)
    assert len(table) == len(WORDS)
    assert sorted(table) == sorted(WORDS)
    assert all(word in table for word in WORDS)
    for stranger in ("zzx", "", "quite!", "quitè", "QUIT", "qu\nit", "quit\n", "\ud800", 7, None):
        assert stranger not in table
        assert stranger not in Lexicon("modern", table)


def test_card_groups_match_the_in_memory_index(block: bytes) -> None:
    table = WordTable.check(block)
    in_memory = Lexicon("modern", WORDS).card_groups()
    assert {key: table.group(key) for key in in_memory} == dict(in_memory)
    assert table.group(card_key(cards("Z Z X Q"))) == ()
    assert table.group(card_key(cards("QU I T"))) == ("quit",)


def test_every_set_of_cards_answers_as_in_the_in_memory_index(block: bytes) -> None:
    # Every subset of fourteen cards: thousands of keys that spell nothing, some of them
    # falling in a marked slot, so that the bucket search must turn them away.
    table = WordTable.check(block)
    in_memory = Lexicon("modern", WORDS).card_groups()
    memo = GroupMemo(table, limit=1000)
    keys = _keys(sorted(set(CARDS), key=CARD_PRIME.__getitem__)[:14])
    assert [memo.get(key) for key in keys] == [in_memory.get(key, ()) for key in keys]
    assert [table.group(key) for key in keys] == [memo.get(key) for key in keys]

    assert any(table.marked(table.slot_of(key)) and key not in in_memory for key in keys)


def test_a_mapped_lexicon_finds_what_the_in_memory_one_finds(block: bytes) -> None:
    hand = cards("QU I T E N S T E A")
    mapped = Lexicon("modern", WordTable.check(block), added=("zzx",), removed=("tea",))
    in_memory = Lexicon("modern", WORDS, added=("zzx",), removed=("tea",))
    assert sorted(words_in(hand, mapped)) == sorted(words_in(hand, in_memory))
    assert ("tea" in mapped, "zzx" in mapped, "quit" in mapped) == (False, True, True)


def test_the_memo_stays_within_its_limit(block: bytes) -> None:
    table = WordTable.check(block)
    groups = GroupMemo(table, limit=3)
    found = [groups.get(min(card_keys(word))) for word in sorted(WORDS)[:10]]
    assert all(found) and len(groups) <= 3


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda b: b[: len(b) - 1], id="truncated"),
        pytest.param(lambda b: b[:100], id="header only"),
        pytest.param(lambda b: b"", id="empty"),
        pytest.param(lambda b: b[:-5] + bytes([b[-5] ^ 1]) + b[-4:], id="a flipped bit"),
        pytest.param(lambda b: b"X" + b[1:], id="another magic"),
        pytest.param(lambda b: b[:8] + b"\x03" + b[9:], id="the previous format version"),
        pytest.param(lambda b: b + b"\0", id="too long"),
    ],
)
def test_a_damaged_block_is_refused(block: bytes, damage: object) -> None:
    assert callable(damage)
    with pytest.raises(DamagedWordTable):
        WordTable.check(damage(block))
