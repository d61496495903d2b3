"""A word list as one compact, read-only block of bytes, looked up where it lies.

The word lists are hundreds of thousands of words; held as Python sets and
dicts they cost every process (and every computer-player worker) about
100 MiB. Laid out as a :class:`WordTable` in a file mapped into memory, the
operating system keeps one copy in its page cache for every process on the
machine. This module only lays the bytes out and reads them; opening, mapping
and rebuilding the file is the runtime's job (``bot/word_files.py``), so the
rules stay free of I/O.

Layout (little-endian), a fixed header then the body::

    header  magic "TRKWORDS", format version, counts, body length, SHA-256 of body
    body    word slots   u32 each: offset of a word in the strings, 0 = empty
            group slots  u64 each: (tag << 32) | offset of a group record, 0 = empty
            strings      a zero byte, then each word as its length byte and its letters
            groups       per anagram group: key length byte, key bytes, word count (u16),
                         then each word's offset in the strings (u32)

Words are found by open addressing on ``crc32`` of their letters, anagram
groups on Python's ``hash`` of their key (stable for integers in every
process, unlike the hash of a string). :meth:`WordTable.check` refuses a block
whose header or digest does not match, so a truncated or damaged file is
never read.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol, overload
from zlib import crc32

__all__ = [
    "FORMAT_VERSION",
    "AnagramMemo",
    "Block",
    "DamagedWordTable",
    "WordMemo",
    "WordTable",
    "lay_out",
]

FORMAT_VERSION = 1
_MAGIC = b"TRKWORDS"
_HEADER = struct.Struct("<8sIIIIIQ32s")
_HEADER_SIZE = 128
"""The header, padded so the slot arrays start aligned."""


class DamagedWordTable(ValueError):
    """The bytes are not a whole word table of this format: rebuild it, never read it."""


def _slots_for(count: int) -> int:
    """A power of two at least twice ``count``: probes stay short at half load."""
    size = 8
    while size < 2 * count:
        size *= 2
    return size


def _key_bytes(key: int) -> bytes:
    return key.to_bytes((key.bit_length() + 7) // 8 or 1, "little")


def lay_out(words: Iterable[str], anagram_key: Callable[[str], int]) -> bytes:
    """The table for ``words`` (lower-case a-z, at most 255 letters), header included.

    Within an anagram group words are alphabetical, so every process finds
    the same words in the same order.
    """
    ordered = sorted(set(words))
    word_slots = _slots_for(len(ordered))
    groups: dict[int, list[str]] = {}
    for word in ordered:
        groups.setdefault(anagram_key(word), []).append(word)
    group_slot_count = _slots_for(len(groups))

    # Offsets in the slots and records count from the start of the block, so a lookup
    # reads the block directly; none is 0, which marks an empty slot.
    strings_at = _HEADER_SIZE + 4 * word_slots + 8 * group_slot_count
    strings = bytearray(b"\0")
    offset_of: dict[str, int] = {}
    for word in ordered:
        letters = word.encode("ascii")
        offset_of[word] = strings_at + len(strings)
        strings.append(len(letters))
        strings += letters

    slots = [0] * word_slots
    mask = word_slots - 1
    for word in ordered:
        index = crc32(word.encode("ascii")) & mask
        while slots[index]:
            index = (index + 1) & mask
        slots[index] = offset_of[word]

    records_at = strings_at + len(strings)
    records = bytearray()
    group_slots = [0] * group_slot_count
    group_mask = group_slot_count - 1
    for key, members in groups.items():
        key_bytes = _key_bytes(key)
        hashed = hash(key)
        index = hashed & group_mask
        while group_slots[index]:
            index = (index + 1) & group_mask
        group_slots[index] = ((hashed >> 32) & 0xFFFFFFFF) << 32 | (records_at + len(records))
        records.append(len(key_bytes))
        records += key_bytes
        records += struct.pack(f"<H{len(members)}I", len(members), *map(offset_of.get, members))

    body = b"".join(
        (
            struct.pack(f"<{word_slots}I", *slots),
            struct.pack(f"<{group_slot_count}Q", *group_slots),
            bytes(strings),
            bytes(records),
        )
    )
    header = _HEADER.pack(
        _MAGIC,
        FORMAT_VERSION,
        len(ordered),
        word_slots,
        group_slot_count,
        len(strings),
        len(body),
        hashlib.sha256(body).digest(),
    )
    return header.ljust(_HEADER_SIZE, b"\0") + body


class Block(Protocol):
    """Bytes to read a table from: ``bytes``, or a read-only ``mmap`` of a file."""

    def __len__(self) -> int: ...

    @overload
    def __getitem__(self, index: int, /) -> int: ...

    @overload
    def __getitem__(self, index: slice, /) -> bytes: ...


class WordTable:
    """Words and anagram groups read straight from a laid-out block (e.g. a mapped file).

    Build one with :meth:`check`, which refuses a damaged block.
    """

    __slots__ = ("_block", "_group_mask", "_groups", "_slots", "_strings", "_word_mask", "words")

    def __init__(self, block: Block) -> None:
        _magic, _version, words, word_slots, group_slots, strings, _body, _digest = (
            _HEADER.unpack_from(block)  # type: ignore[arg-type]
        )
        self.words: int = words
        self._block = block
        view = memoryview(block)  # type: ignore[arg-type]
        start = _HEADER_SIZE
        self._slots = view[start : start + 4 * word_slots].cast("I")
        start += 4 * word_slots
        self._groups = view[start : start + 8 * group_slots].cast("Q")
        start += 8 * group_slots
        self._strings = range(start, start + strings)
        self._word_mask = word_slots - 1
        self._group_mask = group_slots - 1

    @classmethod
    def check(cls, block: Block) -> WordTable:
        """The table in ``block``, after checking its header and digest.

        Raises :class:`DamagedWordTable` for anything short of a whole table
        of this format (truncated, overwritten, another version).
        """
        if len(block) < _HEADER_SIZE:
            raise DamagedWordTable(f"{len(block)} bytes is shorter than the header")
        magic, version, _words, word_slots, group_slots, strings, body, digest = (
            _HEADER.unpack_from(block)  # type: ignore[arg-type]
        )
        if magic != _MAGIC:
            raise DamagedWordTable("not a word table")
        if version != FORMAT_VERSION:
            raise DamagedWordTable(f"format {version}, not {FORMAT_VERSION}")
        if len(block) != _HEADER_SIZE + body:
            raise DamagedWordTable(f"{len(block)} bytes, the header says {_HEADER_SIZE + body}")
        if 4 * word_slots + 8 * group_slots + strings > body:
            raise DamagedWordTable("the header's sizes do not fit the body")
        if word_slots & (word_slots - 1) or group_slots & (group_slots - 1):
            raise DamagedWordTable("the slot counts are not powers of two")
        body_view = memoryview(block)[_HEADER_SIZE:]  # type: ignore[arg-type]
        if hashlib.sha256(body_view).digest() != digest:
            raise DamagedWordTable("the body does not match its digest")
        return cls(block)

    def __len__(self) -> int:
        return self.words

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str) or not word.isascii():
            return False
        letters = word.encode("ascii")
        size = len(letters)
        slots, block, mask = self._slots, self._block, self._word_mask
        index = crc32(letters) & mask
        while offset := slots[index]:
            if block[offset] == size and block[offset + 1 : offset + 1 + size] == letters:
                return True
            index = (index + 1) & mask
        return False

    def __iter__(self) -> Iterator[str]:
        """Every word, alphabetically."""
        block, strings = self._block, self._strings
        offset = strings.start + 1
        while offset < strings.stop:
            size = block[offset]
            yield block[offset + 1 : offset + 1 + size].decode("ascii")
            offset += 1 + size

    def group(self, key: int) -> tuple[str, ...]:
        """The words whose anagram key is ``key``, alphabetically; empty if none."""
        hashed = hash(key)
        tag = (hashed >> 32) & 0xFFFFFFFF
        groups, block, mask = self._groups, self._block, self._group_mask
        index = hashed & mask
        while entry := groups[index]:
            if entry >> 32 == tag:
                start = entry & 0xFFFFFFFF
                size = block[start]
                if int.from_bytes(block[start + 1 : start + 1 + size], "little") == key:
                    return self._members(start + 1 + size)
            index = (index + 1) & mask
        return ()

    def _members(self, start: int) -> tuple[str, ...]:
        block = self._block
        (count,) = struct.unpack_from("<H", block, start)  # type: ignore[arg-type]
        offsets = struct.unpack_from(f"<{count}I", block, start + 2)  # type: ignore[arg-type]
        return tuple(
            block[offset + 1 : offset + 1 + block[offset]].decode("ascii") for offset in offsets
        )


class AnagramMemo(dict[int, tuple[str, ...]]):
    """A table's anagram groups, each looked up once and then held in memory.

    Finding words in a hand probes every subset of its cards, again and again
    while a computer player plays a hand out, so probes already made answer
    at a dict's speed: ``get`` is the dict's own lookup, and only a key not
    seen yet reaches the table. The memo is emptied whenever it reaches
    ``limit`` entries, which bounds what it holds.
    """

    __slots__ = ("_limit", "_table")

    def __init__(self, table: WordTable, limit: int) -> None:
        super().__init__()
        self._table = table
        self._limit = limit

    def __missing__(self, key: int) -> tuple[str, ...]:
        if len(self) >= self._limit:
            self.clear()
        group = self[key] = self._table.group(key)
        return group

    def __contains__(self, key: object) -> bool:
        return isinstance(key, int) and bool(self[key])

    # The dict's own lookup in C, which falls back on __missing__: a seen key costs no
    # Python call. Every key has a group here (empty if no word), so no default is needed.
    get = dict.__getitem__  # type: ignore[assignment]


class WordMemo(dict[str, bool]):
    """Whether a word is in a table, each word looked up once and then held in memory.

    Look a word up with ``memo[word]``: a word asked before answers at a dict's
    speed, one not seen yet reaches the table. Emptied whenever it reaches
    ``limit`` entries, like :class:`AnagramMemo`.
    """

    __slots__ = ("_limit", "_table")

    def __init__(self, table: WordTable, limit: int) -> None:
        super().__init__()
        self._table = table
        self._limit = limit

    def __missing__(self, word: str) -> bool:
        if len(self) >= self._limit:
            self.clear()
        found = self[word] = word in self._table
        return found
