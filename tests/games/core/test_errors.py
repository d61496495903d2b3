"""games.core.errors: a game's refusal is English in ``message`` (logs, tests) and worded
in the reader's language where it is shown, its fields filled in that language too."""

from __future__ import annotations

from babel import Locale
from babel.messages.catalog import Catalog

from bot.i18n.languages import Language
from games.core.errors import IllegalAction, NotYourTurn
from games.core.wording import N_, Later, speaking, tr

BID = N_("Bid a card value from 1 to {top}.")
FOLLOW = N_("Follow {colour}: you have {colour} in your hand.")


def german() -> Language:
    catalog = Catalog(locale=Locale.parse("de"))
    catalog.add(BID, "Biete einen Kartenwert von 1 bis {top}.")
    catalog.add(FOLLOW, "Bediene {colour}: Du hast {colour} auf der Hand.")
    catalog.add("yellow", "Gelb")
    catalog.add("It is not your turn.", "Du bist nicht am Zug.")
    return Language.of("de", catalog)


def yellow() -> str:
    return tr("yellow")


def test_the_message_is_the_english_whoever_raises_it() -> None:
    with speaking(german()):  # a member's handler speaks German when the engine refuses
        error = IllegalAction(FOLLOW, colour=Later(yellow))
    assert error.message == str(error) == "Follow yellow: you have yellow in your hand."
    assert error.reason == FOLLOW


def test_worded_in_the_readers_language_with_its_numbers_and_words() -> None:
    error = IllegalAction(BID, top=1000)
    follow = IllegalAction(FOLLOW, colour=Later(yellow))
    with speaking(german()):
        assert error.worded() == "Biete einen Kartenwert von 1 bis 1.000."
        assert follow.worded() == "Bediene Gelb: Du hast Gelb auf der Hand."
        assert NotYourTurn(N_("It is not your turn.")).worded() == "Du bist nicht am Zug."
    assert error.worded() == error.message == "Bid a card value from 1 to 1,000."


def test_a_reason_no_catalog_has_reads_as_written() -> None:
    with speaking(german()):
        assert IllegalAction("a {brace} stays", brace="x").worded() == "a x stays"
        assert IllegalAction("no fields: {kept} as is").worded() == "no fields: {kept} as is"
