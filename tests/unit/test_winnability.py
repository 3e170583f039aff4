"""The FAQ's winnability figures (issue 24 point 6): ``scripts/winnability.py`` counts
the verdicts of ``bench/verdicts/`` and gives Wilson's 95 % interval; the four FAQ
pages carry exactly what it computes from the committed files."""

from __future__ import annotations

import math
import re
from decimal import Decimal

import pytest

from scripts import winnability as w
from scripts.winnability import Figures, wilson

Z = 1.959963984540054


def test_z_is_the_two_sided_95_percent_quantile() -> None:
    assert w.Z95 == pytest.approx(Z, abs=1e-12)


def test_wilson_81_of_263_by_hand() -> None:
    # By hand (z = 1.959964, z² = 3.841459, n = 263, p = 81/263 = 0.307985):
    #   z²/n = 0.014606, z²/2n = 0.007303
    #   centre = (0.307985 + 0.007303) / 1.014606 = 0.310749
    #   p(1-p)/n = 0.213131/263 = 0.00081038; z²/4n² = 3.841459/276676 = 0.00001388
    #   half = 1.959964 × sqrt(0.00082427) / 1.014606 = 1.959964 × 0.028710 / 1.014606 = 0.055461
    #   -> 0.25529 to 0.36621
    low, high = wilson(81, 263)
    assert low == pytest.approx(0.25529, abs=2e-5) and high == pytest.approx(0.36621, abs=2e-5)
    # Independently: Wilson's ends are the shares π with |p - π| = z·sqrt(π(1-π)/n).
    p = 81 / 263
    for end in (low, high):
        assert abs(p - end) == pytest.approx(Z * math.sqrt(end * (1 - end) / 263), rel=1e-9)


def test_wilson_at_the_ends() -> None:
    # 0 of n: [0, z²/(n+z²)]; n of n: [n/(n+z²), 1] (the quadratic's other root)
    assert wilson(0, 10) == (0.0, pytest.approx(Z**2 / (10 + Z**2)))
    assert wilson(10, 10) == (pytest.approx(10 / (10 + Z**2)), 1.0)
    for bad in ((1, 0), (-1, 5), (6, 5)):
        with pytest.raises(ValueError):
            wilson(*bad)


def test_undecided_deals_widen_the_interval() -> None:
    f = Figures(1000, 989, 0, 11, "test")
    assert f.interval == (wilson(989, 1000)[0], 1.0)
    g = Figures(1000, 135, 860, 5, "test")
    assert g.interval == (wilson(135, 1000)[0], wilson(140, 1000)[1])


def test_rounding_is_outward() -> None:
    assert w.rounded((0.98041, 1.0)) == (Decimal("98.0"), Decimal("100.0"))
    assert w.rounded((0.2553, 0.3662)) == (Decimal("25.5"), Decimal("36.7"))
    # 99.985 % would show as 100.0 %: two decimals then
    assert w.rounded(wilson(999, 1000)) == (Decimal("99.43"), Decimal("99.99"))
    assert w.rounded((0.0, 0.0042)) == (Decimal("0.0"), Decimal("0.5"))


def test_numbers_per_language() -> None:
    assert [w.number(10000, lang) for lang in w.LANGS] == ["10,000", "10.000", "10,000", "10.000"]
    assert w.percent(Decimal("98.0"), "ro") == "98,0\u00a0%"
    assert w.percent(Decimal("99.43"), "ar") == "99.43٪"  # Latin digits (issue 25)
    assert w.percent(Decimal("0.2"), "id") == "0,2\u00a0%"


def _write(folder, variant: str, lines: list[str]) -> None:
    (folder / f"{variant}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_measure_counts_deals_1_to_n_without_a_hole(tmp_path) -> None:
    _write(tmp_path, "eight-off-4", ["2 l 20000 9 0.1", "1 u 20000 9 0.1", "1 w 200000 9 0.1", "3 u 20000 9 0.1",
                                     "5 w 20000 9 0.1"])
    assert w.measure(tmp_path / "eight-off-4.txt") == Figures(3, 1, 1, 1, "bench/verdicts/eight-off-4.txt")
    assert w.measure(tmp_path / "missing.txt") is None


def test_short_or_missing_verdicts_keep_the_figures_by_hand(tmp_path) -> None:
    _write(tmp_path, "eight-off-8", [f"{n} {'l' if n == 7 else 'w'} 20000 9 0.1" for n in range(1, 1201)])
    _write(tmp_path, "easy-harp", [f"{n} w 20000 9 0.1" for n in range(1, 999)])  # 998 < 1000
    figs = w.figures(tmp_path)
    assert figs["eight-off-8"] == Figures(1200, 1199, 1, 0, "bench/verdicts/eight-off-8.txt")
    for variant in ("eight-off-4", "eight-off-2", "easy-harp"):
        assert figs[variant] == w.BY_HAND[variant]


def test_as_many_deals_with_more_undecided_keep_the_figures_by_hand(tmp_path) -> None:
    # a batch under way: deals 1-1000 tried, 12 undecided so far against 11 by hand
    _write(tmp_path, "easy-harp", [f"{n} {'u' if n <= 12 else 'w'} 20000 9 0.1" for n in range(1, 1001)])
    assert w.figures(tmp_path)["easy-harp"] == w.BY_HAND["easy-harp"]
    _write(tmp_path, "easy-harp", [f"{n} {'u' if n <= 10 else 'w'} 20000 9 0.1" for n in range(1, 1001)])
    assert w.figures(tmp_path)["easy-harp"] == Figures(1000, 990, 0, 10, "bench/verdicts/easy-harp.txt")


def test_figures_that_contradict_the_words_are_refused(tmp_path) -> None:
    _write(tmp_path, "easy-harp", [f"{n} {'l' if n == 5 else 'w'} 20000 9 0.1" for n in range(1, 1001)])
    with pytest.raises(ValueError, match="Easy Harp"):
        w.figures(tmp_path)
    _write(tmp_path, "easy-harp", [f"{n} w 20000 9 0.1" for n in range(1, 1001)])
    _write(tmp_path, "eight-off-2", [f"{n} {'w' if n % 5 else 'l'} 20000 9 0.1" for n in range(1, 1001)])
    with pytest.raises(ValueError, match="contradict"):
        w.figures(tmp_path)


def test_plural_forms_of_the_undecided_sentence() -> None:
    def eh(u: int) -> Figures:
        return Figures(3000, 3000 - u, 0, u, "test")

    assert "On the one undecided deal " in w.harp("en", eh(1))
    assert "decided every one of them" in w.harp("en", eh(0))
    assert "La cele 25 de împărțiri nedecise" in w.harp("ro", eh(25))
    assert "La cele 11 împărțiri nedecise" in w.harp("ro", eh(11))
    assert "primele 3.000 de împărțiri" in w.harp("ro", eh(11))
    assert "التوزيعتين" in w.harp("ar", eh(2)) and "الـ11" in w.harp("ar", eh(11))


def test_the_pages_need_their_markers(tmp_path, monkeypatch) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "faq.html").write_text("<p>no markers</p>", encoding="utf-8")
    monkeypatch.setattr(w, "FAQ", tmp_path)
    with pytest.raises(ValueError, match="exactly one"):
        w.page("en", w.BY_HAND)


# ----- the committed pages ------------------------------------------------------------

@pytest.mark.parametrize("lang", w.LANGS)
def test_the_faq_is_current(lang: str) -> None:
    """The page carries what the generator makes from the committed verdict files."""
    have = (w.FAQ / lang / "faq.html").read_text(encoding="utf-8")
    assert have == w.page(lang, w.figures()), "stale: run python3 scripts/winnability.py"


def test_the_check_mode_agrees() -> None:
    assert w.main(["--check"]) == 0


def test_the_english_table_states_the_counts() -> None:
    """Read back from the page itself, not through the generator's text."""
    html = (w.FAQ / "en" / "faq.html").read_text(encoding="utf-8")
    rows = re.findall(r"<tr><td>([^<]+)</td><td>1–([\d,]+)</td><td>([\d,]+)</td><td>([\d,]+)</td>"
                      r"<td>([\d,]+)</td><td>([\d.]+)\u00a0%–([\d.]+)\u00a0%</td></tr>", html)
    figs = w.figures()
    assert [r[0] for r in rows] == [w.ROWS["en"][v] for v in w.ORDER]
    for r, variant in zip(rows, w.ORDER, strict=True):
        f = figs[variant]
        deals, won, lost, undecided = (int(x.replace(",", "")) for x in r[1:5])
        assert (deals, won, lost, undecided) == (f.deals, f.won, f.lost, f.undecided)
        assert won + lost + undecided == deals
        low, high = float(r[5]) / 100, float(r[6]) / 100
        assert low <= wilson(won, deals)[0] < low + 0.001
        assert high - 0.001 < wilson(won + undecided, deals)[1] <= high
