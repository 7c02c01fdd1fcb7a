"""Checks the diagnostics document a run wrote on stderr when a limit hit
inside Clang ended it: stderr is exactly one JSON (or SARIF) document, and
it holds every diagnostic of the run, the limit's error last, located.

usage: check_fatal_document.py json|sarif FILE MESSAGE LINE COLUMN [EARLIER]
"""
import json
import sys

kind, path, message, line, column = sys.argv[1:6]
earlier = sys.argv[6] if len(sys.argv) > 6 else None
with open(path) as f:
    doc = json.load(f)  # fails on any text before or after the document

if kind == "json":
    diags = doc["diagnostics"]
    last = diags[-1]
    assert last["severity"] == "error", last
    assert last["message"] == message, last
    assert (last["line"], last["column"]) == (int(line), int(column)), last
    assert doc["errors"] == sum(d["severity"] == "error" for d in diags), doc
    if earlier:
        assert any(d["message"].startswith(earlier) for d in diags[:-1]), diags
else:
    results = doc["runs"][0]["results"]
    last = results[-1]
    assert last["level"] == "error", last
    assert last["message"]["text"] == message, last
    region = last["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (int(line),
                                                            int(column)), region
    if earlier:
        assert any(r["message"]["text"].startswith(earlier)
                   for r in results[:-1]), results
print("ok:", kind, len(doc.get("diagnostics", doc.get("runs", [{}])[0].get("results", []))), "diagnostics")
