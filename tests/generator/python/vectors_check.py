"""Prints, as JSON, what the Python runtime computes for every key of framework/random/vectors.json."""

import json
import sys

sys.path.insert(0, sys.argv[1])
from rpe_runtime.streams import create_stream, encode_stream_key, stream_seed  # noqa: E402

out = []
for vector in json.load(sys.stdin):
    k = vector["key"]
    args = (k["seed"], k["family"], k["index"], k["attempt"], k["label"])
    fresh = lambda: create_stream(*args)  # noqa: E731
    u, p, w, c = fresh(), fresh(), fresh(), fresh()
    ints = []
    for r in vector["int"]:
        s = fresh()
        ints.append({"min": r["min"], "max": r["max"], "draws": [s.int(r["min"], r["max"]) for _ in range(6)]})
    items, weights = vector["weighted"]["items"], vector["weighted"]["weights"]
    out.append(
        {
            "key": k,
            "encoded": encode_stream_key(*args),
            "seedHex": stream_seed(*args),
            "uint32": [u.uint32() for _ in range(8)],
            "int": ints,
            "pick": {"items": vector["pick"]["items"], "draws": [p.pick(vector["pick"]["items"]) for _ in range(6)]},
            "sample": {
                "items": vector["sample"]["items"],
                "k": vector["sample"]["k"],
                "result": fresh().sample(vector["sample"]["items"], vector["sample"]["k"]),
            },
            "shuffle": {"items": vector["shuffle"]["items"], "result": fresh().shuffle(vector["shuffle"]["items"])},
            "weighted": {"items": items, "weights": weights, "draws": [w.weighted(items, weights) for _ in range(8)]},
            "chance": {"numerator": 1, "denominator": 3, "draws": [c.chance(1, 3) for _ in range(8)]},
        }
    )
json.dump(out, sys.stdout, ensure_ascii=False)
