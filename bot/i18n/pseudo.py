"""A pseudo-language: every message of the code wrapped in ⟦markers⟧.

Not a language anyone reads: the tests speak it to find text that escaped the
catalogs (any visible text without markers), and a developer can install it
(:func:`bot.i18n.languages.install`) to see the same on a test server. Its
messages are built from the code, so it never needs updating.
"""

from __future__ import annotations

import functools

from babel import Locale
from babel.messages.catalog import Catalog

from bot.i18n.catalogs import template
from bot.i18n.languages import DOMAIN, Language

__all__ = ["CLOSE", "CODE", "OPEN", "pseudo_language"]

CODE = "x-pseudo"
OPEN, CLOSE = "⟦", "⟧"


def _wrapped(text: str) -> str:
    return f"{OPEN}{text}{CLOSE}"


@functools.cache
def pseudo_language() -> Language:
    english = Locale.parse("en")
    catalog = Catalog(locale=english, domain=DOMAIN)
    for message in template():
        if not message.id:
            continue
        if isinstance(message.id, str):
            catalog.add(message.id, _wrapped(message.id), context=message.context)
        else:
            forms = tuple(_wrapped(form) for form in message.id)
            catalog.add(message.id, forms, context=message.context)
    return Language.of(CODE, catalog, english)
