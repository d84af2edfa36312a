"""Read-only access to the morphology snapshot (data/morphology.sqlite) with Python's sqlite3.

The same answers, in the same order, as the TypeScript API (framework/lexicon): forms() lists
every form of a lemma whose tag holds every value of the query ("subst:pl:gen", "praet:sg:f"),
ordered by form (rank, then code point: the form ids), lexeme id and tag; answer() gives the gold
of the main lexeme by the rule of framework/lexicon/SCHEMA.md; both raise instead of returning
nothing. The tables are documented in SCHEMA.md.
"""

import sqlite3
from collections import namedtuple

SCHEMA_VERSION = 5

# rank stays fifth, where it was before aspect, reflexivity and sense came.
Lexeme = namedtuple("Lexeme", "id lemma pos gender rank aspect reflexivity sense")
# variant: the reading's place in its cell (0 standard, 1 equal variant, 2+ left out; SCHEMA.md).
FormReading = namedtuple("FormReading", "form tag lexeme rank variant")
_LEXEME_COLUMNS = "id, lemma, pos, gender, rank, aspect, reflexivity, sense"

_FEATURE_VALUES = (
    "fin praet impt inf pot bedzie winien imps pred comp sg pl nom gen dat acc inst loc voc "
    "m1 m2 m3 f n1 n2 p1 p2 p3 pri sec ter pos com sup imperf perf aff neg congr rec refl nonrefl "
    "akc nakc praep npraep wok nwok pun npun"
).split()
_PARTS_OF_SPEECH = (
    "subst depr adj adja adjc adjp adv num ppron12 ppron3 siebie verb ger pact ppas pant pcon pred "
    "prep conj comp qub interj burk brev"
).split()
_KNOWN_VALUES = frozenset(_FEATURE_VALUES) | frozenset(_PARTS_OF_SPEECH)
# The feature of each value outside the first position, as framework/lexicon/parse-tag.ts has it.
_FEATURE_OF = {
    v: feature
    for feature, values in (
        ("flex", "fin praet impt inf pot bedzie winien imps pred comp"),
        ("number", "sg pl"),
        ("case", "nom gen dat acc inst loc voc"),
        ("gender", "m1 m2 m3 f n1 n2 p1 p2 p3"),
        ("person", "pri sec ter"),
        ("degree", "pos com sup"),
        ("aspect", "imperf perf"),
        ("negation", "aff neg"),
        ("accommodation", "congr rec"),
        ("reflexivity", "refl nonrefl"),
        ("accentability", "akc nakc"),
        ("postPrepositionality", "praep npraep"),
        ("vocalicity", "wok nwok"),
        ("punctuation", "pun npun"),
    )
    for v in values.split()
}
_SET_FEATURES = [f for f in dict.fromkeys(_FEATURE_OF.values()) if f != "flex"]
_REFLEXIVE = " się"
_CASES_IN_TAG_ORDER = ("sg", "pl", "nom", "gen", "dat", "acc", "inst", "loc", "voc")
_MAN_FORM = "the man's form: a woman's surname ending in a consonant does not decline"
_DEGREES = ("pos", "com", "sup")
_PERSONS = ("pri", "sec", "ter")
_GENDERS = ("m1", "m2", "m3", "f", "n1", "n2", "p1", "p2", "p3")
# A numeral form with only these genders is a collective numeral (dwoje, trojga, pięciorga).
_COLLECTIVE = ("n1", "p1", "p2")


class LexiconError(LookupError):
    """A query the snapshot cannot answer: code is unknown_lemma, unknown_form or no_such_form."""

    def __init__(self, code, message, lemma=None):
        super().__init__(message)
        self.code = code
        # The lemma the snapshot did not know (unknown_lemma), so a run can name it per family.
        self.lemma = lemma


def parse_query(query):
    """The distinct values of a query; a value outside the tagset is an error, not an empty answer."""
    values = list(dict.fromkeys(v.strip() for v in query.split(":")))
    if not values or "" in values:
        raise ValueError(f'form query "{query}": empty value; write tag values joined by ":"')
    for value in values:
        if value not in _KNOWN_VALUES:
            raise ValueError(f'form query "{query}": "{value}" is not a value of the tagset')
    return values


def tag_values(tag):
    """Every value of a tag: its part of speech and each `.` alternative of the other positions."""
    positions = tag.split(":")
    return frozenset([positions[0]] + [v for p in positions[1:] for v in p.split(".")])


def tag_features(tag):
    """(pos, flex, {feature: tuple of values}) of a tag, as parse-tag.ts splits it."""
    positions = tag.split(":")
    sets = {}
    for position in positions[1:]:
        for value in position.split("."):
            feature = _FEATURE_OF[value]
            if value not in sets.setdefault(feature, []):
                sets[feature].append(value)
    flex = sets.pop("flex", [None])[0]
    return positions[0], flex, {f: tuple(sets.get(f, ())) for f in _SET_FEATURES}


def cell_fit(features, values):
    """Lower fits better, numerals only: genders exactly the asked ones (dwiema), then fewest cases (pięcioma); answer-slot.ts."""
    if features[0] != "num":
        return 0
    genders = features[2]["gender"]
    asked = [g for g in genders if g in values]
    own_gender = 0 if asked and len(asked) == len(genders) else 1
    return own_gender * 16 + len(features[2]["case"])


def same_slot(cell, gold, named):
    """Whether a matching cell is the same slot as the gold's (answer-slot.ts sameSlot)."""
    if cell[0] != gold[0] or cell[1] != gold[1]:
        return False
    for f in _SET_FEATURES:
        a, b = cell[2][f], gold[2][f]
        if f in named:
            if not all(v in a for v in b):
                return False
        elif len(a) != len(b) or not all(v in b for v in a):
            return False
    return True


def _edit_distance(a, b, limit):
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i]
        best = i
        for j in range(1, len(b) + 1):
            d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (0 if a[i - 1] == b[j - 1] else 1))
            current.append(d)
            best = min(best, d)
        if best > limit:
            return limit + 1
        previous = current
    return previous[len(b)]


def nearest_lemmas(asked, lemmas):
    """The lemmas spelled nearest to an unknown one, as nearest-lemmas.ts gives them."""
    a = asked.lower()
    limit = 1 if len(a) <= 5 else 2
    found = []
    for lemma in lemmas:
        d = _edit_distance(a, lemma.lower(), limit)
        if d <= limit and lemma != asked:
            found.append((d, lemma))
    found.sort()
    return [lemma for _, lemma in found[:3]]


def _capitalised(word):
    first = word[:1]
    return first != first.lower() and first == first.upper()


def describe_lexeme(lexeme):
    """How a lexeme is named in messages: lemma, then what sets it apart (as in TypeScript)."""
    marks = [m for m in (lexeme.pos, lexeme.gender, lexeme.aspect, lexeme.reflexivity) if m is not None]
    sense = f", sense {lexeme.sense}" if lexeme.sense > 1 else ""
    return f"{lexeme.lemma} ({' '.join(marks)}{sense})"


def _lexeme_dict(lexeme):
    return {
        "id": lexeme.id,
        "lemma": lexeme.lemma,
        "pos": lexeme.pos,
        "gender": lexeme.gender,
        "aspect": lexeme.aspect,
        "reflexivity": lexeme.reflexivity,
        "sense": lexeme.sense,
        "rank": lexeme.rank,
    }


class Lexicon:
    """The snapshot, opened read-only."""

    def __init__(self, path):
        self.path = str(path)
        uri = "file:" + self.path.replace("?", "%3f").replace("#", "%23") + "?mode=ro"
        try:
            self._db = sqlite3.connect(uri, uri=True)
        except sqlite3.OperationalError as error:
            raise FileNotFoundError(f"{self.path}: cannot open the morphology snapshot ({error})") from error
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version != SCHEMA_VERSION:
            self._db.close()
            raise ValueError(f"{self.path}: schema version {version}, expected {SCHEMA_VERSION}")
        self._tags = {tid: (tag, tag_values(tag)) for tid, tag in self._db.execute("SELECT id, tag FROM tags")}
        self._notes = dict(self._db.execute("SELECT code, why FROM variant_notes"))
        self._features = {tid: tag_features(tag) for tid, (tag, _) in self._tags.items()}
        self._lemma_cache = {}
        self._all_lemmas = None
        # Lemmas a lexemes(lemma=...) filter named that the snapshot does not know (take_filter_misses).
        self._filter_misses = []

    def _lexemes_of(self, lemma):
        found = self._lemma_cache.get(lemma)
        if found is None:
            rows = self._db.execute(f"SELECT {_LEXEME_COLUMNS} FROM lexemes WHERE lemma = ? ORDER BY id", (lemma,))
            found = [Lexeme(*row) for row in rows]
            self._lemma_cache[lemma] = found
        return found

    def _matches(self, lemma, query):
        """(values, lexemes, rows): rows (form, rank, tag id, lexeme id, form id, variant) in form order."""
        values = parse_query(query)
        lexemes = [lemma] if isinstance(lemma, Lexeme) else self._lexemes_of(lemma)
        if not lexemes:
            if self._all_lemmas is None:
                self._all_lemmas = [row[0] for row in self._db.execute("SELECT lemma FROM paradigm_lemmas")]
            nearest = nearest_lemmas(lemma, self._all_lemmas)
            names = ", ".join(f'"{n}"' for n in nearest)
            more = f"; nearest in the snapshot: {names}" if nearest else ""
            raise LexiconError("unknown_lemma", f'unknown lemma "{lemma}"{more}', lemma=lemma)
        marks = ",".join("?" * len(lexemes))
        rows = self._db.execute(
            "SELECT f.form, f.rank, r.tag_id, r.lexeme_id, r.form_id, r.variant FROM readings r "
            f"JOIN forms f ON f.id = r.form_id WHERE r.lexeme_id IN ({marks}) "
            "ORDER BY r.form_id, r.lexeme_id, r.tag_id",
            tuple(lx.id for lx in lexemes),
        )
        hits = [row for row in rows if all(v in self._tags[row[2]][1] for v in values)]
        if not hits:
            name = describe_lexeme(lemma) if isinstance(lemma, Lexeme) else lemma
            raise LexiconError("no_such_form", f'lemma "{name}" has no form matching "{query}"')
        return values, lexemes, hits

    def forms(self, lemma, query):
        """Every reading of the lemma (or one Lexeme) matching the query; raises LexiconError."""
        _, lexemes, rows = self._matches(lemma, query)
        by_id = {lx.id: lx for lx in lexemes}
        return [
            FormReading(form, self._tags[tag_id][0], by_id[lexeme_id], rank, variant)
            for form, rank, tag_id, lexeme_id, _, variant in rows
        ]

    def answer(self, lemma, query, allow=()):
        """The gold of lemma (its main lexeme) or of one Lexeme, by the rule of SCHEMA.md.

        A dict {"gold", "aliases", "lemma", "query", "tag", "lexeme", "excluded": [{"form", "why"}]},
        the same as the TypeScript answer(); `allow` takes excluded forms back as aliases. Lemmas
        as people write them ("bać się", "Bóg", a woman's "Nowak") as spelled-answer.ts reads them.
        """
        found = self._spelled_answer(lemma, query)
        aliases, excluded = found["aliases"], found["excluded"]
        for form in allow:
            if form == found["gold"] or form in aliases:
                continue
            at = next((i for i, e in enumerate(excluded) if e["form"] == form), None)
            if at is None:
                raise ValueError(f'answer("{found["lemma"]}", "{query}"): allow: "{form}" is not one of its excluded forms')
            excluded.pop(at)
            aliases.append(form)
        return found

    def _spelled_answer(self, lemma, query):
        if isinstance(lemma, Lexeme):
            return self._core_answer(lemma, query)
        try:
            return self._core_answer(lemma, query)
        except LexiconError as error:
            if error.code == "unknown_lemma":
                if lemma.endswith(_REFLEXIVE):
                    verb = lemma[: -len(_REFLEXIVE)]
                    reflexive = sorted(
                        (lx for lx in self._lexemes_of(verb) if lx.pos == "verb" and "refl" in (lx.reflexivity or "").split(".")),
                        key=lambda lx: (lx.sense, lx.id),
                    )
                    if not reflexive:
                        raise
                    return _respell(self._core_answer(reflexive[0], query), lemma, lambda f: f + _REFLEXIVE)
                lower = lemma[:1].lower() + lemma[1:]
                if _capitalised(lemma) and self._lexemes_of(lower):
                    return _respell(self._core_answer(lower, query), lemma, lambda f: f[:1].upper() + f[1:])
                raise
            values = parse_query(query)
            if error.code != "no_such_form" or "f" not in values:
                raise
            found = self._indeclinable_surname(lemma, values, query)
            if found is None:
                raise
            return found

    def _indeclinable_surname(self, lemma, values, query):
        man = next((lx for lx in self._lexemes_of(lemma) if lx.pos == "subst" and lx.gender == "m1"), None)
        if not _capitalised(lemma) or lemma[-1:] in "aeiouyąęó" or man is None:
            return None
        if any(v not in ("subst", "f") + _CASES_IN_TAG_ORDER for v in values):
            return None
        tag = ":".join(["subst"] + [v for v in _CASES_IN_TAG_ORDER if v in values] + ["f"])
        excluded = []
        try:
            his = self._core_answer(man, ":".join([v for v in values if v != "f"] + ["m1"]))["gold"]
            if his != lemma:
                excluded.append({"form": his, "why": _MAN_FORM})
        except LexiconError:
            pass
        return {"gold": lemma, "aliases": [], "lemma": lemma, "query": query, "tag": tag, "lexeme": _lexeme_dict(man), "excluded": excluded}

    def _core_answer(self, lemma, query):
        values, lexemes, rows = self._matches(lemma, query)
        any_degree = any(v in _DEGREES for v in values)
        any_negation = "aff" in values or "neg" in values
        any_person = any(v in _PERSONS for v in values)
        any_gender = any(v in _GENDERS for v in values)

        def default_why(row):
            tag = self._tags[row[2]][0]
            tag_vals = self._tags[row[2]][1]
            degree = [d for d in _DEGREES if d in tag_vals]
            if not any_degree and degree and "pos" not in degree:
                return f"degree {'.'.join(degree)}: a query without a degree means the positive degree"
            if not any_negation and "neg" in tag_vals and "aff" not in tag_vals:
                return "negated form: a query without aff or neg means the affirmative"
            person = [p for p in _PERSONS if p in tag_vals]
            if not any_person and person and "ter" not in person:
                return f"person {'.'.join(person)}: a query without a person means the third person"
            genders = [g for g in _GENDERS if g in tag_vals]
            if not any_gender and tag.startswith("num:") and genders and all(g in _COLLECTIVE for g in genders):
                return "collective numeral (dwoje, trojga, pięciorga): a query without a gender means the main forms"
            return None

        defaulted = [default_why(row) for row in rows]
        if all(d is not None for d in defaulted):
            defaulted = [None] * len(rows)
        by_id = {lx.id: lx for lx in lexemes}
        candidates = [lx for lx in lexemes if any(r[3] == lx.id and d is None for r, d in zip(rows, defaulted))]
        lexeme = min(candidates, key=lambda lx: (lx.sense, lx.rank is None, lx.rank or 0, lx.id))
        own = [r[3] == lexeme.id and d is None for r, d in zip(rows, defaulted)]
        gold_row = None
        for r, o in zip(rows, own):
            if o and r[5] == 0 and (gold_row is None or cell_fit(self._features[r[2]], values) < cell_fit(self._features[gold_row[2]], values)):
                gold_row = r
        if gold_row is None:
            gold_row = next(r for r, o in zip(rows, own) if o)
        gold = gold_row[0]
        gold_cells = [r[2] for r, o in zip(rows, own) if o and r[0] == gold and r[5] == 0]
        named = {_FEATURE_OF[v] for v in values if v in _FEATURE_OF}
        gold_tags = list(gold_cells)
        for r, o in zip(rows, own):
            if o and r[5] <= 1 and r[2] not in gold_tags:
                if any(same_slot(self._features[r[2]], self._features[g], named) for g in gold_cells):
                    gold_tags.append(r[2])
        aliases = []
        for r, o in zip(rows, own):
            if o and r[2] in gold_tags and r[5] <= 1 and r[0] != gold and r[0] not in aliases:
                aliases.append(r[0])
        reasons = {}
        for r, o, d in zip(rows, own, defaulted):
            form, _, tag_id, lexeme_id, _, variant = r
            if form == gold or form in aliases:
                continue
            if lexeme_id != lexeme.id:
                reason = (3, f"another lexeme: {describe_lexeme(by_id[lexeme_id])}")
            elif d is not None:
                reason = (2, d)
            elif variant < 2 and tag_id not in gold_tags:
                reason = (1, f"another cell: {self._tags[tag_id][0]}")
            else:
                reason = (0, self._notes.get(variant, f"variant {variant}"))
            if form not in reasons or reason[0] < reasons[form][0]:
                reasons[form] = reason
        excluded = [{"form": form, "why": why} for form, (_, why) in reasons.items()]
        return {
            "gold": gold,
            "aliases": aliases,
            "lemma": lexeme.lemma,
            "query": query,
            "tag": self._tags[gold_row[2]][0],
            "lexeme": _lexeme_dict(lexeme),
            "excluded": excluded,
        }

    def form(self, lemma, query):
        """The gold of answer()."""
        return self.answer(lemma, query)["gold"]

    def analyse(self, form):
        """Every reading of a form, by lexeme id then tag; raises LexiconError unknown_form."""
        columns = ", ".join(f"l.{c}" for c in _LEXEME_COLUMNS.split(", "))
        rows = self._db.execute(
            f"SELECT {columns}, f.rank, r.tag_id, r.variant FROM forms f "
            "JOIN readings r ON r.form_id = f.id JOIN lexemes l ON l.id = r.lexeme_id "
            "WHERE f.form = ? ORDER BY r.lexeme_id, r.tag_id",
            (form,),
        ).fetchall()
        if not rows:
            raise LexiconError("unknown_form", f'unknown form "{form}"')
        return [FormReading(form, self._tags[row[9]][0], Lexeme(*row[:8]), row[8], row[10]) for row in rows]

    def lexemes(self, pos=None, gender=None, max_rank=None, lemma=None, limit=None, aspect=None, reflexivity=None, sense=None):
        """Lexemes for candidate pools, ordered by rank (unranked last), lemma, id."""
        where, params = [], []
        if pos is not None:
            where.append("pos = ?")
            params.append(pos)
        if gender is not None:
            genders = [gender] if isinstance(gender, str) else list(gender)
            where.append(f"gender IN ({','.join('?' * len(genders))})" if genders else "0")
            params.extend(genders)
        for column, value in (("aspect", aspect), ("reflexivity", reflexivity), ("sense", sense)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        if max_rank is not None:
            where.append("rank <= ?")
            params.append(max_rank)
        if lemma is not None:
            where.append("lemma = ?")
            params.append(lemma)
        sql = f"SELECT {_LEXEME_COLUMNS} FROM lexemes"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY rank IS NULL, rank, lemma, id"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        found = [Lexeme(*row) for row in self._db.execute(sql, params)]
        if not found and isinstance(lemma, str):
            known = len(where) > 1 and self._db.execute("SELECT 1 FROM lexemes WHERE lemma = ? LIMIT 1", (lemma,)).fetchone()
            if not known:
                self._filter_misses.append(lemma)
        return found

    def take_filter_misses(self):
        """The unknown lemmas lexemes(lemma=...) filters named since the last call, in order."""
        taken, self._filter_misses = self._filter_misses, []
        return taken

    def close(self):
        self._db.close()


def _respell(answer, lemma, spell):
    """The same answer with every form spelled by `spell`, under `lemma` (spelled-answer.ts)."""
    answer = dict(answer)
    answer["lemma"] = lemma
    answer["gold"] = spell(answer["gold"])
    answer["aliases"] = [spell(a) for a in answer["aliases"]]
    answer["excluded"] = [{"form": spell(e["form"]), "why": e["why"]} for e in answer["excluded"]]
    return answer


def open_lexicon(path):
    """Opens a snapshot read-only."""
    return Lexicon(path)
