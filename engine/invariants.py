"""What must hold after every action, whatever the ruleset: the simulator checks these."""

from __future__ import annotations

from typing import Final

from .game import Game
from .rows import INTERPRETED
from .state import GameState


def violations(game: Game, state: GameState, since: GameState | None = None) -> list[str]:
    """Every invariant the position breaks (empty when all hold).

    With `since`, the position just before (and sound), a territory whose row of armies is the
    very same object as before is not looked at again (states share unchanged rows), nor are the
    cards counted when no hand or pile changed: only what an action changed is re-checked,
    besides the armies' count, which spans the whole game.
    """
    watch = Watch(game)
    if since is not None:
        watch.check(since)
    return watch.check(state)


class Watch:
    """The invariants of one game checked position after position, each against the last.

    A check costs what the action changed, not a scan of the board: it looks again only at
    the territories whose row of armies is not the very row of the last position (positions
    share the rows an action did not change), in one pass over each, and keeps its own count
    of each territory's armies and of the reserves, so that the armies' conservation is a sum
    of differences. The first position, and the one that ends the setup, are checked whole.
    These counts live here, with the simulator's game, not in the pure state; the rightful
    controller of a territory is counted here from its row, apart from the engine's own
    reading (its view of the position, which the next decision reads too).
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self._last: GameState | None = None
        self._totals: list[int] = []  # armies in each territory, as last checked
        self._on_board = 0
        self._reserves: tuple[int, ...] | None = None
        self._in_reserve = 0
        self._deck = len(game.rules.deck)
        self._sole = game.rules.word("territory.control") == "sole_occupant"
        self._was_setting_up = True  # whether the last position checked was

    def check(self, state: GameState) -> list[str]:
        last = self._last
        rel = self.game.rel
        rows = state.armies
        phase = state.phase
        setting_up = phase in _SETTING_UP
        if last is None or last.territories is not state.territories:
            changed = list(range(len(rows)))
            self._totals = [0] * len(rows)
            self._on_board = 0
            whole = True
        else:
            changed = rel.changed(rows, last.armies)
            # The whole board when the claiming is over, even if no row changed.
            whole = self._was_setting_up and not setting_up
        self._last = state
        self._was_setting_up = setting_up
        out: list[str] = []
        if state.reserves is not self._reserves:
            self._reserves = state.reserves
            total = 0
            for n in state.reserves:
                total += n
            self._in_reserve = total
        # Control is read only once territories are all handed out; the engine's reading of
        # it (its view, which the next decision reads too) against each row looked at here.
        control = None if setting_up else rel.view(state).control
        looked = changed
        if control is not None:
            looked = _looked(state, last, changed, whole)
        names = state.territories
        sole = self._sole
        totals = self._totals
        on_board = self._on_board
        negative = False
        memo = _MEMO
        wrong: list[str] | None = None  # made when something is found (most checks find nothing)
        empty: list[str] | None = None
        for i in looked:
            # The row read in one pass (`_read`): its armies (kept, for the count of the
            # board: a row not changed adds nothing), and whether it is held by its rightful
            # seat and not left empty (but the one a conquest is waiting to move into).
            row = rows[i]
            if memo is None:
                total, occupied, first, tops, below = _read(row)
            else:
                found = memo.get(row)
                if found is None:
                    found = _read(row)
                    if len(memo) < MEMO_ROWS:
                        memo[row] = found
                total, occupied, first, tops, below = found
            if below:
                negative = True
            on_board += total - totals[i]
            totals[i] = total
            if control is None:
                continue
            if not occupied:
                if state.pending is None or names[i] != state.pending.target:
                    empty = _noted(empty, names[i])
            elif sole:
                if occupied > 1:
                    wrong = _noted(
                        wrong,
                        f"{names[i]} is shared, but this ruleset lets one player hold a territory",
                    )
                elif control[i] != first:
                    wrong = _noted(wrong, f"{names[i]} is controlled by the wrong seat")
            elif control[i] != (first if tops == 1 else -1):
                wrong = _noted(wrong, f"{names[i]} is controlled by the wrong seat")
        self._on_board = on_board
        self._conserved(state, last, on_board, out)
        if negative:
            out.append("a negative number of armies")
        if wrong is not None:
            out += wrong
        if empty is not None:
            out.append(f"empty territories: {', '.join(empty[:5])}")
        return out

    def _conserved(
        self, state: GameState, last: GameState | None, on_board: int, out: list[str]
    ) -> None:
        """Whether the armies (on the board and in reserve, against those handed out and lost)
        and the cards (where any moved) are all there, a line in `out` for each not."""
        if on_board + self._in_reserve != state.created - state.destroyed:
            out.append(
                f"armies not conserved: {on_board + self._in_reserve} on the board and "
                f"in reserve, {state.created} handed out, {state.destroyed} lost"
            )
        cards_moved = (
            last is None
            or state.hands is not last.hands
            or state.draw_pile is not last.draw_pile
            or state.discards is not last.discards
        )
        if cards_moved and state.cards_in_play() != self._deck:
            out.append(
                f"cards not conserved: {state.cards_in_play()} in hands and piles, "
                f"deck of {self._deck}"
            )


def _looked(state: GameState, last: GameState | None, changed: list[int], whole: bool) -> list[int]:
    """The rows whose control is looked at: those changed; every row when the whole board is
    looked at; and the territory a conquest was waiting to move into, moved into or not."""
    if whole:
        return list(range(len(state.armies)))
    if last is not None and last.pending is not None:
        again = state.index[last.pending.target]
        if again not in changed:
            return [*changed, again]
    return changed


def _read(row: tuple[int, ...]) -> tuple[int, int, int, int, bool]:
    """What the watch reads of a row, in one pass: its armies, how many seats have armies in
    it, the seat with most (the first of them; -1: none) and how many seats have that many,
    and whether a count is negative."""
    total, occupied, top, first, tops, negative = 0, 0, 0, -1, 0, False
    for k in range(len(row)):
        n = row[k]
        if n:
            total += n
            occupied += 1
            if n < 0:
                negative = True
            elif n > top:
                top, first, tops = n, k, 1
            elif n == top:
                tops += 1
    return total, occupied, first, tops, negative


# `_read` of the rows the Python engine's watch has read (rows repeat: a few hundred in a
# thousand games of classic), at most MEMO_ROWS of them; compiled, none (the loop is cheaper).
MEMO_ROWS: Final = 8_192
_MEMO: Final[dict[tuple[int, ...], tuple[int, int, int, int, bool]] | None] = (
    {} if INTERPRETED else None
)


def _noted(found: list[str] | None, what: str) -> list[str]:
    """`found` with `what` added (a list made for the first: most checks find nothing)."""
    if found is None:
        return [what]
    found.append(what)
    return found


# The phases in which territories are still being handed out (they may be empty, and control
# is not read).
_SETTING_UP: Final = frozenset(("deal", "missions", "claim"))
