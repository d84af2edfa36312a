"""Answers the probes of tests/fixtures/lexicon/probes.json (stdin) with the Python runtime.

argv: the folder holding rpe_runtime, the snapshot. Prints one JSON list: {"gold", "aliases"}
per probe, or {"error": message}.
"""

import json
import sys

sys.path.insert(0, sys.argv[1])
from rpe_runtime.lexicon import LexiconError, open_lexicon  # noqa: E402

lex = open_lexicon(sys.argv[2])
out = []
for probe in json.load(sys.stdin):
    try:
        answer = lex.answer(probe["lemma"], probe["query"])
        out.append({"gold": answer["gold"], "aliases": answer["aliases"]})
    except (LexiconError, ValueError) as error:
        out.append({"error": str(error)})
json.dump(out, sys.stdout, ensure_ascii=False)
