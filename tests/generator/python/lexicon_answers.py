"""Answers lexicon questions with the Python runtime, as JSON: argv = runtime folder, snapshot."""

import json
import sys

sys.path.insert(0, sys.argv[1])
from rpe_runtime.lexicon import LexiconError, open_lexicon  # noqa: E402

lex = open_lexicon(sys.argv[2])
questions = json.load(sys.stdin)


def lexeme_row(lx):
    return [lx.id, lx.lemma, lx.pos, lx.gender, lx.rank, lx.aspect, lx.reflexivity, lx.sense]


def reading(r):
    return [r.form, r.tag, *lexeme_row(r.lexeme), r.rank, r.variant]


def answer(call):
    try:
        return call()
    except LexiconError as error:
        return {"error": error.code}


out = {
    "forms": [answer(lambda: [reading(r) for r in lex.forms(lemma, query)]) for lemma, query in questions["forms"]],
    "analyse": [answer(lambda: [reading(r) for r in lex.analyse(form)]) for form in questions["analyse"]],
    "lexemes": [
        [lexeme_row(x) for x in lex.lexemes(**{"max_rank" if k == "maxRank" else k: v for k, v in f.items()})]
        for f in questions["lexemes"]
    ],
}
if "answers" in questions:
    out["answers"] = [answer(lambda: lex.answer(lemma, query)) for lemma, query in questions["answers"]]
if "messages" in questions:
    def gold_or_message(lemma, query):
        try:
            return lex.answer(lemma, query)["gold"]
        except LexiconError as error:
            return str(error)

    out["messages"] = [gold_or_message(lemma, query) for lemma, query in questions["messages"]]
json.dump(out, sys.stdout, ensure_ascii=False)
