"""Keyed seeded random streams, bit-exact with the TypeScript framework (framework/random).

Every draw comes from a stream keyed by (seed, family, item index, attempt, label). The key is
encoded canonically, hashed with SHA-256, and the lowercase hex digest seeds seedrandom's ARC4
generator (ported below). All methods are built on unsigned 32-bit draws only, so no floating
point is involved and both runtimes give the same results.
"""

import hashlib

_VERSION = "rpe-stream-v1"
_WIDTH = 256
_MASK = 255
_TWO_32 = 1 << 32
_MAX_SAFE = (1 << 53) - 1


class StreamError(ValueError):
    """A method was called with arguments it cannot honour."""


def _check_integer(name, value, minimum):
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= _MAX_SAFE:
        raise StreamError(f"random stream key: {name} must be an integer >= {minimum}, got {value!r}")


def _text(name, value):
    return f"|{name}:{len(value.encode('utf-8'))}:{value}"


def encode_stream_key(seed, family, index, attempt, label):
    """The canonical string of a key, identical to encodeStreamKey() in TypeScript."""
    _check_integer("seed", seed, -_MAX_SAFE)
    _check_integer("index", index, 0)
    _check_integer("attempt", attempt, 0)
    return (
        f"{_VERSION}|seed:{seed}{_text('family', family)}"
        f"|index:{index}|attempt:{attempt}{_text('label', label)}"
    )


def stream_seed(seed, family, index, attempt, label):
    """The seedrandom seed of a key: lowercase hex SHA-256 of its canonical encoding."""
    encoded = encode_stream_key(seed, family, index, attempt, label)
    return hashlib.sha256(encoded.encode("utf-8")).hexdigest()


class _Arc4:
    """seedrandom 3.0.5's ARC4 with its key mixing (mixkey) and the 256-byte discard."""

    def __init__(self, seed_string):
        key = []
        smear = 0
        # The seed is a hex digest (ASCII), so ord() equals JavaScript's charCodeAt().
        for j, ch in enumerate(seed_string):
            pos = j & _MASK
            old = key[pos] if pos < len(key) else None
            if old is not None:
                smear ^= old * 19
            value = _MASK & (smear + ord(ch))
            if pos < len(key):
                key[pos] = value
            else:
                key.append(value)
        if not key:
            key = [0]
        s = list(range(_WIDTH))
        j = 0
        keylen = len(key)
        for i in range(_WIDTH):
            t = s[i]
            j = _MASK & (j + key[i % keylen] + t)
            s[i] = s[j]
            s[j] = t
        self._s = s
        self._i = 0
        self._j = 0
        self.next_bytes(_WIDTH)

    def next_bytes(self, count):
        """seedrandom's g(count): count bytes as one big-endian number."""
        s = self._s
        i = self._i
        j = self._j
        r = 0
        for _ in range(count):
            i = _MASK & (i + 1)
            t = s[i]
            j = _MASK & (j + t)
            s[i] = s[j]
            s[j] = t
            r = r * _WIDTH + s[_MASK & (s[i] + t)]
        self._i = i
        self._j = j
        return r


class Rng:
    """A deterministic random stream; the same methods and results as the TypeScript Rng."""

    def __init__(self, seed_hex):
        self.seed_hex = seed_hex
        self._arc4 = _Arc4(seed_hex)

    def uint32(self):
        """The next unsigned 32-bit draw (seedrandom's int32() >>> 0)."""
        return self._arc4.next_bytes(4)

    def int(self, minimum, maximum):
        """A uniform integer in [minimum, maximum], both included; rejection, no modulo bias."""
        if not isinstance(minimum, int) or not isinstance(maximum, int) or maximum < minimum:
            raise StreamError(f"int({minimum}, {maximum}) needs integers with min <= max")
        span = maximum - minimum + 1
        if span > _TWO_32:
            raise StreamError(f"int({minimum}, {maximum}) spans more than 2^32 values")
        if span == _TWO_32:
            return minimum + self.uint32()
        limit = _TWO_32 - (_TWO_32 % span)
        draw = self.uint32()
        while draw >= limit:
            draw = self.uint32()
        return minimum + draw % span

    def pick(self, items):
        """One element, uniformly."""
        if not items:
            raise StreamError("pick() from an empty list")
        return items[self.int(0, len(items) - 1)]

    def sample(self, items, k):
        """k distinct positions, uniformly, in draw order (partial Fisher-Yates on a copy)."""
        if not isinstance(k, int) or k < 0 or k > len(items):
            raise StreamError(f"sample() of {k} from {len(items)} items")
        copy = list(items)
        for i in range(k):
            j = self.int(i, len(copy) - 1)
            copy[i], copy[j] = copy[j], copy[i]
        return copy[:k]

    def shuffle(self, items):
        """A shuffled copy (Fisher-Yates from the end)."""
        copy = list(items)
        for i in range(len(copy) - 1, 0, -1):
            j = self.int(0, i)
            copy[i], copy[j] = copy[j], copy[i]
        return copy

    def weighted(self, items, weights):
        """One element with probability proportional to its non-negative integer weight."""
        if not items or len(items) != len(weights):
            raise StreamError("weighted() needs one weight per item and at least one item")
        for w in weights:
            if isinstance(w, bool) or not isinstance(w, int) or w < 0:
                raise StreamError(f"weighted(): weight {w!r} is not an integer >= 0")
        total = sum(weights)
        if total == 0 or total > _TWO_32:
            raise StreamError(f"weighted(): total weight {total} not in 1..2^32")
        r = self.int(0, total - 1)
        for item, w in zip(items, weights):
            r -= w
            if r < 0:
                return item
        raise StreamError("weighted(): unreachable")

    def chance(self, numerator, denominator):
        """True with probability numerator/denominator (integers)."""
        if not isinstance(numerator, int) or not isinstance(denominator, int) or denominator < 1:
            raise StreamError(f"chance({numerator}, {denominator}) needs integers, denominator >= 1")
        return self.int(0, denominator - 1) < numerator


def create_stream(seed, family, index, attempt, label):
    """The stream of a key, identical to createStream() in TypeScript."""
    return Rng(stream_seed(seed, family, index, attempt, label))
