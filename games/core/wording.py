"""Words in the reader's language, without ``games/`` knowing any language.

Every sentence a player reads is written in English in the code and passed
through :func:`tr` (or :func:`ntr` when it counts something); the English is
the message id of a gettext catalog. Which language the words come out in is
the caller's business: the bot chooses a :class:`Speaker` for each message
(a member's own language for their panels, the server's for the table) with
:func:`speaking`, and everything drawn inside that block speaks it. Outside any
block the words stay English, so the engines, their tests and ``simulate``
need no catalogs, and this module does no I/O: the catalogs are read by the
runtime (``bot/i18n``) and handed in.

Why a context and not a message-id-plus-arguments value per sentence: the
text modules compose sentences from pieces (a list of dice, a seat's name,
"no trump"), and a presenter composes them again; a context keeps each piece
an ordinary ``str`` while still translating every piece, and makes a piece
drawn in the wrong language impossible to miss in the pseudo-language test
(``tests/e2e/test_languages.py``), which fails on any text without markers.

Placeholders are ``str.format`` fields with names (``{seat}``), so a
translation may reorder them; the catalog test checks every translation keeps
the English one's names. Whole numbers given as arguments, and every count,
are written in the reader's number format (``1,234`` / ``1.234``); pass a number
that is a name (a table's id) as ``str``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol

__all__ = [
    "ENGLISH",
    "N_",
    "Later",
    "Speaker",
    "ntr",
    "number",
    "ordinal",
    "speak",
    "speaker",
    "speaking",
    "tr",
]


class Speaker(Protocol):
    """One language: its catalog's lookups and its way of writing numbers."""

    @property
    def code(self) -> str: ...

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, count: int) -> str: ...

    def number(self, value: int | float, places: int | None = None) -> str: ...

    def ordinal_form(self, value: int) -> str: ...


class _English:
    """The code's own words, for when nobody chose a language (engines, tests, simulate)."""

    code = "en"

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return singular if count == 1 else plural

    def number(self, value: int | float, places: int | None = None) -> str:
        return f"{value:,}" if places is None else f"{value:,.{places}f}"

    def ordinal_form(self, value: int) -> str:
        if 10 <= value % 100 <= 20:
            return "other"
        return {1: "one", 2: "two", 3: "few"}.get(value % 10, "other")


ENGLISH: Speaker = _English()
_speaker: ContextVar[Speaker] = ContextVar("speaker", default=ENGLISH)


def speaker() -> Speaker:
    """The language everything drawn here and now is written in."""
    return _speaker.get()


@contextmanager
def speaking(language: Speaker) -> Iterator[Speaker]:
    """Draw everything inside the block in ``language`` (this task only)."""
    token = _speaker.set(language)
    try:
        yield language
    finally:
        _speaker.reset(token)


def speak(language: Speaker) -> None:
    """Speak ``language`` for the rest of this task: for a handler, whose task is its own
    (discord.py runs each command and click in a task of its own), from its first line."""
    _speaker.set(language)


SNOWFLAKES = 10**15
"""Whole numbers this large are Discord ids (a mention's ``<@{user}>``), never quantities:
written as they are. No score, count or bid comes near it."""


def _argument(value: object, language: Speaker) -> object:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    if isinstance(value, int) and abs(value) >= SNOWFLAKES:
        return str(value)
    return language.number(value)


def tr(message: str, /, **arguments: object) -> str:
    """``message`` in the current language, its ``{fields}`` filled with ``arguments``."""
    language = _speaker.get()
    text = language.gettext(message)
    if not arguments:
        return text
    return text.format(**{name: _argument(value, language) for name, value in arguments.items()})


def ntr(singular: str, plural: str, count: int, /, **arguments: object) -> str:
    """The form of a counted message the current language uses for ``count``.

    ``{count}`` is the count in the reader's number format: ``ntr("{count} card",
    "{count} cards", n)``; the language's own plural rules pick the form.
    """
    language = _speaker.get()
    text = language.ngettext(singular, plural, count)
    values = {name: _argument(value, language) for name, value in arguments.items()}
    return text.format(count=language.number(count), **values)


def N_(message: str) -> str:  # gettext's own name for "mark, translate later"
    """Mark ``message`` for the catalogs where it is defined; :func:`tr` translates it later.

    For words fixed at import time (option titles, constants), before anyone chose a language.
    """
    return message


class Later:
    """Words drawn only when they are written into a message, in that moment's language.

    For a field of a message worded later than it is made (a game's refusal, worded for
    the member who tried the move): ``Later(card_text, card)`` is ``card_text(card)`` in
    whichever language the message is finally written in.
    """

    __slots__ = ("_args", "_draw")

    def __init__(self, draw: Callable[..., str], /, *args: object) -> None:
        self._draw = draw
        self._args = args

    def __str__(self) -> str:
        return self._draw(*self._args)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Later({self._draw.__name__}, {', '.join(map(repr, self._args))})"


def number(value: int | float, places: int | None = None) -> str:
    """``value`` written the way the current language writes numbers; with ``places``,
    always that many decimals (``1.50`` / ``1,50``)."""
    return _speaker.get().number(value, places)


ORDINALS = {
    # i18n: a place in a ranking: 1st, 21st. Each message is one of the language's ordinal
    # forms (CLDR: English has one, two, few, other); German writes every place "{place}.".
    "one": N_("{place}st"),
    # i18n: a place in a ranking: 2nd, 22nd (see "{place}st").
    "two": N_("{place}nd"),
    # i18n: a place in a ranking: 3rd, 23rd (see "{place}st").
    "few": N_("{place}rd"),
    # i18n: a place in a ranking: 4th, 11th, 12th (see "{place}st"); in a language with one
    # ordinal form, the only one used.
    "other": N_("{place}th"),
}


def ordinal(place: int) -> str:
    """``1st``, ``2nd`` (``1.``, ``2.``): a place, by the current language's ordinal forms."""
    language = _speaker.get()
    form = language.ordinal_form(place)
    return tr(ORDINALS.get(form, ORDINALS["other"]), place=place)
