"""Seeded randomness that lives inside a game's state.

A game must replay exactly from its seed and its action log, and its state must
survive a JSON round trip between any two actions. Storing a whole
``random.Random`` state would add 600 integers to every saved state, so instead
the state keeps the seed and a count of random events so far, and each random
event (a deal, a roll, a shuffle) gets a fresh generator seeded from both.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

__all__ = ["Chance"]


@dataclass(slots=True)
class Chance:
    """The game's own source of luck: ``seed`` fixes it, ``draws`` is how far it has gone."""

    seed: int
    draws: int = 0

    def next(self) -> random.Random:
        """A generator for the next random event, different from every earlier one."""
        self.draws += 1
        # Seeded with text, which random hashes (SHA-512): integer seeds are fed to the
        # Mersenne Twister word by word, and (seed << 32) + draws collides across seeds.
        return random.Random(f"{self.seed}/{self.draws}")
