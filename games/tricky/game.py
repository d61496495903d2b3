"""Tricky: the rules (rulebook seeds/001, rulings TR1-TR9).

A hand runs through four phases: ``reroll`` (every seat at once, TR2),
``auction`` (TR4), ``trump`` (TR5) and ``tricks`` (TR6, TR7); scoring (TR8) and
the end of the game (TR9) happen when the ninth trick is taken, and the next
hand is rolled straight away. Random playouts are a hot loop (computer players
and benchmarks), so the trick phase works on bit sets and precomputed actions.
"""

from __future__ import annotations

import json
import operator
import random
from collections.abc import Sequence
from itertools import combinations

from games.core.chance import Chance
from games.core.errors import CorruptState, IllegalAction, NotYourTurn
from games.core.game import Event, Game, News, Outcome, Seat
from games.core.wording import N_, Later, tr
from games.tricky import text
from games.tricky.dice import (
    ALL_DICE,
    DICE_PER_SEAT,
    FACES,
    KIND_MASK,
    KIND_MASK_OF,
    KINDS,
    WORDS_PER_SET,
    Die,
    dice_in,
    roll_again,
    roll_from,
    roll_set,
)
from games.tricky.model import (
    Action,
    AllPassed,
    AuctionStarted,
    AuctionWon,
    Bid,
    BidMade,
    DicePlayed,
    GameWon,
    HandScored,
    HandStarted,
    HeldDie,
    NameTrump,
    Options,
    Pass,
    Passed,
    Play,
    PlayedPair,
    Reroll,
    RerollChosen,
    Rerolled,
    TieAtTheTarget,
    TrickWon,
    TrickyState,
    TrickyView,
    TrumpNamed,
)
from games.tricky.scoring import (
    ALL_PASS_PENALTY,
    hand_gains,
    minimum_bid,
    next_first_bidder,
    winners_at_target,
)
from games.tricky.tricks import (
    TRICKS_PER_HAND,
    leader_kinds,
    legal_pairs,
    pair_rank,
)

__all__ = ["BID_STEPS", "TrickyGame", "reroll_sample"]

BID_STEPS = (0, 2, 5, 10)
"""The bids :meth:`TrickyGame.legal_actions` lists: the minimum, then this many
minimum raises (one raise = the seat count) above it. Any higher bid is legal too."""
RANDOM_PASS_CHANCE = 0.5
"""How often a random auction call is a pass (see :meth:`TrickyGame.random_action`)."""

_DIE: tuple[tuple[Die, ...], ...] = tuple(
    tuple(Die(faces, value) for value in range(faces + 1)) for faces in FACES
)
"""``_DIE[i][v]``: die ``i`` showing ``v``, made once (index 0 of each is unused)."""
_HELD: tuple[tuple[HeldDie, ...], ...] = tuple(
    tuple(HeldDie(index, faces, value) for value in range(faces + 1))
    for index, faces in enumerate(FACES)
)
"""``_HELD[i][v]``: the same, as one of a seat's own dice in its view."""
_PLAY: dict[int, Play] = {
    a * DICE_PER_SEAT + b: Play((min(a, b), max(a, b)))
    for a in range(DICE_PER_SEAT)
    for b in range(DICE_PER_SEAT)
    if a != b
}
"""Every play, keyed ``18 * a + b`` by its two dice in either order; the action
lists the lower index first."""
_PAIRS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(combinations(range(n), 2)) for n in range(DICE_PER_SEAT + 1)
)
"""``_PAIRS[n]``: every pair of positions ``(i, j)``, ``i < j``, among ``n`` dice, so a
random pair is one random number and a look-up."""
_PASS = Pass()
MAX_SEATS = 5
_ALONE: tuple[tuple[Seat], ...] = tuple((seat,) for seat in range(MAX_SEATS))
"""``_ALONE[seat]``: :meth:`TrickyGame.to_act` when one seat acts, made once."""
_EVERY_SEAT: tuple[tuple[Seat, ...], ...] = tuple(tuple(range(n)) for n in range(MAX_SEATS + 1))
"""``_EVERY_SEAT[n]``: every seat of an ``n``-seat table, for :meth:`TrickyGame.to_act`."""
_TRUMPS: tuple[NameTrump, ...] = (NameTrump(None), *(NameTrump(n) for n in range(1, 21)))
_LOW_BITS = tuple(
    tuple(
        (1 << index if 4 * value <= faces else 0)
        | (1 << DICE_PER_SEAT + index if 2 * value <= faces else 0)
        for value in range(faces + 1)
    )
    for index, faces in enumerate(FACES)
)
"""``_LOW_BITS[i][v]``: die ``i``'s bit if ``v`` is at most a quarter of its faces, and its
bit 18 places higher if ``v`` is at most half (below the die's average), so one sum over a
seat's dice gives both bit sets."""


_DIE_BIT: dict[int, int] = {die: 1 << die for die in range(DICE_PER_SEAT)}
"""``_DIE_BIT[i]``: die ``i``'s bit; a key error for anything that is not one of the 18."""


def reroll_sample(values: Sequence[int]) -> list[Reroll]:
    """The re-rolls :meth:`TrickyGame.legal_actions` lists (any subset is legal).

    Keep every die; re-roll the dice showing at most a quarter of their faces;
    those showing at most half (below their average); or all 18. Duplicates
    are listed once.
    """
    return [Reroll(dice_in(mask)) for mask in _reroll_masks(values)]


def _reroll_masks(values: Sequence[int]) -> list[int]:
    """The dice of each :func:`reroll_sample` choice, as distinct bit sets."""
    low = sum(map(operator.getitem, _LOW_BITS, values))  # a fast call, unlike tuple.__getitem__
    quarter, half = low & ALL_DICE, low >> DICE_PER_SEAT
    masks = [0]
    for mask in (quarter, half, ALL_DICE):
        if mask not in masks:
            masks.append(mask)
    return masks


def _kinds_text(mask: int) -> str:
    """``d6 or d20``: the kinds with a die in the bit set (a leader's two dice: one or two)."""
    kinds = [f"d{faces}" for faces in KINDS if mask & KIND_MASK[faces]]
    if len(kinds) == 2:
        # i18n: two kinds of dice, either of which would do: "d6 or d20".
        return tr("{kind} or {other_kind}", kind=kinds[0], other_kind=kinds[1])
    return " / ".join(kinds)


class TrickyGame(Game[TrickyState, Action, TrickyView, Options]):
    key = "tricky"
    title = "Tricky"
    summary = N_("Bid for the right to name trump, then win tricks with pairs of dice.")
    min_seats = 2
    max_seats = MAX_SEATS
    options_type = Options
    state_type = TrickyState
    action_type = Action

    # -- setting up ------------------------------------------------------------------------------

    def setup(self, seats: int, seed: int, options: Options) -> TrickyState:
        chance = Chance(seed)
        words = chance.words(2 * WORDS_PER_SET * seats + 1)  # the first hand, and who bids first
        first_bidder = words[-1] % seats  # TR3: a random seat stands in for the youngest
        values, reserve = _roll_hand(words, seats)
        # Every other field starts as a hand starts (see _roll): the state is built once.
        return TrickyState(
            options=options,
            chance=chance,
            scores=[0] * seats,
            first_bidder=first_bidder,
            values=values,
            unplayed=[ALL_DICE] * seats,
            rerolled=[None] * seats,
            reserve=reserve,
            turn=first_bidder,
            tricks_won=[0] * seats,
            taken=[0] * seats,
        )

    def _roll(self, state: TrickyState, words: Sequence[int]) -> None:
        """A new hand: every seat's dice and re-roll reserve (:func:`_roll_hand`), and the
        hand starts over, as :meth:`setup` leaves a new table."""
        seats = len(state.scores)
        state.values, state.reserve = _roll_hand(words, seats)
        state.unplayed = [ALL_DICE] * seats
        state.rerolled = [None] * seats
        state.phase = "reroll"
        state.turn = state.first_bidder
        state.calls = []
        state.high_bidder, state.high_bid, state.passes = None, 0, 0
        state.trump = None
        state.trick = []
        state.tricks_played = 0
        state.tricks_won = [0] * seats
        state.taken = [0] * seats
        state.last_plays, state.last_trick_winner = [], None

    def _new_hand(self, state: TrickyState, first_bidder: Seat, news: News) -> None:
        state.hand += 1
        state.first_bidder = first_bidder
        self._roll(state, state.chance.words(2 * WORDS_PER_SET * len(state.scores)))
        if news is not None:
            news.append(HandStarted(hand=state.hand, first_bidder=first_bidder))

    def seat_count(self, state: TrickyState) -> int:
        return state.seats

    # -- who may do what -------------------------------------------------------------------------

    def to_act(self, state: TrickyState) -> tuple[Seat, ...]:
        phase = state.phase
        if phase == "reroll":  # TR2: every seat still to choose, at once
            rerolled = state.rerolled
            waiting = rerolled.count(None)
            # The first and the last seat to choose are the common cases; made tuples
            # answer them without building one.
            if waiting == len(rerolled):
                return _EVERY_SEAT[waiting]
            if waiting == 1:
                return _ALONE[rerolled.index(None)]
            return tuple([seat for seat in range(len(rerolled)) if rerolled[seat] is None])
        if phase == "over":
            return ()
        return _ALONE[state.turn]

    def legal_actions(self, state: TrickyState, seat: Seat) -> list[Action]:
        """Every legal play and trump; for re-rolls and bids, a sample.

        Re-rolls: :func:`reroll_sample`. Bids: pass, and the minimum plus
        :data:`BID_STEPS` raises. :meth:`check` judges any other subset or amount.
        """
        phase = state.phase
        if phase == "tricks":
            if seat != state.turn:
                return []
            trick = state.trick
            lead = leader_kinds(trick[0][1], trick[0][2]) if trick else 0
            return [
                _PLAY[a * DICE_PER_SEAT + b] for a, b in legal_pairs(state.unplayed[seat], lead)
            ]
        if phase == "reroll":
            if not self._may_reroll(state, seat):
                return []
            return list(reroll_sample(state.values[seat]))
        if phase == "over" or seat != state.turn:
            return []
        if phase == "auction":
            least = self._minimum_bid(state)
            return [_PASS, *(Bid(least + step * state.seats) for step in BID_STEPS)]
        return list(_TRUMPS)

    def random_action(self, state: TrickyState, seat: Seat, rng: random.Random) -> Action:
        """A random legal action, sampled without listing the choices.

        Plays are uniform over the legal pairs, re-rolls over the listed
        sample, trumps over all 21. Auction calls pass half the time and
        otherwise pick one of the listed bids: a uniform pick among the five
        listed calls would pass only one time in five, and since an auction
        ends only when all the other seats pass in a row, random auctions at
        five seats would run for hundreds of calls.
        """
        phase = state.phase
        if phase == "tricks":
            if seat == state.turn:
                # TR6, the hottest call of a random playout: the legal pairs are numbered
                # rather than listed, and one random number picks one.
                unplayed = state.unplayed[seat]
                trick = state.trick
                if trick:  # leader_kinds(), in line
                    _, lead_a, lead_b = trick[0]
                    matching = unplayed & (KIND_MASK_OF[lead_a] | KIND_MASK_OF[lead_b])
                    if matching:
                        return _random_follow(matching, unplayed ^ matching, rng.random())
                dice = dice_in(unplayed)
                pairs = _PAIRS[len(dice)]
                i, j = pairs[int(rng.random() * len(pairs))]
                return _PLAY[dice[i] * DICE_PER_SEAT + dice[j]]
        elif phase == "auction":
            if seat == state.turn:
                draw = rng.random
                if draw() < RANDOM_PASS_CHANCE:
                    return _PASS
                seats = len(state.scores)
                least = minimum_bid(seats, None if state.high_bidder is None else state.high_bid)
                return Bid(least + BID_STEPS[int(draw() * len(BID_STEPS))] * seats)
        elif phase == "reroll":
            if self._may_reroll(state, seat):
                masks = _reroll_masks(state.values[seat])
                return Reroll(dice_in(masks[int(rng.random() * len(masks))]))
        elif phase == "trump" and seat == state.turn:
            return _TRUMPS[int(rng.random() * len(_TRUMPS))]
        return rng.choice(self.legal_actions(state, seat))

    def check(self, state: TrickyState, seat: Seat, action: Action) -> None:
        phase = state.phase
        if phase == "tricks" and seat == state.turn:  # the hot case first: a play on turn
            if not isinstance(action, Play):
                raise IllegalAction(N_("The tricks are under way: play two dice."))
            self._check_play(state, seat, action.dice)
            return
        if phase == "over":
            raise NotYourTurn(N_("This game is over."))
        if not 0 <= seat < len(state.scores):
            raise NotYourTurn(N_("You are not seated at this table."))
        if phase == "tricks":
            raise NotYourTurn(N_("It is another player's turn to play."))
        if phase == "reroll":
            if state.rerolled[seat] is not None:
                raise NotYourTurn(
                    N_("You have already chosen your re-roll; the others are choosing.")
                )
            if not isinstance(action, Reroll):
                raise IllegalAction(N_("First choose the dice to re-roll, or keep them all."))
            _chosen_dice(action.dice)
        elif seat != state.turn:
            raise NotYourTurn(
                N_("It is another player's turn to bid.")
                if phase == "auction"
                else N_("The high bidder is naming trump.")
            )
        elif phase == "auction":
            if isinstance(action, Bid):
                self._check_bid(state, action.amount)
            elif not isinstance(action, Pass):
                raise IllegalAction(N_("It is the auction: bid or pass."))
        elif not isinstance(action, NameTrump):
            raise IllegalAction(N_("You won the auction: name a trump number, or no trump."))
        else:
            _check_trump(action.number)

    @staticmethod
    def _may_reroll(state: TrickyState, seat: Seat) -> bool:
        """Whether ``seat`` is at the table and still to choose its re-roll (TR2)."""
        rerolled = state.rerolled
        return 0 <= seat < len(rerolled) and rerolled[seat] is None

    @staticmethod
    def _check_play(state: TrickyState, seat: Seat, dice: tuple[int, ...]) -> None:
        if len(dice) != 2:
            raise IllegalAction(N_("Play exactly two dice."))
        a, b = dice
        if not (0 <= a < DICE_PER_SEAT and 0 <= b < DICE_PER_SEAT):
            raise IllegalAction(N_("You have no such die."))
        if a == b:
            raise IllegalAction(N_("Play two different dice."))
        unplayed = state.unplayed[seat]
        bits = (1 << a) | (1 << b)
        if unplayed & bits != bits:
            gone = a if not unplayed >> a & 1 else b
            raise IllegalAction(N_("You have already played that d{faces}."), faces=FACES[gone])
        trick = state.trick
        if trick:  # TR6: a follower holding a leader's kind must play one
            _, lead_a, lead_b = trick[0]  # leader_kinds(), inlined on this hot path
            lead = KIND_MASK_OF[lead_a] | KIND_MASK_OF[lead_b]
            held = unplayed & lead
            if held and not bits & lead:
                raise IllegalAction(
                    N_(
                        "You hold a {kinds}, a kind the leader played, so one of "
                        "your two dice must be of that kind."
                    ),
                    kinds=Later(_kinds_text, held),
                )

    @staticmethod
    def _check_bid(state: TrickyState, amount: int) -> None:
        least = minimum_bid(
            len(state.scores), None if state.high_bidder is None else state.high_bid
        )
        if amount >= least:
            return
        if state.high_bidder is None:
            raise IllegalAction(
                N_("The opening bid is at least {least} (30 points for each player)."), least=least
            )
        raise IllegalAction(
            N_(
                "Bid at least {least}: the highest bid ({high_bid}) plus one point for each player."
            ),
            least=least,
            high_bid=state.high_bid,
        )

    @staticmethod
    def _minimum_bid(state: TrickyState) -> int:
        return minimum_bid(len(state.scores), None if state.high_bidder is None else state.high_bid)

    # -- doing it --------------------------------------------------------------------------------

    def perform(self, state: TrickyState, seat: Seat, action: Action, news: News) -> None:
        if type(action) is Play:  # the usual move first
            self._play(state, seat, action.dice, news)
        elif type(action) is Reroll:
            self._reroll(state, seat, action.dice, news)
        elif type(action) is Bid:
            self._bid(state, seat, action.amount, news)
        elif type(action) is Pass:
            self._pass(state, seat, news)
        else:
            assert type(action) is NameTrump
            self._name_trump(state, seat, action.number, news)

    def _reroll(self, state: TrickyState, seat: Seat, chosen: tuple[int, ...], news: News) -> None:
        """Re-roll the chosen dice (TR2) from the seat's reserve."""
        dice = dice_in(_chosen_dice(chosen))  # in index order, each once
        state.rerolled[seat] = len(dice)
        values, reserve = state.values[seat], state.reserve[seat]
        if dice and news is not None:
            before = tuple([values[index] for index in dice])
            after = tuple([reserve[index] for index in dice])
            news.append(Rerolled(audience=seat, seat=seat, dice=dice, before=before, after=after))
        for index in dice:
            values[index] = reserve[index]
        if news is not None:
            news.append(RerollChosen(seat=seat, count=len(dice)))
        if None not in state.rerolled:  # TR2: bidding starts once every seat has chosen
            state.reserve = []
            state.phase = "auction"
            state.turn = state.first_bidder
            if news is not None:
                least = minimum_bid(len(state.scores), None)  # TR4: nobody has bid yet
                news.append(AuctionStarted(first_bidder=state.first_bidder, minimum=least))

    @staticmethod
    def _bid(state: TrickyState, seat: Seat, amount: int, news: News) -> None:
        state.calls.append((seat, amount))
        state.high_bidder, state.high_bid, state.passes = seat, amount, 0
        state.turn = (seat + 1) % len(state.scores)
        if news is not None:
            news.append(BidMade(seat=seat, amount=amount))

    def _pass(self, state: TrickyState, seat: Seat, news: News) -> None:
        state.calls.append((seat, None))
        state.passes += 1
        if news is not None:
            news.append(Passed(seat=seat))
        seats = len(state.scores)
        if state.high_bidder is None:
            if state.passes == seats:  # TR4: nobody opened; everyone pays, same first bidder
                state.scores = [score - ALL_PASS_PENALTY for score in state.scores]
                if news is not None:
                    news.append(
                        AllPassed(
                            hand=state.hand, penalty=ALL_PASS_PENALTY, scores=tuple(state.scores)
                        )
                    )
                self._new_hand(state, state.first_bidder, news)
                return
        elif state.passes == seats - 1:  # TR4: every other seat passed in a row
            state.phase = "trump"
            state.turn = state.high_bidder
            if news is not None:
                news.append(AuctionWon(seat=state.high_bidder, amount=state.high_bid))
            return
        state.turn = (seat + 1) % seats

    @staticmethod
    def _name_trump(state: TrickyState, seat: Seat, number: int | None, news: News) -> None:
        state.trump = number
        state.phase = "tricks"
        state.turn = seat  # TR6: the high bidder leads the first trick
        if news is not None:
            news.append(TrumpNamed(seat=seat, trump=number))

    def _play(self, state: TrickyState, seat: Seat, dice: tuple[int, ...], news: News) -> None:
        """Play two dice to the trick (TR6); the trick is taken once every seat has played."""
        a, b = sorted(dice)
        state.unplayed[seat] &= ~((1 << a) | (1 << b))
        if news is not None:
            values = state.values[seat]
            news.append(DicePlayed(seat=seat, dice=(_DIE[a][values[a]], _DIE[b][values[b]])))
        trick = state.trick
        trick.append((seat, a, b))
        seats = len(state.scores)
        if len(trick) < seats:
            state.turn = (seat + 1) % seats
            return
        self._take_trick(state, news)
        if state.tricks_played == TRICKS_PER_HAND:
            self._score_hand(state, news)

    @staticmethod
    def _take_trick(state: TrickyState, news: News) -> None:
        """TR7: the highest pair takes the trick and every point on it, and leads next."""
        every, trump, trick = state.values, state.trump, state.trick
        ranks = [
            pair_rank(FACES[a], every[player][a], FACES[b], every[player][b], trump)
            for player, a, b in trick
        ]
        winner = trick[ranks.index(max(ranks))][0]  # the first of the best: a tie stays earlier
        points = sum([every[player][a] + every[player][b] for player, a, b in trick])
        state.taken[winner] += points
        state.tricks_won[winner] += 1
        state.tricks_played += 1
        state.trick = []
        state.last_plays, state.last_trick_winner = trick, winner
        state.turn = winner  # TR6: the winner leads the next trick
        if news is not None:
            news.append(TrickWon(seat=winner, trick=state.tricks_played, points=points))

    def _score_hand(self, state: TrickyState, news: News) -> None:
        bidder = state.high_bidder
        assert bidder is not None, "tricks are only played after an auction is won"
        made, gains = hand_gains(bidder, state.high_bid, state.trump, state.taken)  # TR8
        state.scores = list(map(operator.add, state.scores, gains))
        state.last_score = HandScored(  # kept in the state: the table shows the last hand
            hand=state.hand,
            bidder=bidder,
            bid=state.high_bid,
            trump=state.trump,
            taken=tuple(state.taken),
            made=made,
            gained=gains,
            scores=tuple(state.scores),
        )
        if news is not None:
            news.append(state.last_score)
        target = state.options.target_per_seat * len(state.scores)
        contenders = winners_at_target(state.scores, target, bidder)  # TR9
        if len(contenders) == 1:
            state.winner = contenders[0]
            state.phase = "over"
            if news is not None:
                news.append(GameWon(seat=state.winner, scores=tuple(state.scores)))
            return
        if contenders and news is not None:
            news.append(TieAtTheTarget(seats=contenders))
        self._new_hand(state, next_first_bidder(gains, state.first_bidder), news)  # TR3

    def outcome(self, state: TrickyState) -> Outcome | None:
        """The winner is first (TR9 may crown a lower total); the rest rank by score."""
        winner = state.winner
        if state.phase != "over" or winner is None:
            return None
        scores = state.scores
        places = tuple(
            1
            if seat == winner
            else 2 + sum(1 for other in range(state.seats) if other != winner and scores[other] > s)
            for seat, s in enumerate(scores)
        )
        return Outcome(places=places, scores=tuple(scores))

    # -- knowing ---------------------------------------------------------------------------------

    def view(self, state: TrickyState, seat: Seat | None) -> TrickyView:
        phase = state.phase
        trick = _on_the_table(state, state.trick)
        dice = None
        if seat is not None:
            values = state.values[seat]
            dice = tuple([_HELD[index][values[index]] for index in dice_in(state.unplayed[seat])])
        if phase == "tricks":
            trick_number, leader = state.tricks_played + 1, (trick[0][0] if trick else state.turn)
        else:
            trick_number, leader = (state.tricks_played if phase == "over" else 0), None
        return TrickyView(
            viewer=seat,
            phase=phase,
            hand=state.hand,
            target=state.target,
            scores=tuple(state.scores),
            first_bidder=state.first_bidder,
            waiting_for=self.to_act(state),
            rerolled=tuple(state.rerolled),
            calls=tuple(state.calls),
            high_bidder=state.high_bidder,
            high_bid=state.high_bid,
            minimum_bid=self._minimum_bid(state) if phase == "auction" else None,
            trump_named=phase in ("tricks", "over"),
            trump=state.trump,
            trick_number=trick_number,
            trick=trick,
            leader=leader,
            last_trick=_on_the_table(state, state.last_plays),
            last_trick_winner=state.last_trick_winner,
            tricks_won=tuple(state.tricks_won),
            taken=tuple(state.taken),
            dice_left=tuple(mask.bit_count() for mask in state.unplayed),
            dice=dice,
            last_score=state.last_score,
            winner=state.winner,
        )

    def redeal(self, state: TrickyState, observer: Seat | None, rng: random.Random) -> TrickyState:
        """Roll afresh every unplayed die the observer cannot see, and the future.

        Kinds, played dice and re-roll counts are public and stay. Values are
        drawn uniformly (a re-roll count hints that low dice were rolled again;
        that is left to the computer players' judgement). The re-roll reserve
        and the seed are drawn afresh for every seat: nobody knows what a
        re-roll or a later hand will bring.
        """
        copy = self.clone(state)
        copy.chance = Chance(rng.getrandbits(62), state.chance.draws)
        copy.reserve = [roll_set(rng) for _ in state.reserve]
        for seat in range(state.seats):
            if seat == observer:
                continue
            roll_again(copy.values[seat], dice_in(copy.unplayed[seat]), rng)
        return copy

    def load_state(self, text: str | bytes) -> TrickyState:
        """As :meth:`Game.load_state`; a game saved before the last trick was kept by dice
        index is read too (:func:`_with_last_plays`)."""
        legacy = b'"last_trick"' in text if isinstance(text, bytes) else '"last_trick"' in text
        return super().load_state(_with_last_plays(text) if legacy else text)

    def clone(self, state: TrickyState) -> TrickyState:
        return TrickyState(
            options=state.options,
            chance=Chance(state.chance.seed, state.chance.draws),
            scores=list(state.scores),
            first_bidder=state.first_bidder,
            values=[list(values) for values in state.values],
            unplayed=list(state.unplayed),
            rerolled=list(state.rerolled),
            reserve=[list(values) for values in state.reserve],
            phase=state.phase,
            hand=state.hand,
            turn=state.turn,
            calls=list(state.calls),
            high_bidder=state.high_bidder,
            high_bid=state.high_bid,
            passes=state.passes,
            trump=state.trump,
            trick=list(state.trick),
            tricks_played=state.tricks_played,
            tricks_won=list(state.tricks_won),
            taken=list(state.taken),
            last_plays=list(state.last_plays),
            last_trick_winner=state.last_trick_winner,
            last_score=state.last_score,
            winner=state.winner,
        )

    def check_state(self, state: TrickyState) -> None:
        seats = state.seats
        if not self.min_seats <= seats <= self.max_seats:
            raise CorruptState(f"a Tricky table has 2 to 5 seats, not {seats}")
        per_seat = (state.values, state.unplayed, state.rerolled, state.tricks_won, state.taken)
        if any(len(column) != seats for column in per_seat):
            raise CorruptState("per-seat lists do not match the seat count")
        if len(state.reserve) != (seats if state.phase == "reroll" else 0):
            raise CorruptState("re-roll values are kept exactly while re-rolling")
        for values in (*state.values, *state.reserve):
            if len(values) != DICE_PER_SEAT:
                raise CorruptState("every seat has 18 dice")
            if min(values) < 1 or not all(map(operator.le, values, FACES)):
                raise CorruptState("a die shows a value it does not have")
        if any(not 0 <= mask <= ALL_DICE for mask in state.unplayed):
            raise CorruptState("a seat's unplayed dice are not a set of its 18 dice")
        for seat in (state.turn, state.first_bidder, state.high_bidder, state.winner):
            if seat is not None and not 0 <= seat < seats:
                raise CorruptState("a seat named in the state is not at the table")
        self._check_phase(state)
        self._check_tricks(state)

    @staticmethod
    def _check_phase(state: TrickyState) -> None:
        phase = state.phase
        if (state.high_bidder is None) != (state.high_bid == 0):
            raise CorruptState("a high bid needs a high bidder")
        if phase == "reroll" and (state.calls or any(m != ALL_DICE for m in state.unplayed)):
            raise CorruptState("nothing is bid or played while re-rolling")
        if phase != "reroll" and None in state.rerolled:
            raise CorruptState("the auction starts only after every seat chose its re-roll")
        if phase in ("trump", "tricks", "over") and state.high_bidder is None:
            raise CorruptState("trump and tricks need a winning bidder")
        if phase == "trump" and state.turn != state.high_bidder:
            raise CorruptState("the high bidder names trump")
        named = phase in ("tricks", "over")
        if state.trump is not None and (not named or not 1 <= state.trump <= 20):
            raise CorruptState("trump is a number from 1 to 20, named after the auction")
        if (state.winner is not None) != (phase == "over"):
            raise CorruptState("a game is over exactly when it has a winner")
        if any(count is not None and not 0 <= count <= DICE_PER_SEAT for count in state.rerolled):
            raise CorruptState("a seat re-rolls 0 to 18 dice")

    @staticmethod
    def _check_tricks(state: TrickyState) -> None:
        seats = state.seats
        if not 0 <= state.tricks_played <= TRICKS_PER_HAND or len(state.trick) >= seats:
            raise CorruptState("a hand has nine tricks of one play per seat")
        if state.trick and state.phase != "tricks":
            raise CorruptState("dice are only played to a trick during the tricks")
        if sum(state.tricks_won) != state.tricks_played:
            raise CorruptState("every trick played was won by someone")
        in_trick = _check_plays(state.trick, seats, "the trick in progress")
        last = state.last_plays
        if len(last) != (seats if state.tricks_played else 0):
            raise CorruptState("the last trick has one play per seat, once a trick is taken")
        if (state.last_trick_winner is None) != (not last):
            raise CorruptState("the last trick has a winner exactly when there is one")
        for seat, dice in enumerate(_check_plays(last, seats, "the last trick")):
            if dice & (state.unplayed[seat] | in_trick[seat]):
                raise CorruptState("the last trick names dice that were not played before")
        won = 0
        for seat, mask in enumerate(state.unplayed):
            played = ALL_DICE & ~mask
            on_table = in_trick[seat]
            expected = 2 * state.tricks_played + on_table.bit_count()
            if played.bit_count() != expected or played & on_table != on_table:
                raise CorruptState("the dice played do not match the tricks")
            won += sum(state.values[seat][i] for i in dice_in(played & ~on_table))
        if sum(state.taken) != won:
            raise CorruptState("the points taken do not add up to the dice played")
        if state.phase == "tricks" and state.trick:
            turn = (state.trick[0][0] + len(state.trick)) % seats
            if state.turn != turn:
                raise CorruptState("the seat on turn is not the next to play to the trick")

    # -- telling ---------------------------------------------------------------------------------

    def narrate(self, event: Event, names: Sequence[str]) -> str:
        return text.narrate(event, names)

    def describe(self, view: TrickyView, names: Sequence[str]) -> str:
        return text.describe(view, names)


def _roll_hand(words: Sequence[int], seats: int) -> tuple[list[list[int]], list[list[int]]]:
    """Every seat rolls all 18 dice (TR1, TR2), and the values a re-roll will bring, from
    the random words of one event: each seat's dice, and each seat's re-roll reserve."""
    values, reserve = [], []
    for start in range(0, 2 * WORDS_PER_SET * seats, 2 * WORDS_PER_SET):
        values.append(roll_from(words, start))
        reserve.append(roll_from(words, start + WORDS_PER_SET))
    return values, reserve


def _on_the_table(
    state: TrickyState, plays: Sequence[PlayedPair]
) -> tuple[tuple[Seat, Die, Die], ...]:
    """Plays by dice index as the table sees them: each die's kind and value. A played die
    keeps its value for the rest of the hand, so the last trick is shown from its indices."""
    values = state.values
    return tuple(
        (player, _DIE[a][values[player][a]], _DIE[b][values[player][b]]) for player, a, b in plays
    )


def _check_plays(plays: Sequence[PlayedPair], seats: int, what: str) -> list[int]:
    """Raise :class:`CorruptState` unless ``plays`` name two different dice each and follow
    the seats in turn; the bit set of the dice each seat played in them."""
    played = [0] * seats
    for position, (seat, a, b) in enumerate(plays):
        if not (0 <= a < DICE_PER_SEAT and 0 <= b < DICE_PER_SEAT) or a == b:
            raise CorruptState(f"a play to {what} names dice a seat does not have")
        if seat != (plays[0][0] + position) % seats:
            raise CorruptState(f"{what} is not played in turn")
        played[seat] = (1 << a) | (1 << b)
    return played


def _with_last_plays(text: str | bytes) -> str:
    """A state saved before the last trick was kept by dice index, rewritten to today's form.

    Such a state has ``last_trick``: each play's seat and its two dice as the table saw them,
    ``[faces, value]``. Any die of that seat of the same kind and value, played before the
    trick in progress, stands for each (the table cannot tell such dice apart, and no rule
    reads the last trick)."""
    try:
        data = json.loads(text)
        values, unplayed = data["values"], data["unplayed"]
        used = {(seat, die) for seat, a, b in data["trick"] for die in (a, b)}
        plays = []
        for seat, *shown in data.pop("last_trick"):
            play = [seat]
            for faces, value in shown:
                die = next(
                    die
                    for die in range(DICE_PER_SEAT)
                    if FACES[die] == faces
                    and values[seat][die] == value
                    and not unplayed[seat] >> die & 1
                    and (seat, die) not in used
                )
                used.add((seat, die))
                play.append(die)
            plays.append(play)
        data["last_plays"] = plays
        return json.dumps(data)
    except (ValueError, LookupError, TypeError, StopIteration) as error:
        raise CorruptState(f"saved Tricky state has an unreadable last trick ({error!r})") from None


def _random_follow(matching: int, others: int, draw: float) -> Play:
    """A uniformly random follow (TR6) by a seat holding ``matching`` dice of the leader's
    kinds and ``others`` besides: the pairs of two matching dice, then each matching die with
    each other die, numbered; ``draw`` (uniform in [0, 1)) picks one."""
    inside, outside = dice_in(matching), dice_in(others)
    pairs, count = _PAIRS[len(inside)], len(outside)
    pick = int(draw * (len(pairs) + len(inside) * count))
    if pick < len(pairs):
        i, j = pairs[pick]
        return _PLAY[inside[i] * DICE_PER_SEAT + inside[j]]
    pick -= len(pairs)
    return _PLAY[inside[pick // count] * DICE_PER_SEAT + outside[pick % count]]


def _chosen_dice(dice: tuple[int, ...]) -> int:
    """The bit set of the dice chosen for a re-roll (TR2), refusing a die the seat does not
    have and a die named twice.

    The bits are summed in one C loop (cheaper than min, max and a set over the dice, at
    every re-roll of a random playout); a die named twice carries into another bit, so the
    sum then has fewer bits than dice were named."""
    try:
        mask = sum(map(_DIE_BIT.__getitem__, dice))
    except KeyError:
        raise IllegalAction(N_("You have no such die.")) from None
    if mask.bit_count() != len(dice):
        raise IllegalAction(N_("Choose each die at most once."))
    return mask


def _check_trump(number: int | None) -> None:
    if number is not None and not 1 <= number <= 20:
        raise IllegalAction(N_("Trump is a number from 1 to 20, or no trump."))
