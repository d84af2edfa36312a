"""The purity guard: during generation the output may depend on the seed only."""

import random as _random_module
import time as _time_module


class GenerationError(RuntimeError):
    """The generator cannot produce a valid set (exit status 1)."""


class PurityGuard:
    """random.* and time.time() raise during generation: output may depend on the seed only."""

    NAMES = ("random", "randint", "randrange", "choice", "choices", "shuffle", "sample", "uniform", "getrandbits")

    def __init__(self, current):
        self.current = current

    def _forbid(self, what):
        def forbidden(*_args, **_kwargs):
            raise GenerationError(
                f'family "{self.current()}" called {what} during generation; draw from ctx.rng instead'
            )

        return forbidden

    def __enter__(self):
        self.saved = [(_random_module, n, getattr(_random_module, n)) for n in self.NAMES]
        self.saved += [(_time_module, n, getattr(_time_module, n)) for n in ("time", "time_ns")]
        for module, name, _ in self.saved:
            setattr(module, name, self._forbid(f"{module.__name__}.{name}()"))

    def __exit__(self, *_exc):
        for module, name, value in self.saved:
            setattr(module, name, value)
        return False
