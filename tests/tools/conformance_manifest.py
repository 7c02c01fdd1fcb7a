"""The conformance corpus's table, tests/conformance/manifest.tsv: one row
per reference plan (name, source of our port, algorithm, parameters, tier),
tab-separated, after a header row. Read by its lit format
(mscclc_lit_formats.ManifestFormat) and by the profile training
(cmake/pgo-train.py).
"""


def rows(path):
    """The table's rows as lists of fields, without the header and blank rows."""
    with open(path) as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if fields[0] and fields[0] != "name":
                yield fields


def compile_arguments(params):
    """mscclc's arguments for a row's parameters: `k=v` as `-P k=v`, a flag
    (`--...`) as it is."""
    args = []
    for p in params.split():
        args += [p] if p.startswith("-") else ["-P", p]
    return args
