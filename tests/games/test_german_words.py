"""The words the games take from their own values (colours, cards, dictionaries) and
their refusals of a move, in German from the real catalog: nothing of the code's English
is left in them (docs/languages.md, docs/glossary-de.md)."""

from __future__ import annotations

import pytest

from bot.i18n.languages import language
from games.core.errors import GameError, IllegalAction, NotYourTurn
from games.core.wording import number, ordinal, speaking
from games.falsche_faehrte import GAME as FAEHRTE
from games.falsche_faehrte.cards import JOKER, Colour, card, card_text, card_words, colour_title
from games.falsche_faehrte.model import Play, SwitchTrump
from games.falsche_faehrte.text import describe as describe_faehrte
from games.fraud import text as fraud_text
from games.fraud.cards import Card
from games.fraud.model import Bid, Fate, Showdown
from games.short_changed import GAME as SHORT_CHANGED
from games.short_changed import text as chip_text
from games.short_changed.chips import Chips
from games.short_changed.chips import Colour as Chip
from games.short_changed.model import Ante, Guess
from games.short_word.lexicon import dictionary_title
from games.tricky.dice import KIND_MASK
from games.tricky.game import _kinds_text
from tests.games.falsche_faehrte.tables import cards, play, position

GERMAN = language("de")


def refusal(game: object, state: object, seat: int, action: object) -> GameError:
    with pytest.raises((IllegalAction, NotYourTurn)) as error:
        game.apply(state, seat, action)  # type: ignore[attr-defined]
    return error.value


def test_falsche_faehrte_colours_and_cards_are_german_words() -> None:
    with speaking(GERMAN):
        assert card_text(card(Colour.RED, 7)) == "🟥 Rot 7"
        assert card_words(card(Colour.YELLOW, 0)) == "Gelb 0"
        assert card_text(JOKER) == "🃏 Joker"
        assert colour_title(Colour.GREEN) == "Grün"
    assert card_text(card(Colour.RED, 7)) == "🟥 red 7"
    assert colour_title(Colour.GREEN) == "Green"


def test_falsche_faehrte_refusals_in_german() -> None:
    state = position(["y3", "y7 b9", "g2", "y8"], lacking=["", "", "y", ""])
    play(state, "y3")
    follow = refusal(FAEHRTE, state, 1, Play(cards("b9")[0]))
    missing = refusal(FAEHRTE, state, 1, Play(cards("r5")[0]))
    with speaking(GERMAN):
        assert follow.worded() == "Bediene Gelb: Du hast Gelb auf der Hand."
        assert missing.worded() == "Du hast 🟥 Rot 5 nicht auf der Hand."
    assert follow.message == "Follow yellow: you have yellow in your hand."


def test_falsche_faehrte_trump_already_starts_with_the_colour() -> None:
    trick = ["r9", "r3", "r4", "r5"]
    state = position(trick, done=7, tricks=[2, 1, 2, 2], face_down="b12 y12 g12 r12")
    play(state, *trick)
    error = refusal(FAEHRTE, state, 1, SwitchTrump(Colour.RED))
    with speaking(GERMAN):
        assert error.worded().startswith("Rot ist schon Trumpf")
        assert "Rot" in describe_faehrte(FAEHRTE.view(state, 1), ["a", "b", "c", "d"])


def test_short_changed_chips_are_german_words() -> None:
    with speaking(GERMAN):
        assert chip_text.chips(Chips(green=1, red=2)) == "🟩 Grün, 🟥 2 Rot (35)"
        assert chip_text.chip(Chip.WHITE) == "⬜ Weiß (1)"
        assert chip_text.chips(Chips()) == "nichts"
        assert chip_text.actions(2) == "2 Aktionen"
    assert chip_text.chips(Chips(green=1, red=2)) == "🟩 green, 🟥 2 red (35)"


def test_short_changed_refusals_in_german() -> None:
    seed = next(s for s in range(100) if not all(SHORT_CHANGED.new(2, s).hands[0].counts))
    state = SHORT_CHANGED.new(2, seed)
    missing = next(colour for colour in Chip if not state.hands[0][colour])
    no_chip = refusal(SHORT_CHANGED, state, 0, Ante(missing))
    ante_first = refusal(SHORT_CHANGED, state, 0, Guess(target=1, total=3))
    with speaking(GERMAN):
        assert no_chip.worded() == f"Du hast keinen Chip in {GERMAN.gettext(missing.value)}."
        assert ante_first.worded() == "Zuerst wählen alle geheim einen Chip für den Startpott."


def test_tricky_kinds_and_dictionaries_in_german() -> None:
    both = KIND_MASK[6] | KIND_MASK[20]
    with speaking(GERMAN):
        assert _kinds_text(both) == "d6 oder d20"
        assert dictionary_title("modern") == "der modernen Wortspiel-Liste"
    assert _kinds_text(both) == "d6 or d20"
    assert dictionary_title("modern") == "the modern word-game list"


def test_fraud_bids_cards_and_the_spike_verdict_in_german() -> None:
    one, three = Bid(count=1, value=6), Bid(count=3, value=4)
    four = Card(4, "triangle")
    names = ["Ann", "Bo", "Cy"]

    def spike(hands: tuple[tuple[Card, ...], ...]) -> Showdown:
        fates = tuple(Fate(seat=seat, hand=hand) for seat, hand in enumerate(hands))
        return Showdown(
            round=1, trigger="spike", seat=0, bidder=1, bid=three, matching=2, fates=fates
        )

    alone = spike(((four,), (), ()))
    tied = spike(((four,), (four,), ()))
    with speaking(GERMAN):
        assert fraud_text.bid(one) == "eine 6"
        assert fraud_text.bid(three) == "drei 4er"
        assert fraud_text.card(Card(0)) == "Sylop"
        assert fraud_text.suit("circle") == "● Kreis"
        assert ": Ann hat die meisten 4er (1)" in fraud_text.verdict(alone, names)
        assert ": Ann und Bo haben die meisten 4er (1)" in fraud_text.verdict(tied, names)
    assert fraud_text.bid(three) == "three 4s"
    assert ": Ann holds the most 4s (1)" in fraud_text.verdict(alone, names)
    assert ": Ann and Bo hold the most 4s (1)" in fraud_text.verdict(tied, names)


@pytest.mark.parametrize(
    ("place", "english", "german"),
    [
        (1, "1st", "1."),
        (2, "2nd", "2."),
        (3, "3rd", "3."),
        (4, "4th", "4."),
        (11, "11th", "11."),
        (12, "12th", "12."),
        (22, "22nd", "22."),
        (1001, "1,001st", "1.001."),
    ],
)
def test_places_are_written_by_each_languages_ordinal_forms(
    place: int, english: str, german: str
) -> None:
    assert ordinal(place) == english
    with speaking(language("en")):
        assert ordinal(place) == english
    with speaking(GERMAN):
        assert ordinal(place) == german


def test_decimals_in_the_readers_number_format() -> None:
    assert number(25.0, 2) == "25.00"
    with speaking(GERMAN):
        assert number(25.0, 2) == "25,00"
        assert number(1234.567, 2) == "1.234,57"


@pytest.mark.parametrize(
    ("raw", "english", "german"),
    [
        (
            {"stalemate_rounds": 3},
            "Rounds before a draw must be at least 5.",
            "muss mindestens 5 sein.",
        ),
        (
            {"stalemate_rounds": 5000},
            "Rounds before a draw must be at most 500.",
            "darf höchstens 500 sein.",
        ),
        (
            {"stalemate_rounds": "many"},
            "Rounds before a draw must be a whole number.",
            "muss eine ganze Zahl sein.",
        ),
        ({"colour": "red"}, "colour is not one of this game's options.", "keine Option"),
    ],
)
def test_refused_lobby_options_are_explained_in_the_readers_language(
    raw: dict[str, object], english: str, german: str
) -> None:
    """pydantic words its refusals in English only: a moderator reads one of ours."""
    with pytest.raises(GameError) as refused:
        SHORT_CHANGED.options(raw)
    assert refused.value.message == english
    assert str(refused.value.fields["detail"]).startswith(f"{next(iter(raw))}: ")  # for the log
    with speaking(GERMAN):
        worded = refused.value.worded()
    assert german in worded
    assert not any(word in worded for word in ("must", "least", "most", "Input"))


def test_a_seat_count_the_game_does_not_take_is_explained_in_german() -> None:
    with pytest.raises(GameError) as refused:
        SHORT_CHANGED.new(9, 1)
    assert refused.value.message == "Short Changed is played by 2 to 6 players, not 9."
    with speaking(GERMAN):
        assert refused.value.worded() == "Short Changed ist für 2 bis 6 Spieler, nicht für 9."
