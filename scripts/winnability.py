#!/usr/bin/env python3
"""The FAQ's winnability figures from the batch runs' verdicts (issue 24 point 6).

Reads ``bench/verdicts/<variant>.txt`` (written by ``scripts/decide_deals.py``, read
with its ``read``) and, per variant, counts the deals 1..N that the file covers without
a hole (each tried at least once; N is the largest such), the winnable (``w``),
unwinnable (``l``) and undecided ones (tried, neither: ``u`` at every budget so far),
and gives a 95 % interval for the share of all deals that can be won.

The interval is Wilson's score interval (E. B. Wilson, "Probable inference, the law of
succession, and statistical inference", Journal of the American Statistical
Association 22 (1927) 209–212) at z = 1.959964 (the standard normal's 97.5 %
quantile), taken wide enough for the undecided deals: its lower end is Wilson's lower
bound with every undecided deal counted as lost, its upper end Wilson's upper bound
with every undecided deal counted as won. The deals are shuffles chosen by their
numbers, so deals 1..N are taken as a sample of all deals. The FAQ prints the ends
rounded outward, to 0.1 point (0.01 when 0.1 would reach 0 % or 100 % that the
interval does not).

It rewrites, in ``help/{en,ro,ar,id}/faq.html``, the part between
``<!-- winnability:begin -->`` and ``<!-- winnability:end -->`` of the section
``id="winnable"`` (the words are this script's: :data:`HEAD`, :data:`ROWS`,
:func:`intro`, :func:`harp`, :data:`INTERVAL`; edit them here, not in the pages),
numbers written per language by Babel with Latin digits (issue 25), and adds every
``w`` deal to the proven lists (``scripts/proven_deals.py --from-verdicts``).

Variants not covered enough: a variant whose file is missing, or covers fewer deals
than the figures written by hand in the FAQ before (:data:`BY_HAND`, deals 1–1000), or as
many with more of them undecided, keeps
those figures (with their interval) and a warning is printed; no figure is lost.
The generator refuses (``ValueError``) data that contradict the FAQ's words (an Easy
Harp deal proven unwinnable, Eight Off with 4 cells winnable more often than not...):
then those words need revising first.

Usage:
    python3 scripts/winnability.py            # rewrite the FAQ pages and proven.py
    python3 scripts/winnability.py --check    # exit 1 when one of them is stale
"""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from statistics import NormalDist

from babel import Locale
from babel.numbers import format_decimal

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts import decide_deals, proven_deals  # noqa: E402

FAQ = ROOT / "help"
LANGS = ("en", "ro", "ar", "id")
#: The FAQ's rows, in its order (SPEC §12 variant names).
ORDER = ("eight-off-8", "eight-off-4", "eight-off-2", "easy-harp")
#: z of a two-sided 95 % interval: 1.959963984540054.
Z95 = NormalDist().inv_cdf(0.975)
BEGIN, END = "<!-- winnability:begin -->", "<!-- winnability:end -->"


def wilson(x: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a share observed as ``x`` of ``n`` (Wilson 1927,
    JASA 22:209–212): ``(p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)``,
    ``p = x/n``. Returns ``(low, high)`` as fractions in [0, 1].

    Raises:
        ValueError: ``n < 1`` or ``x`` outside 0..n.
    """
    if n < 1 or not 0 <= x <= n:
        raise ValueError(f"not a share: {x} of {n}")
    p, z2 = x / n, z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # exact ends at 0 and n (the formula gives them up to rounding: 2.8e-17 for 0 of 10)
    return (0.0 if x == 0 else centre - half), (1.0 if x == n else centre + half)


@dataclass(frozen=True)
class Figures:
    """One variant's count over deals 1..``deals`` (``source``: where it comes from)."""

    deals: int
    won: int
    lost: int
    undecided: int
    source: str

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval of the share of winnable deals (module docstring):
        undecided deals lost for the lower end, won for the upper end."""
        return wilson(self.won, self.deals)[0], wilson(self.won + self.undecided, self.deals)[1]


#: The figures written by hand in the FAQ before issue 24 point 6 (deals 1–1000 of
#: each variant, budget 200,000; README "Solver", ``bench/bench_solver.py`` of 1 December
#: 2026): kept for a variant whose verdicts cover fewer deals.
BY_HAND = {
    "eight-off-8": Figures(1000, 999, 1, 0, "the FAQ by hand"),
    "eight-off-4": Figures(1000, 135, 865, 0, "the FAQ by hand"),
    "eight-off-2": Figures(1000, 5, 995, 0, "the FAQ by hand"),
    "easy-harp": Figures(1000, 989, 0, 11, "the FAQ by hand"),
}


def measure(path: Path) -> Figures | None:
    """The figures of one verdict file over its deals 1..N without a hole (None when
    the file is missing or lacks deal 1)."""
    best = decide_deals.read(path)
    n = 0
    while n + 1 in best:
        n += 1
    if n == 0:
        return None
    status = [best[i][0] for i in range(1, n + 1)]
    return Figures(n, status.count("w"), status.count("l"), status.count("u"), f"bench/verdicts/{path.name}")


def figures(folder: Path | None = None, warn: bool = False) -> dict[str, Figures]:
    """Per variant of :data:`ORDER`, its figures from ``folder`` (default
    ``bench/verdicts``) or, when they cover fewer deals than :data:`BY_HAND`, or as
    many with more left undecided (a batch still under way), those (a warning on stderr
    when ``warn``): a published figure never gets weaker."""
    out = {}
    for variant in ORDER:
        have, hand = measure((folder or decide_deals.OUT) / f"{variant}.txt"), BY_HAND[variant]
        if have is None or have.deals < hand.deals or (have.deals == hand.deals and have.undecided > hand.undecided):
            if warn:
                print(f"{variant}: verdicts cover deals 1-{have.deals if have else 0} "
                      f"({have.undecided if have else 0} undecided), against {hand.deals} "
                      f"({hand.undecided} undecided) by hand: the figures by hand are kept", file=sys.stderr)
            have = hand
        out[variant] = have
    check_words(out)
    return out


def check_words(figs: dict[str, Figures]) -> None:
    """Refuse figures that the words of :func:`harp` would contradict.

    Raises:
        ValueError: an Easy Harp deal proven lost ("it has not found a deal that cannot
            be won"), Easy Harp's lower end below 50 % ("the opposite"), Eight Off's
            upper end at or above 50 % with 4 cells ("most deals ... cannot be won") or
            10 % with 2 ("nearly all").
    """
    eh, eo4, eo2 = figs["easy-harp"], figs["eight-off-4"], figs["eight-off-2"]
    if eh.lost:
        raise ValueError(f"{eh.lost} Easy Harp deals proven lost: revise harp() first")
    if eh.interval[0] < 0.5 or eo4.interval[1] >= 0.5 or eo2.interval[1] >= 0.1:
        raise ValueError("the figures contradict the FAQ's words: revise harp() first")


# ----- writing numbers -----------------------------------------------------------

def number(n: int | Decimal, lang: str, pattern: str = "#,##0") -> str:
    """A number in ``lang``'s separators, Latin digits (issue 25: Arabic too)."""
    return format_decimal(n, format=pattern, locale=lang, numbering_system="latn")


def percent(value: Decimal, lang: str) -> str:
    """A percentage already rounded (its decimals kept): ``99.4 %`` with a no-break
    space as the FAQ writes it, ``99.4٪`` in Arabic (the page's ``98٪``)."""
    digits = -value.as_tuple().exponent  # type: ignore[operator]
    text = number(value, lang, "0." + "0" * digits if digits else "0")
    return f"{text}٪" if lang == "ar" else f"{text}\u00a0%"


def rounded(interval: tuple[float, float]) -> tuple[Decimal, Decimal]:
    """The ends in percent, rounded outward to 0.1 (0.01 when 0.1 would reach 0 or
    100 that the interval does not)."""
    low, high = interval
    for places in (1, 2):
        q = 10**places
        lo = Decimal(math.floor(low * 100 * q)) / q
        hi = Decimal(math.ceil(high * 100 * q)) / q
        if (lo > 0 or low == 0) and (hi < 100 or high == 1):
            break
    return lo.quantize(Decimal(1) / q), hi.quantize(Decimal(1) / q)


def plural(lang: str, n: int) -> str:
    """CLDR's plural category of ``n`` (Babel, as the page's ``Intl.PluralRules``)."""
    return str(Locale.parse(lang).plural_form(n))


# ----- the texts -----------------------------------------------------------------

ROWS = {
    "en": {"eight-off-8": "Eight Off, 8 cells", "eight-off-4": "Eight Off, 4 cells",
           "eight-off-2": "Eight Off, 2 cells", "easy-harp": "Easy Harp"},
    "ro": {"eight-off-8": "Eight Off, 8 celule", "eight-off-4": "Eight Off, 4 celule",
           "eight-off-2": "Eight Off, 2 celule", "easy-harp": "Easy Harp"},
    "ar": {"eight-off-8": "Eight Off، ثماني خانات", "eight-off-4": "Eight Off، أربع خانات",
           "eight-off-2": "Eight Off، خانتان", "easy-harp": "Easy Harp"},
    "id": {"eight-off-8": "Eight Off, 8 sel", "eight-off-4": "Eight Off, 4 sel",
           "eight-off-2": "Eight Off, 2 sel", "easy-harp": "Easy Harp"},
}

HEAD = {
    "en": ("Game", "Deals", "Winnable", "Unwinnable", "Undecided", "Share winnable (95\u00a0% interval)"),
    "ro": ("Joc", "Împărțiri", "Câștigabile", "Imposibile", "Nedecise",
           "Proporția câștigabilă (interval de 95\u00a0%)"),
    "ar": ("اللعبة", "التوزيعات", "ممكن الفوز", "مستحيل الفوز", "لم يُحسم", "نسبة ممكن الفوز (فترة ثقة 95٪)"),
    "id": ("Permainan", "Pembagian", "Bisa menang", "Tidak bisa menang", "Belum diputuskan",
           "Porsi bisa menang (selang kepercayaan 95\u00a0%)"),
}


def intro(lang: str, figs: dict[str, Figures]) -> str:
    """The first paragraph: which deals were played."""
    eo = {figs[v].deals for v in ORDER if v != "easy-harp"}
    same = len(eo) == 1
    n_eo, n_eh = number(min(eo), lang), number(figs["easy-harp"].deals, lang)
    played = {
        "en": (f"deals 1 to {n_eo} of each Eight Off variant and deals 1 to {n_eh} of Easy Harp" if same
               else "the first deals of each game, as many as the table shows"),
        "ro": (f"împărțirile 1–{n_eo} din fiecare variantă de Eight Off și împărțirile 1–{n_eh} din Easy Harp"
               if same else "primele împărțiri din fiecare joc, câte arată tabelul"),
        "ar": (f"التوزيعات من 1 إلى {n_eo} في كل نوع من Eight Off، والتوزيعات من 1 إلى {n_eh} من Easy Harp"
               if same else "أولى توزيعات كل لعبة، بالعدد المبيَّن في الجدول"),
        "id": (f"pembagian nomor 1 sampai {n_eo} dari setiap varian Eight Off dan pembagian nomor 1 sampai "
               f"{n_eh} Easy Harp" if same else "pembagian-pembagian pertama dari setiap permainan, sebanyak yang "
               "tertera di tabel"),
    }[lang]
    return {
        "en": f"We let the app's solver play {played}. It says “winnable” only when it has found a series of "
              "moves that wins, and “unwinnable” only after trying every possible move.",
        "ro": f"Am lăsat rezolvitorul aplicației să joace {played}. Spune „câștigabilă” numai după ce a găsit o "
              "serie de mutări care duce la victorie și „imposibilă” numai după ce a încercat fiecare mutare "
              "posibilă.",
        "ar": f"تركنا حلّال التطبيق يلعب {played}. لا يقول «ممكن الفوز» إلا بعد أن يجد سلسلة نقلات تنتهي بالفوز، "
              "ولا يقول «مستحيل الفوز» إلا بعد أن يجرّب كل نقلة ممكنة.",
        "id": f"Kami membiarkan pemecah (solver) aplikasi memainkan {played}. Pemecah menyebut “bisa menang” "
              "hanya jika sudah menemukan urutan langkah yang menang, dan “tidak bisa menang” hanya setelah "
              "mencoba setiap langkah yang mungkin.",
    }[lang]


def row(lang: str, variant: str, f: Figures) -> str:
    """One table row: game, deals, counts, interval."""
    lo, hi = (percent(x, lang) for x in rounded(f.interval))
    share = f"من {lo} إلى {hi}" if lang == "ar" else f"{lo}–{hi}"
    cells = [ROWS[lang][variant], f"1–{number(f.deals, lang)}",
             number(f.won, lang), number(f.lost, lang), number(f.undecided, lang), share]
    return "      <tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


def harp(lang: str, f: Figures) -> str:
    """The second paragraph: fewer cells, and Easy Harp's count."""
    w, n, u = number(f.won, lang), number(f.deals, lang), number(f.undecided, lang)
    lo = percent(rounded(f.interval)[0], lang)
    if lang == "en":
        undecided = ("The solver decided every one of them" if not f.undecided else
                     f"On the {'one undecided deal' if f.undecided == 1 else u + ' undecided deals'} the solver "
                     "reached its search limit before it found a win")
        return ("Fewer cells make Eight Off far harder: most deals with 4 cells, and nearly all with 2, cannot be "
                f"won even by perfect play. Easy Harp is the opposite: the solver won {w} of the first {n} deals, "
                f"so, with 95\u00a0% confidence, at least {lo} of all Easy Harp deals can be won. Nobody has "
                f"published such a count for Easy Harp before. {undecided}; it has not found a deal that cannot "
                "be won.")
    if lang == "ro":
        de = "de " if plural("ro", f.deals) == "other" else ""
        undecided = ("Rezolvitorul le-a decis pe toate" if not f.undecided else
                     "La singura împărțire nedecisă" if f.undecided == 1 else
                     f"La cele {u} {'de ' if plural('ro', f.undecided) == 'other' else ''}împărțiri nedecise")
        if f.undecided:
            undecided += " rezolvitorul a atins limita de căutare înainte să găsească o victorie"
        return ("Cu mai puține celule, Eight Off devine mult mai greu: cele mai multe împărțiri cu 4 celule și "
                "aproape toate cu 2 nu pot fi câștigate nici cu un joc perfect. La Easy Harp este invers: "
                f"rezolvitorul a câștigat {w} din primele {n} {de}împărțiri, deci, cu o încredere de 95\u00a0%, "
                f"cel puțin {lo} dintre toate împărțirile Easy Harp pot fi câștigate. Nimeni nu a publicat până "
                f"acum o asemenea cifră pentru Easy Harp. {undecided}; nu a găsit nicio împărțire care să nu "
                "poată fi câștigată.")
    if lang == "ar":
        deals = "توزيعات" if plural("ar", f.deals) == "few" else "توزيعة"
        undecided = ("وقد حسم الحلّال كل التوزيعات" if not f.undecided else
                     "وفي التوزيعة الوحيدة التي لم تُحسم" if f.undecided == 1 else
                     "وفي التوزيعتين اللتين لم تُحسما" if f.undecided == 2 else
                     f"وفي التوزيعات الـ{u} التي لم تُحسم")
        if f.undecided:
            undecided += " بلغ الحلّال حدّ البحث قبل أن يجد طريق الفوز"
        return ("كلما قلّت الخانات صارت Eight Off أصعب بكثير: معظم التوزيعات بأربع خانات، وكلها تقريبًا بخانتين، لا "
                f"يمكن الفوز بها حتى باللعب المثالي. أما Easy Harp فعلى العكس: فاز الحلّال في {w} من أول {n} {deals}، "
                f"فيمكن الفوز، بثقة 95٪، في {lo} على الأقل من كل توزيعات Easy Harp. ولم ينشر أحد من قبل رقمًا كهذا "
                f"للعبة Easy Harp. {undecided}؛ ولم يجد أي توزيعة يستحيل الفوز بها.")
    undecided = ("Pemecah memutuskan semuanya" if not f.undecided else
                 f"Pada {u} pembagian yang belum diputuskan, pemecah mencapai batas pencariannya sebelum "
                 "menemukan kemenangan")
    return ("Dengan lebih sedikit sel, Eight Off jauh lebih sulit: sebagian besar pembagian dengan 4 sel, dan "
            "hampir semua dengan 2 sel, tidak bisa dimenangkan bahkan dengan permainan sempurna. Easy Harp justru "
            f"sebaliknya: pemecah memenangkan {w} dari {n} pembagian pertama, jadi, dengan keyakinan 95\u00a0%, "
            f"setidaknya {lo} dari semua pembagian Easy Harp bisa dimenangkan. Belum ada yang pernah menerbitkan "
            f"angka seperti ini untuk Easy Harp. {undecided}; pemecah belum menemukan satu pun pembagian yang "
            "tidak bisa dimenangkan.")


INTERVAL = {
    "en": "The last column is a 95\u00a0% confidence interval for the share of all deals of the game that can be "
          "won: the undecided deals count as lost for its lower end and as won for its upper end (Wilson score "
          "interval; E. B. Wilson, 1927). Each deal is a shuffle chosen by its number, so the first deals are a "
          "fair sample of them all.",
    "ro": "Ultima coloană dă un interval de încredere de 95\u00a0% pentru proporția tuturor împărțirilor jocului "
          "care pot fi câștigate: împărțirile nedecise sunt socotite pierdute pentru capătul de jos și câștigate "
          "pentru capătul de sus (intervalul Wilson; E. B. Wilson, 1927). Fiecare împărțire este un amestec al "
          "cărților ales după numărul ei, așa că primele împărțiri sunt un eșantion corect din toate.",
    "ar": "العمود الأخير فترة ثقة 95٪ لنسبة كل توزيعات اللعبة التي يمكن الفوز بها: تُعدّ التوزيعات التي لم تُحسم "
          "خاسرة عند طرفها الأدنى وفائزة عند طرفها الأعلى (فترة Wilson؛ E. B. Wilson، 1927). وكل توزيعة خلطٌ "
          "للأوراق يحدده رقمها، فالتوزيعات الأولى عيّنة منصفة من التوزيعات كلها.",
    "id": "Kolom terakhir adalah selang kepercayaan 95\u00a0% untuk porsi semua pembagian permainan itu yang bisa "
          "dimenangkan: pembagian yang belum diputuskan dihitung kalah untuk batas bawahnya dan menang untuk "
          "batas atasnya (selang skor Wilson; E. B. Wilson, 1927). Setiap pembagian adalah kocokan kartu yang "
          "ditentukan oleh nomornya, jadi pembagian-pembagian pertama adalah sampel yang adil dari semuanya.",
}


def block(lang: str, figs: dict[str, Figures]) -> str:
    """The FAQ's generated part for ``lang``, markers included."""
    head = "".join(f"<th>{h}</th>" for h in HEAD[lang])
    lines = [
        BEGIN,
        f"  <p>{intro(lang, figs)}</p>",
        '  <div class="table-wrap" tabindex="0" role="region" aria-labelledby="winnable"><table>',
        f"    <thead><tr>{head}</tr></thead>",
        "    <tbody>",
        *(row(lang, v, figs[v]) for v in ORDER),
        "    </tbody>",
        "  </table></div>",
        f"  <p>{harp(lang, figs['easy-harp'])}</p>",
        f"  <p>{INTERVAL[lang]}</p>",
        "  " + END,
    ]
    return "\n".join(lines)


_REGION = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)


def page(lang: str, figs: dict[str, Figures]) -> str:
    """``help/<lang>/faq.html`` with its generated part made from ``figs``.

    Raises:
        ValueError: the page lacks the markers, or has them more than once.
    """
    path = FAQ / lang / "faq.html"
    html = path.read_text(encoding="utf-8")
    if len(_REGION.findall(html)) != 1:
        raise ValueError(f"{path}: needs exactly one {BEGIN} ... {END}")
    return _REGION.sub(lambda _: block(lang, figs), html)


def main(argv: list[str] | None = None) -> int:
    """Rewrite (or with ``--check`` compare) the four FAQ pages and
    ``game/solver/proven.py``; 0 when written or current, 1 when stale."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 when a file is stale, write nothing")
    args = ap.parse_args(argv)
    figs = figures(warn=True)
    stale = []
    for lang in LANGS:
        path = FAQ / lang / "faq.html"
        new = page(lang, figs)
        if new != path.read_text(encoding="utf-8"):
            stale.append(path)
            if not args.check:
                path.write_text(new, encoding="utf-8")
    if proven_deals.text(*proven_deals.merged()) != proven_deals.OUT.read_text(encoding="utf-8"):
        stale.append(proven_deals.OUT)
        if not args.check:
            proven_deals.from_verdicts()
    for v in ORDER:
        f = figs[v]
        lo, hi = rounded(f.interval)
        print(f"{v}: deals 1-{f.deals} ({f.source}): {f.won} winnable, {f.lost} unwinnable, "
              f"{f.undecided} undecided; 95 % interval {lo}-{hi} %")
    if stale:
        print(("stale: " if args.check else "written: ") + ", ".join(os.path.relpath(p, ROOT) for p in stale))
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
