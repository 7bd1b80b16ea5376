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
MAX_STRING = 1_000  # characters between a string's quotes (a title, a name, a reason, an anchor)
MAX_MANUAL_BYTES = 20_000_000  # a manual's text read by `trace --sources` (and `check --report`)
MAX_LISTED_PASSAGES = 1_000  # uncovered passages `trace --uncovered` lists per manual (all counted)
MAX_SHOWN_PASSAGES = 20_000  # passages per manual `trace --format html` shows (the rest counted)

# ---------------------------------------------------------------- values the engine plays
MAX_DICE = 6  # dice one side rolls at once
MAX_GRANT = 1_000  # armies given at once: start armies, a turn's income, a set, a continent
MAX_TRADE_STEP = 100  # what each further set adds in a `then +N` trade schedule
MAX_ARMIES_IN_TERRITORY = 1_000_000  # the domain checked for `armies` in dice and move-in rules
MAX_PLAYERS = 12  # seats at one table, neutral armies included
MAX_WILD_CARDS = 20  # wild cards in the deck (the printed game has 2): the deck is dealt and drawn
MAX_CARDS_DRAWN = 10  # cards drawn at the end of a turn with a conquest (the printed game: 1)
MAX_BRIBE_STEPS = 10  # status steps one bribe card moves a neutral army (its track has 3 spaces)

# ---------------------------------------------------------------- odds
MAX_ODDS_ARMIES = 1_000  # `odds -a/-d`: an invasion is a chain over A x D positions (0.3 s)
MAX_ODDS_TABLE = 200  # `odds --table N`: every A, D up to N
MAX_EXACT_ODDS = 60  # `odds --exact`: exact fractions grow longer with every army

# ---------------------------------------------------------------- game records
MAX_RECORD_LINE = 100_000  # bytes in one line of a record (a line past it is refused, unread)
MAX_RECORD_BYTES = 100_000_000  # bytes in a whole record, a file or standard input
MAX_RECORD_ACTIONS = 500_000  # lines after the header, blank ones too (and the most
# `simulate --max-actions` allows, so the referee reads every record the simulator writes)

# ---------------------------------------------------------------- simulated games
DEFAULT_MAX_TURNS = 500  # `simulate --max-turns`: a game still going is counted unfinished
# The built-in agents, weakest first (engine/ladder.py plays them; `riskrules ladder` ranks them)
LADDER = ("random", "aggressive", "positional", "search", "planner")
SEARCH_EVALUATIONS = 32  # the `search` player's positions weighed a decision (counted, not timed)
PLANNER_ROLLOUTS = 16  # the `planner`'s turns played out to plan one of its own (counted)
DEFAULT_MAX_ACTIONS = 200_000  # `simulate --max-actions`: the same, counted in actions

MAX_GAMES = 1_000_000  # `simulate --games`, and a study's `--games` (each ruleset's)
MAX_STUDY_GAMES = 1_000_000  # a study's games, every ruleset's together (each finished game's
# figures, about 200 bytes, are kept until the last: a study at the limit holds about 200 MB)
MAX_SWEEP_POINTS = 64  # points of a sweep's grid (a grid past this is a typo or a split job)

# ---------------------------------------------------------------- a Dask cluster
DEFAULT_CONNECT_TIMEOUT = 20  # `--connect-timeout`: seconds to reach the scheduler
DEFAULT_WORKER_TIMEOUT = 60  # `--worker-timeout`: seconds a study waits with no worker at all
TASKS_PER_THREAD = 2  # tasks handed to the cluster at once, per worker thread, ...
MAX_GAMES_IN_FLIGHT = 20_000  # ... and at most this many games in them (the rest wait, unmade;
# one task of `--batch` games at least, and `--batch` is at most this)

# ---------------------------------------------------------------- the language server
MAX_LSP_MESSAGE = 16_000_000  # bytes in one message (a rules file is at most 1 MB; JSON can
# double it): a longer one is skipped unread and answered with an error, the session goes on
MAX_LSP_HEADER = 4_096  # bytes in one header line of a message
LSP_STALL_SECONDS = 1.0  # a message's body that stops coming for this long is cut there and
# refused (its Content-Length said more than was sent): the editor waiting for an answer gets one

# ---------------------------------------------------------------- diagnostics
MAX_SYNTAX_ERRORS = 20  # syntax errors reported in one file (the parser resumes at the next rule)

# ---------------------------------------------------------------- the studio
MAX_STUDIO_BODY = 256 * 1024  # bytes in one request to the studio (a house rule's text is far
# shorter; a longer body is refused unread with a page saying so)
MAX_STUDIO_GAMES = 1_000  # games per ruleset a study started from the studio plays, within
# MAX_STUDIO_SECONDS on a busy two-core machine: a house rule against its base at two strengths
# is four times this many games, played at 18-35 a second here (load 8-12; 10 a second in the
# slowest measure, issue 42), so 115-400 s. Larger studies: `riskrules balance`, or a Dask
# scheduler with `--games` there
MAX_STUDIO_SECONDS = 600  # a studio study still running after this stops with its figures so
# far (the seeds every ruleset finished), or is cancelled if it cannot
MAX_STUDIO_DRAFTS = 200  # drafts the start page offers back (the newest first)
