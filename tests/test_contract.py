"""The checker is the contract: house rules that `riskrules check` accepts are played by the
engine for every player count they allow, given odds and summarised, without an internal
error, a broken invariant, a hang or a resource past its limit.

The house rules are generated over the whole rule catalogue (grammar/schema.py): every rule,
values of its kind and beyond (boundary and huge numbers, words that are not choices,
expressions over its quantities), tables by player count with missing, extra and dead entries,
tables by continent and territory with entries left out, missions and teams, on top of every
built-in ruleset and every example of examples/house-rules. Most generated files are refused
by `check`; each accepted one is played (one game a player count, capped in turns and actions,
as `riskrules simulate` plays it), given odds (as `riskrules odds`) and summarised (as
`riskrules summary`, HTML and Markdown).

RISKRULES_CONTRACT_EXAMPLES sets how many house rules are generated: by default 30 in a quick
run (about fifteen seconds) and 150 at full strength (RISKRULES_HYPOTHESIS=full, as .ci/run
runs the property tests).
"""

from __future__ import annotations

import contextlib
import os
import re
import resource
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from helpers import NOT_HERE, ROOT, build_for, examples
from riskrules import Rules
from riskrules.engine.odds import battle_odds, battle_table, roll_outcomes
from riskrules.grammar import model as m
from riskrules.grammar.diagnostics import Severity
from riskrules.grammar.facts import player_counts
from riskrules.grammar.library import Workspace
from riskrules.grammar.limits import MAX_GRANT
from riskrules.grammar.resolve import EffectiveRuleset
from riskrules.grammar.schema import CATALOGUE, SET_KINDS, SYMBOLS, Kind, RuleSpec
from riskrules.tools.lab import simulate
from riskrules.tools.sheets.summary import render_html, render_markdown

EXAMPLES = int(os.environ.get("RISKRULES_CONTRACT_EXAMPLES", str(examples(150))))
SECONDS = 60  # one house rule: checked, every player count played, odds, two sheets
MEMORY = 1_500 * 2**20  # a house rule's own peak (the limit test_hostile gives a command)
HIGH_WATER = Path("/proc/self/clear_refs")  # Linux: writing 5 starts the peak (VmHWM) afresh


def _peak_from_here() -> None:
    """Start measuring the process's peak memory from now, where the system allows it: one
    house rule's peak is then its own, not an earlier example's or test's (on other systems the
    peak is the process's since it began)."""
    with contextlib.suppress(OSError):
        HIGH_WATER.write_text("5")


def _peak() -> int:
    """The process's peak memory in bytes since `_peak_from_here` (or since it began)."""
    with contextlib.suppress(OSError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


MAX_TURNS = 12  # a game is capped, as `simulate --max-turns` does
MAX_ACTIONS = 3_000

SEEDS = sorted((ROOT / "examples" / "house-rules").glob("*.rules"))
SEED_TEXTS = {str(p): p.read_text(encoding="utf-8") for p in SEEDS}
BUILT_INS = [
    "classic",
    "nl-classic",
    "da-classic",
    "da-web",
    "da-2006",
    "da-2006-2p-passive",
    "da-2006-2p-active",
    "da-2006-sets-by-symbol",
    "da-2006-mission",
    "da-2006-teams",
    "da-web-2p",
    "da-web-2p-classic",
]
_BASE_WS = Workspace.open(list(SEED_TEXTS))
BASES: list[tuple[str, tuple[str, ...]]] = [(name, ()) for name in BUILT_INS] + [
    (ruleset.name, (path,))
    for path in SEED_TEXTS
    for ruleset in (_BASE_WS.file(path) or m.RulesFile(path, (), (), ())).rulesets
]
BOARD = _BASE_WS.resolved["classic"].board
assert BOARD is not None
CONTINENTS = [c.id for c in BOARD.continents]
TERRITORIES = [t.id for t in BOARD.territories]
RULES = [spec for spec in CATALOGUE if not spec.pattern]
MISSION_RULES = [spec for spec in CATALOGUE if spec.pattern]

# ---------------------------------------------------------------- values of every kind

NUMBERS = st.one_of(
    st.integers(0, 6), st.sampled_from([7, 9, 10, 12, 14, 20, 21, 42, 100, 1000, 1_000_000])
)
DICE_HIGH = [
    "1",
    "2",
    "3",
    "7",
    "min(3, armies - 1)",
    "min(3, armies)",
    "min(2, armies)",
    "armies",
    "min(6, armies // 2)",
    "max(1, min(3, armies - 2))",
]


def _formula(names: tuple[str, ...]) -> st.SearchStrategy[str]:
    leaves = st.one_of(st.sampled_from(names or ("1",)), st.integers(0, 12).map(str))

    def grow(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        binary = st.tuples(inner, st.sampled_from(["+", "-", "*", "//", "%"]), inner).map(
            lambda t: f"({t[0]} {t[1]} {t[2]})"
        )
        calls = st.tuples(st.sampled_from(["min", "max"]), inner, inner).map(
            lambda t: f"{t[0]}({t[1]}, {t[2]})"
        )
        return st.one_of(binary, calls)

    return st.recursive(leaves, grow, max_leaves=4)


def _condition(names: tuple[str, ...]) -> st.SearchStrategy[str]:
    compare = st.tuples(
        st.one_of(st.sampled_from(names), _formula(names)),
        st.sampled_from(["==", "!=", "<", "<=", ">", ">="]),
        st.one_of(st.integers(0, 45).map(str), st.sampled_from(names)),
    ).map(" ".join)
    atoms = st.one_of(
        compare,
        st.sampled_from(CONTINENTS).map(lambda c: f"controls({c})"),
        st.sampled_from(["left", "right", "any_opponent"]).map(lambda s: f"eliminated({s})"),
        st.integers(1, 8).map(lambda k: f"territories_with_at_least({k}) >= 3"),
    )
    if names == ("armies",):
        atoms = compare

    def grow(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        both = st.tuples(inner, st.sampled_from(["and", "or"]), inner).map(
            lambda t: f"({t[0]} {t[1]} {t[2]})"
        )
        return st.one_of(both, inner.map(lambda c: f"not {c}"))

    return st.recursive(atoms, grow, max_leaves=3)


def _table(keys: list[str], values: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """A table over `keys`: usually all of them, sometimes one left out or a stranger added."""
    full = st.lists(values, min_size=len(keys), max_size=len(keys)).map(
        lambda vs: dict(zip(keys, vs, strict=True))
    )

    def damage(entries: dict[str, str], how: int, extra: str) -> dict[str, str]:
        if how == 1 and entries:
            entries.pop(next(iter(entries)))
        elif how == 2:
            entries[extra] = next(iter(entries.values()), "1")
        return entries

    return st.builds(
        damage, full, st.sampled_from([0, 0, 0, 1, 2]), st.sampled_from(["atlantis", "europa"])
    ).map(lambda e: "{" + ", ".join(f"{k}: {v}" for k, v in e.items()) + "}")


@st.composite
def _by_players(draw: st.DrawFn, counts: range | None) -> str:
    """Start armies by player count: the counts allowed, or some of them, or others too."""
    allowed = list(counts) if counts is not None else [3, 4, 5, 6]
    keys = draw(
        st.one_of(
            st.just(allowed),
            st.lists(st.integers(1, 9), min_size=1, max_size=6, unique=True).map(sorted),
            st.just(sorted({*allowed, draw(st.integers(1, 9))})),
        )
    )
    values = st.one_of(st.integers(10, 60), st.sampled_from([0, 5, 1000, 5000]))
    return "{" + ", ".join(f"{k}: {draw(values)}" for k in keys) + "}"


@st.composite
def _schedule(draw: st.DrawFn) -> str:
    values = draw(st.lists(st.integers(0, 30), min_size=1, max_size=5))
    listed = ", ".join(map(str, values))
    step = draw(st.sampled_from(["", " then +5", " then +2", " then +500"]))
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return f"fixed {values[0]}"
    if kind == 1:
        return f"sequence {listed}{step}"
    if kind == 2:
        end = draw(st.sampled_from(["stay", "+5"]))
        return f"track {listed} after last {end}"
    kinds = draw(st.lists(st.sampled_from(SET_KINDS), min_size=3, max_size=4, unique=True))
    return "by kind {" + ", ".join(f"{k}: {draw(st.integers(0, 20))}" for k in kinds) + "}"


@st.composite
def value_for(draw: st.DrawFn, spec: RuleSpec, counts: range | None) -> str:
    kind = spec.kind
    if kind == Kind.INT:
        return str(draw(NUMBERS))
    if kind == Kind.OPTIONAL_INT:
        return draw(st.one_of(st.just("none"), NUMBERS.map(str)))
    if kind == Kind.COUNT_OR_UNLIMITED:
        return draw(st.one_of(st.just("unlimited"), st.just("unlimted"), NUMBERS.map(str)))
    if kind == Kind.BOOL:
        return draw(st.sampled_from(["yes", "no"]))
    if kind == Kind.INT_RANGE:
        low = draw(st.integers(0, 7))
        return f"{low} .. {low + draw(st.integers(-1, 6))}"
    if kind == Kind.DICE:
        low = draw(st.sampled_from(["1", "1", "0", "2"]))
        high = draw(st.sampled_from(DICE_HIGH))
        return f"{low} .. {high}"
    if kind == Kind.EXPR:
        return draw(_formula(spec.names))
    if kind == Kind.CONDITION:
        return draw(_condition(spec.names))
    if kind == Kind.BY_PLAYERS:
        return draw(_by_players(counts))
    if kind == Kind.BY_CONTINENT:
        return draw(_table(CONTINENTS, st.one_of(st.integers(0, 10).map(str), st.just("2000"))))
    if kind == Kind.BY_TERRITORY:
        return draw(_table(TERRITORIES, st.sampled_from(SYMBOLS)))
    if kind == Kind.CHOICE:
        return draw(st.one_of(st.sampled_from(spec.choices), st.just("nonsense")))
    if kind == Kind.CHOICES:
        picked = draw(st.lists(st.sampled_from(spec.choices), min_size=1, max_size=7))
        if spec.id == "turn.phases" and draw(st.booleans()):
            picked = sorted(
                set(picked) | {"reinforce", "attack", "fortify"}, key=spec.choices.index
            )
        return ", ".join(picked)
    if kind == Kind.SCHEDULE:
        return draw(_schedule())
    if kind == Kind.BOARD:
        return "world"
    return '{en: "a mission", da: "en mission"}'


@st.composite
def house_rules(draw: st.DrawFn) -> tuple[str, str, tuple[str, ...]]:
    """(the ruleset's name, its file's text, the seed files it needs besides the built-ins)."""
    base, seeds = draw(st.sampled_from(BASES))
    eff = _BASE_WS.resolved[base]
    counts = player_counts(eff)
    lines = []
    for spec in draw(st.lists(st.sampled_from(RULES), min_size=1, max_size=4, unique=True)):
        if spec.id == "players" and draw(st.booleans()):
            low = draw(st.integers(2, 6))
            counts = range(low, low + draw(st.integers(0, 3)) + 1)
            value = f"{counts.start} .. {counts.stop - 1}"
        else:
            value = draw(value_for(spec, counts))
        lines.append(f"{'override ' if eff.clause(spec.id) else ''}{spec.id}: {value}")
    if draw(st.integers(0, 5)) == 0:  # a mission deck of its own
        for i in range(draw(st.integers(1, 5))):
            for spec in MISSION_RULES:
                rule_id = spec.id.replace("*", f"house{i}")
                value = draw(value_for(spec, counts))
                lines.append(f"{'override ' if eff.clause(rule_id) else ''}{rule_id}: {value}")
    body = "\n".join(f"  {line}" for line in lines)
    return "house", f'ruleset house "Generated" extends {base} {{\n{body}\n}}\n', seeds


# ---------------------------------------------------------------- what an accepted one must do


class Hang(Exception):
    pass


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """A hang fails the example (with its house rules) instead of stopping the suite."""

    def expired(signum: int, frame: object) -> None:
        raise Hang(f"past {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _play(name: str, sources: dict[str, str], players: int, agent: str, seed: int) -> None:
    job = simulate.Job(
        name,
        players,
        seed,
        0,
        agent,
        MAX_TURNS,
        None,
        max_actions=MAX_ACTIONS,
        sources=tuple(sorted(sources.items())),
    )
    result = simulate.play(job)
    assert result.violation is None, result.violation


def _odds(rules: Rules) -> None:
    battle_odds(rules, 8, 5)
    battle_table(rules, 6, 6)
    most_attacker = max(rules.attacker_dice(a)[1] for a in range(1, 41))
    most_defender = max(rules.defender_dice(d)[1] for d in range(1, 41))
    if most_attacker >= 1 and most_defender >= 1:
        roll_outcomes(rules, most_attacker, most_defender)


def _summaries(ws: Workspace, eff: EffectiveRuleset) -> None:
    sheets = {lang: build_for(ws, eff, lang) for lang in ("en", "da", "nl")}
    for sheet in sheets.values():
        assert "<html" in render_html(sheet)
    assert render_markdown(sheets["en"])  # the English sheet built once, read by both


def keeps_the_contract(name: str, text: str, seeds: tuple[str, ...]) -> bool:
    """True when `check` accepted the house rules (and every command then did its part); False
    when `check` refused them. An assertion or an exception is a broken contract."""
    path = os.path.abspath("generated-house.rules")
    sources = {path: text, **{s: SEED_TEXTS[s] for s in seeds}}
    ws = Workspace.open(list(seeds), texts={path: text})
    if any(d.severity == Severity.ERROR for d in ws.diagnostics_for([path])):
        return False
    eff = ws.resolved[name]
    counts = player_counts(eff)
    assert counts is not None, "an accepted ruleset allows a range of player counts"
    started = time.perf_counter()
    _peak_from_here()
    with time_limit(SECONDS):
        for players in counts:
            _play(name, sources, players, "aggressive", players)
        _play(name, sources, counts.start, "random", 7)
        _odds(Rules(eff))
        _summaries(ws, eff)
    simulate._RULES.clear()
    peak = _peak()
    assert peak < MEMORY, f"{peak / 2**20:.0f} MiB"
    took = time.perf_counter() - started
    assert took < SECONDS, f"{took:.0f} s"
    return True


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(house_rules())
def test_what_check_accepts_the_engine_plays(case: tuple[str, str, tuple[str, ...]]) -> None:
    name, text, seeds = case
    accepted = keeps_the_contract(name, text, seeds)
    event("accepted by check, and played" if accepted else "refused by check")


# ---------------------------------------------------------------- the cases found by hand

FOUND = {
    # (base, the house rule) -> the code check gives it now
    ("classic", "override setup.start_armies: {3: 40, 4: 35}"): "RR0213",
    ("classic", "override victory: capitals == capitals_in_play"): "RR0226",
    ("classic", "override setup.place_per_turn: 0"): "RR0217",
    ("classic", "override setup.territories: deal"): "RR0227",
    ("da-2006-teams", "override teams.size: 5"): "RR0216",
    ("classic", "override fortify.leave_behind: 0"): "RR0217",
    ("classic", "override cards.wild: 1000000"): "RR0217",
    ("classic", "override cards.draw: 1000000"): "RR0217",
    ("classic", 'override cards.wild: assumed 3 because {en: "a", en: "b"}'): "RR0505",
    # issue 33: the new rules' bad values
    ("classic", "cards.forced_trade_sets: 0"): "RR0217",
    ("classic", "setup.first_turn: highest_roll"): "RR0202",
    ("da-2006-teams", "override teams.reinforce.into_team: 2"): "RR0201",
    ("da-2006-2p-active", "override neutrals.elimination.cards: some"): "RR0202",
    # Found by the property above: a traded card's territory worth 1,000,000 armies made one
    # 12-turn game (3 random players) take 17 s and 1.4 GB, every later example over the limit.
    ("classic", "override cards.territory_bonus: 1000000"): "RR0222",
    ("classic", "override cards.territory_bonus: 1000000\n  cards.territory_bonus_cap: 2000"): (
        "RR0222"
    ),
}

# issue 33: the new rules' values that check accepts, each played in every command.
NEW_RULES = [
    ("classic", "cards.forced_trade_sets: 3"),
    ("da-web", "override cards.forced_trade_sets: 1"),
    ("classic", "setup.first_turn: roll_again"),
    ("da-2006-2p-passive", "override setup.first_turn: roll_again"),
    ("da-2006-teams", "override teams.reinforce.into_team: yes"),
    ("da-2006-teams", "override teams.reinforce.into_team: no"),
    ("da-2006-2p-active", "override neutrals.elimination.cards: chosen_by_conqueror"),
    ("da-2006-2p-active", "override neutrals.elimination.cards: to_conqueror"),
]


def test_the_new_rules_values_are_played() -> None:
    for base, rule in NEW_RULES:
        text = f'ruleset house "New" extends {base} {{\n  {rule}\n}}\n'
        assert keeps_the_contract("house", text, ()), rule


def test_each_case_found_by_hand_is_refused_with_its_code() -> None:
    for (base, rule), code in FOUND.items():
        path = os.path.abspath("found-house.rules")
        text = f'ruleset house "Found" extends {base} {{\n  {rule}\n}}\n'
        ws = Workspace.open(texts={path: text})
        found = [d for d in ws.diagnostics_for([path]) if d.severity == Severity.ERROR]
        assert [d.code for d in found] == [code], (rule, [(d.code, d.message) for d in found])


def test_an_assumed_board_is_played_in_every_command() -> None:
    text = (
        'ruleset house "Assumed board" extends classic {\n'
        '  override board: assumed world because "x"\n}\n'
    )
    assert keeps_the_contract("house", text, ())


def test_a_set_worth_nothing_traded_in_the_attacks_lets_play_go_on() -> None:
    """Found by the property above: on Mission RISK, an elimination forces a trade in the
    middle of the attacks; a set worth no armies left the player in the reinforcement phase
    with nothing to place, and the game stopped."""
    text = (
        'ruleset house "Worthless sets" extends da-2006-mission {\n'
        "  override cards.trade_values: fixed 0\n}\n"
    )
    assert keeps_the_contract("house", text, ())


def test_a_traded_cards_extra_armies_at_the_limit_are_played_within_bounds() -> None:
    """The most extra armies `check` lets a traded card's territory give (the limit on armies
    given at once), with no cap a turn: played, given odds and summarised within the time and
    memory limits (1,000,000 took 17 s and 1.4 GB before `check` refused it)."""
    text = (
        'ruleset house "Rich cards" extends classic {\n'
        f"  override cards.territory_bonus: {MAX_GRANT}\n"
        "  cards.territory_bonus_cap: none\n}\n"
    )
    assert keeps_the_contract("house", text, ())
    over = text.replace(str(MAX_GRANT), str(MAX_GRANT + 1))
    assert not keeps_the_contract("house", over, ())


def test_the_examples_keep_the_contract() -> None:
    """Every example of examples/house-rules, taken as it is, and each of its player counts."""
    for path in SEEDS:
        ws = Workspace.open([str(path)])
        rules_file = ws.file(str(path))
        assert rules_file is not None
        (ruleset,) = rules_file.rulesets
        text = re.sub(
            rf"^ruleset {re.escape(ruleset.name)}(?=\s)",
            "ruleset house",
            SEED_TEXTS[str(path)],
            count=1,
            flags=re.M,
        )  # the name alone: a title may follow on the line or below it
        assert keeps_the_contract("house", text, ()), path.name


def test_a_start_armies_table_missing_a_count_would_not_have_played() -> None:
    """Without RR0213 the game would stop with an internal error: the engine has no start
    armies for 5 players (what `simulate --players 5` ended in)."""
    path = os.path.abspath("unchecked-house.rules")
    text = 'ruleset house "H" extends classic {\n  override setup.start_armies: {3: 40, 4: 35}\n}\n'
    ws = Workspace.open(texts={path: text})
    from riskrules import Game, RulesError

    try:
        Game(Rules(ws.resolved["house"])).start(["a", "b", "c", "d", "e"])
    except RulesError as exc:
        assert "no start armies for 5 players" in str(exc)
    else:
        raise AssertionError("the engine played 5 players without start armies")


def test_an_army_cap_is_checked_only_for_the_player_counts_allowed() -> None:
    """RR0209 reported an entry for 2 players on a ruleset for 3 to 6: never played, it is a
    warning (RR0214), not an error."""
    path = os.path.abspath("capped-house.rules")
    text = (
        'ruleset house "Capped" extends classic {\n'
        "  override setup.start_armies: {2: 200, 3: 35, 4: 30, 5: 25, 6: 20}\n"
        "  territory.max_armies: 12\n}\n"
    )
    found = Workspace.open(texts={path: text}).diagnostics_for([path])
    assert [(d.code, d.severity) for d in found] == [("RR0214", Severity.WARNING)], found


def test_a_house_rules_peak_memory_is_its_own() -> None:
    """The memory a house rule is held to is its own peak: an earlier example's (or test's)
    does not fail every later one."""
    if not HIGH_WATER.exists():
        pytest.skip(NOT_HERE + "no /proc/self/clear_refs: the peak is the process's")
    held = bytearray(300 * 2**20)  # an earlier example's 300 MiB, since let go
    held[::4096] = b"x" * len(held[::4096])  # (written: resident, not only reserved)
    before = _peak()
    del held
    _peak_from_here()
    assert _peak() < before - 200 * 2**20
    again = bytearray(300 * 2**20)
    again[::4096] = b"x" * len(again[::4096])
    assert _peak() >= before - 20 * 2**20  # and a peak after it is seen
