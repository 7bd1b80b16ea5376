"""The service layer: what every front end calls (the command line, the language server, the
studio). Typed functions that take a snapshot of rules texts (snapshot.py: read and checked
once, made by the front end) and which of its rulesets, and return typed results; they never
print and never exit. A request that cannot be served raises a `ServiceError` (errors.py)
carrying the message and the diagnostics behind it, and its `kind`, which a front end maps
to its own outcome (the command line: exit 1 or 2).

  snapshot.py    one snapshot of rules texts: the workspace, its diagnostics, each ruleset's
                 Rules (made once); Snapshots, a front end's one per open text
  rulesets.py    list, show, explain; a ruleset's title
  language.py    check (diagnostics), format, the check report (report.py)
  odds.py        battle odds, tables, one roll
  sheets.py      the rule sheet (HTML, Markdown, PDF) and the diff (rows, pages)
  compliance.py  run scenarios, trace, the manuals' coverage, referee a game record
  lab.py         simulate, balance and sweep studies (with a progress callback and a Cancel)
  authoring.py   new (a house rule's start)
  editing.py     the studio's rule form (form.py: its results), each rule a control in
                 words (presets.py: the formulas the games and examples use, each said by the
                 sheet's sentence); set and clear a rule in a house-rules file's text
                 (edits.py), its title and a rule's note (wording.py); quick fixes (fixes.py,
                 the language server's too)

Each imports the workflow folders' modules (sheets/, lab/, compliance/, authoring/) only where
a function needs them, so a front end that starts pays only for what it calls.
"""
