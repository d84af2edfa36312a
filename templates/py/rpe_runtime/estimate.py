"""Seed-overlap estimates: the same arithmetic as framework/generator/estimate-overlap.ts.

A family that draws k distinct inputs out of N possible shares about k/(2N-k) of them with another
seed (Jaccard). N is the family's declared capacity, else estimated from the draws that repeated.
"""


def estimate_capacity(draws, distinct):
    """N solving distinct = N * (1 - (1 - 1/N) ** draws); None when no draw repeated."""
    if distinct <= 0 or draws <= distinct:
        return None

    def expected(n):
        return n * (1 - (1 - 1 / n) ** draws)

    lo, hi = distinct, distinct * 2
    while expected(hi) < distinct and hi < 1e12:
        hi *= 2
    i = 0
    while i < 100 and hi - lo > 0.5:
        mid = (lo + hi) / 2
        if expected(mid) < distinct:
            lo = mid
        else:
            hi = mid
        i += 1
    return _round((lo + hi) / 2)


def _round(x):
    """JavaScript's Math.round: halves go up (Python's round() goes to the even neighbour)."""
    whole = int(x // 1)
    return whole + 1 if x - whole >= 0.5 else whole


def expected_jaccard(k, n):
    """Expected Jaccard overlap of two seeds drawing k distinct items out of n each."""
    if k <= 0:
        return 0
    if n <= k:
        return 1
    return k / (2 * n - k)


def expected_set_overlap(parts):
    """The whole sets' expected overlap from (quota, capacity) pairs; unknown capacity shares nothing."""
    shared = union = 0
    for k, n in parts:
        common = 0 if n is None else min(k, (k * k) / max(n, 1))
        shared += common
        union += 2 * k - common
    return 0 if union == 0 else shared / union


def capacity_estimate(quota, declared, draws, distinct):
    """(capacity, source, expected_overlap): the declared capacity, else the estimate, else unknown."""
    if declared is not None:
        return declared, "declared", expected_jaccard(quota, declared)
    estimated = estimate_capacity(draws, distinct)
    if estimated is None:
        return None, "unknown", None
    return estimated, "estimated", expected_jaccard(quota, estimated)


def unknown_lemma_warnings(families):
    """A family that asked for a lemma the snapshot does not know ("gazetaa"), as rpe generate says it."""
    warnings = []
    for family in families:
        for lemma, draws in family.get("unknown_lemmas", {}).items():
            warnings.append(
                f'family "{family["id"]}" asks for the lemma "{lemma}", which the snapshot does not know '
                f"({draws} draw{'' if draws == 1 else 's'} rejected); check its spelling"
            )
        for lemma in family.get("unknown_filter_lemmas", []):
            warnings.append(
                f'family "{family["id"]}" filters lexemes() by the lemma "{lemma}", which the snapshot does not '
                "know (the filter found nothing); check its spelling"
            )
    return warnings


def overlap_warnings(families, overall, limit=0.5):
    """The seed-overlap warnings rpe generate prints, for a family and for the whole set."""
    warnings = []
    for f in families:
        if f["expected_overlap"] is not None and f["expected_overlap"] > limit:
            warnings.append(
                f'family "{f["id"]}": {f["quota"]} items from about {f["capacity"]} distinct inputs '
                f'({f["capacity_source"]}); two seeds would share about {_round(100 * f["expected_overlap"])}% '
                f"(limit {_round(100 * limit)}%)"
            )
    if overall > limit:
        warnings.append(
            f"two seeds' sets would overlap about {_round(100 * overall)}% (limit {_round(100 * limit)}%)"
        )
    return warnings
