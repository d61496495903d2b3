"""Ratings in words: the board's number, the provisional mark, and the exact figures.

The numbers come from :class:`bot.ratings.BoardRating` (the scale is in docs/ratings.md);
this module only words them, so the leaderboard and ``/tricky stats`` say the same thing.
"""

from __future__ import annotations

from bot.ratings import PROVISIONAL_GAMES, START, BoardRating

__all__ = ["SCALE_NOTE", "board_rating", "exact_figures", "stats_rating"]

SCALE_NOTE = (
    f"Ratings start at {START:,} and are provisional for the first {PROVISIONAL_GAMES} "
    "rated games · exact figures in /tricky stats"
)
"""The board's footer: what the numbers mean, in one line."""


def board_rating(rating: BoardRating) -> str:
    """``rating **1,088** (provisional)``: a line of the leaderboard."""
    mark = " (provisional)" if rating.provisional else ""
    return f"rating **{rating.points:,}**{mark}"


def stats_rating(rating: BoardRating, rank: int | None) -> str:
    """The rating line of ``/tricky stats``: the number, the place, and how settled it is."""
    place = f" (#{rank} on the board)" if rank is not None else ""
    line = f"rating **{rating.points:,}**{place}"
    if rating.provisional:
        line += (
            f"\nprovisional: {rating.games} of {PROVISIONAL_GAMES} rated games played, "
            "so it can still move a lot"
        )
    return line


def exact_figures(rating: BoardRating) -> str:
    """openskill's own figures, for those who want them."""
    return (
        f"exact: mu {rating.mu:.2f}, sigma {rating.sigma:.2f}, "
        f"cautious estimate (mu - 3 sigma) {rating.cautious:.2f}"
    )
