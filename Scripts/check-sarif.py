#!/usr/bin/env python3
"""Validates a `scan --sarif` log against Scripts/sarif-2.1.0-subset.schema.json.

Usage: Scripts/check-sarif.py FILE.sarif

Needs PyPI's jsonschema (preinstalled on the CI machine; `pip install jsonschema` elsewhere).
Exits 0 when the log is valid, 1 with each violation printed when it is not.
"""
import json
import pathlib
import sys

import jsonschema

if len(sys.argv) != 2:
    sys.exit(__doc__)
schema = json.loads((pathlib.Path(__file__).parent / "sarif-2.1.0-subset.schema.json").read_text())
log = json.loads(pathlib.Path(sys.argv[1]).read_text())
checker = jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
errors = sorted(checker.iter_errors(log), key=lambda error: list(error.absolute_path))
for error in errors:
    print(f"{sys.argv[1]}: {'/'.join(map(str, error.absolute_path))}: {error.message}")
results = sum(len(run.get("results", [])) for run in log["runs"])
rules = sum(len(run["tool"]["driver"].get("rules", [])) for run in log["runs"])
print(f"{sys.argv[1]}: {results} results, {rules} rules, {len(errors)} schema violations")
sys.exit(1 if errors else 0)
