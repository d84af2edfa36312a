"""Read-only access to the morphology snapshot (data/morphology.sqlite) with Python's sqlite3.

The same answers, in the same order, as the TypeScript API (framework/lexicon): forms() lists
every form of a lemma whose tag holds every value of the query ("subst:pl:gen", "praet:sg:f"),
ordered by form (rank, then code point: the form ids), lexeme id and tag; answer() gives the gold
of the main lexeme by the rule of framework/lexicon/SCHEMA.md; both raise instead of returning
nothing. The tables are documented in SCHEMA.md.
"""

import sqlite3
from collections import namedtuple

SCHEMA_VERSION = 4

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
_DEGREES = ("pos", "com", "sup")
_PERSONS = ("pri", "sec", "ter")
_GENDERS = ("m1", "m2", "m3", "f", "n1", "n2", "p1", "p2", "p3")
# A numeral form with only these genders is a collective numeral (dwoje, trojga, pięciorga).
_COLLECTIVE = ("n1", "p1", "p2")


class LexiconError(LookupError):
    """A query the snapshot cannot answer: code is unknown_lemma, unknown_form or no_such_form."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


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
        self._lemma_cache = {}

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
            raise LexiconError("unknown_lemma", f'unknown lemma "{lemma}"')
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
        the same as the TypeScript answer(); `allow` takes excluded forms back as aliases.
        """
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
        gold_row = next((r for r, o in zip(rows, own) if o and r[5] == 0), None) or next(r for r, o in zip(rows, own) if o)
        gold = gold_row[0]
        gold_tags = {r[2] for r, o in zip(rows, own) if o and r[0] == gold and r[5] == 0}
        aliases = []
        for r, o in zip(rows, own):
            if o and r[2] in gold_tags and r[5] == 1 and r[0] != gold and r[0] not in aliases:
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
        for form in allow:
            if form == gold or form in aliases:
                continue
            at = next((i for i, e in enumerate(excluded) if e["form"] == form), None)
            if at is None:
                raise ValueError(f'answer("{lexeme.lemma}", "{query}"): allow: "{form}" is not one of its excluded forms')
            excluded.pop(at)
            aliases.append(form)
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
        return [Lexeme(*row) for row in self._db.execute(sql, params)]

    def close(self):
        self._db.close()


def open_lexicon(path):
    """Opens a snapshot read-only."""
    return Lexicon(path)
