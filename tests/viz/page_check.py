#!/usr/bin/env python3
"""Checks an `mscclc viz` HTML page in headless Chromium (stdlib only).

  page_check.py HTML [--expect-ops N] [--ranks SPEC] [--screenshot PNG] [--chromium PATH]
                     [--max-load-ms MS] [--timeout S]

Loads HTML#selftest with --dump-dom. In self-test mode the viewer draws, drives every
interactive path once (zoom, hover, pin, filter, toggles, scroll) and writes a JSON line
into <pre id="mscclc-selftest">; this script reads it and checks that
  - the viewer finished drawing and there were no JS errors (uncaught exceptions, unhandled
    rejections, console.error, blocked network requests), also grepping chromium's stderr
    for "Uncaught";
  - the number of op boxes laid out for the current rank filter (all of them with no
    filter, independent of what is scrolled into view) is N, and equals the model's op
    count when no filter is given.
Prints `load: <ms> ms` (navigation start until the first frame was drawn).
Exit status: 0 pass, 1 a check failed, 77 chromium not installed (skip).
"""
import argparse
import html
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile

BASE_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
              "--disable-extensions", "--mute-audio", "--window-size=1400,900", "--virtual-time-budget=20000"]


def find_chromium(explicit):
    if explicit:
        return explicit if (os.path.isfile(explicit) and os.access(explicit, os.X_OK)) or shutil.which(explicit) else None
    for name in [os.environ.get("CHROMIUM"), "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]:
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def run(cmd, timeout):
    """Runs chromium in its own process group so a hang can be ended without touching anything else."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return None, None, None
    return p.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("html")
    ap.add_argument("--expect-ops", type=int, help="expected number of op boxes")
    ap.add_argument("--ranks", help="rank filter to apply first (viewer syntax, e.g. 0-3,7)")
    ap.add_argument("--screenshot", help="also write a 1400x900 PNG screenshot here")
    ap.add_argument("--chromium", help="chromium binary (default: chromium on PATH or $CHROMIUM)")
    ap.add_argument("--max-load-ms", type=float, help="fail if loading took longer")
    ap.add_argument("--timeout", type=float, default=180, help="seconds per chromium run")
    a = ap.parse_args()

    chromium = find_chromium(a.chromium)
    if not chromium:
        print("SKIP: chromium not found (install Debian's chromium package or pass --chromium)")
        return 77
    page = pathlib.Path(a.html).resolve()
    if not page.is_file():
        print(f"FAIL: no such file {page}")
        return 1
    frag = "" if a.ranks is None else "&ranks=" + a.ranks
    url = page.as_uri()
    failures = []
    profile = tempfile.mkdtemp(prefix="mscclc-viz-chromium-")
    try:
        cmd = [chromium, *BASE_FLAGS, f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0",
               "--dump-dom", url + "#selftest" + frag]
        rc, out, err = run(cmd, a.timeout)
        if rc is None:
            print(f"FAIL: chromium did not finish within {a.timeout:.0f} s")
            return 1
        # The element is appended at the end of the document: take the last match.
        m = re.findall(r'<pre id="mscclc-selftest"[^>]*>(.*?)</pre>', out, re.S)
        if not m:
            print(f"FAIL: no self-test result in the page (chromium exit {rc}); stderr tail:")
            print("\n".join(err.splitlines()[-15:]))
            return 1
        try:
            res = json.loads(html.unescape(m[-1]))
        except ValueError as e:
            print(f"FAIL: unreadable self-test result ({e}): {m[-1][:200]}")
            return 1

        for e in res.get("errors", []):
            failures.append("page error: " + e)
        for line in err.splitlines():
            if ":CONSOLE" in line and "Uncaught" in line:
                failures.append("console: " + line.split("]", 1)[-1].strip())
        if not res.get("done"):
            failures.append("the viewer did not finish drawing")
        if not res.get("exercised"):
            failures.append("the viewer's interaction self-test did not finish")
        boxes = res.get("opBoxes")
        if a.expect_ops is not None and boxes != a.expect_ops:
            failures.append(f"op boxes: {boxes}, expected {a.expect_ops}")
        if a.ranks is None and boxes != res.get("totalOps"):
            failures.append(f"op boxes {boxes} != ops in the model {res.get('totalOps')} with no filter")
        if res.get("exercised") and res.get("opBoxesAfter") != boxes:
            failures.append(f"op boxes changed after the interaction self-test: {boxes} -> {res.get('opBoxesAfter')}")
        load = res.get("loadMs")
        if load is not None:
            print(f"load: {load:.1f} ms")
            if a.max_load_ms is not None and load > a.max_load_ms:
                failures.append(f"load took {load:.1f} ms > {a.max_load_ms:.0f} ms")
        print(f"op boxes: {boxes} (model {res.get('totalOps')} ops), lanes {res.get('lanes')}, ranks {res.get('ranks')}, "
              f"edges {res.get('edges')}; first frame {res.get('firstFrameMs')} ms, slowest frame {res.get('maxFrameMs')} ms")

        if a.screenshot:
            shot = pathlib.Path(a.screenshot).resolve()
            if shot.exists():
                shot.unlink()
            cmd = [chromium, *BASE_FLAGS, f"--user-data-dir={profile}", "--hide-scrollbars",
                   f"--screenshot={shot}", url + ("#" + frag[1:] if frag else "")]
            rc, out, err = run(cmd, a.timeout)
            if rc is None or not shot.is_file() or shot.stat().st_size == 0:
                failures.append(f"screenshot {shot} was not written")
            else:
                print(f"screenshot: {shot}")
    finally:
        shutil.rmtree(profile, ignore_errors=True)

    for f in failures:
        print("FAIL: " + f)
    if failures:
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
