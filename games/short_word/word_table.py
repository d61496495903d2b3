"""A word list as one compact, read-only block of bytes, looked up where it lies.

The word lists are hundreds of thousands of words; held as Python sets and
dicts they cost every process (and every computer-player worker) about
100 MiB. Laid out as a :class:`WordTable` in a file mapped into memory, the
operating system keeps one copy in its page cache for every process on the
machine. This module only lays the bytes out and reads them; opening, mapping
and rebuilding the file is the runtime's job (``bot/word_files.py``), so the
rules stay free of I/O.

Layout (little-endian), a fixed header then the body::

    header        magic "TRKWORDS", format version, word count, group buckets,
                  mark slots, length of the words' DAWG, body length, SHA-256 of body
    group starts  u32 per group bucket, and one more: where each bucket's text starts
    group marks   a bit per mark slot, set where some card group's key falls
    words         the words as a DAWG (a minimal automaton, ``dawg2``'s bytes)
    groups        per bucket, each card group as "\\n" + key in hex + ":" + its words
                  joined by ",", then a closing "\\n"

Whether a word is in the list is one C call into the DAWG, which answers about as
fast as a set of a few hundred thousand strings, and faster for a string just built
or with the caches cold: it is small enough (0.6 MiB for ``modern``, 1 MiB for
``webster``) to stay in the processor's caches, where a set's table and strings are
scattered over tens of MiB. The DAWG library reads
its automaton from bytes into memory of its own, so that part is a private copy
in each process, checked with the rest before it is read.

A card group (the words one set of cards spells,
:func:`games.short_word.lexicon.card_keys`) falls in mark slot ``key % slots``
(``slots`` a prime, 64 slots a bucket) and lives in that slot's bucket, ``slot //
64``. A look-up is then a handful of C calls and no Python loop: the slot's mark,
the bucket's two bounds, and one ``find`` of ``"\\nkey:"`` between them. The
delimiters make a match exact: hex digits never contain ``"\\n"``, ``":"`` or
``","``. Most group probes (a card subset spelling nothing) miss, and the marks
turn all but about one in sixty of those away after one remainder and one bit
read, before any text is searched.

:meth:`WordTable.check` refuses a block whose header or digest does not match,
so a truncated or damaged file is never read.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Callable, Container, Iterable, Iterator
from math import isqrt
from typing import Protocol

import dawg

__all__ = [
    "FORMAT_VERSION",
    "Block",
    "DamagedWordTable",
    "GroupMemo",
    "WordTable",
    "lay_out",
]

FORMAT_VERSION = 4
"""4: the words as a DAWG (3 searched buckets of text for them, a few hundred ns a probe
in Python), and a card group's bucket and mark are its key modulo a prime (3 hashed,
multiplied and shifted), a mark bit per slot and 64 slots a group (3 had a mark byte and
8 slots a group); 3: groups keyed by sets of cards, not letters (2 needed the double
cards checked word by word); 2: buckets searched with one ``find`` (1 was open
addressing probed from Python)."""
_MAGIC = b"TRKWORDS"
_HEADER = struct.Struct("<8sIIIIIQ32s")
_HEADER_SIZE = 128
"""The header, padded so the bucket starts are aligned."""


class DamagedWordTable(ValueError):
    """The bytes are not a whole word table of this format: rebuild it, never read it."""


_SLOTS_PER_BUCKET = 64
"""Mark slots a group bucket, and there is a bucket per card group: a probe that spells
nothing finds its slot marked about one time in 65 (and then costs a ``find``). The
marks are 8 bytes a group, and a bucket holds about one group, so a ``find`` is short."""


def _prime_at_most(number: int) -> int:
    """The largest prime at most ``number`` (at least 2): the slot count. A card key is a
    product of small primes, so its low bits are skewed (even for every E); its remainder
    by a prime is not."""
    while number > 2 and any(number % divisor == 0 for divisor in range(2, isqrt(number) + 1)):
        number -= 1
    return max(number, 2)


def _group_needle(key: int) -> bytes:
    return b"\n%x:" % key


def _text(buckets: list[list[bytes]], start: int) -> tuple[list[int], bytes]:
    """The buckets' text, each entry already starting with its "\\n" and each non-empty
    bucket closed by one more, and where each bucket starts (counting from ``start``)."""
    starts, text = [], bytearray()
    for bucket in buckets:
        starts.append(start + len(text))
        if bucket:
            text += b"".join(bucket) + b"\n"
    starts.append(start + len(text))
    return starts, bytes(text)


def lay_out(words: Iterable[str], keys_of: Callable[[str], Iterable[int]]) -> bytes:
    """The table for ``words`` (lower-case a-z), header included; each word is in the group
    of every key ``keys_of`` gives it.

    Within a group words are alphabetical, so every process finds the same
    words in the same order.
    """
    ordered = sorted(set(words))
    groups: dict[int, list[str]] = {}
    for word in ordered:
        for key in keys_of(word):
            groups.setdefault(key, []).append(word)
    group_count = max(len(groups), 1)
    slots = _prime_at_most(_SLOTS_PER_BUCKET * group_count)
    automaton = dawg.DAWG(ordered).tobytes()
    group_buckets: list[list[bytes]] = [[] for _ in range(group_count)]
    marks = bytearray(_SLOTS_PER_BUCKET // 8 * group_count)
    for key, members in groups.items():
        record = _group_needle(key) + ",".join(members).encode("ascii")
        slot = key % slots
        group_buckets[slot // _SLOTS_PER_BUCKET].append(record)
        marks[slot >> 3] |= 1 << (slot & 7)

    # Positions count from the start of the block, so a look-up reads the block directly.
    groups_at = _HEADER_SIZE + 4 * (group_count + 1) + len(marks) + len(automaton)
    group_starts, group_text = _text(group_buckets, groups_at)
    body = b"".join(
        (
            struct.pack(f"<{group_count + 1}I", *group_starts),
            bytes(marks),
            automaton,
            group_text,
        )
    )
    header = _HEADER.pack(
        _MAGIC,
        FORMAT_VERSION,
        len(ordered),
        group_count,
        slots,
        len(automaton),
        len(body),
        hashlib.sha256(body).digest(),
    )
    return header.ljust(_HEADER_SIZE, b"\0") + body


class Block(Protocol):
    """Bytes to read a table from: ``bytes``, or a read-only ``mmap`` of a file."""

    def __len__(self) -> int: ...

    def __getitem__(self, index: slice, /) -> bytes: ...

    def find(self, sub: bytes, start: int, end: int, /) -> int: ...


def _header(block: Block) -> tuple[bytes, int, int, int, int, int, int, bytes]:
    """The header's fields: magic, version, words, group buckets, mark slots, the DAWG's
    length, the body's length, its digest."""
    return _HEADER.unpack_from(block)  # type: ignore[arg-type]


class WordTable:
    """Words and card groups read straight from a laid-out block (e.g. a mapped file).

    Build one with :meth:`check`, which refuses a damaged block.
    """

    __slots__ = ("_block", "_find", "_group_starts", "_marks", "_slots", "automaton", "words")

    def __init__(self, block: Block) -> None:
        _magic, _version, words, group_count, slots, automaton, _body, _digest = _header(block)
        self.words: int = words
        self._block = block
        self._find = block.find
        self._slots: int = slots
        view = memoryview(block)  # type: ignore[arg-type]
        start = _HEADER_SIZE
        self._group_starts = view[start : start + 4 * (group_count + 1)].cast("I")
        start += 4 * (group_count + 1)
        self._marks = view[start : start + _SLOTS_PER_BUCKET // 8 * group_count]
        start += _SLOTS_PER_BUCKET // 8 * group_count
        self.automaton: Container[str] = dawg.DAWG().frombytes(block[start : start + automaton])
        """The words' DAWG: ``word in automaton`` (a string) is its own test in C. A
        :class:`~games.short_word.lexicon.Lexicon` asks it directly: ``word in table``
        adds a Python call."""

    @classmethod
    def check(cls, block: Block) -> WordTable:
        """The table in ``block``, after checking its header and digest.

        Raises :class:`DamagedWordTable` for anything short of a whole table
        of this format (truncated, overwritten, another version).
        """
        if len(block) < _HEADER_SIZE:
            raise DamagedWordTable(f"{len(block)} bytes is shorter than the header")
        magic, version, _words, group_count, slots, automaton, body, digest = _header(block)
        if magic != _MAGIC:
            raise DamagedWordTable("not a word table")
        if version != FORMAT_VERSION:
            raise DamagedWordTable(f"format {version}, not {FORMAT_VERSION}")
        if len(block) != _HEADER_SIZE + body:
            raise DamagedWordTable(f"{len(block)} bytes, the header says {_HEADER_SIZE + body}")
        if (4 + _SLOTS_PER_BUCKET // 8) * group_count + 4 + automaton > body:
            raise DamagedWordTable("the header's sizes do not fit the body")
        if not 0 < slots <= _SLOTS_PER_BUCKET * group_count:
            raise DamagedWordTable(f"{slots} mark slots for {group_count} buckets")
        body_view = memoryview(block)[_HEADER_SIZE:]  # type: ignore[arg-type]
        if hashlib.sha256(body_view).digest() != digest:
            raise DamagedWordTable("the body does not match its digest")
        return cls(block)

    def __len__(self) -> int:
        return self.words

    def __contains__(self, word: object) -> bool:
        try:
            return isinstance(word, str) and word in self.automaton
        except UnicodeEncodeError:  # a lone surrogate, which the DAWG cannot put in UTF-8
            return False

    def __iter__(self) -> Iterator[str]:
        """Every word, alphabetically, read from the card groups (every word is in one)."""
        starts = self._group_starts
        text = self._block[starts[0] : starts[len(starts) - 1]].decode("ascii")
        words = {
            word
            for record in text.split("\n")
            if record
            for word in record.partition(":")[2].split(",")
        }
        return iter(sorted(words))

    def group(self, key: int) -> tuple[str, ...]:
        """The words spelled by the cards whose key is ``key``, alphabetically; empty if none."""
        slot = self.slot_of(key)
        if not self.marked(slot):
            return ()
        return self.search(key, slot)

    def slot_of(self, key: int) -> int:
        """The mark slot a card key falls in."""
        return key % self._slots

    def marked(self, slot: int) -> bool:
        """Whether some card group falls in mark slot ``slot``: if not, no key in it spells
        anything."""
        return bool(self._marks[slot >> 3] >> (slot & 7) & 1)

    def search(self, key: int, slot: int) -> tuple[str, ...]:
        """:meth:`group` past the mark: the words of ``key``, whose slot ``slot`` is marked."""
        starts = self._group_starts
        bucket = slot // _SLOTS_PER_BUCKET
        end = starts[bucket + 1]
        needle = b"\n%x:" % key
        found = self._find(needle, starts[bucket], end)
        if found < 0:
            return ()
        found += len(needle)
        block = self._block
        return tuple(block[found : self._find(b"\n", found, end)].decode("ascii").split(","))


class GroupMemo(dict[int, tuple[str, ...]]):
    """A table's card groups, each looked up once and then held in memory.

    Finding words in a hand probes every subset of its cards, again and again
    while a computer player plays a hand out, so probes already made answer
    at a dict's speed: ``get`` is the dict's own lookup, and only a key not
    seen yet reaches the table. The memo is emptied whenever it reaches
    ``limit`` entries, which bounds what it holds.
    """

    __slots__ = ("_limit", "_marks", "_search", "_slots")

    def __init__(self, table: WordTable, limit: int) -> None:
        super().__init__()
        self._search = table.search
        self._marks, self._slots = table._marks, table._slots
        self._limit = limit

    def __missing__(self, key: int) -> tuple[str, ...]:
        if len(self) >= self._limit:
            self.clear()
        # WordTable.group (slot_of, marked) written out: this is the hot path, and most keys
        # stop at the mark without a second call.
        slot = key % self._slots
        if not self._marks[slot >> 3] >> (slot & 7) & 1:
            self[key] = ()
            return ()
        group = self[key] = self._search(key, slot)
        return group

    def __contains__(self, key: object) -> bool:
        return isinstance(key, int) and bool(self[key])

    # The dict's own lookup in C, which falls back on __missing__: a seen key costs no
    # Python call. Every key has a group here (empty if no word), so no default is needed.
    get = dict.__getitem__  # type: ignore[assignment]
