"""The German rules help (``cogs/rules/de/``): a sibling for every English file, built the
same way, so a German reader gets the same sections, the same rulings and the same pages.

The German is our own, not a line-by-line translation, but each line keeps the English
line's place and markup: the same headings (a bold lead at the start of a paragraph or
list item), the same ruling ids in the same order, the same lists, the same number of
`code` spans. That keeps the two languages easy to review side by side, and a ruling added
to the English help without its German line fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cogs.tables import RULES_PAGE

RULES = Path(__file__).resolve().parents[3] / "cogs" / "rules"
GERMAN = RULES / "de"
ENGLISH_FILES = sorted(path.name for path in RULES.glob("*.md"))

RULING_ID = re.compile(r"\*\*([A-Z]{2}\d+)\*\*")
LIST_MARK = re.compile(r"^(- |\d+\. )")
BOLD_LEAD = re.compile(r"^(?:- |\d+\. )?\*\*[^*]+\*\*")
WORDS = re.compile(r"[^\W\d_]{2,}")
COMMAND = re.compile(r"`(/[^`]*)`")


def shape(line: str) -> tuple[str, ...]:
    """What a line is, whatever its language: blank, a list item (and which mark), led by a
    bold heading or not, which ruling id it states, and how many code spans it holds."""
    if not line.strip():
        return ("blank",)
    mark = LIST_MARK.match(line)
    ruling = RULING_ID.match(line.removeprefix("- "))
    return (
        mark.group(1) if mark else "text",
        "bold lead" if BOLD_LEAD.match(line) else "plain",
        ruling.group(1) if ruling else "",
        str(line.count("`") // 2),
    )


def english_words(line: str) -> set[str]:
    return {word.lower() for word in WORDS.findall(line)}


def test_there_is_english_rules_help_to_mirror() -> None:
    assert "_seats.md" in ENGLISH_FILES and len(ENGLISH_FILES) >= 7


@pytest.mark.parametrize("name", ENGLISH_FILES)
def test_every_english_rules_file_has_a_german_sibling_with_the_same_headings(
    name: str,
) -> None:
    english = (RULES / name).read_text(encoding="utf-8").split("\n")
    german_file = GERMAN / name
    assert german_file.is_file(), f"cogs/rules/de/{name} is missing"
    german = german_file.read_text(encoding="utf-8").split("\n")
    assert [shape(line) for line in german] == [shape(line) for line in english]


@pytest.mark.parametrize("name", ENGLISH_FILES)
def test_the_german_rules_help_is_written_in_german(name: str) -> None:
    """No line left in English: a line may share names and ids with its English one
    (Joker, Sylop, webster), never most of its words."""
    english = (RULES / name).read_text(encoding="utf-8").split("\n")
    german = (GERMAN / name).read_text(encoding="utf-8").split("\n")
    for theirs, ours in zip(english, german, strict=True):
        words = english_words(theirs)
        if len(words) >= 4:
            shared = words & english_words(ours)
            assert len(shared) < len(words) / 2, f"still English: {ours!r}"


def test_german_has_no_file_without_an_english_original() -> None:
    assert sorted(path.name for path in GERMAN.glob("*.md")) == ENGLISH_FILES


@pytest.mark.parametrize("name", ENGLISH_FILES)
def test_every_german_paragraph_fits_one_page_of_the_rules_help(name: str) -> None:
    """The rules help is sent as embeds of paragraphs up to RULES_PAGE characters; a longer
    paragraph would be cut off (German runs about a fifth longer than English)."""
    text = (GERMAN / name).read_text(encoding="utf-8")
    for paragraph in text.strip().split("\n\n"):
        assert len(paragraph) <= RULES_PAGE


@pytest.mark.parametrize("name", ENGLISH_FILES)
def test_german_rules_help_names_the_same_commands_as_the_english(name: str) -> None:
    """Command names stay English in every language (docs/languages.md): a German line
    names exactly the commands its English line names, as a member types them."""
    english = (RULES / name).read_text(encoding="utf-8").split("\n")
    german = (GERMAN / name).read_text(encoding="utf-8").split("\n")
    for theirs, ours in zip(english, german, strict=True):
        assert COMMAND.findall(ours) == COMMAND.findall(theirs)
