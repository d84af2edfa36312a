"""Items as the task defines them: normalisation, the per-item rules, canonical JSONL output.

The rules mirror the official scripts and the TypeScript toolkit (framework/rules): NFKC, strip,
collapse whitespace with Python's own str.isspace() set; lengths in code points (len()).
"""

import json
import os
import tempfile
import unicodedata

MIN_ITEMS = 50
MAX_ITEMS = 200
MAX_INPUT_LENGTH = 2000
MAX_GOLD_LENGTH = 80
MAX_ALIASES = 5


def normalize(text):
    """The official normalisation: NFKC, strip, whitespace runs to one space; case is kept."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def _too_long(text, limit):
    return max(len(text), len(normalize(text))) > limit


def item_errors(item):
    """(code, message) for every per-item rule the item breaks; uniqueness is checked elsewhere."""
    errors = []
    extra = set(item) - {"input", "gold", "aliases"}
    for key in sorted(extra):
        errors.append(("unknown_field", f'field "{key}" is not allowed (only input, gold, aliases)'))
    text, gold, aliases = item.get("input"), item.get("gold"), item.get("aliases", [])
    for name, value in (("input", text), ("gold", gold)):
        if not isinstance(value, str):
            errors.append(("wrong_type", f'"{name}" must be a string'))
    if isinstance(text, str):
        if normalize(text) == "":
            errors.append(("empty_input", "input is empty after normalisation"))
        if _too_long(text, MAX_INPUT_LENGTH):
            errors.append(("input_too_long", f"input has more than {MAX_INPUT_LENGTH} characters"))
    gold_key = normalize(gold) if isinstance(gold, str) else None
    if isinstance(gold, str):
        if gold_key == "":
            errors.append(("empty_gold", "gold is empty after normalisation"))
        if _too_long(gold, MAX_GOLD_LENGTH):
            errors.append(("gold_too_long", f"gold has more than {MAX_GOLD_LENGTH} characters"))
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        return errors + [("wrong_type", '"aliases" must be an array of strings')]
    if len(aliases) > MAX_ALIASES:
        errors.append(("too_many_aliases", f"{len(aliases)} aliases; at most {MAX_ALIASES} are allowed"))
    seen = set()
    for i, alias in enumerate(aliases, 1):
        key = normalize(alias)
        if key == "":
            errors.append(("empty_alias", f"alias {i} is empty after normalisation"))
        elif key == gold_key:
            errors.append(("alias_equals_gold", f"alias {i} equals the gold after normalisation"))
        elif key in seen:
            errors.append(("duplicate_alias", f"alias {i} repeats an earlier alias after normalisation"))
        seen.add(key)
        if _too_long(alias, MAX_GOLD_LENGTH):
            errors.append(("alias_too_long", f"alias {i} has more than {MAX_GOLD_LENGTH} characters"))
    return errors


def clean_aliases(gold, aliases):
    """Aliases as the rules want them: normalised-distinct, never the gold, at most five."""
    seen = {normalize(gold)}
    kept = []
    for alias in aliases:
        key = normalize(alias)
        if key == "" or key in seen or len(kept) >= MAX_ALIASES:
            continue
        seen.add(key)
        kept.append(alias)
    return kept


def format_items(items):
    """Canonical JSONL: keys input, gold, aliases (left out when empty); UTF-8; final newline."""
    lines = []
    for item in items:
        record = {"input": item["input"], "gold": item["gold"]}
        if item.get("aliases"):
            record["aliases"] = list(item["aliases"])
        lines.append(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
    return "".join(lines)


def write_atomic(path, text):
    """Writes the file whole or not at all: a temporary file in the same folder, then a rename."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise
