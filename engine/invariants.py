"""What must hold after every action, whatever the ruleset: the simulator checks these."""

from __future__ import annotations

from .game import Game
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

    def check(self, state: GameState) -> list[str]:
        last = self._last
        if last is None or last.territories is not state.territories:
            changed = list(range(len(state.armies)))
            self._totals = [0] * len(changed)
            self._on_board = 0
            whole = True
        else:
            changed = self.game.rel.changed(state.armies, last.armies)
            # The whole board when the claiming is over, even if no row changed.
            whole = _setting_up(last.phase) and not _setting_up(state.phase)
        self._last = state
        out: list[str] = []
        if state.reserves is not self._reserves:
            self._reserves = state.reserves
            total = 0
            for n in state.reserves:
                total += n
            self._in_reserve = total
        facts = self._rows(state, changed)
        if self._on_board + self._in_reserve != state.created - state.destroyed:
            out.append(
                f"armies not conserved: {self._on_board + self._in_reserve} on the board and "
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
        if facts.negative:
            out.append("a negative number of armies")
        if _setting_up(state.phase):
            return out
        if whole and len(changed) < len(state.armies):
            facts.extend(state, [i for i in range(len(state.armies)) if i not in changed])
        # The territory a conquest was waiting to move into, moved into or not.
        if last is not None and last.pending is not None and not whole:
            again = state.index[last.pending.target]
            if again not in changed:
                facts.extend(state, [again])
        if facts.looked:
            self._control(state, facts, out)
        return out

    def _rows(self, state: GameState, changed: list[int]) -> _Facts:
        """One pass over each changed row: its armies (kept, for the count of the board),
        and what the control check needs."""
        facts = _Facts()
        totals, rows = self._totals, state.armies
        on_board = self._on_board
        for i in changed:
            total = facts.add(rows[i], i)
            on_board += total - totals[i]
            totals[i] = total
        self._on_board = on_board
        return facts

    def _control(self, state: GameState, facts: _Facts, out: list[str]) -> None:
        """Every territory looked at is held by its rightful seat, and none is left empty
        (but the one a conquest is waiting to move into)."""
        pending = state.pending.target if state.pending else None
        control = self.game.rel.view(state).control
        names = state.territories
        empty = []
        for k in range(len(facts.looked)):
            i = facts.looked[k]
            occupied = facts.occupied[k]
            if not occupied:
                if names[i] != pending:
                    empty.append(names[i])
                continue
            first = facts.first[k]
            if self._sole:
                if occupied > 1:
                    out.append(
                        f"{names[i]} is shared, but this ruleset lets one player hold a territory"
                    )
                elif control[i] != first:
                    out.append(f"{names[i]} is controlled by the wrong seat")
            elif control[i] != (first if facts.alone[k] else -1):
                out.append(f"{names[i]} is controlled by the wrong seat")
        if empty:
            out.append(f"empty territories: {', '.join(empty[:5])}")


class _Facts:
    """What one pass over some territories' rows found: for each, the seats with armies, the
    first seat with the most, and whether it is alone with that many; any negative count."""

    def __init__(self) -> None:
        self.looked: list[int] = []
        self.occupied: list[int] = []
        self.first: list[int] = []
        self.alone: list[bool] = []
        self.negative = False

    def add(self, row: tuple[int, ...], i: int) -> int:
        """Read territory `i`'s row; its armies."""
        total, occupied, top, first, tops = 0, 0, 0, -1, 0
        for k in range(len(row)):
            n = row[k]
            if n != 0:
                total += n
                occupied += 1
                if n < 0:
                    self.negative = True
                elif n > top:
                    top, first, tops = n, k, 1
                elif n == top:
                    tops += 1
        self.looked.append(i)
        self.occupied.append(occupied)
        self.first.append(first)
        self.alone.append(tops == 1)
        return total

    def extend(self, state: GameState, indices: list[int]) -> None:
        """Territories looked at for control only (their armies have not changed)."""
        for i in indices:
            self.add(state.armies[i], i)


def _setting_up(phase: str) -> bool:
    """Territories are still being handed out (they may be empty, and control is not read)."""
    return phase == "deal" or phase == "missions" or phase == "claim"
