"""Which catalog serves which Discord locale, and what a catalog's gaps read as."""

from __future__ import annotations

from babel import Locale
from babel.messages.catalog import Catalog

from bot.i18n.languages import LANGUAGES, SOURCE, Language, catalog_path, language, resolve


def test_every_language_has_its_catalog_file() -> None:
    assert SOURCE in LANGUAGES
    for code in LANGUAGES:
        assert catalog_path(code).is_file(), code
        assert language(code).code == code


def test_a_discord_locale_finds_its_language_or_english() -> None:
    assert resolve("de") == "de"
    assert resolve("en-GB") == "en" and resolve("en-US") == "en"
    assert resolve("pt-BR") == "en"  # no Portuguese catalog (yet)
    assert resolve("x-unknown") == "en"
    assert resolve(None) == "en" and resolve("") == "en"
    assert language("fr").code == "en"


def test_untranslated_and_fuzzy_messages_read_in_english() -> None:
    catalog = Catalog(locale=Locale.parse("de"))
    catalog.add("Join", "Beitreten")
    catalog.add("Leave", "")
    catalog.add("Start", "Los", flags=["fuzzy"])  # a guess after the English changed
    german = Language.of("de", catalog)
    assert german.gettext("Join") == "Beitreten"
    assert german.gettext("Leave") == "Leave"
    assert german.gettext("Start") == "Start"


def test_numbers_are_written_by_the_languages_rules() -> None:
    assert language("en").number(12345) == "12,345"
    assert language("de").number(12345) == "12.345"
    assert language("de").number(1.5) == "1,5"
