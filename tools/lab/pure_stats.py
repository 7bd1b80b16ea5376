"""The few statistics a balance study's figures need, in pure Python, for where SciPy and NumPy
cannot be installed: the static site's page (Pyodide has no wheels of theirs). balance_stats.py
uses these only when SciPy is absent; tests/test_pure_stats.py checks each against SciPy over a
grid of inputs (agreement to 1e-9) and the bootstrap's resamples against NumPy's own, draw for
draw, so a study played in the page gives the verdicts the command line gives for its seeds.

The interface (all floats are Python floats):
- `normal_ppf(q)`: the standard normal quantile;
- `binom_cdf(k, n, p)`, `binom_sf(k, n, p)`: P(X <= k), P(X > k) for X ~ Binomial(n, p);
- `beta_ppf(q, a, b)`: the Beta(a, b) quantile for whole a, b >= 1 (the Clopper-Pearson ends);
- `wilson_interval(k, n, level)`: Wilson's score interval, as SciPy's `binomtest` gives it;
- `chi2_sf(x, df)`: the chi-square upper tail;
- `ecdf_sf(done, going)` and `greenwood_band(...)`: the Kaplan-Meier curve of right-censored
  times and its pointwise linear (Greenwood) band, as SciPy's `ecdf` gives them;
- `median(values)`: the median as NumPy computes it (infinities included);
- `paired_bootstrap(b, v, statistic, resamples, seed)`: the bootstrap distribution SciPy's
  `bootstrap(paired=True, vectorized=True)` computes with `numpy.random.default_rng(seed)`:
  NumPy's SeedSequence, PCG64 and bounded integers are written out here, bit for bit.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from statistics import NormalDist


def normal_ppf(q: float) -> float:
    return NormalDist().inv_cdf(q)


def _log_pmf(i: int, n: int, p: float) -> float:
    if p == 0.0:
        return 0.0 if i == 0 else -math.inf
    if p == 1.0:
        return 0.0 if i == n else -math.inf
    return (
        math.lgamma(n + 1)
        - math.lgamma(i + 1)
        - math.lgamma(n - i + 1)
        + i * math.log(p)
        + (n - i) * math.log1p(-p)
    )


def _tail(lo: int, hi: int, n: int, p: float) -> float:
    """P(lo <= X <= hi), summed from the smallest terms up (fewer rounding losses)."""
    lo, hi = max(lo, 0), min(hi, n)
    if lo > hi:
        return 0.0
    terms = sorted(math.exp(_log_pmf(i, n, p)) for i in range(lo, hi + 1))
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


def median(values: Sequence[float]) -> float:
    """NumPy's median: the middle value, or the mean of the two middle ones."""
    ordered = sorted(values)
    half = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[half]
    return (ordered[half - 1] + ordered[half]) / 2


# ---------------------------------------------------------------- NumPy's random numbers

_M32 = 0xFFFFFFFF
_M64 = (1 << 64) - 1
_M128 = (1 << 128) - 1
_PCG_MULT = 0x2360ED051FC65DA44385DF649FCCF645
_INIT_A, _MULT_A = 0x43B0D7E5, 0x931E8875
_INIT_B, _MULT_B = 0x8B51F9DD, 0x58F38DED
_MIX_L, _MIX_R = 0xCA01F9DD, 0x4973F715


def _seed_words(seed: int) -> list[int]:
    """NumPy's SeedSequence(seed).generate_state(4, uint64), for a seed >= 0."""
    entropy = []
    while True:
        entropy.append(seed & _M32)
        seed >>= 32
        if not seed:
            break
    const = [_INIT_A]

    def hashmix(value: int) -> int:
        value ^= const[0]
        const[0] = (const[0] * _MULT_A) & _M32
        value = (value * const[0]) & _M32
        return value ^ (value >> 16)

    def mix(x: int, y: int) -> int:
        result = (_MIX_L * x - _MIX_R * y) & _M32
        return result ^ (result >> 16)

    pool = [hashmix(entropy[i] if i < len(entropy) else 0) for i in range(4)]
    for src in range(4):
        for dst in range(4):
            if src != dst:
                pool[dst] = mix(pool[dst], hashmix(pool[src]))
    for src in range(4, len(entropy)):
        for dst in range(4):
            pool[dst] = mix(pool[dst], hashmix(entropy[src]))
    words, hash_const = [], _INIT_B
    for i in range(8):
        value = pool[i % 4] ^ hash_const
        hash_const = (hash_const * _MULT_B) & _M32
        value = (value * hash_const) & _M32
        words.append(value ^ (value >> 16))
    return [words[2 * i] | (words[2 * i + 1] << 32) for i in range(4)]


def _pcg64(seed: int) -> Iterator[int]:
    """NumPy's PCG64 seeded as default_rng(seed) seeds it: 64-bit outputs (XSL-RR)."""
    words = _seed_words(seed)
    initstate = (words[0] << 64) | words[1]
    inc = ((((words[2] << 64) | words[3]) << 1) | 1) & _M128
    state = (0 * _PCG_MULT + inc) & _M128
    state = (state + initstate) & _M128
    state = (state * _PCG_MULT + inc) & _M128
    while True:
        state = (state * _PCG_MULT + inc) & _M128
        rot = state >> 122
        x = ((state >> 64) ^ state) & _M64
        yield ((x >> rot) | (x << ((-rot) & 63))) & _M64


def _uint32s(seed: int) -> Iterator[int]:
    for value in _pcg64(seed):
        yield value & _M32  # NumPy's next_uint32: the low half first, then the high
        yield value >> 32


def integers(seed: int, high: int, count: int) -> list[int]:
    """default_rng(seed).integers(0, high, count): Lemire's bounded method on 32-bit draws."""
    draws = _uint32s(seed)
    top = high - 1
    if top == 0:
        return [0] * count
    threshold = (_M32 - top) % high
    out = []
    for _ in range(count):
        m = next(draws) * high
        while (m & _M32) < threshold:
            m = next(draws) * high
        out.append(m >> 32)
    return out


def paired_bootstrap(
    b: Sequence[float],
    v: Sequence[float],
    statistic: Callable[[list[float], list[float]], float],
    resamples: int,
    seed: int,
) -> list[float]:
    """The bootstrap distribution of `statistic` over `resamples` resamples of the pairs, in
    the order SciPy's paired bootstrap draws them from default_rng(seed)."""
    n = len(b)
    drawn = integers(seed, n, resamples * n)
    out = []
    for row in range(resamples):
        picks = drawn[row * n : (row + 1) * n]
        out.append(statistic([b[i] for i in picks], [v[i] for i in picks]))
    return out
