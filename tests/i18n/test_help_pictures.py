"""The rules pages' layout pictures (issue 13 point 4): drawn from the real layout code by
scripts/help_pictures.py, up to date, mirrored for Arabic, with a legend per callout."""

from __future__ import annotations

import re

import pytest
from i18n_support import HELP, LANGS, ROOT, RTL

from scripts import help_pictures


@pytest.mark.parametrize("kind", sorted(help_pictures.DEALS))
@pytest.mark.parametrize("direction", ["ltr", "rtl"])
def test_pictures_are_up_to_date(kind, direction):
    path = ROOT / "static" / "help" / f"{kind}-{direction}.svg"
    assert path.read_text(encoding="utf-8") == help_pictures.picture(kind, direction == "rtl"), (
        "run scripts/help_pictures.py")


def test_right_to_left_picture_is_the_mirror():
    ltr = help_pictures.picture("easy-harp", False)
    rtl = help_pictures.picture("easy-harp", True)
    first = re.compile(r'<circle cx="([\d.]+)"')
    width = help_pictures.WIDTH
    assert abs(float(first.search(ltr).group(1)) + float(first.search(rtl).group(1)) - width) < 1


@pytest.mark.parametrize("lang", LANGS)
def test_rules_page_shows_both_pictures_with_a_legend_per_callout(lang):
    html = (HELP / lang / "index.html").read_text(encoding="utf-8")
    direction = "rtl" if lang in RTL else "ltr"
    for kind, marks in help_pictures.CALLOUTS.items():
        fig = re.search(rf'<figure class="layout-picture">\s*<img src="../../static/help/'
                        rf'{kind}-{direction}.svg" alt="([^"]+)".*?</figure>', html, re.S)
        assert fig, kind
        assert fig.group(0).count("<li>") == len(marks)


@pytest.mark.parametrize("example", sorted(help_pictures.EXAMPLES))
@pytest.mark.parametrize("direction", ["ltr", "rtl"])
def test_refusal_pictures_are_up_to_date(example, direction):
    path = ROOT / "static" / "help" / f"{example}-{direction}.svg"
    assert path.read_text(encoding="utf-8") == help_pictures.refusal_picture(
        example, direction == "rtl"), "run scripts/help_pictures.py"


@pytest.mark.parametrize("lang", LANGS)
def test_examples_show_the_refused_move_of_their_own_section(lang):
    """Each example section shows its picture, drawn from the same deal, moves and
    refused move as the section's data-* attributes (checked against the rules by
    test_i18n_examples.py)."""
    html = (HELP / lang / "examples.html").read_text(encoding="utf-8")
    direction = "rtl" if lang in RTL else "ltr"
    for example, (code, moves, refused) in help_pictures.EXAMPLES.items():
        section = re.search(rf'<section class="example" id="{example}"(.*?)</section>', html, re.S)
        assert section, example
        attrs = section.group(1)
        assert f'data-code="{code}"' in attrs and f'data-moves="{moves}"' in attrs
        assert f'data-refused="{refused}"' in attrs
        assert f'src="../../static/help/{example}-{direction}.svg" alt="' in attrs
