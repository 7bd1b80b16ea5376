"""A balance study for people: a short text table, and an HTML page with its plots (Matplotlib,
embedded as PNG). Every figure shown is one of the study's JSON figures."""

from __future__ import annotations

import base64
import io
from typing import Any

from ..shared.escape import html
from .balance_stats import Figure, seat_label

WIDE = 3  # rulesets shown side by side; past this, one line per ruleset
COMPACT = ("first player wins", "unfinished", "turns: mean, median (quartiles)")


def _pct(x: object) -> str:
    return "–" if not isinstance(x, (int, float)) else f"{100 * x:.0f}%"


def _rate(figure: Any) -> str:
    if figure.get("rate") is None:
        return "–"
    low, high = figure["ci"]
    return f"{_pct(figure['rate'])} ({100 * low:.0f}–{100 * high:.0f}%)"


def _num(x: object, digits: int = 1) -> str:
    if not isinstance(x, (int, float)):
        return "–"
    shown = f"{x:.{digits}f}"
    return shown.rstrip("0").rstrip(".") if "." in shown else shown


def _signed(x: float, rate: bool) -> str:
    if rate:
        return f"{100 * x:+.1f} pts"
    return f"{x:+.1f}"


def _p(p: object) -> str:
    if not isinstance(p, (int, float)):
        return "p –"
    return "p < 0.001" if p < 0.001 else f"p {p:.3f}"


def _advantage(first: Any) -> str:
    return f"{_signed(first['advantage'], True)}, {_p(first['p_value'])}"


def _interval(low: float, high: float, rate: bool) -> str:
    scale = 100 if rate else 1
    return f"{scale * low:+.1f} to {scale * high:+.1f}"


def _measure_cells(measure: Any) -> tuple[str, str]:
    """A difference and its 95% interval as text and the page show them ("–": undefined)."""
    rate = measure["kind"] == "rate"
    found, ci = measure["difference"], measure["ci"]
    difference = _signed(found, rate) if found is not None else "–"
    return difference, (_interval(ci[0], ci[1], rate) if ci else "–")


def rows(study: Figure) -> list[tuple[str, list[str]]]:
    """The per-ruleset table: a label and one cell per ruleset."""
    sets: list[Any] = study["rulesets"]
    players = int(study["players"])
    out: list[tuple[str, list[str]]] = []
    for seat in range(players):
        label = seat_label(seat)
        out.append((label, [_rate(r["wins_by_seat"][seat]) for r in sets]))
    out.append(
        (
            "first-player advantage",
            [
                _advantage(r["first_player"]) if r["first_player"]["advantage"] is not None else "–"
                for r in sets
            ],
        )
    )
    out.append(("unfinished", [_rate(r["unfinished"]) for r in sets]))
    for key, what in (("turns", "turns"), ("actions", "actions")):
        out.append(
            (
                f"{what}: mean, median (quartiles)",
                [
                    f"{_num(r[key]['mean'])}, {_num(r[key]['median'], 0)} "
                    f"({_num(r[key]['q1'], 0)}–{_num(r[key]['q3'], 0)})"
                    if r[key]["n"]
                    else "–"
                    for r in sets
                ],
            )
        )
    out.append(("eliminations per game", [_num(r["eliminations"]["mean"], 2) for r in sets]))
    turn = study["observe_turn"]
    continents = list(sets[0]["continent_holder_wins"]) if sets else []
    for continent in continents:
        out.append(
            (
                f"holder of {continent.replace('_', ' ')} at turn {turn} wins",
                [_rate(r["continent_holder_wins"].get(continent, {"rate": None})) for r in sets],
            )
        )
    return out


def stopped_note(study: Figure) -> str | None:
    """Why a study stopped before its last game, and what its figures are then (None: it
    did not)."""
    stopped = study.get("stopped")
    if not stopped:
        return None
    return (
        f"Stopped early ({stopped['reason']}): {stopped['games_played']:,} games played of "
        f"{stopped['games_planned']:,} per ruleset; these figures are the first "
        f"{study['games']:,} seeds, which every ruleset finished."
    )


def text(study: Figure) -> str:
    sets: list[Any] = study["rulesets"]
    first, last = study["seeds"]
    note = stopped_note(study)
    lines = [
        *([note, ""] if note else []),
        f"{study['players']} players, {study['games']} games per ruleset (seeds {first}–{last}, "
        f"the same for every ruleset), {study['agent']} agents; "
        f"{study['games_per_s']} games/s",
        "",
    ]
    if len(sets) <= WIDE:
        table = [("", [r["name"] for r in sets]), *rows(study)]
    else:  # a sweep's grid: one line per ruleset, the figures a reader compares first
        picked = [row for row in rows(study) if row[0] in COMPACT]
        table = [("", [label for label, _ in picked])]
        table += [(r["name"], [values[k] for _, values in picked]) for k, r in enumerate(sets)]
    width = max(len(label) for label, _ in table) + 2
    cells = [max(len(row[1][k]) for row in table) + 2 for k in range(len(table[0][1]))]
    for label, values in table:
        line = label.ljust(width) + "".join(v.ljust(c) for v, c in zip(values, cells, strict=True))
        lines.append(line.rstrip())
    for diff in study["differences"]:
        lines += ["", f"{diff['variant']} against {diff['base']} (same seeds; variant minus base)"]
        for m in diff["measures"]:
            difference, interval = _measure_cells(m)
            shown = difference if interval == "–" else f"{difference} ({interval})"
            test = "McNemar" if m["kind"] == "rate" else "paired t"
            lines.append(f"  {m['measure']:<20}{shown:<34}{_p(m['p_value']):<12}{test}")
    return "\n".join(lines)


# ------------------------------------------------------------------------------------ the page


def _png(figure: Any) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def plots(study: Figure) -> list[tuple[str, str]]:
    """(caption, base64 PNG) for: win rate by seat with intervals, game lengths overlaid, and
    each variant's differences against the base with their intervals."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    sets: list[Any] = study["rulesets"]
    players = int(study["players"])
    turns = {r["name"]: [t for t in r["turns_by_game"] if t is not None] for r in sets}
    out = []

    fig, ax = plt.subplots(figsize=(7, 3.2))
    width = 0.8 / max(1, len(sets))
    for k, r in enumerate(sets):
        xs = [seat + k * width for seat in range(players)]
        rates = [w["rate"] or 0 for w in r["wins_by_seat"]]
        errors = [
            [w["rate"] - w["ci"][0] if w["ci"] else 0 for w in r["wins_by_seat"]],
            [w["ci"][1] - w["rate"] if w["ci"] else 0 for w in r["wins_by_seat"]],
        ]
        ax.bar(xs, rates, width, yerr=errors, capsize=3, label=r["name"])
    ax.axhline(1 / players, color="grey", linestyle=":", linewidth=1, label="fair share")
    ax.set_xticks([seat + width * (len(sets) - 1) / 2 for seat in range(players)])
    ax.set_xticklabels([f"player {s + 1}" for s in range(players)])
    ax.set_ylabel("share of finished games won")
    ax.legend(fontsize=8)
    out.append(("Wins by place in the turn order, with 95% intervals", _png(fig)))
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(7, 3.2))
    longest = max((max(v) for v in turns.values() if v), default=1)
    bins = list(range(0, longest + 5, max(1, longest // 30)))
    for name, values in turns.items():
        ax.hist(values, bins=bins, histtype="step", linewidth=1.5, label=name)
    ax.set_xlabel("turns in a finished game")
    ax.set_ylabel("games")
    ax.legend(fontsize=8)
    out.append(("Game length in turns (finished games)", _png(fig)))
    plt.close(fig)

    for diff in study["differences"]:
        measures = [m for m in diff["measures"] if m["ci"] is not None]
        if not measures:
            continue
        fig, axes = plt.subplots(1, 2, figsize=(7, 0.4 * len(measures) + 1.2))
        # Rates in points; means as a share of the base's mean (turns and actions differ in
        # scale by a factor of twenty).
        for ax, kind, unit in (
            (axes[0], "rate", "difference, points"),
            (axes[1], "mean", "difference, % of the base's mean"),
        ):
            chosen = [m for m in measures if m["kind"] == kind and (kind == "rate" or m["base"])]
            scales = [100 if kind == "rate" else 100 / m["base"] for m in chosen]
            ys = list(range(len(chosen)))
            ax.errorbar(
                [m["difference"] * k for m, k in zip(chosen, scales, strict=True)],
                ys,
                xerr=[
                    [
                        (m["difference"] - m["ci"][0]) * k
                        for m, k in zip(chosen, scales, strict=True)
                    ],
                    [
                        (m["ci"][1] - m["difference"]) * k
                        for m, k in zip(chosen, scales, strict=True)
                    ],
                ],
                fmt="o",
                capsize=3,
            )
            ax.axvline(0, color="grey", linewidth=1)
            ax.set_yticks(ys)
            ax.set_yticklabels([m["measure"] for m in chosen], fontsize=8)
            ax.invert_yaxis()
            ax.set_xlabel(unit)
        fig.tight_layout()
        out.append((f"{diff['variant']} minus {diff['base']}, with 95% intervals", _png(fig)))
        plt.close(fig)
    return out


def page(study: Figure) -> str:
    """A self-contained HTML page: the table, the differences and the plots."""
    sets: list[Any] = study["rulesets"]
    head = "".join(f"<th>{html(r['name'])}</th>" for r in sets)
    body = "".join(
        f"<tr><th>{html(label)}</th>" + "".join(f"<td>{html(v)}</td>" for v in values) + "</tr>"
        for label, values in rows(study)
    )
    diffs = ""
    for diff in study["differences"]:
        items = "".join(
            "<tr>"
            + "".join(
                f"<{tag}>{html(cell)}</{tag}>"
                for tag, cell in zip(
                    ("th", "td", "td", "td", "td"),
                    (m["measure"], *_measure_cells(m), _p(m["p_value"]), m["test"]),
                    strict=True,
                )
            )
            + "</tr>"
            for m in diff["measures"]
        )
        diffs += (
            f"<h2>{html(diff['variant'])} against {html(diff['base'])}</h2>"
            "<table><tr><th>measure</th><th>difference</th><th>95% interval</th><th>p</th>"
            f"<th>test</th></tr>{items}</table>"
        )
    figures = "".join(
        f'<figure><img alt="{html(caption)}" src="data:image/png;base64,{data}">'
        f"<figcaption>{html(caption)}</figcaption></figure>"
        for caption, data in plots(study)
    )
    first, last = study["seeds"]
    note = stopped_note(study)
    warning = f'<p class="stopped"><strong>{html(note)}</strong></p>' if note else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>riskrules balance</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; }}
table {{ border-collapse: collapse; margin: 1rem 0; }}
th, td {{ border-bottom: 1px solid #ddd; padding: .25rem .6rem; text-align: left; }}
figure {{ margin: 1.5rem 0; }} img {{ max-width: 100%; }}
.stopped {{ color: #a40000; }}
</style></head><body>
<h1>What the rules do to the game</h1>{warning}
<p>{study["players"]} players, {study["games"]} games per ruleset (seeds {first}–{last}, the
same for every ruleset, so differences come from the rules), {html(str(study["agent"]))}
agents. Intervals are 95%; differences are paired by seed.</p>
<table><tr><th></th>{head}</tr>{body}</table>
{diffs}
{figures}
</body></html>
"""
