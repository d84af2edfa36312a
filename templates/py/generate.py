#!/usr/bin/env python3
"""Track 2 generator: python3 generate.py --seed N --out items.jsonl

Standard library only. The runtime in rpe_runtime/ gives keyed random streams, the morphology
snapshot in data/ and the task's item rules; this file declares the families.
"""

import os
import sys

from rpe_runtime import define_generator, family, run_cli

HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------------------------------------
# PLACEHOLDER FAMILY: it only shows the API (`rpe check` says incomplete while it is here). Replace
# it with your team's own families: the phenomena, sentence frames, word lists, questions and golds
# must be designed and written by the team (see PROVENANCE.md and the task's authorship rules).
# ---------------------------------------------------------------------------------------------

_CASES = [("gen", "dopełniacz"), ("dat", "celownik"), ("inst", "narzędnik"), ("loc", "miejscownik")]
_NUMBERS = [("sg", "liczba pojedyncza"), ("pl", "liczba mnoga")]
_POOL = {}


def _nouns(lex):
    # The pool is the same for every item, so it is read once; lexemes() has a fixed order.
    if "nouns" not in _POOL:
        _POOL["nouns"] = [lx for lx in lex.lexemes(pos="subst", limit=3000) if lx.lemma.islower()]
    return _POOL["nouns"]


def placeholder_sample(ctx):
    noun = ctx.rng.pick(_nouns(ctx.lex))
    case, case_name = ctx.rng.pick(_CASES)
    number, number_name = ctx.rng.pick(_NUMBERS)
    answer = ctx.answer(noun, f"subst:{number}:{case}")
    return {
        "input": f"[PRZYKŁAD DO ZASTĄPIENIA] Podaj formę rzeczownika „{noun.lemma}”: {case_name}, {number_name}.",
        **answer,
    }


GENERATOR = define_generator(
    name="track2-generator",
    count=100,
    lexicon=os.path.join(HERE, "data", "morphology.sqlite"),
    families=[
        family(
            id="placeholder",
            phenomenon="PLACEHOLDER: describe the Polish phenomenon this family tests",
            contrast="PLACEHOLDER: describe the Polish contrast and how it changes the gold",
            sample=placeholder_sample,
        ),
    ],
)

if __name__ == "__main__":
    sys.exit(run_cli(GENERATOR))
