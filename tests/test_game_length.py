"""The length measure's Student's t in pure Python (the web page has no SciPy) against SciPy's,
over the degrees of freedom and the tails a study uses (the page's study then gives the
command line's figures: tests/test_pure_python.py)."""

from __future__ import annotations

import pytest
from scipy import stats

from riskrules.tools.lab.game_length import _pure_t_ppf, _pure_t_sf

DEGREES = (1, 2, 3, 5, 9, 39, 199, 399, 1999, 9999)


@pytest.mark.parametrize("df", DEGREES)
def test_the_pure_t_tail_is_scipys(df: int) -> None:
    for x in (0.0, 0.1, 0.5, 1.0, 1.96, 2.5, 3.0, 4.0, 6.0, 10.0, 40.0, -1.5):
        wanted = float(stats.t.sf(x, df))
        assert _pure_t_sf(x, df) == pytest.approx(wanted, rel=1e-9, abs=1e-300), (x, df)


@pytest.mark.parametrize("df", DEGREES)
def test_the_pure_t_quantile_is_scipys(df: int) -> None:
    for q in (1e-7, 0.0005, 0.0025, 0.00625, 0.025, 0.1, 0.5, 0.9, 0.975, 0.99375, 0.9995):
        wanted = float(stats.t.ppf(q, df))
        assert _pure_t_ppf(q, df) == pytest.approx(wanted, rel=1e-9, abs=1e-12), (q, df)
