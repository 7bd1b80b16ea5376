"""Real mistakes, answered in the author's terms.

tests/mistakes/ holds house-rules files as players write them, each with one mistake: a
misspelt word or id, a missing comma, brace or quote, curly quotes pasted from a word
processor, `/` for `//`, a value without its keyword (`10` for `fixed 10`), words for a
formula, a Danish or Dutch word for an English one, a rule without `override`, a table where a
value goes and the reverse. The first line of each says the diagnostic it must get (its code,
its line and words of its message that name what was meant); the second the quick fix the
hint offers (`# fix: none` where no fix is sure). A fix is applied as the language server
applies it (the hint's replacement over the diagnostic's span) and must make the mistake go.
No message or hint lists the grammar's tokens.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers import ROOT
from riskrules.grammar.diagnostics import Diagnostic
from riskrules.grammar.library import Workspace
from riskrules.tools.service.fixes import fix_from_hint

MISTAKES = sorted((ROOT / "tests" / "mistakes").glob("*.rules"))
EXPECT = re.compile(r'# expect: (RR\d{4}) line (\d+) "(.*)"$')
FIX = re.compile(r'# fix: (?:"(.*)"|none)$')
LANG = re.compile(r"# lang: (da|nl)$")
# What a list of the grammar's tokens looks like: "expected '*', '//' or '%', ',', …", or a
# terminal's name.
TOKEN_LIST = re.compile(
    r"expected [^.;]*'[^']*', '|\b(RULE_ID|RULESET_NAME|LBRACE|RBRACE|LPAR|RPAR|LSQB|RSQB|"
    r"COLON|COMMA|DOTS|_NL|\$END|COMPARE|MUL|ADD)\b|a comparison, "
)


def _header(path: Path) -> tuple[str, int, str, str | None, str]:
    """The expected code, line, words of the message (in the file's language: `# lang: da`
    on the third line, else English) and quick fix."""
    first, second, third = ([*path.read_text(encoding="utf-8").splitlines(), ""])[:3]
    expect, fixed, lang = EXPECT.match(first), FIX.match(second), LANG.match(third)
    assert expect and fixed, f"{path.name}: no '# expect:' and '# fix:' header"
    said = lang.group(1) if lang else "en"
    return expect.group(1), int(expect.group(2)), expect.group(3), fixed.group(1), said


def _diagnostics(path: Path, text: str | None = None) -> list[Diagnostic]:
    texts = {str(path): text} if text is not None else None
    return Workspace.open([str(path)], texts=texts).diagnostics_for([str(path)])


def _apply(text: str, diag: Diagnostic, replacement: str) -> str:
    """The text with the diagnostic's span replaced, as an editor applies a quick fix."""
    lines = text.split("\n")
    s = diag.span
    assert s.line == s.end_line, "a quick fix replaces text on one line"
    line = lines[s.line - 1]
    lines[s.line - 1] = line[: s.column - 1] + replacement + line[s.end_column - 1 :]
    return "\n".join(lines)


def test_the_corpus_holds_at_least_fifty_mistakes() -> None:
    assert len(MISTAKES) >= 50
    in_their_words = [p for p in MISTAKES if _header(p)[4] != "en"]
    assert len(in_their_words) >= 30, "30 Danish and Dutch players' mistakes, in their words"


@pytest.mark.parametrize("path", MISTAKES, ids=lambda p: p.stem)
def test_a_mistake_gets_a_message_naming_what_was_meant(path: Path) -> None:
    code, line, words, replacement, lang = _header(path)
    diags = _diagnostics(path)
    for diag in diags:
        said = f"{diag.message} {diag.hint or ''}"
        assert not TOKEN_LIST.search(said), f"a token list: {said}"
    found = [d for d in diags if d.code == code and d.span.line == line and words in d.text(lang)]
    assert found, [(d.code, d.span.line, d.text(lang), d.hint_text(lang)) for d in diags]
    diag = found[0]
    if replacement is None:
        return
    assert replacement in fix_from_hint(diag), (diag.hint, replacement)
    text = path.read_text(encoding="utf-8")
    fixed = _diagnostics(path, _apply(text, diag, replacement))
    assert not [d for d in fixed if d.code == code and words in d.text(lang)], fixed
    assert not [d for d in fixed if d.code in ("RR0001", "RR0002")], fixed


def test_a_half_typed_line_does_not_hide_the_other_diagnostics(tmp_path: Path) -> None:
    """The parser resumes at the next rule: every mistake of a file is reported, syntax and
    the rest, through the checker's API (what the language server publishes)."""
    path = tmp_path / "house.rules"
    path.write_text(
        'ruleset family "Our table" extends classic {\n'
        "  override victory: 30 territories\n"  # 2: words for a condition
        "  override combat.ties: attacke\n"  # 3: a misspelt choice, found after the error
        "  override setup.start_armies: {3: 40, 4: 35, 5: 30 6: 25}\n"  # 4: a comma
        "  override reinforcements.territories: territories / 3\n"  # 5: '/' for '//'
        "  override victory: territories >=\n"  # 6: unfinished
        "  override fortify.reach: adjacnt\n"  # 7: resumed at this line
        "  override combat.defender.dice: 1 .. min(3, armies\n"  # 8: '(' never closed
        "  override cards.trade_values: 10\n"  # 9: resumed here
        "}\n",
        encoding="utf-8",
    )
    found = [(d.code, d.span.line) for d in _diagnostics(path)]
    assert found == [
        ("RR0001", 2),
        ("RR0202", 3),
        ("RR0001", 4),
        ("RR0002", 5),
        ("RR0001", 6),
        ("RR0202", 7),
        ("RR0001", 8),
        ("RR0201", 9),
    ], found


def test_a_file_with_syntax_errors_is_still_refused(tmp_path: Path) -> None:
    """What parsed around a syntax error is checked, never played, printed or formatted."""
    from helpers import run_cli

    path = tmp_path / "house.rules"
    text = 'ruleset family "T" extends classic {\n  override victory: 30 territories\n}\n'
    path.write_text(text, encoding="utf-8")
    for args in (("simulate", str(path), "-g", "1"), ("summary", str(path)), ("fmt", str(path))):
        result = run_cli(*args)
        assert result.code == 1 and "territories >= 30" in result.err, (args, result.err)
    assert path.read_text(encoding="utf-8") == text


def test_the_number_of_syntax_errors_is_bounded(tmp_path: Path) -> None:
    from riskrules.grammar.limits import MAX_SYNTAX_ERRORS

    path = tmp_path / "house.rules"
    body = "".join(f"  override combat.ties: attacker{i}; \n" for i in range(200))
    path.write_text(f"ruleset family extends classic {{\n{body}}}\n", encoding="utf-8")
    syntax = [d for d in _diagnostics(path) if d.code in ("RR0001", "RR0002")]
    assert len(syntax) == MAX_SYNTAX_ERRORS


def test_a_rule_lost_to_a_syntax_error_is_not_also_missing(tmp_path: Path) -> None:
    """The statement a syntax error drops is not reported again as a required rule missing
    (RR0206): one mistake, one message."""
    classic = (ROOT / "specs" / "classic.rules").read_text(encoding="utf-8")
    broken = classic.replace("ruleset classic ", "ruleset mine ", 1).replace(
        "ties: defender", "ties: = defender", 1
    )
    assert broken != classic
    path = tmp_path / "mine.rules"
    path.write_text(broken, encoding="utf-8")
    codes = [d.code for d in _diagnostics(path) if d.severity.value == "error"]
    assert codes == ["RR0002"], codes
