"""Behaviour of the Python generator runtime; prints one JSON object of observations."""

import json
import random
import sys
import time

sys.path.insert(0, sys.argv[1])
from rpe_runtime import GenerationError, define_generator, family, format_items, generate, normalize  # noqa: E402

seen = {}


def run(sample, count=50, max_attempts=30):
    gen = define_generator(name="t", count=count, lexicon="/nonexistent.sqlite", max_attempts=max_attempts,
                           families=[family(id="fam", phenomenon="p", contrast="c", sample=sample)])
    try:
        return generate(gen, 1)
    except GenerationError as error:
        return str(error)


seen["quota"] = run(lambda ctx: {"input": f"Pytanie {ctx.rng.int(1, 20)}", "gold": "tak"})
seen["random"] = run(lambda ctx: {"input": f"x {random.random()}", "gold": "g"})
seen["time"] = run(lambda ctx: {"input": f"x {time.time()}", "gold": "g"})
seen["restored"] = isinstance(random.random(), float) and isinstance(time.time(), float)
seen["invalid"] = run(lambda ctx: {"input": "x", "gold": "  "})
records = run(lambda ctx: {"input": f"Zadanie {ctx.index}", "gold": "a", "aliases": ["a ", "b", "b", "c", "d", "e", "f", "g"]})
seen["aliases"] = records[0]["item"]["aliases"]
seen["rejections"] = len(run(lambda ctx: ctx.reject("odd") if ctx.rng.chance(1, 2) else {"input": f"Z {ctx.rng.uint32()}", "gold": "a"}))
seen["jsonl"] = format_items([{"input": "Zażółć\tgęślą \"jaźń\"\u001f", "gold": "ą", "aliases": []}, {"input": "b", "gold": "c", "aliases": ["d"]}])
seen["normalize"] = normalize("\u00a0 a\u0085\u001cb\ufb01 ")


def _pick_missing(ctx):
    words = {"kot": "kota"}
    return {"input": "x", "gold": words[ctx.family]}


seen["raised"] = run(_pick_missing)
seen["raised_in_stdlib"] = run(lambda ctx: {"input": "x", "gold": json.loads("{")})
json.dump(seen, sys.stdout, ensure_ascii=False)
