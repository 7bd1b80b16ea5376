"""The few statistics a balance study's figures need, in pure Python, for where SciPy and NumPy
cannot be installed: the static site's page (Pyodide has no wheels of theirs). balance_stats.py
uses these only when SciPy is absent; tests/test_pure_stats.py checks each against SciPy over a
grid of inputs (agreement to 1e-9), so a study played in the page gives the verdicts the
command line gives for its seeds.

The interface (all floats are Python floats):
- `normal_ppf(q)`: the standard normal quantile;
- `binom_cdf(k, n, p)`, `binom_sf(k, n, p)`: P(X <= k), P(X > k) for X ~ Binomial(n, p);
- `beta_ppf(q, a, b)`: the Beta(a, b) quantile for whole a, b >= 1 (the Clopper-Pearson ends);
- `wilson_interval(k, n, level)`: Wilson's score interval, as SciPy's `binomtest` gives it;
- `chi2_sf(x, df)`: the chi-square upper tail;
- `ecdf_sf(done, going)` and `greenwood_band(...)`: the Kaplan-Meier curve of right-censored
  times and its pointwise linear (Greenwood) band, as SciPy's `ecdf` gives them;
- `t_sf(x, df)`, `t_ppf(q, df)`: Student's t upper tail and quantile (game length's test,
  game_length.py), through the regularized incomplete beta function's continued fraction.
"""

from __future__ import annotations

import importlib.util
import math
from collections.abc import Iterator, Sequence
from statistics import NormalDist

# Where SciPy cannot be installed (the static site's page: Pyodide has no SciPy or NumPy),
# and only there, a study's figures come from here (balance_stats, game_length read this
# switch when they compute; the tests turn it to compute a study both ways).
PURE = importlib.util.find_spec("scipy") is None


def normal_ppf(q: float) -> float:
    return NormalDist().inv_cdf(q)


def _log_pmfs(lo: int, hi: int, n: int, p: float) -> Iterator[float]:
    """log P(X = i) for i from lo to hi: what depends on n and p alone reckoned once, each term
    then by the same operations in the same order (the very floats of term by term)."""
    if p == 0.0 or p == 1.0:
        certain = 0 if p == 0.0 else n
        yield from (0.0 if i == certain else -math.inf for i in range(lo, hi + 1))
        return
    lgamma = math.lgamma
    whole, log_p, log_q = lgamma(n + 1), math.log(p), math.log1p(-p)
    for i in range(lo, hi + 1):
        yield whole - lgamma(i + 1) - lgamma(n - i + 1) + i * log_p + (n - i) * log_q


def _tail(lo: int, hi: int, n: int, p: float) -> float:
    """P(lo <= X <= hi), summed from the smallest terms up (fewer rounding losses)."""
    lo, hi = max(lo, 0), min(hi, n)
    if lo > hi:
        return 0.0
    terms = sorted(map(math.exp, _log_pmfs(lo, hi, n, p)))
    return min(1.0, math.fsum(terms))


def binom_cdf(k: int, n: int, p: float) -> float:
    """P(X <= k); the shorter side is summed, the other taken as its complement."""
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    if k < n * p:
        return _tail(0, k, n, p)
    return max(0.0, 1.0 - _tail(k + 1, n, n, p))


def binom_sf(k: int, n: int, p: float) -> float:
    """P(X > k)."""
    if k < 0:
        return 1.0
    if k >= n:
        return 0.0
    if k + 1 > n * p:
        return _tail(k + 1, n, n, p)
    return max(0.0, 1.0 - _tail(0, k, n, p))


def beta_ppf(q: float, a: int, b: int) -> float:
    """x with I_x(a, b) = q, for whole a, b >= 1: I_x(a, b) is P(Y >= a) for
    Y ~ Binomial(a + b - 1, x), increasing in x; bisection to the last bit."""
    if q <= 0.0:
        return 0.0
    if q >= 1.0:
        return 1.0
    n = a + b - 1
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if binom_sf(a - 1, n, mid) < q:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def wilson_interval(k: int, n: int, level: float) -> tuple[float, float]:
    """SciPy's `binomtest(k, n).proportion_ci(level, method="wilson")`, formula for formula."""
    p = k / n
    z = normal_ppf(0.5 + 0.5 * level)
    denom = 2 * (n + z**2)
    center = (2 * n * p + z**2) / denom
    q = 1 - p
    delta = z / denom * math.sqrt(4 * n * p * q + z**2)
    lo = 0.0 if k == 0 else center - delta
    hi = 1.0 if k == n else center + delta
    return lo, hi


def chi2_sf(x: float, df: int) -> float:
    """The chi-square distribution's upper tail: Q(df/2, x/2), the regularized upper gamma."""
    return _gamma_q(df / 2, x / 2)


def _gamma_q(s: float, x: float) -> float:
    if x <= 0:
        return 1.0
    log_front = s * math.log(x) - x - math.lgamma(s)
    if x < s + 1:  # the series for P converges fast here
        term = total = 1.0 / s
        k = s
        for _ in range(10_000):
            k += 1
            term *= x / k
            total += term
            if abs(term) < abs(total) * 1e-17:
                break
        return max(0.0, 1.0 - math.exp(log_front) * total)
    # Lentz's continued fraction for Q
    tiny = 1e-300
    b = x + 1 - s
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - s)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-17:
            break
    return math.exp(log_front) * h


def ecdf_sf(
    done: Sequence[float], going: Sequence[float]
) -> tuple[list[float], list[float], list[int], list[int]]:
    """The survival curve of times `done` (ended) and `going` (right-censored), as SciPy's
    `ecdf(CensoredData(uncensored=done, right=going)).sf`: its times, its values, and the
    number at risk and ending at each time (for the band)."""
    if not going:  # SciPy's uncensored path: 1 - (share ended by t)
        ordered = sorted(done)
        unique = sorted(set(ordered))
        counts = [ordered.count(t) for t in unique]
        events, at, before = [], 0, []
        for c in counts:
            before.append(len(ordered) - at)
            at += c
            events.append(at)
        return unique, [1 - e / len(ordered) for e in events], before, counts
    marked = sorted([(t, 1) for t in done] + [(t, 0) for t in going], key=lambda x: x[0])
    size = len(marked)
    times: list[float] = []
    risk: list[int] = []
    deaths: list[int] = []
    for index, (t, died) in enumerate(marked):
        if not times or t > times[-1]:
            times.append(t)
            risk.append(size - index)
            deaths.append(0)
        deaths[-1] += died
    curve: list[float] = []
    value = 1.0
    for n, d in zip(risk, deaths, strict=True):
        value = value * ((n - d) / n) if curve else (n - d) / n
        curve.append(value)
    return times, curve, risk, deaths


def greenwood_band(
    curve: Sequence[float], risk: Sequence[int], deaths: Sequence[int], level: float
) -> tuple[list[float], list[float]]:
    """SciPy's linear pointwise band (Greenwood's variance), clipped to [0, 1]; NaN where it
    is undefined (the curve at 0 after a time where everyone at risk ended)."""
    z = normal_ppf(1 / 2 + level / 2)
    total = 0.0
    low, high = [], []
    for s, n, d in zip(curve, risk, deaths, strict=True):
        total += d / (n * (n - d)) if n != d else (math.inf if d else math.nan)
        var = s**2 * total if not (s == 0 and math.isinf(total)) else math.nan
        se = math.sqrt(var) if not math.isnan(var) else math.nan
        low.append(_clip(s - z * se))
        high.append(_clip(s + z * se))
    return low, high


def _clip(x: float) -> float:
    return x if math.isnan(x) else min(1.0, max(0.0, x))


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 10_000):
        m2 = 2 * m
        for aa in (
            m * (b - m) * x / ((qam + m2) * (a + m2)),
            -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2)),
        ):
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-16:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_sf(x: float, df: int) -> float:
    """P(T > x) for Student's t with `df` degrees of freedom: half the regularized incomplete
    beta function at df / (df + x²)."""
    if math.isnan(x):
        return math.nan
    if x < 0:
        return 1.0 - t_sf(-x, df)
    if math.isinf(x):
        return 0.0
    return 0.5 * _betainc(df / 2.0, 0.5, df / (df + x * x))


def t_ppf(q: float, df: int) -> float:
    """The q-quantile of Student's t: bisection on `t_sf` to the last bit."""
    if q <= 0.0:
        return -math.inf
    if q >= 1.0:
        return math.inf
    if q < 0.5:
        return -t_ppf(1.0 - q, df)
    tail = 1.0 - q
    low, high = 0.0, 1.0
    while t_sf(high, df) > tail:
        low, high = high, 2.0 * high
    for _ in range(200):  # bisection to the last bit
        middle = (low + high) / 2.0
        if middle in (low, high):
            break
        if t_sf(middle, df) > tail:
            low = middle
        else:
            high = middle
    return (low + high) / 2.0
