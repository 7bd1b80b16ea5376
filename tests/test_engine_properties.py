"""Properties over random games: conservation, no empty territory, offered actions accepted,
random other actions either refused with a known rule id or among those offered."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import riskrules
from helpers import NOT_HERE, ROOT, VARIANTS, examples
from riskrules import (
    AllyReinforce,
    Attack,
    Bribe,
    Claim,
    ClaimMission,
    Draw,
    EndAttack,
    EndPhase,
    EndTurn,
    Fortify,
    Game,
    GameState,
    MoveIn,
    Place,
    RuleViolation,
    StatusRoll,
    Trade,
)
from riskrules.engine.invariants import violations
from riskrules.grammar.schema import lookup

RULESETS = [
    "classic",
    *VARIANTS,
    *sorted(str(p) for p in (ROOT / "tests" / "houserules").glob("*.rules")),
    # The examples that change what the engine allows: a cap on armies, a neutral for three.
    str(ROOT / "examples" / "house-rules" / "army-cap.rules"),
    str(ROOT / "examples" / "house-rules" / "three-and-a-neutral.rules"),
]
_CACHE: dict[str, riskrules.Rules] = {}


def rules_for(name: str) -> riskrules.Rules:
    if name not in _CACHE:
        _CACHE[name] = riskrules.load(name)
    return _CACHE[name]


def check_invariants(rules: riskrules.Rules, game: Game, state: GameState) -> None:
    """The simulator's own checks (engine/invariants.py), which must all hold."""
    assert violations(game, state) == []


def random_action(rng: random.Random, state: GameState, rules: riskrules.Rules) -> object:
    territories = state.territories
    t1, t2 = rng.choice(territories), rng.choice(territories)
    hand = [*list(state.hands[state.current]), rng.randrange(len(rules.deck))]
    kind = rng.randrange(14)
    seat_names = [seat.name for seat in state.seats]
    if kind == 9:
        return Bribe(rng.choice(seat_names), rng.choice(hand))
    if kind == 10:
        return StatusRoll(rng.choice(seat_names), rng.randint(0, 7))
    if kind == 11:
        return AllyReinforce(rng.choice(seat_names), rng.randint(0, 7))
    if kind == 12:
        return ClaimMission(rng.choice(["captain_12", "general_30", "nonsense"]))
    if kind == 13:
        return EndPhase()
    if kind == 0:
        return Claim(t1)
    if kind == 1:
        return Place(t1, rng.randint(-1, 8))
    if kind == 2:
        cards = rng.sample(hand, 3) if len(hand) >= 3 else hand + [0, 1][: 3 - len(hand)]
        return Trade(tuple(cards))  # type: ignore[arg-type]
    if kind == 3:
        a, d = rng.randint(0, 4), rng.randint(0, 3)
        return Attack(
            t1,
            t2,
            a,
            d,
            (
                tuple(rng.randint(0, 7) for _ in range(a)),
                tuple(rng.randint(1, 6) for _ in range(d)),
            ),
        )
    if kind == 4:
        return MoveIn(rng.randint(0, 8))
    if kind == 5:
        return Fortify(t1, t2, rng.randint(0, 6))
    if kind == 6:
        return Draw(rng.randrange(len(rules.deck)))
    if kind == 7:
        return EndAttack()
    return EndTurn()


def _strip(action: object) -> object:
    if isinstance(action, Attack):
        return Attack(action.source, action.target, action.attacker_dice, action.defender_dice)
    if isinstance(action, Draw):
        return Draw()
    if isinstance(action, (StatusRoll, AllyReinforce)):
        return type(action)(action.neutral)
    if isinstance(action, Trade):
        return Trade(tuple(sorted(action.cards)), action.kind)  # type: ignore[arg-type]
    return action


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.integers(2, 5), st.integers(0, 2**32 - 1))
def test_random_games_keep_invariants(name: str, players: int, seed: int) -> None:
    rules = rules_for(name)
    low, high = rules.players
    players = min(max(players, low), high)
    game = Game(rules)
    rng = random.Random(seed)
    state = game.start([f"p{i}" for i in range(players)])
    state = game.apply(state, game.chance(state, game.legal_actions(state)[0], rng))
    for _ in range(600):
        if state.phase == "over":
            break
        offered = game.legal_actions(state)
        assert offered, state.phase
        # A random action that may be illegal: refused with a real rule id, or else offered.
        probe = random_action(rng, state, rules)
        try:
            game.apply(state, game.chance(state, probe, rng))  # type: ignore[arg-type]
        except RuleViolation as exc:
            assert lookup(exc.rule) is not None, exc.rule
        except ValueError:
            pass
        else:
            stripped = _strip(probe)
            if isinstance(stripped, Trade):  # (a trade that earns extra armies names them)
                assert any(
                    isinstance(a, Trade) and a.cards == stripped.cards and a.bonus == probe.bonus
                    for a in offered
                )
            else:
                assert stripped in offered, (probe, state.phase)
        # Prefer attacks and conquests so games progress past the opening.
        attacks = [a for a in offered if isinstance(a, (Attack, MoveIn, Bribe, ClaimMission))]
        action = rng.choice(attacks if attacks and rng.random() < 0.7 else offered)
        state = game.apply(state, game.chance(state, action, rng))
        check_invariants(rules, game, state)


@pytest.mark.parametrize("name", RULESETS, ids=lambda n: Path(n).stem)
def test_every_offered_action_is_accepted(name: str) -> None:
    rules = rules_for(name)
    game = Game(rules)
    rng = random.Random(11)
    low, high = rules.players
    state = game.start(["a", "b", "c", "d"][: min(max(low, 3), high)])
    for _ in range(300):
        if state.phase == "over":
            break
        offered = game.legal_actions(state)
        for action in rng.sample(offered, min(len(offered), 5)):
            game.apply(state, game.chance(state, action, rng))
        state = game.apply(state, game.chance(state, rng.choice(offered), rng))


def test_the_simulators_running_check_agrees_with_a_full_one_and_catches_a_leak() -> None:
    """`Watch` keeps the armies on the board as a running total; after every action of a real
    game it must find what a full scan finds, and an army appearing from nowhere mid-game (a
    row changed without `created`) must still be reported."""
    from riskrules.engine.agents import aggressive_agent
    from riskrules.engine.invariants import Watch
    from riskrules.engine.rows import shift_armies

    rules = rules_for("classic")
    game = Game(rules)
    rng = random.Random(3)
    state = game.start(["a", "b", "c"])
    watch = Watch(game)
    assert watch.check(state) == []
    for _ in range(400):
        state = game.apply(state, aggressive_agent(game, state, rng))
        assert watch.check(state) == violations(game, state) == []
    owned = state.index[game.owned(state, state.current)[0]]
    leaked = state.evolve(armies=shift_armies(state.armies, owned, state.current, 5))
    found = watch.check(leaked)
    assert found and "armies not conserved" in found[0]


def test_dice_are_those_of_randint_for_every_seed() -> None:
    """The engine rolls its dice from three random bits, as CPython's randint(1, 6) does, so a
    seed plays the same game whichever way a die is drawn, and every face comes up."""
    from riskrules.engine.actions import die

    for seed in range(20):
        ours, python = random.Random(seed), random.Random(seed)
        rolled = [die(ours) for _ in range(600)]
        assert rolled == [python.randint(1, 6) for _ in range(600)]
        assert set(rolled) == {1, 2, 3, 4, 5, 6}


def test_the_watch_checks_the_whole_board_when_the_setup_ends() -> None:
    """The running check looks only at rows an action changed, except when the claiming is
    over: then every territory must be held, even if the last action changed no row."""
    from riskrules.engine.invariants import Watch

    game = Game(rules_for("classic"))
    state = game.start(["a", "b", "c"])
    assert state.phase in ("deal", "claim")
    watch = Watch(game)
    assert watch.check(state) == []
    unclaimed = state.evolve(phase="place")  # the very same rows: the board is still empty
    assert any("empty territories" in found for found in watch.check(unclaimed))


def test_the_watch_remembers_what_reading_a_row_again_gives() -> None:
    """The Python engine's watch remembers what it read of each army row (rows repeat from
    game to game); what it remembers must be what reading the row again gives, for every row
    of real games, and a row is read as a count of its armies and seats would read it (a tie
    at the top, a negative count). Compiled, it remembers nothing (`rows.INTERPRETED`)."""
    import riskrules
    from riskrules.engine import invariants
    from riskrules.engine.rows import INTERPRETED

    assert INTERPRETED is (riskrules.engine_kind() == "pure Python")
    for row, read in {
        (0, 0, 0): (0, 0, -1, 0, False),
        (0, 3, 1): (4, 2, 1, 1, False),
        (2, 0, 2, 1): (5, 3, 0, 2, False),
        (1, -1, 0): (0, 2, 0, 1, True),
    }.items():
        assert invariants._read(row) == read, row
    memo = invariants._MEMO
    if memo is None:
        assert not INTERPRETED
        return
    memo.clear()
    for name, players in (("classic", 4), ("da-2006-2p-active", 2)):
        watch = None
        for game, state in _played(name, players, "aggressive", seed=6):
            watch = watch or invariants.Watch(game)
            assert watch.check(state) == []
    assert len(memo) > 50
    for row, read in memo.items():
        assert read == invariants._read(row), row


def test_evolve_changes_the_fields_given_and_keeps_every_other() -> None:
    """engine/state.py's constructor and evolve are generated from one table of fields
    (engine/state_fields.py): evolve must change exactly the field it is given, for every
    field, and keep the others (a field evolve forgot would silently reset).
    Markers no field holds stand for the new values: the Python engine does not check types."""
    import inspect

    from riskrules.engine.state import GameState

    try:
        names = [n for n in inspect.signature(GameState.evolve).parameters if n != "self"]
    except ValueError:
        pytest.skip(NOT_HERE + "the compiled engine's methods carry no signature (and check types)")
    assert len(names) >= 30
    start = Game(rules_for("classic")).start(["a", "b", "c"])
    for name in names:
        marker = object()
        changed = start.evolve(**{name: marker})
        for other in names:
            expected = marker if other == name else getattr(start, other)
            assert getattr(changed, other) is expected, (name, other)
        assert changed.index is start.index


def _played(name: str, players: int, agent: str, seed: int) -> Iterator[tuple[Game, GameState]]:
    """The positions of a seeded game of `agent` players, its start and after each of its
    actions (1,500 at most): the game and the position."""
    from riskrules.engine.agents import AGENTS

    game = Game(rules_for(name))
    rng = random.Random(seed)
    state = game.start([f"p{i}" for i in range(players)])
    yield game, state
    for _ in range(1500):
        if state.phase == "over":
            return
        state = game.apply(state, AGENTS[agent](game, state, rng))
        yield game, state


def test_the_view_kept_up_to_date_is_the_one_made_afresh_at_every_position() -> None:
    """`Relations.view` patches the last position's view where rows changed (a frontier
    changed a neighbour at a time): after every action of real games, conquests, placements
    and eliminations among them, every list of it must be what reading the board afresh
    gives, and so must each seat's territories (`owned`, remembered while the controllers
    stay the very list)."""
    for name, players, agent in (
        ("classic", 4, "aggressive"),
        ("classic", 6, "random"),
        ("da-2006-2p-active", 2, "aggressive"),
    ):
        moved = 0
        before: list[int] | None = None
        for game, state in _played(name, players, agent, seed=2):
            view, fresh = game.rel.view(state), game.rel._fresh(state.armies)
            moved += before is not None and view.holders != before
            before = view.holders
            assert view.control == fresh.control, (name, state.turn)
            assert view.holders == fresh.holders, (name, state.turn)
            assert view.totals == fresh.totals, (name, state.turn)
            assert view.present == fresh.present, (name, state.turn)
            assert view.held == fresh.held, (name, state.turn)
            assert view.borders == fresh.borders, (name, state.turn)
            for seat in range(players):  # owned: remembered while the controllers stay
                owned = game.rel.owned(state, seat)
                assert owned == [
                    t for t, c in zip(state.territories, fresh.control, strict=True) if c == seat
                ], (name, state.turn, seat)
                owned.append("a caller's own list")  # a new list each time, the memo unharmed
        assert moved > 50, name  # territories changed hands, the frontier with them


def test_the_remembered_frontier_is_the_boards_at_every_position() -> None:
    """`Relations.fronts` (where an army's attacks start, remembered while the view's lists
    are the very same) must be what a scan of the position finds, for every seat after every
    action of real games, a conquest's new frontier included; and the agent's attack is the
    one the scan would choose (the records are the same)."""
    for name, players in (("classic", 4), ("da-2006-2p-active", 2)):
        conquests = 0
        for game, state in _played(name, players, "aggressive", seed=5):
            conquests += state.phase == "move_in"
            view = game.rel.view(state)
            for seat in range(len(state.seats)):
                scanned = [
                    i
                    for i in range(len(view.control))
                    if view.control[i] == seat and view.borders[i]
                ]
                assert game.rel.fronts(view, seat) == scanned, (name, state.turn, seat)
        assert conquests > 10


def test_the_dice_are_compared_highest_first_for_every_roll() -> None:
    """`Rules.losses` sorts two or three dice by comparisons: every roll of one to three dice
    against one to three loses what pairing the sorted dice loses."""
    import itertools

    rules = rules_for("classic")
    for a in range(1, 4):
        for d in range(1, 4):
            for attack in itertools.product(range(1, 7), repeat=a):
                for defence in itertools.product(range(1, 7), repeat=d):
                    high_a, high_d = sorted(attack, reverse=True), sorted(defence, reverse=True)
                    pairs = zip(high_a, high_d, strict=False)  # the fewer dice are compared
                    lost_d = sum(1 for x, y in pairs if x > y)
                    lost_a = min(a, d) - lost_d
                    assert rules.losses(attack, defence) == (lost_a, lost_d), (attack, defence)


def test_the_dice_lost_are_those_of_the_sorted_pairs_for_either_tie_rule() -> None:
    """`dice_lost` finds the highest and second highest die by comparisons (up to three
    against two) and sorts more: under either tie rule, for every roll it compares and 5,000
    drawn at random of each roll it sorts (one to four dice against one to three), it loses
    what comparing the sorted dice pair by pair loses."""
    import itertools

    from riskrules.engine.actions import dice_lost

    rng = random.Random(4)
    for ties_to_attacker in (False, True):
        for a in range(1, 5):
            for d in range(1, 4):
                every = itertools.product(
                    itertools.product(range(1, 7), repeat=a),
                    itertools.product(range(1, 7), repeat=d),
                )
                drawn = (
                    (tuple(rng.choices(range(1, 7), k=a)), tuple(rng.choices(range(1, 7), k=d)))
                    for _ in range(5_000)
                )
                sorted_way = a > 3 or d > 2
                for attack, defence in drawn if sorted_way else every:
                    high_a, high_d = sorted(attack, reverse=True), sorted(defence, reverse=True)
                    pairs = zip(high_a, high_d, strict=False)  # the fewer dice are compared
                    won = [x > y or (x == y and ties_to_attacker) for x, y in pairs]
                    expected = (won.count(False), won.count(True))
                    assert dice_lost(attack, defence, ties_to_attacker) == expected


def test_a_roll_keeps_every_other_field_as_evolve_does() -> None:
    """`GameState.rolled`, generated beside evolve (the position after most rolls): it must be
    `evolve` of its four fields, every other field kept."""
    import inspect

    from riskrules.engine.state import GameState

    try:
        names = [n for n in inspect.signature(GameState.evolve).parameters if n != "self"]
    except ValueError:
        pytest.skip(NOT_HERE + "the compiled engine's methods carry no signature (and check types)")
    state = Game(rules_for("classic")).start(["a", "b", "c"])
    for name in names:  # a marker in each field in turn, kept by the roll
        state = state.evolve(**{name: object()})
    given = {name: object() for name in ("armies", "destroyed", "invasion", "rolls")}
    rolled = state.rolled(**given)  # type: ignore[arg-type]
    expected = state.evolve(**given)  # type: ignore[arg-type]
    for name in [*names, "index"]:
        assert getattr(rolled, name) is getattr(expected, name), name


def test_the_generated_part_of_the_state_is_current() -> None:
    """GameState's fields have one home, engine/state_fields.py's table: the constructor,
    evolve and rolled in engine/state.py are generated from it (regenerate:
    python -m riskrules.engine.state_fields), and a hand's edit of them shows here."""
    from riskrules.engine import state_fields

    source = Path(state_fields.__file__).with_name("state.py")
    if not source.exists():
        pytest.skip(NOT_HERE + "the compiled engine ships no state.py")
    text = source.read_text(encoding="utf-8")
    assert state_fields.written(text) == text, "run: python -m riskrules.engine.state_fields"
