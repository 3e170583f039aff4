#!/usr/bin/env python3
"""Write the committed PWA assets: the web app manifests and the PNG icons.

- ``manifest.webmanifest`` (English) and ``manifest.<lang>.webmanifest`` for every other
  catalog in ``locales/``: name and short name from the catalog's ``app.title``, the rest
  shared (icons, felt-green colours, ``display: standalone``, relative ``start_url`` /
  ``scope`` / ``id`` so the app works under any sub-path). ``static/pwa.js`` points the
  page's ``<link rel="manifest">`` at the file of the page's language; all of them share
  one ``id``, so whichever is read at install time it is the same app.
- ``static/icons/icon-192.png``, ``icon-512.png``, ``apple-touch-icon.png`` (180) from
  ``icon.svg`` and ``icon-maskable-512.png`` from ``icon-maskable.svg``, rendered by
  Debian's Chromium through Playwright (already a test dependency: no image library to
  pin). The output is committed; re-run this script only when an SVG changes.

    .venv/bin/python scripts/pwa_assets.py            # manifests + icons
    python3 scripts/pwa_assets.py --manifests         # manifests only (stdlib)
    python3 scripts/pwa_assets.py --check             # exit 1 if a manifest is stale
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"
CHROMIUM = "/usr/bin/chromium"
FELT = "#0e5a3a"
DEFAULT_LANG = "en"
RTL = {"ar"}
DESCRIPTION = ("Easy Harp and Eight Off patience games. Plays offline once loaded; "
               "your game is saved as you play.")

#: (output PNG, source SVG, size in px)
PNGS = [
    ("icon-192.png", "icon.svg", 192),
    ("icon-512.png", "icon.svg", 512),
    ("apple-touch-icon.png", "icon.svg", 180),
    ("icon-maskable-512.png", "icon-maskable.svg", 512),
]
MANIFEST_ICONS = [
    {"src": "./static/icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
    {"src": "./static/icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
    {"src": "./static/icons/icon-maskable-512.png", "sizes": "512x512", "type": "image/png",
     "purpose": "maskable"},
    {"src": "./static/icons/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
]


def manifest_name(lang: str) -> str:
    return "manifest.webmanifest" if lang == DEFAULT_LANG else f"manifest.{lang}.webmanifest"


def languages() -> list[str]:
    return sorted(p.stem for p in (ROOT / "locales").glob("*.json"))


def manifest(lang: str) -> dict:
    title = json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))["app.title"]
    return {
        "id": "./index.html",
        "name": title,
        "short_name": title,
        "description": DESCRIPTION,
        "lang": lang,
        "dir": "rtl" if lang in RTL else "ltr",
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "theme_color": FELT,
        "background_color": FELT,
        "categories": ["games"],
        "icons": MANIFEST_ICONS,
    }


def manifest_texts() -> dict[Path, str]:
    return {ROOT / manifest_name(lang): json.dumps(manifest(lang), indent=2, ensure_ascii=False) + "\n"
            for lang in languages()}


def write_manifests(check: bool = False) -> int:
    stale = []
    for path, text in manifest_texts().items():
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.append(path.name)
            if not check:
                path.write_text(text, encoding="utf-8")
    if stale:
        print(f"pwa_assets: {'stale' if check else 'wrote'}: {', '.join(stale)}",
              file=sys.stderr if check else sys.stdout)
    return 1 if (check and stale) else 0


def render_icons() -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for out, src, size in PNGS:
            page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
            svg = (ICONS / src).read_text(encoding="utf-8")
            svg = svg.replace('width="512" height="512"', f'width="{size}" height="{size}"', 1)
            page.set_content("<!doctype html><style>html,body{margin:0;background:transparent}"
                             f"svg{{display:block}}</style>{svg}")
            page.screenshot(path=str(ICONS / out), omit_background=True)
            page.close()
            print(f"pwa_assets: {out} ({size}x{size}, {(ICONS / out).stat().st_size} bytes)")
        browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--manifests", action="store_true", help="manifests only (no browser)")
    parser.add_argument("--check", action="store_true", help="exit 1 if a manifest is stale")
    args = parser.parse_args(argv)
    if args.check:
        return write_manifests(check=True)
    write_manifests()
    if not args.manifests:
        render_icons()
    return 0


if __name__ == "__main__":
    sys.exit(main())
