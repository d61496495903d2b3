"""Properties of trick resolution (TR7) and of the match rule (TR6), over many tricks."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from games.tricky.dice import ALL_DICE, FACES, KINDS, Die
from games.tricky.tricks import leader_kinds, legal_pairs, pair_follows, trick_winner

Pair = tuple[Die, Die]


@st.composite
def dice(draw: st.DrawFn) -> Die:
    faces = draw(st.sampled_from(KINDS))
    # Low values often, so trumps and ties come up.
    value = draw(st.one_of(st.integers(1, min(faces, 4)), st.integers(1, faces)))
    return Die(faces, value)


plays = st.lists(st.tuples(dice(), dice()), min_size=2, max_size=5)
trumps = st.one_of(st.none(), st.integers(1, 4), st.integers(1, 20))


def shows(die: Die, trump: int | None) -> bool:
    return trump is not None and die.value == trump


def beats(mine: Pair, theirs: Pair, trump: int | None) -> bool:
    """TR7 read step by step: does ``mine`` outrank ``theirs``, before the earliest-play rule?"""
    my_trumps = [d for d in mine if shows(d, trump)]
    their_trumps = [d for d in theirs if shows(d, trump)]
    if not my_trumps and not their_trumps:
        return sum(d.value for d in mine) > sum(d.value for d in theirs)
    if not their_trumps or not my_trumps:
        return bool(my_trumps)
    if len(my_trumps) != len(their_trumps):
        return len(my_trumps) > len(their_trumps)

    def split(pair: Pair) -> tuple[Die, Die]:
        a, b = pair
        if shows(a, trump) and shows(b, trump):
            return (a, b) if a.faces >= b.faces else (b, a)
        return (a, b) if shows(a, trump) else (b, a)

    (my_trump, my_second), (their_trump, their_second) = split(mine), split(theirs)
    if my_second.value != their_second.value:
        return my_second.value > their_second.value
    if my_trump.faces != their_trump.faces:
        return my_trump.faces > their_trump.faces
    return my_second.faces < their_second.faces


@given(plays, trumps)
def test_the_winner_outranks_every_earlier_play_and_no_later_play_outranks_it(
    trick: list[Pair], trump: int | None
) -> None:
    won = trick_winner(trick, trump)
    assert 0 <= won < len(trick)
    assert all(beats(trick[won], trick[earlier], trump) for earlier in range(won))
    assert not any(beats(trick[later], trick[won], trump) for later in range(won, len(trick)))


@given(plays, trumps)
def test_a_trump_is_needed_to_win_once_one_is_played(trick: list[Pair], trump: int | None) -> None:
    won = trick_winner(trick, trump)
    if any(shows(d, trump) for pair in trick for d in pair):
        assert any(shows(d, trump) for d in trick[won])
    else:
        totals = [a.value + b.value for a, b in trick]
        assert totals[won] == max(totals) and totals.index(max(totals)) == won


@given(plays, trumps, st.lists(st.booleans(), min_size=5, max_size=5))
def test_the_order_of_a_seats_two_dice_never_matters(
    trick: list[Pair], trump: int | None, flips: list[bool]
) -> None:
    flipped = [(b, a) if flip else (a, b) for (a, b), flip in zip(trick, flips, strict=False)]
    assert trick_winner(flipped, trump) == trick_winner(trick, trump)


@given(st.integers(0, ALL_DICE), st.integers(0, 17), st.integers(0, 17))
def test_listed_pairs_are_exactly_the_pairs_that_follow(hand: int, first: int, second: int) -> None:
    lead = leader_kinds(first, second)
    held = [i for i in range(18) if hand >> i & 1]
    expected = [pair for pair in combinations(held, 2) if pair_follows(hand, lead, *pair)]
    assert list(legal_pairs(hand, lead)) == expected
    if hand & lead:
        assert all(
            FACES[a] in (FACES[first], FACES[second]) or FACES[b] in (FACES[first], FACES[second])
            for a, b in expected
        )
