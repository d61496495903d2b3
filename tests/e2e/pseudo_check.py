"""Every word the bot shows, checked for the pseudo-language's ⟦markers⟧ (issue #26).

The end-to-end suite runs in the pseudo-language (``bot/i18n/pseudo.py``: every catalog
message wrapped in ⟦…⟧), for the server and for every member. :class:`Watch` sees each
message the bot posts or edits (channel, ephemeral reply, follow-up, DM), each form it
opens and each autocomplete list it offers, as simcord's backend stores them, and
:func:`escapes` finds the words written outside any marker: a sentence, a label or a
piece of one that did not come through ``tr``/``ntr``/``N_``.

It is strict about words and lenient about data: what may stand outside the markers is
listed below, each with why. A word is two or more letters in a row; anything else
outside the markers (digits, punctuation, emoji, card and dice symbols, a single letter)
is data or layout, not language.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.i18n.languages import LANGUAGES
from bot.i18n.pseudo import CLOSE, OPEN
from games.catalog import CATALOG

__all__ = [
    "BEING_FIXED",
    "DMS_BEING_FIXED",
    "Escape",
    "Watch",
    "escapes",
    "marked",
    "outside_markers",
    "unmarked",
]

ROOT = Path(__file__).resolve().parents[2]

WORD = re.compile(r"[^\W\d_]{2,}")
"""Two or more letters in a row: language. One letter alone is a card's rank (``K``), a
tile (``Q``), a grid column or a seat's initial: data."""

DISCORD_MARKUP = re.compile(
    r"<@[!&]?\d+>"  # a mention: Discord shows the member's or role's name
    r"|<#\d+>"  # a channel mention: the channel's name
    r"|<t:\d+(?::[tTdDfFR])?>"  # a timestamp: Discord writes it in the reader's language
    r"|<a?:\w+:\d+>"  # a custom emoji: a picture
    r"|</[\w -]+:\d+>"  # a command mention: commands keep English names (docs/languages.md)
    r"|https?://\S+"  # a link: an address, not a sentence
)

COMMAND = re.compile(r"/tricky(?:-[a-z]+)?(?: [a-z]+){0,2}")
"""A slash command named in a message ("/tricky join"): command and option names stay
English in every language on purpose, so a public message names the command every member
can type (``cogs/speaking.py``). Inside markers it is part of a sentence already; outside,
it is the name alone."""

CODES = re.compile(r"\b[A-Z]{2,}\b")
"""Upper-case runs: the word game's words and tiles as the players spelled them
(``CRANE``, ``QU``), and the replay's move codes. Data the players typed or the deck
holds, not text of the bot's; every sentence of the code is written in lower case."""


def _rules_lines() -> frozenset[str]:
    """The lines of the English rules help (``cogs/rules/*.md``).

    The rules help is not a catalog message: it is written per language in its own words
    (``cogs/rules/<code>/``), and a language without its files reads the English ones
    (``docs/languages.md``). The pseudo-language has no files, so its rules help is the
    English, line for line; that, and only that, is allowed.
    """
    lines: set[str] = set()
    for path in (ROOT / "cogs" / "rules").glob("*.md"):
        lines |= {line.strip() for line in path.read_text(encoding="utf-8").splitlines()}
    return frozenset(line for line in lines if WORD.search(line))


RULES_LINES = _rules_lines()

LANGUAGE_NAMES = frozenset(LANGUAGES.values())
"""Each language named in itself ("English", "Deutsch"), as ``/tricky-config language``
offers and shows them: a reader finds their own language by its own name in any language."""

TITLES = frozenset(game.title for game in CATALOG.values())
"""The games' names: every catalog keeps them as they are ("Auf falscher Fährte" keeps its
name in every language, and the German catalog keeps all five), and messages show them
as names."""


@dataclass(frozen=True, slots=True)
class Allowance:
    """Text that escapes the catalogs today and that another change is fixing."""

    name: str
    shown: str
    """A regular expression (any case) for the escaped text as members see it."""
    source: str
    """The file that writes it, relative to the repository."""
    escaping: str
    """A regular expression found in ``source`` for as long as the text escapes: when it is
    no longer found, the fix has landed and the allowance must go."""

    def allow(self, text: str) -> str:
        return re.sub(self.shown, " ", text, flags=re.IGNORECASE)

    def still_escaping(self) -> bool:
        return _escaping(self.source, self.escaping)


@functools.cache
def _escaping(source: str, escaping: str) -> bool:
    return re.search(escaping, (ROOT / source).read_text(encoding="utf-8")) is not None


BEING_FIXED: tuple[Allowance, ...] = (
    Allowance(
        "refusal: not your turn",
        r"It is not your turn(: another player may switch trump first)?\.",
        "games/fraud/game.py",
        r'NotYourTurn\("It is not your turn',
    ),
    Allowance(
        "refusal: Tricky's opening bid",
        r"The opening bid is at least [\d,]+ \([\d,]+ points for each player\)\.",
        "games/tricky/game.py",
        r'IllegalAction\(f"The opening bid is at least',
    ),
    Allowance(
        "refusal: the word game's letters",
        r"[^\n]* is not a word: type (a word|words) with the letters a to z only\.",
        "games/short_word/game.py",
        r'f"\{word\[:30\]!r\} is not a word',
    ),
    Allowance(
        "refusal: solitaire's letters",
        r"[^\n]* is not a word: type a word with the letters a to z only\.",
        "games/short_word/solitaire/game.py",
        r'f"\{word\[:30\]!r\} is not a word',
    ),
    Allowance(
        "refusal: a single card is no word",
        r"\S+ would be the single card \S+: a word needs two or more cards\.",
        "games/short_word/spelling.py",
        r'f"\{shown\} would be the single card',
    ),
    Allowance(
        "refusal: no card with that letter",
        r"You have no card with the letter \S+ for \S+\.",
        "games/short_word/spelling.py",
        r'f"You have no card with the letter',
    ),
    Allowance(
        "refusal: no such card to discard",
        r"You have no \S+ card to discard\.",
        "games/short_word/spelling.py",
        r'IllegalAction\(f"You have no \{discard\} card to discard',
    ),
    Allowance(
        "refusal: not enough of a letter",
        r"\S+ needs [\d,]+ \S+ and your cards have [\d,]+\.",
        "games/short_word/spelling.py",
        r'f"\{shown\} needs \{need\}',
    ),
    Allowance(
        "the Fraud's number words (three 4s, One (1))",
        r"\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen"
        r"|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)\b",
        "games/fraud/text.py",
        r'NUMBER_WORDS = \(\n\s+"no",\n\s+"one",',
    ),
    Allowance(
        "Auf falscher Fährte's colour names (🟥 red 9, Red 1)",
        r"\b(red|yellow|green|blue)\b",
        "games/falsche_faehrte/text.py",
        r"suit\.name\.lower\(\)",
    ),
    Allowance(
        "Short Changed's chip colours (🟩 2 green, ⬜ white)",
        r"\b(green|blue|red|white)\b",
        "games/short_changed/text.py",
        r"\{colour\.glyph\} \{many\}\{colour\.value\}",
    ),
)
"""TEMPORARY: escapes the ``words`` branch is routing through the catalogs (refusals in
``games/*/game.py``, enum names and number words in ``games/*/text.py``). Each must still
be written its escaping way in its file (``tests/e2e/test_pseudo_check.py`` fails
otherwise), so the list empties as the fixes land."""

DMS_BEING_FIXED = Allowance(
    "direct messages are sent in English",
    r"[\s\S]*",
    "bot/notify.py",
    r"\A(?![\s\S]*\bspeak)",
)
"""TEMPORARY, for ``words``: turn and result DMs have their text in the catalogs but are
sent without speaking the server's language (``docs/languages.md``, known gaps), so a DM
is allowed whole while ``bot/notify.py`` speaks no language."""


def marked(text: str) -> str:
    """``text`` as the pseudo-language writes a message: for the test's own stand-ins of
    the bot's messages (``tests.e2e.helpers.planted``)."""
    return f"{OPEN}{text}{CLOSE}"


def unmarked(text: str) -> str:
    """``text`` as the English it wraps: the pseudo-language's markers taken out."""
    return text.replace(OPEN, "").replace(CLOSE, "")


def outside_markers(text: str) -> Iterator[str]:
    """The runs of ``text`` outside any (possibly nested) ⟦…⟧. An opening marker whose
    end was cut off (a text clipped to Discord's limit) keeps the rest inside."""
    depth = 0
    run: list[str] = []
    for char in text:
        if char == OPEN:
            if depth == 0 and run:
                yield "".join(run)
                run = []
            depth += 1
        elif char == CLOSE:
            depth = max(depth - 1, 0)
        elif depth == 0:
            run.append(char)
    if run:
        yield "".join(run)


def _without(text: str, names: Iterable[str]) -> str:
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
    return text


def escapes(text: str, names: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` outside the markers that are not data.

    ``names`` are the names Discord's members, servers and channels go by: a presenter
    writes a seat's name beside a sentence (``ann: ⟦…⟧``), and a name is the member's own,
    in no language.
    """
    found: list[str] = []
    names = [name for name in names if name]
    for run in outside_markers(text):
        run = "\n".join(line for line in run.split("\n") if line.strip() not in RULES_LINES)
        run = DISCORD_MARKUP.sub(" ", run)
        run = COMMAND.sub(" ", run)
        run = _without(run, names)
        for allowance in BEING_FIXED:
            run = allowance.allow(run)
        run = CODES.sub(" ", run)
        found += WORD.findall(run)
    return found


@dataclass(frozen=True, slots=True)
class Escape:
    where: str
    text: str
    words: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.where}: {', '.join(self.words)} in {self.text!r}"


EMBED_TEXT = (("title",), ("description",), ("footer", "text"), ("author", "name"))
COMPONENT_TEXT = frozenset({"label", "placeholder", "description", "content", "title"})
"""What a component shows: labels, placeholders, option descriptions, text displays, a
form's title. Not its ``value`` (an option's value is an id nobody sees; a text input's
is what the member typed), ``custom_id``, ``url`` or ``emoji``."""
SKIPPED = frozenset({"value", "custom_id", "url", "emoji", "media", "id", "type", "style"})


def _component_texts(node: Any, where: str) -> Iterator[tuple[str, str]]:
    if isinstance(node, list):
        for child in node:
            yield from _component_texts(child, where)
    elif isinstance(node, dict):
        for key, value in node.items():
            if key in SKIPPED:
                continue
            if key in COMPONENT_TEXT and isinstance(value, str):
                yield f"{where} {key}", value
            else:
                yield from _component_texts(value, where)


def shown_texts(
    content: str | None,
    embeds: list[dict[str, Any]],
    components: list[dict[str, Any]],
    attachments: list[dict[str, Any]],
) -> Iterator[tuple[str, str]]:
    """Where and what a reader sees in a message."""
    if content:
        yield "content", content
    for embed in embeds:
        for path in EMBED_TEXT:
            value: Any = embed
            for key in path:
                value = value.get(key) if isinstance(value, dict) else None
            if isinstance(value, str):
                yield f"embed {'.'.join(path)}", value
        for embed_field in embed.get("fields") or []:
            yield "embed field name", str(embed_field.get("name", ""))
            yield "embed field value", str(embed_field.get("value", ""))
    yield from _component_texts(components, "component")
    for attachment in attachments:
        # A picture's alt text (what a screen reader says). Its file name is an address.
        if attachment.get("description"):
            yield "attachment description", str(attachment["description"])


@dataclass
class Watch:
    """The escapes found in one test, from every message, form and list the bot showed."""

    names: Callable[[], Iterable[str]]
    found: list[Escape] = field(default_factory=list)
    more_names: set[str] = field(default_factory=set)
    """Names a test gave seats itself, not through Discord (a seat made by the service)."""

    def check(self, where: str, texts: Iterable[tuple[str, str]]) -> None:
        names = [*self.names(), *self.more_names, *TITLES, *LANGUAGE_NAMES]
        for part, text in texts:
            words = escapes(text, names)
            if words:
                self.found.append(Escape(f"{where} {part}", text, tuple(words)))

    def message(self, where: str, message: Any, *, direct: bool = False) -> None:
        if direct and DMS_BEING_FIXED.still_escaping():
            return  # DMS_BEING_FIXED
        self.check(
            where,
            shown_texts(message.content, message.embeds, message.components, message.attachments),
        )

    def modal(self, modal: dict[str, Any]) -> None:
        self.check("form", _component_texts(modal, "form"))

    def choices(self, choices: list[dict[str, Any]]) -> None:
        self.check("autocomplete", (("choice", str(c.get("name", ""))) for c in choices))
