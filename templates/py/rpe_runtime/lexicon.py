"""Read-only access to the morphology snapshot (data/morphology.sqlite) with Python's sqlite3.

The same answers, in the same order, as the TypeScript API (framework/lexicon): forms() lists
every form of a lemma whose tag holds every value of the query ("subst:pl:gen", "praet:sg:f"),
ordered by form (rank, then code point: the form ids), lexeme id and tag; it raises instead of
returning an empty list. The tables are documented in framework/lexicon/SCHEMA.md.
"""

import sqlite3
from collections import namedtuple

SCHEMA_VERSION = 1

Lexeme = namedtuple("Lexeme", "id lemma pos gender rank")
FormReading = namedtuple("FormReading", "form tag lexeme rank")

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
        self._lemma_cache = {}

    def _lexemes_of(self, lemma):
        found = self._lemma_cache.get(lemma)
        if found is None:
            rows = self._db.execute(
                "SELECT id, lemma, pos, gender, rank FROM lexemes WHERE lemma = ? ORDER BY id", (lemma,)
            )
            found = [Lexeme(*row) for row in rows]
            self._lemma_cache[lemma] = found
        return found

    def forms(self, lemma, query):
        """Every reading of the lemma (or one Lexeme) matching the query; raises LexiconError."""
        values = parse_query(query)
        lexemes = [lemma] if isinstance(lemma, Lexeme) else self._lexemes_of(lemma)
        if not lexemes:
            raise LexiconError("unknown_lemma", f'unknown lemma "{lemma}"')
        by_id = {lx.id: lx for lx in lexemes}
        marks = ",".join("?" * len(by_id))
        rows = self._db.execute(
            "SELECT r.lexeme_id, f.form, f.rank, r.tag_id FROM readings r JOIN forms f ON f.id = r.form_id "
            f"WHERE r.lexeme_id IN ({marks}) ORDER BY r.form_id, r.lexeme_id, r.tag_id",
            tuple(by_id),
        )
        hits = []
        for lexeme_id, form, rank, tag_id in rows:
            tag, tvalues = self._tags[tag_id]
            if all(v in tvalues for v in values):
                hits.append(FormReading(form, tag, by_id[lexeme_id], rank))
        if not hits:
            name = lemma.lemma if isinstance(lemma, Lexeme) else lemma
            raise LexiconError("no_such_form", f'lemma "{name}" has no form matching "{query}"')
        return hits

    def form(self, lemma, query):
        """The first of forms(): the canonical gold."""
        return self.forms(lemma, query)[0].form

    def analyse(self, form):
        """Every reading of a form, by lexeme id then tag; raises LexiconError unknown_form."""
        rows = self._db.execute(
            "SELECT l.id, l.lemma, l.pos, l.gender, l.rank, f.rank, r.tag_id FROM forms f "
            "JOIN readings r ON r.form_id = f.id JOIN lexemes l ON l.id = r.lexeme_id "
            "WHERE f.form = ? ORDER BY r.lexeme_id, r.tag_id",
            (form,),
        ).fetchall()
        if not rows:
            raise LexiconError("unknown_form", f'unknown form "{form}"')
        return [FormReading(form, self._tags[row[6]][0], Lexeme(*row[:5]), row[5]) for row in rows]

    def lexemes(self, pos=None, gender=None, max_rank=None, lemma=None, limit=None):
        """Lexemes for candidate pools, ordered by rank (unranked last), lemma, id."""
        where, params = [], []
        if pos is not None:
            where.append("pos = ?")
            params.append(pos)
        if gender is not None:
            genders = [gender] if isinstance(gender, str) else list(gender)
            where.append(f"gender IN ({','.join('?' * len(genders))})" if genders else "0")
            params.extend(genders)
        if max_rank is not None:
            where.append("rank <= ?")
            params.append(max_rank)
        if lemma is not None:
            where.append("lemma = ?")
            params.append(lemma)
        sql = "SELECT id, lemma, pos, gender, rank FROM lexemes"
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
