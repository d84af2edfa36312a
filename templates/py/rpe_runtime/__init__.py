"""A small runtime for Track 2 generators written in Python (standard library only).

It mirrors the TypeScript toolkit reverse-poleval: keyed random streams bit-exact with its test
vectors, the morphology snapshot over sqlite3 with the same answers, the task's item rules and
canonical JSONL output.
"""

from .cli import run_cli
from .generator import GenerationError, Rejection, allocate_quotas, define_generator, family, generate
from .items import format_items, item_errors, normalize, write_atomic
from .lexicon import Lexeme, LexiconError, Lexicon, open_lexicon
from .streams import Rng, create_stream, encode_stream_key, stream_seed

__all__ = [
    "GenerationError",
    "Lexeme",
    "Lexicon",
    "LexiconError",
    "Rejection",
    "Rng",
    "allocate_quotas",
    "create_stream",
    "define_generator",
    "encode_stream_key",
    "family",
    "format_items",
    "generate",
    "item_errors",
    "normalize",
    "open_lexicon",
    "run_cli",
    "stream_seed",
    "write_atomic",
]
