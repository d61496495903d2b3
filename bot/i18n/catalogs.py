"""The catalogs kept in step with the code: extract, update, check.

``uv run python -m bot.i18n.catalogs update`` extracts every message the code marks
(:data:`KEYWORDS` in ``bot/``, ``cogs/`` and ``games/``) into the template
``bot/i18n/locales/tricky.pot`` and brings each language's ``tricky.po`` in step with
it: new messages are added untranslated (they read in English until translated),
messages the code no longer has are dropped, and a message whose English changed a
little keeps its old translation marked fuzzy (unused until a translator checks it).
``check`` says what is out of step without writing; the tests run the same check.

The files are written sorted by message and without source line numbers, so two
people adding messages, or moving code, do not make a catalog conflict.
"""

from __future__ import annotations

import io
import string
import sys
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from bot.i18n.languages import DOMAIN, LANGUAGES, LOCALES, catalog_path

__all__ = [
    "KEYWORDS",
    "check",
    "fields",
    "main",
    "problems",
    "read",
    "template",
    "update",
    "written",
]

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("bot", "cogs", "games")
KEYWORDS: dict[str, tuple[int, ...] | None] = {"tr": None, "ntr": (1, 2), "N_": None}
"""``games.core.wording``'s ``tr(message)``, ``ntr(singular, plural, count)``, ``N_(message)``."""
COMMENT_TAG = "i18n:"
"""A comment starting ``# i18n:`` on the line before a message is shown to translators."""
TEMPLATE = LOCALES / f"{DOMAIN}.pot"
STAMP = datetime(2026, 1, 1, tzinfo=UTC)
"""Every header's date: git keeps the history, and an update that changes no message
changes no byte."""
HEADER = """\
# {language} messages of Tricky: see docs/languages.md before editing.
# The English is the message id; an empty translation reads in English.
#"""


MessageId = str | tuple[str, ...]


def _extracted(
    keywords: dict[str, tuple[int, ...] | None],
) -> Iterator[tuple[str, MessageId, list[str], str | None]]:
    for root in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
            ROOT / root,
            method_map=[("**.py", "python")],
            keywords=keywords,
            comment_tags=(COMMENT_TAG,),
            strip_comment_tags=True,
        ):
            yield f"{root}/{filename}:{lineno}", message, comments, context


def template() -> Catalog:
    """Every message the code marks, as the code writes it (English)."""
    catalog = Catalog(
        domain=DOMAIN,
        project="Tricky",
        version="1",
        header_comment=HEADER.format(language="Every language's"),
        creation_date=STAMP,
        revision_date=STAMP,
        fuzzy=False,
    )
    for where, message, comments, context in _extracted(KEYWORDS):
        path, _, line = where.rpartition(":")
        catalog.add(message, None, [(path, int(line))], auto_comments=comments, context=context)
    return catalog


def read(code: str) -> Catalog:
    path = catalog_path(code)
    if not path.exists():
        locale = Locale.parse(code)
        return Catalog(
            locale=locale,
            domain=DOMAIN,
            project="Tricky",
            version="1",
            header_comment=HEADER.format(language=locale.english_name),
            creation_date=STAMP,
            revision_date=STAMP,
            fuzzy=False,
        )
    with path.open("rb") as file:
        return read_po(file, locale=code, domain=DOMAIN)


def written(catalog: Catalog) -> bytes:
    """A catalog's file as ``update`` writes it."""
    out = io.BytesIO()
    write_po(
        out,
        catalog,
        width=88,
        no_location=True,
        sort_output=True,
        ignore_obsolete=True,
        include_previous=False,
    )
    return out.getvalue()


def update(codes: Iterable[str] = LANGUAGES) -> list[Path]:
    """Write the template and bring every catalog in step with it; the files written."""
    source = template()
    paths = [TEMPLATE]
    TEMPLATE.write_bytes(written(source))
    for code in codes:
        catalog = read(code)
        catalog.update(source, update_header_comment=False)
        catalog.revision_date = STAMP
        path = catalog_path(code)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(written(catalog))
        paths.append(path)
    return paths


def _key(message: Message) -> tuple[str, str | None]:
    msgid = message.id
    return (msgid if isinstance(msgid, str) else msgid[0], message.context)


def fields(text: str) -> set[str]:
    """The placeholders of a message (``{seat}`` → ``seat``); ``ValueError`` if malformed."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def problems(
    code: str, *, source: Catalog | None = None, catalog: Catalog | None = None
) -> list[str]:
    """What is out of step in one language's catalog (its file unless ``catalog``): missing
    and stale messages, and translations whose placeholders are not the English ones."""
    source = template() if source is None else source
    catalog = read(code) if catalog is None else catalog
    wanted = {_key(m): m for m in source if m.id}
    have = {_key(m): m for m in catalog if m.id}
    found = [f"{code}: missing {key!r}" for key in wanted.keys() - have.keys()]
    found += [f"{code}: stale {key!r}" for key in have.keys() - wanted.keys()]
    for key, message in have.items():
        if key in wanted and message.id != wanted[key].id:
            found.append(f"{code}: {key!r} has another plural {message.id!r}")
        found += [f"{code}: {key!r}: {problem}" for problem in _placeholders(message)]
    return sorted(found)


def _placeholders(message: Message) -> Iterator[str]:
    ids = [message.id] if isinstance(message.id, str) else list(message.id)
    translated_forms = message.string or ""
    strings = [translated_forms] if isinstance(translated_forms, str) else list(translated_forms)
    try:
        english = set().union(*(fields(text) for text in ids))
    except ValueError as error:
        yield f"the English is not a valid format: {error}"
        return
    for text in strings:
        if not text or message.fuzzy:
            continue  # untranslated: reads in English
        try:
            translated = fields(text)
        except ValueError as error:
            yield f"not a valid format ({error}): {text!r}"
            continue
        # A counted message's singular may say the count in words ("ein Würfel"): there,
        # {count} may go; every other placeholder must stay, and nothing may be added.
        needed = english - {"count"} if len(ids) > 1 else english
        if not needed <= translated <= english:
            yield f"placeholders {sorted(translated)} instead of {sorted(english)}: {text!r}"


def check() -> list[str]:
    source = template()
    found: list[str] = []
    for code in LANGUAGES:
        found += problems(code, source=source)
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "update":
        for path in update():
            print(f"wrote {path.relative_to(ROOT)}")
        return 0
    if command == "check":
        found = check()
        print("\n".join(found) or "every catalog is in step with the code")
        return 1 if found else 0
    print("usage: python -m bot.i18n.catalogs update|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
