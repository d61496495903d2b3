"""Ratings in words: the board's number, the provisional mark, and the exact figures.

The numbers come from :class:`bot.ratings.BoardRating` (the scale is in docs/ratings.md);
this module only words them, so the leaderboard and ``/tricky stats`` say the same thing.
"""

from __future__ import annotations

from bot.ratings import PROVISIONAL_GAMES, START, BoardRating
from games.core.wording import number, tr

__all__ = ["board_rating", "exact_figures", "scale_note", "stats_rating"]


def scale_note() -> str:
    """The board's footer: what the numbers mean, in one line."""
    return tr(
        "Ratings start at {start} and are provisional for the first {provisional_games} "
        "rated games · exact figures in /tricky stats",
        start=START,
        provisional_games=PROVISIONAL_GAMES,
    )


def board_rating(rating: BoardRating) -> str:
    """``rating **1,088** (provisional)``: a line of the leaderboard."""
    mark = tr(" (provisional)") if rating.provisional else ""
    return tr("rating **{points}**{mark}", points=rating.points, mark=mark)


def stats_rating(rating: BoardRating, rank: int | None) -> str:
    """The rating line of ``/tricky stats``: the number, the place, and how settled it is."""
    place = tr(" (#{rank} on the board)", rank=rank) if rank is not None else ""
    line = tr("rating **{points}**{place}", points=rating.points, place=place)
    if rating.provisional:
        line += tr(
            "\nprovisional: {games} of {provisional_games} rated games played, so it "
            "can still move a lot",
            games=rating.games,
            provisional_games=PROVISIONAL_GAMES,
        )
    return line


def exact_figures(rating: BoardRating) -> str:
    """openskill's own figures, for those who want them."""
    return tr(
        "exact: mu {mu}, sigma {sigma}, cautious estimate (mu - 3 sigma) {cautious}",
        # openskill's figures with two decimals, in the reader's number format (25,00)
        mu=number(rating.mu, 2),
        sigma=number(rating.sigma, 2),
        cautious=number(rating.cautious, 2),
    )
