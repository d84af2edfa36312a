"""The standard entry point: python3 generate.py --seed N --out items.jsonl [--meta FILE]."""

import argparse
import json
import sys

from .generator import GenerationError, generate
from .items import format_items, write_atomic


def run_cli(generator, argv=None):
    """Parses the arguments, generates one seed, writes atomically; returns the exit status."""
    parser = argparse.ArgumentParser(description=f"Track 2 generator {generator.name}")
    parser.add_argument("--seed", type=int, required=True, help="the seed (an integer)")
    parser.add_argument("--out", required=True, help="items.jsonl to write")
    parser.add_argument(
        "--meta", help='also write one {"family", "phenomenon", ...} line per item (lemma, query, tag, lexeme_id for ctx.answer golds)'
    )
    args = parser.parse_args(argv)
    try:
        records = generate(generator, args.seed)
        write_atomic(args.out, format_items([r["item"] for r in records]))
        if args.meta:
            fields = ("family", "phenomenon", "lemma", "query", "tag", "lexeme_id")
            meta = "".join(
                json.dumps({k: r[k] for k in fields if k in r}, ensure_ascii=False, separators=(",", ":")) + "\n"
                for r in records
            )
            write_atomic(args.meta, meta)
    except GenerationError as error:
        print(f"{generator.name}: {error}", file=sys.stderr)
        return 1
    except (OSError, ValueError) as error:
        print(f"{generator.name}: {error}", file=sys.stderr)
        return 2
    return 0

