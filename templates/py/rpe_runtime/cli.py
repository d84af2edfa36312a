"""The standard entry point: python3 generate.py --seed N --out items.jsonl [--meta FILE].

Two more options serve the reverse-poleval toolkit: --report FILE (what `rpe generate` prints:
families, capacity, expected seed overlap) and --describe FILE (the declaration `rpe provenance`
writes up). Exit status: 0 written, 1 the generator failed, 2 usage or unwritable output.
"""

import argparse
import json
import os
import sys

from .estimate import overlap_warnings, unknown_lemma_warnings
from .generator import MAX_SEED, GenerationError, run_generator
from .items import format_items, write_atomic


def _seed(text):
    # The same seeds as every rpe command: plain decimal digits, 0 to 2**53 - 1 (exact in both runtimes).
    if not (text.isascii() and text.isdigit()) or int(text) > MAX_SEED:
        raise argparse.ArgumentTypeError(f'must be a whole number from 0 to {MAX_SEED}, got "{text}"')
    return int(text)


def _json(value):
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


def _declaration(generator):
    return {
        "name": generator.name,
        "count": generator.count,
        "lexicon": os.path.abspath(generator.lexicon) if generator.lexicon else None,
        "families": [
            {"id": f.id, "phenomenon": f.phenomenon, "contrast": f.contrast, "weight": f.weight}
            for f in generator.families
        ],
    }


def _report(generator, seed, generation):
    return {
        "generator": generator.name,
        "seed": seed,
        "n_items": len(generation.records),
        "expected_overlap": generation.expected_overlap,
        "families": generation.families,
        "items": [{"family": r["family"], "index": r["index"], "attempt": r["attempt"]} for r in generation.records],
    }


_META_FIELDS = ("family", "phenomenon", "lemma", "query", "tag", "lexeme_id")


def _meta(records):
    # The lexicon fields only when the gold came from ctx.answer(), as the TypeScript runtime writes them.
    return "".join(
        json.dumps({k: r[k] for k in _META_FIELDS if k in r}, ensure_ascii=False, separators=(",", ":")) + "\n"
        for r in records
    )


def _parser(generator):
    parser = argparse.ArgumentParser(description=f"Track 2 generator {generator.name}")
    parser.add_argument("--seed", type=_seed, help="the seed, a whole number from 0 to 2**53 - 1")
    parser.add_argument("--out", help="items.jsonl to write")
    parser.add_argument(
        "--meta",
        help='also write one {"family", "phenomenon", ...} line per item (lemma, query, tag, lexeme_id for ctx.answer golds)',
    )
    parser.add_argument("--lexicon", help="use this morphology snapshot instead of the declared one")
    parser.add_argument("--report", help="also write the run's summary as JSON (rpe generate reads it)")
    parser.add_argument(
        "--describe", metavar="FILE", help="write the declaration as JSON and exit (rpe provenance reads it)"
    )
    return parser


def run_cli(generator, argv=None):
    """Parses the arguments, generates one seed, writes atomically; returns the exit status."""
    parser = _parser(generator)
    args = parser.parse_args(argv)
    if args.describe:
        return _guarded(generator, None, lambda: write_atomic(args.describe, _json(_declaration(generator))))
    if args.seed is None or args.out is None:
        parser.error("--seed and --out are required")
    paths = [os.path.abspath(p) for p in (args.out, args.meta, args.report) if p]
    if len(set(paths)) != len(paths):
        parser.error("--out, --meta and --report must be different files")
    if args.lexicon:
        generator.lexicon = args.lexicon

    def run():
        generation = run_generator(generator, args.seed)
        # The items last: whatever fails before, no items file is left to be taken for a result.
        if args.report:
            write_atomic(args.report, _json(_report(generator, args.seed, generation)))
        if args.meta:
            write_atomic(args.meta, _meta(generation.records))
        write_atomic(args.out, format_items([r["item"] for r in generation.records]))
        if not args.report:
            for warning in unknown_lemma_warnings(generation.families):
                print(f"warning: {warning}", file=sys.stderr)
            for warning in overlap_warnings(generation.families, generation.expected_overlap):
                print(f"warning: {warning}", file=sys.stderr)

    return _guarded(generator, args.report, run)


def _guarded(generator, report, work):
    """Runs work(); a failure is one line on stderr (and, with --report, the report's "error")."""
    try:
        work()
        return 0
    except GenerationError as error:
        status, code = 1, "generator_failed"
        message = str(error)
    except (OSError, ValueError) as error:
        status, code = 2, "unwritable" if isinstance(error, OSError) else "invalid"
        message = str(error)
    print(f"{generator.name}: {message}", file=sys.stderr)
    if report:
        try:
            write_atomic(report, _json({"error": {"code": code, "message": message, "exit_code": status}}))
        except OSError:
            pass
    return status
