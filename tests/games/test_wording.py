"""games.core.wording: English unless told otherwise, the chosen language inside a block,
counts by the language's plural rules, and each task with its own language."""

from __future__ import annotations

import asyncio

from babel import Locale
from babel.messages.catalog import Catalog

from bot.i18n.languages import Language
from games.core.wording import ENGLISH, N_, Later, ntr, number, speak, speaker, speaking, tr


def german() -> Language:
    catalog = Catalog(locale=Locale.parse("de"))
    catalog.add("{seat} bids {amount}.", "{seat} bietet {amount}.")
    catalog.add(("{count} die", "{count} dice"), ("ein Würfel", "{count} Würfel"))
    return Language.of("de", catalog)


def test_without_a_language_the_words_are_the_codes_own() -> None:
    assert speaker() is ENGLISH
    assert tr("{seat} bids {amount}.", seat="Ann", amount=1200) == "Ann bids 1,200."
    assert ntr("{count} die", "{count} dice", 1) == "1 die"
    assert ntr("{count} die", "{count} dice", 0) == "0 dice"
    assert N_("later") == "later"


def test_inside_a_block_everything_is_in_its_language_and_after_it_english_again() -> None:
    with speaking(german()):
        assert tr("{seat} bids {amount}.", seat="Ann", amount=1200) == "Ann bietet 1.200."
        assert ntr("{count} die", "{count} dice", 1) == "ein Würfel"
        assert ntr("{count} die", "{count} dice", 1234) == "1.234 Würfel"
        assert number(0.5) == "0,5"
        assert tr("Not in the catalog yet") == "Not in the catalog yet"
    assert tr("{seat} bids {amount}.", seat="Ann", amount=3) == "Ann bids 3."


def test_a_name_is_never_written_as_a_number() -> None:
    with speaking(german()):
        assert tr("{seat} bids {amount}.", seat="1234", amount=True) == "1234 bietet True."


async def test_each_task_speaks_its_own_language() -> None:
    async def member(language: Language | None) -> str:
        if language is not None:
            speak(language)
        await asyncio.sleep(0)
        return ntr("{count} die", "{count} dice", 1)

    said = await asyncio.gather(member(german()), member(None), member(german()))
    assert list(said) == ["ein Würfel", "1 die", "ein Würfel"]
    assert speaker() is ENGLISH  # a task's choice stays in the task


def test_later_words_are_drawn_in_the_language_spoken_when_written() -> None:
    catalog = Catalog(locale=Locale.parse("de"))
    catalog.add("red", "Rot")
    later = Later(tr, "red")
    assert f"{later}" == "red"
    with speaking(Language.of("de", catalog)):
        assert tr("{seat} bids {amount}.", seat=later, amount=1) == "Rot bids 1."
        assert str(later) == "Rot"
