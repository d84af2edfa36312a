"""Declared generators: families, quotas, keyed retries, dedup, checked items.

The same runtime as the TypeScript framework (framework/generator): counts per family by the
largest remainder of the weights; every attempt of every item draws from its own stream keyed
(seed, family, index, attempt, "sample"); a rejected or duplicate draw is retried with the next
attempt; every item is checked with the task's rules; a family that cannot fill its quota stops
the run with a clear error.
"""

import os
import re
import sysconfig
import traceback
from math import floor

from .estimate import capacity_estimate, expected_set_overlap
from .items import clean_aliases, item_errors, normalize
from .lexicon import LexiconError, open_lexicon
from .purity import GenerationError, PurityGuard
from .streams import create_stream

_ID = re.compile(r"^[a-z0-9][a-z0-9._-]*$")
# The fields of ctx.answer() besides gold and aliases: kept for the --meta sidecar, not the item.
_ANSWER_FIELDS = {"lemma", "query", "tag", "lexeme", "excluded"}

# The seeds every runtime takes: 0 to 2**53 - 1, exact as a JavaScript number too.
MAX_SEED = 2**53 - 1


class Rejection:
    """A draw the family declines; sample() returns ctx.reject("reason")."""

    def __init__(self, reason, lemma=None):
        self.reason = str(reason)
        # The lemma the snapshot did not know, when the draw was rejected for it.
        self.lemma = lemma


class Family:
    def __init__(self, id, phenomenon, contrast, sample, weight=1, capacity=None):
        if not isinstance(id, str) or not _ID.match(id):
            raise ValueError(f"family id {id!r}: lowercase letters, digits, . _ - only")
        for name, value in (("phenomenon", phenomenon), ("contrast", contrast)):
            if not isinstance(value, str) or not value.strip():
                raise ValueError(f"family {id}: {name} must be a non-empty string")
        if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not weight > 0:
            raise ValueError(f"family {id}: weight must be a positive number")
        if capacity is not None and not callable(capacity):
            raise ValueError(f"family {id}: capacity must be a function of the lexicon")
        self.id, self.phenomenon, self.contrast = id, phenomenon, contrast
        self.sample, self.weight, self.capacity = sample, weight, capacity


class Generator:
    def __init__(self, name, count, families, lexicon, max_attempts=100):
        if not 50 <= count <= 200:
            raise ValueError(f"generator {name}: count must be 50..200, got {count}")
        ids = [f.id for f in families]
        if not families or len(set(ids)) != len(ids):
            raise ValueError(f"generator {name}: needs families with distinct ids")
        self.name, self.count, self.families = name, count, list(families)
        self.lexicon, self.max_attempts = lexicon, max_attempts


def family(id, phenomenon, contrast, sample, weight=1, capacity=None):
    """Declares one family (item cluster) of the generator.

    capacity, optional, is a function of the lexicon giving how many distinct inputs the family
    can produce; without it the capacity is estimated from the draws that repeated.
    """
    return Family(id, phenomenon, contrast, sample, weight, capacity)


def define_generator(name, count, families, lexicon, max_attempts=100):
    """Declares a generator: name, items per seed (50-200), families, path of the snapshot."""
    return Generator(name, count, families, lexicon, max_attempts)


def allocate_quotas(count, weights):
    """Largest remainder, ties to the earlier family: the same arithmetic as allocateQuotas()."""
    total = 0
    for w in weights:
        total += w
    exact = [(count * w) / total for w in weights]
    quotas = [floor(e) for e in exact]
    left = count - sum(quotas)
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - floor(exact[i])), i))
    for i in order[:left]:
        quotas[i] += 1
    return quotas


class Context:
    """What sample() may use: keyed streams of this attempt and the lexicon."""

    def __init__(self, seed, family_id, index, attempt, lexicon):
        self.seed, self.family, self.index, self.attempt = seed, family_id, index, attempt
        self.rng = create_stream(seed, family_id, index, attempt, "sample")
        self._lexicon = lexicon

    @property
    def lex(self):
        return self._lexicon()

    def stream(self, label):
        """Another stream of this same attempt, keyed by label."""
        return create_stream(self.seed, self.family, self.index, self.attempt, label)

    def answer(self, lemma, query, allow=()):
        """The gold for lemma (its main lexeme) or a Lexeme and a tag query: the standard form of
        the cell, equally standard variants as aliases, every other matching form with the reason
        it is left out; the same dict as the TypeScript ctx.answer(). Spread it into the item."""
        return self.lex.answer(lemma, query, allow)

    def reject(self, reason):
        return Rejection(reason)


_RUNTIME = os.path.dirname(os.path.abspath(__file__))
_STDLIB = os.path.abspath(sysconfig.get_paths()["stdlib"])


def _raised_at(error):
    """Where an exception left the team's code: its innermost frame outside this runtime and the
    standard library (the last frame when there is none), as ' (file line N, in function)'."""
    frames = traceback.extract_tb(error.__traceback__)
    own = [f for f in frames if not os.path.abspath(f.filename).startswith((_RUNTIME, _STDLIB))]
    frame = (own or frames or [None])[-1]
    if frame is None:
        return ""
    return f" ({os.path.basename(frame.filename)} line {frame.lineno}, in {frame.name})"


def _sample_once(fam, seed, index, attempt, lexicon):
    where = f'family "{fam.id}", item {index + 1}, attempt {attempt + 1}'
    ctx = Context(seed, fam.id, index, attempt, lexicon)
    try:
        result = fam.sample(ctx)
    except LexiconError as error:
        lemma = error.lemma if error.code == "unknown_lemma" and isinstance(error.lemma, str) else None
        return Rejection(f"lexicon {error.code}", lemma)
    except GenerationError:
        raise
    except Exception as error:
        raise GenerationError(
            f"{where}: sample() raised {type(error).__name__}: {error}{_raised_at(error)}"
        ) from error
    if isinstance(result, Rejection):
        return result
    if not isinstance(result, dict):
        raise GenerationError(f"{where}: sample() must return a dict or ctx.reject()")
    item = {"input": result.get("input"), "gold": result.get("gold")}
    extra = set(result) - {"input", "gold", "aliases"} - _ANSWER_FIELDS
    if extra:
        raise GenerationError(f"{where}: unknown field(s) {sorted(extra)}")
    if isinstance(item["gold"], str) and isinstance(result.get("aliases", []), list):
        aliases = clean_aliases(item["gold"], result.get("aliases", []))
        if aliases:
            item["aliases"] = aliases
    errors = item_errors(item)
    if errors:
        code, message = errors[0]
        raise GenerationError(f"{where}: {code}: {message}")
    return item, _meta_of(result)


def _meta_of(result):
    """The lexicon fields of the --meta sidecar, when the gold came from ctx.answer()."""
    meta = {key: result[key] for key in ("lemma", "query", "tag") if isinstance(result.get(key), str)}
    lexeme = result.get("lexeme")
    lexeme_id = lexeme.get("id") if isinstance(lexeme, dict) else getattr(lexeme, "id", None)
    if isinstance(lexeme_id, int) and not isinstance(lexeme_id, bool):
        meta["lexeme_id"] = lexeme_id
    return meta


class Generation:
    """One seed's run: the records in item order, a summary per family, the expected overlap."""

    def __init__(self, records, families):
        self.records, self.families = records, families
        self.expected_overlap = expected_set_overlap([(f["quota"], f["capacity"]) for f in families])


def generate(generator, seed):
    """The items and per-family records of one seed, in family order."""
    return run_generator(generator, seed).records


def run_generator(generator, seed):
    """Generates one seed: the records and, per family, attempts, rejections and capacity."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise GenerationError(f"seed must be a whole number from 0 to {MAX_SEED}, got {seed!r}")
    opened = []

    def lexicon():
        if not opened:
            opened.append(open_lexicon(generator.lexicon))
        return opened[0]

    def take_filter_misses():
        return opened[0].take_filter_misses() if opened else []

    quotas = allocate_quotas(generator.count, [f.weight for f in generator.families])
    seen, records, families, current = set(), [], [], [""]
    try:
        with PurityGuard(lambda: current[0]):
            for fam, quota in zip(generator.families, quotas):
                current[0] = fam.id
                take_filter_misses()
                drawn, summary = _fill_quota(generator, fam, quota, seed, lexicon, seen, take_filter_misses)
                records.extend(drawn)
                families.append(summary)
    finally:
        for lex in opened:
            lex.close()
    return Generation(records, families)


def _fill_quota(generator, fam, quota, seed, lexicon, seen, take_filter_misses):
    records, rejections, duplicates, attempts, unknown_lemmas = [], {}, 0, 0, {}
    filter_misses = {}
    for index in range(quota):
        accepted, attempt = None, 0
        for attempt in range(generator.max_attempts):
            attempts += 1
            outcome = _sample_once(fam, seed, index, attempt, lexicon)
            filter_misses.update(dict.fromkeys(take_filter_misses()))
            if isinstance(outcome, Rejection):
                rejections[outcome.reason] = rejections.get(outcome.reason, 0) + 1
                if outcome.lemma is not None:
                    unknown_lemmas[outcome.lemma] = unknown_lemmas.get(outcome.lemma, 0) + 1
                continue
            item, meta = outcome
            key = normalize(item["input"])
            if key in seen:
                duplicates += 1
                continue
            seen.add(key)
            accepted = (item, meta)
            break
        if accepted is None:
            reasons = [f"{n}x {r}" for r, n in sorted(rejections.items(), key=lambda kv: -kv[1])[:3]]
            if duplicates:
                reasons.append(f"{duplicates}x duplicate input")
            named = ", ".join(f'"{lemma}"' for lemma in unknown_lemmas)
            named = f"; lemmas the snapshot does not know: {named}" if named else ""
            raise GenerationError(
                f'family "{fam.id}" cannot fill its quota: item {index + 1} of {quota} found nothing new '
                f"in {generator.max_attempts} attempts ({', '.join(reasons) or 'no draws'}){named}; "
                "widen the family or lower its weight"
            )
        item, meta = accepted
        records.append(
            {"item": item, "family": fam.id, "phenomenon": fam.phenomenon, "index": index, "attempt": attempt, **meta}
        )
    declared = _declared_capacity(fam, lexicon) if fam.capacity else None
    filter_misses.update(dict.fromkeys(take_filter_misses()))
    capacity, source, overlap = capacity_estimate(quota, declared, quota + duplicates, quota)
    summary = {
        "id": fam.id,
        "phenomenon": fam.phenomenon,
        "quota": quota,
        "produced": quota,
        "attempts": attempts,
        "duplicates": duplicates,
        "rejections": rejections,
        "unknown_lemmas": unknown_lemmas,
        "capacity": capacity,
        "capacity_source": source,
        "expected_overlap": overlap,
    }
    if filter_misses:
        summary["unknown_filter_lemmas"] = list(filter_misses)
    return records, summary


def _declared_capacity(fam, lexicon):
    try:
        value = fam.capacity(lexicon())
    except GenerationError:
        raise
    except Exception as error:
        raise GenerationError(f'family "{fam.id}": capacity() raised {type(error).__name__}: {error}') from error
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise GenerationError(f'family "{fam.id}": capacity() must return a whole number >= 0, got {value!r}')
    return value
