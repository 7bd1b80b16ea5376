"""Every limit riskrules sets on what a user writes, in one place.

The README's table of limits lists each with what happens past it; the checker enforces the
ones on values (so what `check` accepts, the engine runs), the reader those on files.
"""

from __future__ import annotations

# ---------------------------------------------------------------- files and syntax
MAX_FILE_BYTES = 1_000_000  # a rules file (checked by size before it is read)
MAX_NESTING = 64  # brackets inside brackets
MAX_TREE_DEPTH = 150  # the parse tree, however it nests
MAX_EXPR_DEPTH = 64  # operators nested in one expression (a chain a + b + … nests one each)
MAX_NUMBER = 1_000_000  # any number written in a rules file

# ---------------------------------------------------------------- values the engine plays
MAX_DICE = 6  # dice one side rolls at once
MAX_GRANT = 1_000  # armies given at once: start armies, a turn's income, a set, a continent
MAX_TRADE_STEP = 100  # what each further set adds in a `then +N` trade schedule
MAX_ARMIES_IN_TERRITORY = 1_000_000  # the domain checked for `armies` in dice and move-in rules
MAX_PLAYERS = 12  # seats at one table, neutral armies included
MAX_WILD_CARDS = 20  # wild cards in the deck (the printed game has 2): the deck is dealt and drawn
MAX_CARDS_DRAWN = 10  # cards drawn at the end of a turn with a conquest (the printed game: 1)
MAX_BRIBE_STEPS = 10  # status steps one bribe card moves a neutral army (its track has 3 spaces)

# ---------------------------------------------------------------- game records
MAX_RECORD_LINE = 100_000  # bytes in one line of a record (a line past it is refused, unread)

# ---------------------------------------------------------------- simulated games
DEFAULT_MAX_TURNS = 500  # `simulate --max-turns`: a game still going is counted unfinished
DEFAULT_MAX_ACTIONS = 200_000  # `simulate --max-actions`: the same, counted in actions

# ---------------------------------------------------------------- diagnostics
MAX_SYNTAX_ERRORS = 20  # syntax errors reported in one file (the parser resumes at the next rule)
