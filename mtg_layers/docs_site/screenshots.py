"""Screenshots of case pages at a phone's width and a desktop's, for the contributor notes (docs/contributing.md).

``python -m mtg_layers.docs_site.screenshots [--site DIR]`` builds the site (or uses a built one), serves it
on 127.0.0.1 and has Debian's headless Chromium (``/usr/bin/chromium``) capture each page of ``PAGES`` at
each width of ``WIDTHS`` into ``docs/images/screenshots/`` (the names the contributor notes show). Run it
after a change to the site's look, and commit the pictures.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from ..paths import ROOT

CHROMIUM = "/usr/bin/chromium"
OUT = ROOT / "docs" / "images" / "screenshots"
# three case pages, tall enough to reach the first step's tabs and trace: counters and a switch (Gray Ogre),
# a dependency with its diagram (Urborg and Blood Moon), Humility and Opalescence
PAGES = {
    "gray-ogre": "cases/seed-gray-ogre/",
    "urborg-blood-moon": "cases/seed-urborg-then-blood-moon/",
    "humility-opalescence": "cases/seed-humility-then-opalescence/",
}
WIDTHS = {"375": (375, 4400), "1400": (1400, 2000)}  # phone, desktop: (width, height) in CSS pixels
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--mute-audio"]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # signature fixed by the base class
        pass


def build(site: Path) -> None:
    """``mkdocs build`` of the repository into ``site``."""
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--site-dir", str(site)], cwd=ROOT, check=True, timeout=1800
    )


def capture(base_url: str, out: Path, chromium: str = CHROMIUM) -> list[Path]:
    """Each page at each width, as ``NAME-WIDTH.png`` in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, path in PAGES.items():
        for label, (width, height) in WIDTHS.items():
            target = out / f"{name}-{label}.png"
            with tempfile.TemporaryDirectory(prefix="mtg-layers-shot-") as profile:
                subprocess.run(
                    [
                        chromium,
                        *FLAGS,
                        f"--user-data-dir={profile}",
                        f"--window-size={width},{height}",
                        "--virtual-time-budget=15000",
                        f"--screenshot={target}",
                        base_url + path,
                    ],
                    check=True,
                    capture_output=True,
                    timeout=300,
                    stdin=subprocess.DEVNULL,
                )
            written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    """Build or reuse the site, serve it, capture the screenshots."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--out", type=Path, default=OUT, help="where the pictures go")
    args = parser.parse_args(argv)
    if shutil.which(CHROMIUM) is None:
        print(f"{CHROMIUM} not found: apt-get install -y chromium", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="mtg-layers-site-") as tmp:
        site = args.site or Path(tmp) / "site"
        if args.site is None:
            build(site)
        handler = functools.partial(_Quiet, directory=str(site))
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        thread = threading.Thread(target=httpd.serve_forever, daemon=True)
        thread.start()
        try:
            written = capture(f"http://127.0.0.1:{httpd.server_address[1]}/", args.out)
        finally:
            httpd.shutdown()
            httpd.server_close()
    for path in written:
        print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
