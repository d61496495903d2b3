"""The languages the bot speaks, each read from its gettext catalog once, when first asked.

Adding a language is one catalog file, ``bot/i18n/locales/<code>/LC_MESSAGES/tricky.po``,
and one line in :data:`LANGUAGES` (``docs/languages.md``). The catalogs are read as
``.po`` with Babel and compiled in memory on first use, so nothing is built by hand and
nothing compiled is kept in the repository. A message a catalog has not translated yet
(or marked fuzzy) reads in English; so does a language without a catalog.
"""

from __future__ import annotations

import functools
import io
from dataclasses import dataclass
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import Translations

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALES",
    "SOURCE",
    "Language",
    "catalog_path",
    "install",
    "language",
    "resolve",
]

LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
}
"""Every language with a catalog, by its code (a Discord locale, or the part before the
``-``: ``de`` serves Discord's ``de``; ``en`` serves ``en-US`` and ``en-GB``), with its
name in itself, as moderators choose it in ``/tricky-config language``."""
SOURCE = "en"
"""The language the code is written in: the catalogs' message ids, and every fallback."""
DOMAIN = "tricky"
LOCALES = Path(__file__).resolve().parent / "locales"


def catalog_path(code: str) -> Path:
    return LOCALES / code / "LC_MESSAGES" / f"{DOMAIN}.po"


@dataclass(frozen=True, slots=True)
class Language:
    """A language as :mod:`games.core.wording` speaks it: a compiled catalog and a locale."""

    code: str
    translations: Translations
    locale: Locale

    def gettext(self, message: str) -> str:
        return self.translations.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.translations.ngettext(singular, plural, count)

    def number(self, value: int | float, places: int | None = None) -> str:
        if places is None:
            return format_decimal(value, locale=self.locale)
        pattern = "#,##0." + "0" * places if places else "#,##0"
        return format_decimal(value, format=pattern, locale=self.locale)

    def ordinal_form(self, value: int) -> str:
        return self.locale.ordinal_form(value)

    @classmethod
    def of(cls, code: str, catalog: Catalog, locale: Locale | None = None) -> Language:
        """The language ``catalog`` translates into, compiled in memory."""
        compiled = io.BytesIO()
        write_mo(compiled, catalog)  # fuzzy entries left out: they read in English
        compiled.seek(0)
        return cls(code, Translations(compiled, domain=DOMAIN), locale or Locale.parse(code))


_installed: dict[str, Language] = {}


@functools.cache
def _read(code: str) -> Language:
    path = catalog_path(code)
    with path.open("rb") as file:
        catalog = read_po(file, locale=code, domain=DOMAIN)
    return Language.of(code, catalog)


def install(language: Language | None, code: str) -> None:
    """Speak ``language`` for ``code`` (``None`` removes it): for a language built in code,
    like the tests' pseudo-language, that has no catalog file."""
    if language is None:
        _installed.pop(code, None)
    else:
        _installed[code] = language


def resolve(locale: str | None) -> str:
    """The code of the language that serves a Discord locale: itself, its language without
    the region (``pt-BR`` → ``pt``), or English."""
    if not locale:
        return SOURCE
    for code in (locale, locale.replace("-", "_"), locale.split("-")[0]):
        if code in _installed or code in LANGUAGES:
            return code
    return SOURCE


def language(locale: str | None) -> Language:
    """The language to write in for a Discord locale (or a language code), English if none."""
    code = resolve(locale)
    return _installed.get(code) or _read(code)
