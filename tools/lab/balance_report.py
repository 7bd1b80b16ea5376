"""A balance study for people: the verdicts first (in the page's language), then a short text
table, and an HTML page (templates/balance.html.j2) with its plots (Matplotlib, embedded as
PNG). Every figure shown is one of the study's typed figures (study_figures.StudyFigures), which
balance.json holds too."""

from __future__ import annotations

import base64
import functools
import io
import re
from collections.abc import Callable, Sequence
from typing import Any

import jinja2
from babel.lists import format_list

from .balance_stats import TOO_FEW, seat_label
from .comparison import Difference, Measure
from .figures import Length, MeanLength, SeatShare, Share
from .i18n import translations
from .stages import looked
from .study_figures import StrengthFigures, StudyFigures
from .verdicts import Verdict, verdicts

WIDE = 3  # rulesets shown side by side; past this, one line per ruleset
COMPACT = ("first player wins", "unfinished", "median length, rounds")
Say = Callable[[str], str]


def N_(message: str) -> str:
    """Mark a message for extraction (the figures' JSON keeps the English; it is said in the
    reader's language where it is shown)."""
    return message


# The measures', rows' and tests' names as balance.json holds them, said in the reader's words.
_NAMES = (
    N_("first player wins"),
    N_("unfinished"),
    N_("game length"),
    N_("every place wins as often"),
    N_("first player vs fair share"),
    N_("last player vs fair share"),
    N_("median length, rounds"),
    N_("median length, turns"),
    N_("average length, turns"),
    N_("too few finished games"),
    N_("no games"),
    N_("McNemar's exact test"),
    N_("paired t-test of the ratio of mean lengths up to the cap"),
    N_("t-test of the difference between the two strengths' ratios"),
    N_("t-test of the difference between the two strengths' differences"),
    N_("no game's length changed: the interval is the exact bound on how many could"),
    N_("no seed's difference changed: the interval is the exact bound on how many could"),
    N_("chi-square test that every place in the turn order wins as often"),
    N_("exact binomial test against a fair share of the finished games"),
)


@functools.cache
def _continents() -> dict[str, dict[str, str]]:
    """Every built-in board's continents' names by id, in each language."""
    from ...grammar.library import Workspace

    boards = Workspace.open().index.boards.values()
    return {
        c.id: {lang: c.name(lang) for lang in ("en", "da", "nl")}
        for board in boards
        for c in board.continents
    }


def continent_name(continent: str, _: Say) -> str:
    """A continent's name in the reader's language (the board's own names), else its id."""
    lang = _("en")  # the catalogue's own language code: "da" in the Danish one
    names = _continents().get(continent)
    return names.get(lang, names["en"]) if names else continent.replace("_", " ")


def said_name(name: str, _: Say) -> str:
    """A measure's, row's or test's name (as balance.json holds it) in the reader's words."""
    found = re.fullmatch(r"player (\d+) wins", name)
    if found:
        return _("player {n} wins").format(n=found.group(1))
    found = re.fullmatch(r"holder of (.+) at turn (\d+) wins", name)
    if found:
        return _("holder of {continent} at turn {turn} wins").format(
            continent=continent_name(found.group(1), _), turn=found.group(2)
        )
    return _(name.split(" (")[0]) if name.split(" (")[0] in _NAMES else name


def _pct(x: object) -> str:
    return "–" if not isinstance(x, (int, float)) else f"{100 * x:.0f}%"


def _rate(figure: Share | None) -> str:
    if figure is None or figure.rate is None or figure.ci is None:
        return "–"
    low, high = figure.ci
    return f"{_pct(figure.rate)} ({100 * low:.0f}–{100 * high:.0f}%)"


def _num(x: object) -> str:
    return "–" if not isinstance(x, (int, float)) else f"{x:.0f}"


def _p(p: object) -> str:
    if not isinstance(p, (int, float)):
        return "p –"
    return "p < 0.001" if p < 0.001 else f"p {p:.3f}"


def _points(x: float) -> str:
    return f"{100 * x:+.1f}"


def _seat(seat: SeatShare, _: Say) -> str:
    """A place against its fair share, in points of all games."""
    if seat.advantage is None or seat.ci is None:
        return TOO_FEW
    low, high = seat.ci
    return _("{difference} pts ({low} to {high}), {p}").format(
        difference=_points(seat.advantage),
        low=_points(low),
        high=_points(high),
        p=_p(seat.p_value),
    )


def _median(length: Length) -> str:
    if length.median is None or length.ci is None:
        return TOO_FEW
    low, high = length.ci
    return f"{_num(length.median)} ({_num(low)}–{_num(high) if high is not None else '…'})"


def _mean(length: MeanLength) -> str:
    """A restricted mean: the average turns, each game counted up to the horizon."""
    return "–" if length.mean is None else f"{length.mean:.1f}"


def _measure_cells(measure: Measure, _: Say) -> tuple[str, str]:
    """A difference and its 95% interval as the text and the page show them: shares in points
    of all games, lengths in % of the base's average ("–": not tested, the note says why)."""
    if measure.ci is None or measure.difference is None:
        return (said_name(measure.note, _) if measure.note else "–"), "–"
    found, (low, high) = measure.difference, measure.ci
    if measure.kind == "share":
        return (
            _("{difference} pts").format(difference=_points(found)),
            _("{low} to {high}").format(low=_points(low or 0), high=_points(high or 0)),
        )
    bottom = "…" if low is None else f"{_points(low)}%"  # past what the test bounds
    top = "…" if high is None else f"{_points(high)}%"
    return f"{_points(found)}%", _("{low} to {high}").format(low=bottom, high=top)


def rows(
    study: StudyFigures, _: Say = str, strength: StrengthFigures | None = None
) -> list[tuple[str, list[str]]]:
    """The per-ruleset table of a strength (the first by default): a label (as balance.json
    names the figure: `said_name` says it in the reader's words) and one cell per ruleset."""
    sets = (strength or study.first).rulesets
    out: list[tuple[str, list[str]]] = []
    for seat in range(study.players):
        out.append((seat_label(seat), [_rate(r.wins_by_seat[seat]) for r in sets]))
    out.append(("unfinished", [_rate(r.unfinished) for r in sets]))
    out.append(
        (
            "every place wins as often",
            [
                _p(r.fairness.p_value) if r.fairness.p_value is not None else _(TOO_FEW)
                for r in sets
            ],
        )
    )
    out.append(("first player vs fair share", [_seat(r.first_player, _) for r in sets]))
    out.append(("last player vs fair share", [_seat(r.last_player, _) for r in sets]))
    out.append(("median length, rounds", [_median(r.rounds) for r in sets]))
    out.append(("median length, turns", [_median(r.turns) for r in sets]))
    out.append(("average length, turns", [_mean(r.mean_turns) for r in sets]))
    continents = list(sets[0].continent_holder_wins) if sets else []
    for continent in continents:
        out.append(
            (
                f"holder of {continent} at turn {study.observe_turn} wins",
                [_rate(r.continent_holder_wins.get(continent)) for r in sets],
            )
        )
    return out


def stopped_note(study: StudyFigures, _: Say = str) -> str | None:
    """Why a study stopped before its last game, and what its figures are then (None: it
    did not)."""
    stopped = study.stopped
    if not stopped:
        return None
    return _(
        "Stopped early ({reason}): {played:,} games played of {planned:,} per ruleset; "
        "these figures are the first {games:,} seeds, which every ruleset finished."
    ).format(
        reason=stopped["reason"],
        played=stopped["games_played"],
        planned=stopped["games_planned"],
        games=study.games,
    )


def reading(study: StudyFigures, lang: str) -> str:
    """How to read the verdicts: what the family claims, the units."""
    _ = translations(lang).gettext
    return _(
        "Each range is at least 95% sure on its own, and wider where needed so that, for all "
        "{count} comparisons of this study together, the chance that any verdict here called "
        "clear is a false alarm is at most 5% (game length is weighed first). Shares are of "
        "all games, a game still going at the cap of {cap} turns being unfinished; a point is "
        "one game in a hundred. A turn is one player's turn. Lengths are average turns, each "
        "game counted up to turn {horizon} (a game still going then counts {horizon}), in % "
        "of the first ruleset's."
    ).format(count=study.family.comparisons, cap=study.max_turns, horizon=study.horizon) + (
        looked(study.family.look, lang)
    )


def players_note(study: StudyFigures, lang: str) -> str:
    """The report's first line: who played, and that the verdicts are about them."""
    _ = translations(lang).gettext
    return _(
        "Played by the lab's built-in players ({players}): these verdicts are about how they "
        "play, and people may play otherwise."
    ).format(players=strengths_named(study, _, lang))


def strengths_named(study: StudyFigures, _: Say = str, lang: str = "en") -> str:
    """The agents a study was played by, one strength after another (as `lang` lists them)."""
    return str(format_list([s.agents for s in study.strengths], locale=lang))


def _about(study: StudyFigures, _: Say, lang: str) -> dict[str, object]:
    """What the text and the page say of the study's games: how many players, how many games
    per ruleset from which seeds, by which agents (a sentence's fields)."""
    first, last = study.seeds
    agents = strengths_named(study, _, lang)
    return dict(players=study.players, games=study.games, first=first, last=last, agents=agents)


def text(study: StudyFigures, lang: str = "en", found: list[Verdict] | None = None) -> str:
    _ = translations(lang).gettext
    note = stopped_note(study, _)
    lines = [*_wrapped(players_note(study, lang), 0), "", *([note, ""] if note else [])]
    found = verdicts(study.comparisons(), lang) if found is None else found
    if found:
        lines.append(_("Verdicts"))
        for verdict in found:
            lines += [f"  {verdict.variant} ({verdict.base}):", *_wrapped(verdict.text, 4)]
        lines += ["", *_wrapped(reading(study, lang), 0), ""]
    lines += [
        _(
            "{players} players, {games} games per ruleset (seeds {first}–{last}, the same for "
            "every ruleset), {agents} agents; {rate} games/s"
        ).format(**_about(study, _, lang), rate=study.games_per_s),
        "",
    ]
    lines += _tables(study, study.first, _)
    for other in study.strengths[1:]:
        with_them = _("With {agents} agents in every seat (the same seeds):")
        lines += ["", "", with_them.format(agents=other.agents), ""]
        lines += _tables(study, other, _)
        for diff in other.contrasts or ():
            minus = _(
                "{variant}: the effect with {agents} agents minus the effect with {first} agents "
                "(same seeds)"
            )
            said = minus.format(variant=diff.variant, agents=other.agents, first=study.agent)
            lines += ["", said, *_measure_lines(diff.measures, _)]
    return "\n".join(lines)


def _tables(study: StudyFigures, strength: StrengthFigures, _: Say) -> list[str]:
    """The table of every ruleset's figures, then each variant's differences."""
    sets = strength.rulesets
    lines: list[str] = []
    found = [(said_name(label, _), values, label) for label, values in rows(study, _, strength)]
    if len(sets) <= WIDE:
        table = [("", [r.name for r in sets]), *((said, v) for said, v, _k in found)]
    else:  # a sweep's grid: one line per ruleset, the figures a reader compares first
        picked = [(said, values) for said, values, key in found if key in COMPACT]
        table = [("", [said for said, _v in picked])]
        table += [(r.name, [values[k] for _s, values in picked]) for k, r in enumerate(sets)]
    width = max(len(label) for label, _v in table) + 2
    cells = [max(len(row[1][k]) for row in table) + 2 for k in range(len(table[0][1]))]
    for label, values in table:
        line = label.ljust(width) + "".join(v.ljust(c) for v, c in zip(values, cells, strict=True))
        lines.append(line.rstrip())
    for diff in strength.differences:
        against = _("{variant} against {base} (same seeds; variant minus base)")
        lines += ["", against.format(variant=diff.variant, base=diff.base)]
        lines += _measure_lines(diff.measures, _)
    return lines


def _measure_lines(measures: Sequence[Measure], _: Say) -> list[str]:
    """Each comparison on a line: the difference, its interval, p and adjusted p, the test."""
    found_rows = []
    for m in measures:
        difference, interval = _measure_cells(m, _)
        shown = difference if interval == "–" else f"{difference} ({interval})"
        adjusted = "" if m.p_adjusted is None else f"adj. {_p(m.p_adjusted)[2:]}"
        said = (said_name(m.measure, _), shown, _p(m.p_value), adjusted)
        found_rows.append((*said, said_name(m.test, _)))
    widths = [max(len(r[k]) for r in found_rows) + 2 for k in range(4)]
    widths = [max(w, least) for w, least in zip(widths, (20, 30, 12, 14), strict=True)]
    lines = []
    for row in found_rows:
        padded = "".join(c.ljust(w) for c, w in zip(row[:4], widths, strict=True))
        lines.append(f"  {padded}{row[4]}".rstrip())
    return lines


def _wrapped(paragraph: str, indent: int, width: int = 92) -> list[str]:
    import textwrap

    pad = " " * indent
    return textwrap.wrap(paragraph, width, initial_indent=pad, subsequent_indent=pad)


# ------------------------------------------------------------------------------------ the page


def _png(figure: Any) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _bulk(study: StudyFigures) -> float:
    """Where the length curves are cut: the round by which 98% of every ruleset's games are
    over (or the longest seen), so that a few long games do not squeeze the rest."""
    ends = []
    for r in study.rulesets:
        curve = r.rounds.curve
        over = [t for t, s in curve if s <= 0.02]
        ends.append(over[0] if over else (curve[-1][0] if curve else 1))
    return max(max(ends, default=1), 1)


def plots(study: StudyFigures, lang: str = "en") -> list[tuple[str, str]]:
    """(caption, base64 PNG) for: each ruleset's outcomes (the places' win shares and the
    unfinished games, of all games, with intervals), the length curves (the share of games
    still going, round by round), each variant's differences with their intervals, and a
    two-rule sweep's grid as heat maps."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    _ = translations(lang).gettext
    sets = study.rulesets
    players = study.players
    out = []

    fig, ax = plt.subplots(figsize=(7.5, 3.4))
    width = 0.8 / max(1, len(sets))
    labels = [_("player {n}").format(n=s + 1) for s in range(players)] + [_("unfinished")]
    for k, r in enumerate(sets):
        figures = [*r.wins_by_seat, r.unfinished]
        xs = [seat + k * width for seat in range(players + 1)]
        rates = [w.rate or 0 for w in figures]
        errors = [
            [(w.rate or 0) - w.ci[0] if w.ci else 0 for w in figures],
            [w.ci[1] - (w.rate or 0) if w.ci else 0 for w in figures],
        ]
        ax.bar(xs, rates, width, yerr=errors, capsize=3, label=r.name)
    fair = [(r.completed / r.games / players) if r.games else 0 for r in sets[:1]]
    ax.axhline(fair[0], color="grey", linestyle=":", linewidth=1, label=_("fair share"))
    ax.set_xticks([seat + width * (len(sets) - 1) / 2 for seat in range(players + 1)])
    ax.set_xticklabels(labels)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.set_ylabel(_("share of all games"))
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    out.append((_("Who wins, by place in the turn order, with 95% intervals"), _png(fig)))
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(7.5, 3.4))
    end = _bulk(study)
    for r in sets:
        curve = r.rounds.curve
        if curve:
            xs = [0.0] + [t for t, _ in curve]
            ys = [1.0] + [s for _, s in curve]
            ax.step(xs, ys, where="post", linewidth=1.5, label=r.name)
    ax.axhline(0.5, color="grey", linestyle=":", linewidth=1, label=_("half the games over"))
    ax.set_xlim(0, end + 1)
    ax.set_ylim(0, 1.02)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.set_xlabel(_("round (every player's turn once)"))
    ax.set_ylabel(_("games still going"))
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    out.append((_("How long games last: the share still going after each round"), _png(fig)))
    plt.close(fig)

    for diff in study.differences if len(sets) <= 1 + WIDE else ():
        drawn = _difference_plot(diff, _)
        if drawn is not None:
            out.append(drawn)
    grid = study.grid
    if grid is not None and len(grid["rules"]) == 2:
        out += _heat_maps(study, grid, _)
    return out


def _difference_plot(diff: Difference, _: Say) -> tuple[str, str] | None:
    """A variant's differences with their 95% intervals (None: nothing was tested)."""
    from matplotlib import pyplot as plt

    measures = [m for m in diff.measures if m.ci is not None and m.difference is not None]
    if not measures:
        return None
    fig, ax = plt.subplots(figsize=(7.5, 0.4 * len(measures) + 1.2))
    ys = list(range(len(measures)))
    points = [100 * (m.difference or 0) for m in measures]
    bounds = [m.ci or (None, None) for m in measures]
    ax.errorbar(
        points,
        ys,
        xerr=[
            [
                p - 100 * (b[0] if b[0] is not None else p / 100)
                for p, b in zip(points, bounds, strict=True)
            ],
            [
                100 * (b[1] if b[1] is not None else p / 100) - p
                for p, b in zip(points, bounds, strict=True)
            ],
        ],
        fmt="o",
        capsize=3,
    )
    ax.axvline(0, color="grey", linewidth=1)
    ax.set_yticks(ys)
    ax.set_yticklabels(
        [
            said_name(m.measure, _) + (_(" (% of the base)") if m.kind == "length" else "")
            for m in measures
        ],
        fontsize=8,
    )
    ax.invert_yaxis()
    ax.set_xlabel(_("difference: points of all games, or % of the base's average length"))
    fig.tight_layout()
    caption = _("{variant} minus {base}, with 95% intervals")
    drawn = (caption.format(variant=diff.variant, base=diff.base), _png(fig))
    plt.close(fig)
    return drawn


def _heat_maps(study: StudyFigures, grid: dict[str, Any], _: Any) -> list[tuple[str, str]]:
    """A two-rule sweep as two heat maps that fit the page: the median length in rounds and
    the first player's share of all games at each point, the figure written in each cell."""
    from matplotlib import pyplot as plt

    (rule_a, rule_b), (values_a, values_b) = grid["rules"], grid["values"]
    points = study.rulesets[1:]
    out = []
    for key, caption in (
        ("rounds", _("Median length in rounds at each point of the grid")),
        ("first", _("The first player's share of all games at each point of the grid")),
    ):
        cells = [[0.0] * len(values_b) for _ in values_a]
        for n, point in enumerate(points):
            i, j = divmod(n, len(values_b))
            found = point.rounds.median if key == "rounds" else point.wins_by_seat[0].rate
            cells[i][j] = float("nan") if found is None else float(found)
        size = (min(9.0, 1.2 + 0.9 * len(values_b)), min(7.0, 1.0 + 0.5 * len(values_a)))
        fig, ax = plt.subplots(figsize=size)
        shown = ax.imshow(cells, cmap="viridis", aspect="auto")
        for i in range(len(values_a)):
            for j in range(len(values_b)):
                value = cells[i][j]
                label = (
                    "–" if value != value else (f"{value:.0f}" if key == "rounds" else _pct(value))
                )
                ax.text(j, i, label, ha="center", va="center", color="white", fontsize=8)
        ax.set_xticks(range(len(values_b)), [_short(v) for v in values_b], fontsize=8, rotation=30)
        ax.set_yticks(range(len(values_a)), [_short(v) for v in values_a], fontsize=8)
        ax.set_xlabel(rule_b)
        ax.set_ylabel(rule_a)
        fig.colorbar(shown, ax=ax, shrink=0.8)
        out.append((caption, _png(fig)))
        plt.close(fig)
    return out


def _short(value: str) -> str:
    return value if len(value) <= 18 else value[:17] + "…"


NO_PLOTS = (
    "The plots are left out here: they need Matplotlib, which a web page cannot load. "
    "riskrules balance on a computer draws them; the figures below are the same."
)


def page(study: StudyFigures, lang: str = "en", found: list[Verdict] | None = None) -> str:
    """A self-contained HTML page (templates/balance.html.j2): the verdicts (`found`, or
    computed here), the plots, then the tables' details."""
    _ = translations(lang).gettext
    try:
        drawn = plots(study, lang)
    except ImportError:  # in the web page (Pyodide) Matplotlib cannot be installed
        drawn = []
    about = _(
        "{players} players, {games} games per ruleset (seeds {first}–{last}, the same for "
        "every ruleset, so differences come from the rules), {agents} agents. Intervals are "
        "95%; differences are paired by seed; p (adjusted) is adjusted for the study's {count} "
        "comparisons together."
    ).format(**_about(study, _, lang), count=study.family.comparisons)
    return (
        _environment(lang)
        .get_template("balance.html.j2")
        .render(
            lang=lang,
            study=study,
            players=players_note(study, lang),
            stopped=stopped_note(study, _),
            verdicts=verdicts(study.comparisons(), lang) if found is None else found,
            reading=reading(study, lang),
            plots=drawn,
            no_plots=_(NO_PLOTS),
            about=about,
            rows=[(said_name(label, _), values) for label, values in rows(study, _)],
            differences=_difference_tables(study, _),
        )
    )


def _difference_tables(study: StudyFigures, _: Say) -> list[dict[str, Any]]:
    """Each variant's differences under each strength, then each strength's contrasts with the
    first: a heading and a row of cells per measure."""
    labelled: list[tuple[str, Difference]] = [
        (_("{variant} against {base}"), d) for d in study.differences
    ]
    for other in study.strengths[1:]:
        them = _("{variant} against {base} ({agents} agents in every seat)")
        minus = _(
            "{variant}: the effect with {agents} agents minus the effect with {first} agents "
            "(same seeds)"
        )
        labelled += [
            (them.format(agents=other.agents, variant="{variant}", base="{base}"), d)
            for d in other.differences
        ]
        labelled += [
            (minus.format(agents=other.agents, first=study.agent, variant="{variant}"), d)
            for d in other.contrasts or ()
        ]
    return [
        {
            "heading": heading.format(variant=diff.variant, base=diff.base),
            "rows": [
                (
                    said_name(m.measure, _),
                    *_measure_cells(m, _),
                    _p(m.p_value),
                    _p(m.p_adjusted),
                    said_name(m.test, _),
                )
                for m in diff.measures
            ],
        }
        for heading, diff in labelled
    ]


@functools.cache
def _environment(lang: str) -> jinja2.Environment:
    """The report's templates, HTML-escaped, with the lab's catalogue in `lang`."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("riskrules.tools.lab", "templates"),
        extensions=["jinja2.ext.i18n"],
        autoescape=jinja2.select_autoescape(["html", "j2"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    # old-style: a message is not %-formatted ("95% interval" has a % of its own)
    env.install_gettext_translations(translations(lang), newstyle=False)  # type: ignore[attr-defined]
    return env
