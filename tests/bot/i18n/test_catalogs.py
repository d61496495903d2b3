"""The catalogs hold exactly the messages the code uses, with the English placeholders.

The messages are extracted from the code as ``uv run python -m bot.i18n.catalogs update``
does it; a catalog that misses one, keeps one the code dropped, or would be written
differently by ``update`` fails here, and so does a translation that loses, renames or
adds a ``{placeholder}``.
"""

from __future__ import annotations

import pytest
from babel import Locale
from babel.messages.catalog import Catalog

from bot.i18n import catalogs
from bot.i18n.catalogs import fields, problems, template
from bot.i18n.languages import LANGUAGES, catalog_path


@pytest.fixture(scope="module")
def source() -> Catalog:
    return template()


def test_the_code_marks_messages_and_the_template_has_them(source: Catalog) -> None:
    ids = {message.id for message in source if message.id}
    assert "You are not allowed to use that command here." in ids
    assert len(ids) > 5


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_catalog_has_every_message_and_no_stale_one(code: str, source: Catalog) -> None:
    assert problems(code, source=source) == []


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_catalog_is_as_update_writes_it(code: str, source: Catalog) -> None:
    catalog = catalogs.read(code)
    catalog.update(source, update_header_comment=False)
    catalog.revision_date = catalogs.STAMP
    assert catalogs.written(catalog) == catalog_path(code).read_bytes(), (
        "run: uv run python -m bot.i18n.catalogs update"
    )


def german(*entries: tuple[str | tuple[str, str], str | tuple[str, str]]) -> Catalog:
    catalog = Catalog(locale=Locale.parse("de"))
    for msgid, msgstr in entries:
        catalog.add(msgid, msgstr)
    return catalog


def test_a_missing_a_stale_and_a_wrongly_placed_message_are_each_found() -> None:
    source = german(("{seat} bids {amount}.", ""), ("Join", ""))
    catalog = german(("{seat} bids {amount}.", "{seat} bietet {betrag}."), ("Leave", "Gehen"))
    found = problems("de", source=source, catalog=catalog)
    assert len(found) == 3
    assert any("missing ('Join'" in problem for problem in found)
    assert any("stale ('Leave'" in problem for problem in found)
    assert any("betrag" in problem for problem in found)


def test_a_counted_message_may_say_one_in_words_but_keeps_its_other_placeholders() -> None:
    counted = ("{count} point for {seat}", "{count} points for {seat}")
    good = german((counted, ("ein Punkt für {seat}", "{count} Punkte für {seat}")))
    assert problems("de", source=good, catalog=good) == []
    lost = german((counted, ("ein Punkt", "{count} Punkte für {seat}")))
    assert len(problems("de", source=lost, catalog=lost)) == 1
    broken = german((("{count} die", "{count} dice"), ("{count Würfel", "{count} Würfel")))
    assert "not a valid format" in problems("de", source=broken, catalog=broken)[0]


def test_fields_are_the_named_placeholders() -> None:
    assert fields("{seat} bids {amount}, {seat}!") == {"seat", "amount"}
    assert fields("no placeholder") == set()
