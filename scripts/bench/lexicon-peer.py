"""The Python peer of `npm run bench -- lexicon`: forms() as framework/lexicon/SCHEMA.md documents it.

argv: snapshot, a JSON file of lemmas, the query. Asks about every lemma once, in a fresh
process, with the standard sqlite3 module and the SQL of SCHEMA.md, and prints one JSON line:
{"asks", "rows", "cpu_s", "wall_s"} for the asking loop (the masks table is read inside it, as a
first ask would).
"""

import json
import sqlite3
import sys
import time

FORMS = """SELECT f.form, t.tag FROM readings r
  JOIN forms f ON f.id = r.form_id JOIN tags t ON t.id = r.tag_id
  WHERE r.lexeme_id IN (SELECT id FROM lexemes WHERE lemma = ?)
    AND (t.mask0 & ?) = ? AND (t.mask1 & ?) = ? AND (t.mask2 & ?) = ?
  ORDER BY r.form_id, r.lexeme_id, r.tag_id"""

snapshot, lemmas_file, query = sys.argv[1:4]
with open(lemmas_file, encoding="utf-8") as handle:
    lemmas = json.load(handle)
db = sqlite3.connect("file:" + snapshot + "?mode=ro", uri=True)
cpu, wall = time.process_time(), time.perf_counter()
bits = {v: (w, b) for v, w, b in db.execute("SELECT value, word, bit FROM value_bits")}


def forms(lemma, query):
    q = [0, 0, 0]
    for value in query.split(":"):
        word, bit = bits[value]
        q[word] |= 1 << bit
    return db.execute(FORMS, [lemma, q[0], q[0], q[1], q[1], q[2], q[2]]).fetchall()


rows = sum(len(forms(lemma, query)) for lemma in lemmas)
print(
    json.dumps(
        {"asks": len(lemmas), "rows": rows, "cpu_s": time.process_time() - cpu, "wall_s": time.perf_counter() - wall}
    )
)
