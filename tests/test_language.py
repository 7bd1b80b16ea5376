"""Every construct of the language, parsed and modelled."""

from __future__ import annotations

from riskrules.grammar import model as m
from riskrules.grammar.expr import evaluate
from riskrules.grammar.library import Workspace
from riskrules.grammar.printer import value_text
from riskrules.grammar.reader import read_rules

SAMPLE = """
# A comment line.
source doc "manual.txt" language da title "A manual"

board tiny "A tiny board" {
  continent north en "North" da "Nord" nl "Noord" {
    a en "A" da "Å"
    b
  }
  continent south en "South" {
    c en "C"
  }
  borders {
    a - b, c   # one line, two borders
    b ~ c
  }
}

ruleset base "Base" {
  board: tiny
    cite doc page 3 "ét ord"
    cite doc section "Kapitel" "to ord"
  players: 2 .. 4
  setup.start_armies: {2: 40, 3: 35}
  turn.phases: reinforce, attack, fortify, draw
  reinforcements.territories: max(3, territories // 3 + 1)
  fortify.reach: connected through own territories
  victory: opponents == 0 or not (missions_completed < 4) and yes
  cards {
    trade_values: track 4, 6
      then assumed 8, 10 because "the track is not printed"
      after last +5
    wild: assumed 2 because "not stated"
  }
  missions.deck.first {
    rank: captain
    text: {en: "Take the north", da: "Tag nord"}
    goal: controls(north) and territories_with_at_least(2) >= 3
  }
}

ruleset child extends base {
  override cards.trade_values: by kind {infantry: 4, cavalry: 6, artillery: 8,
                                        mixed: assumed 10 because "cut off"}
  override players: 2 .. 2
  neutrals assumed because "a whole group of gaps" {
    count: 2
    status.track: ally_of_first, not_involved, ally_of_second
  }
}

ruleset sequences extends base {
  override cards.trade_values: sequence 4, 6, 8, 10, 12, 15 then +5
  cards.territory_bonus_cap: none
  override cards.wild: [1]
}
"""


def _model() -> m.RulesFile:
    result = read_rules(SAMPLE, "sample.rules")
    assert result.diagnostics == ()
    assert result.file is not None
    return result.file


def test_sources_and_boards() -> None:
    rules = _model()
    assert rules.sources == (m.Source("doc", "manual.txt", "da", "A manual"),)
    board = rules.boards[0]
    assert board.title == "A tiny board"
    assert [c.id for c in board.continents] == ["north", "south"]
    a = board.continents[0].territories[0]
    assert (a.id, a.continent, a.name("da"), a.name("nl")) == ("a", "north", "Å", "A")
    assert board.continents[0].name("nl") == "Noord"
    assert board.continents[0].territories[1].name("da") == "b"
    assert [(b.a, b.b, b.kind) for b in board.borders] == [
        ("a", "b", "land"),
        ("a", "c", "land"),
        ("b", "c", "sea"),
    ]


def test_clauses_groups_and_citations() -> None:
    base = _model().rulesets[0]
    ids = [c.id for c in base.clauses]
    assert ids == [
        "board",
        "players",
        "setup.start_armies",
        "turn.phases",
        "reinforcements.territories",
        "fortify.reach",
        "victory",
        "cards.trade_values",
        "cards.wild",
        "missions.deck.first.rank",
        "missions.deck.first.text",
        "missions.deck.first.goal",
    ]
    board = base.clauses[0]
    assert board.citations == (
        m.Citation("doc", "ét ord", page=3),
        m.Citation("doc", "to ord", section="Kapitel"),
    )
    assert board.span.line == 20 and board.id_span.column == 3


def test_values() -> None:
    base = {c.id: c.value for c in _model().rulesets[0].clauses}
    assert base["players"] == m.Range(m.Int(2), m.Int(4))
    table = base["setup.start_armies"]
    assert isinstance(table, m.Table) and table.get(3) == m.Int(35)
    assert value_text(base["turn.phases"]) == "reinforce, attack, fortify, draw"
    assert base["fortify.reach"] == m.Phrase(("connected", "through", "own", "territories"))
    formula = base["reinforcements.territories"]
    assert isinstance(formula, m.Call)
    assert evaluate(formula, {"territories": 14}) == 5
    assert evaluate(formula, {"territories": 2}) == 3
    victory = base["victory"]
    assert isinstance(victory, m.BinOp) and victory.op == "or"
    assert evaluate(victory, {"opponents": 1, "missions_completed": 3}) is False
    assert evaluate(victory, {"opponents": 1, "missions_completed": 4}) is True
    assert evaluate(victory, {"opponents": 0, "missions_completed": 0}) is True
    track = base["cards.trade_values"]
    assert isinstance(track, m.Schedule)
    assert (track.kind, track.values, track.step) == ("track", (4, 6, 8, 10), 5)
    assert track.segments[1].assumed == "the track is not printed"
    assert base["cards.wild"] == m.Assumed(m.Int(2), "not stated")
    assert isinstance(base["missions.deck.first.text"], m.Table)


def test_schedules_and_group_assumed() -> None:
    child = {c.id: c for c in _model().rulesets[1].clauses}
    by_kind = child["cards.trade_values"].value
    assert isinstance(by_kind, m.Schedule) and by_kind.kind == "by_kind"
    assert by_kind.table is not None
    assert by_kind.table.get("mixed") == m.Assumed(m.Int(10), "cut off")
    assert child["cards.trade_values"].override
    assert child["neutrals.count"].value == m.Assumed(m.Int(2), "a whole group of gaps")
    assert child["neutrals.count"].assumed
    seq = {c.id: c.value for c in _model().rulesets[2].clauses}["cards.trade_values"]
    assert isinstance(seq, m.Schedule) and (seq.values, seq.step) == ((4, 6, 8, 10, 12, 15), 5)


def test_printing_round_trips() -> None:
    for ruleset in _model().rulesets:
        for clause in ruleset.clauses:
            text = f"ruleset r {{\n  {clause.id}: {value_text(clause.value)}\n}}\n"
            again = read_rules(text, "again.rules")
            assert again.file is not None, (text, again.diagnostics)
            assert again.file.rulesets[0].clauses[0].value == clause.value


def test_inheritance_resolves(tmp_path) -> None:
    path = tmp_path / "sample.rules"
    path.write_text(SAMPLE, encoding="utf-8")
    ws = Workspace.open([str(path)])
    child = ws.resolved["child"]
    assert child.chain == ("child", "base")
    assert child.board is not None and child.board.name == "tiny"
    assert child.value("players") == m.Range(m.Int(2), m.Int(2))
    assert [c.ruleset for c in child.definitions("players")] == ["child", "base"]
    assert child.clause("fortify.reach") is ws.resolved["base"].clause("fortify.reach")


def test_newlines_inside_brackets_and_after_commas() -> None:
    text = (
        "ruleset r {\n"
        "  reinforcements.territories: max(\n    3,\n    territories // 3\n  )\n"
        "  turn.phases: reinforce,\n    attack\n"
        "}\n"
    )
    result = read_rules(text, "r.rules")
    assert result.diagnostics == () and result.file is not None
    assert [c.id for c in result.file.rulesets[0].clauses] == [
        "reinforcements.territories",
        "turn.phases",
    ]
