#!/usr/bin/env python3
"""embed.py MODEL.json OUT.html [--viewer viewer.html]

Does what the C++ side of `mscclc viz` does: puts the model JSON into the viewer template in place
of the placeholder, with <, > and & escaped as \\u003c \\u003e \\u0026 so the text is safe inside <script>
(and non-ASCII as \\uXXXX, which is optional but speeds up loading).
"""
import argparse
import json
import os

PLACEHOLDER = "/*@MSCCLC_VIZ_MODEL@*/null"
DEFAULT_VIEWER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "viz", "assets", "viewer.html")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model")
    ap.add_argument("out")
    ap.add_argument("--viewer", default=DEFAULT_VIEWER)
    a = ap.parse_args()
    with open(a.viewer, encoding="utf-8") as f:
        html = f.read()
    if html.count(PLACEHOLDER) != 1:
        raise SystemExit(f"embed.py: {a.viewer} must contain {PLACEHOLDER} exactly once")
    with open(a.model, encoding="utf-8") as f:
        # ensure_ascii: all-ASCII script text is parsed markedly faster by the browser.
        text = json.dumps(json.load(f), ensure_ascii=True, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    with open(a.out, "w", encoding="utf-8") as f:
        f.write(html.replace(PLACEHOLDER, text))


if __name__ == "__main__":
    main()
