"""W1–W4 for a Python text widget, measured through an adapter (bench_prompt_toolkit.py,
bench_textual.py) that says what one key, one Backspace and one paste are for its library.

The results have the shape Benchmarks/UIKitBench prints for UITextField, so that compare.py
can put them side by side. Every figure is the median of several repetitions; a repetition
times only the library's calls (the texts are built, and the field reset, outside the timer).

A library whose key costs milliseconds at a million characters would take minutes to type
2,000 keys there: W2 and W3 stop timing after a budget (at least `MIN_KEYS` keys) and report
the number of keys they timed. The cost per key does not depend on how many keys were typed
(2,000 keys change a 1M text by 0.2%), so the figure stays comparable. W1 always types all its
keys (its text grows with them); a slow library gets one repetition."""

import time

import regex  # the grapheme segmenter (\X), installed in the benchmark's virtual environment

import texts

MIN_KEYS = 10
# Seconds a repetition may take before it stops (W2, W3) or no further repetition starts (W1).
BUDGET_S = 1.5


class Adapter:
    """What the workloads need from a library. All offsets are in code points."""

    name = "?"

    def reset(self, text, cursor=None):
        """Replaces the text (untimed), the cursor at `cursor` (the end when None)."""
        raise NotImplementedError

    def type_keys(self, keys):
        """Types each string of `keys` as one key, at the cursor."""
        raise NotImplementedError

    def backspace(self, count):
        """Presses Backspace `count` times."""
        raise NotImplementedError

    def paste(self, text):
        """Pastes `text` at the cursor."""
        raise NotImplementedError

    def text(self):
        raise NotImplementedError

    async def settle(self):
        """Lets the library finish deferred work (messages) between repetitions; untimed."""


def _timed(call, *args):
    start = time.perf_counter_ns()
    call(*args)
    return time.perf_counter_ns() - start


def _median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def _keys(count):
    return [texts.TYPED_KEYS[i % len(texts.TYPED_KEYS)] for i in range(count)]


def _time_in_chunks(run, count, chunk=10):
    """Runs `run(n)` for `count` items in chunks of `chunk`, timing only the calls; stops after
    BUDGET_S once MIN_KEYS items are done. Returns (nanoseconds, items done)."""
    elapsed, done = 0, 0
    while done < count:
        n = min(chunk, count - done)
        elapsed += _timed(run, done, n)
        done += n
        if elapsed > BUDGET_S * 1e9 and done >= MIN_KEYS:
            break
    return elapsed, done


async def w1(adapter, repetitions, keys=20_000):
    """W1: `keys` keys into an empty field; ns per key. Always all the keys (the text grows
    from nothing to 20,000 characters); a library that needs more than the budget for one
    repetition gets no further repetitions."""
    typed = _keys(keys)
    samples = []
    for _ in range(repetitions):
        adapter.reset("")
        elapsed = _timed(adapter.type_keys, typed)
        samples.append(elapsed / keys)
        assert adapter.text() == "".join(typed), "W1: the field did not take every key"
        await adapter.settle()
        if elapsed > BUDGET_S * 1e9:
            break
    return {"ns_per_key": _median(samples), "keys": keys, "samples": samples}


async def w2(adapter, repetitions, keys=2_000):
    """W2: `keys` keys at the middle of texts of 1k, 100k and 1M code points; ns per key."""
    typed = _keys(keys)
    result = {}
    for size in (1_000, 100_000, 1_000_000):
        text, middle = texts.middle_text(size)
        samples, timed_keys = [], keys
        for _ in range(repetitions):
            adapter.reset(text, middle)
            elapsed, done = _time_in_chunks(lambda start, n: adapter.type_keys(typed[start:start + n]), keys)
            samples.append(elapsed / done)
            timed_keys = min(timed_keys, done)
            assert adapter.text()[middle:middle + done] == "".join(typed[:done]), "W2: keys not at the middle"
            await adapter.settle()
            # A repetition that ran out of time is enough to know a slow library's cost.
            if done < keys:
                break
        result[str(size)] = {
            "ns_per_key": _median(samples), "keys": timed_keys, "samples": samples,
            "text": texts.fingerprint(text),
        }
    return result


async def w3(adapter, repetitions, keys=2_000, clusters=2_500):
    """W3: `keys` Backspaces from the end of `clusters` emoji sequences, flags, skin tones and
    combining marks; ns per key, whole clusters removed, keys that left a broken cluster."""
    text = texts.cluster_text(clusters)
    starts, boundaries = texts.cluster_boundaries(text, regex)
    assert len(starts) == clusters
    # Correctness, untimed, over all the keys: after each one the text should be the original
    # cut at a cluster boundary.
    adapter.reset(text)
    broken = 0
    for _ in range(keys):
        adapter.backspace(1)
        remaining = adapter.text()
        if len(remaining) not in boundaries or not text.startswith(remaining):
            broken += 1
    remaining = adapter.text()
    assert text.startswith(remaining), "W3: the text left is not a prefix of the original"
    await adapter.settle()
    samples, timed_keys = [], keys
    for _ in range(repetitions):
        adapter.reset(text)
        elapsed, done = _time_in_chunks(lambda start, n: adapter.backspace(n), keys)
        samples.append(elapsed / done)
        timed_keys = min(timed_keys, done)
        await adapter.settle()
        if done < keys:
            break
    return {
        "ns_per_key": _median(samples), "keys": keys, "timed_keys": timed_keys, "samples": samples,
        "clusters": clusters,
        "clusters_removed_whole": sum(1 for start in starts if start >= len(remaining)),
        "keys_leaving_broken_cluster": broken,
        "cluster_broken_at_end": len(remaining) not in boundaries,
        "text": texts.fingerprint(text),
    }


async def w4(adapter, repetitions):
    """W4: a 1 MB paste into an empty field; ms."""
    result = {}
    for name, unit in (("ascii", texts.PASTE_ASCII_UNIT), ("mixed", texts.PASTE_MIXED_UNIT)):
        text = texts.megabyte(unit)
        samples = []
        for _ in range(repetitions):
            adapter.reset("")
            samples.append(_timed(adapter.paste, text) / 1e6)
            assert adapter.text() == text, "W4: the paste did not land"
            await adapter.settle()
        result[name] = {
            "ms": _median(samples), "samples": samples, "bytes": len(text.encode()),
            "text": texts.fingerprint(text),
        }
    return result


async def run_all(adapter, repetitions):
    return {
        "library": adapter.name,
        "repetitions": repetitions,
        "w1": await w1(adapter, repetitions),
        "w2": await w2(adapter, repetitions),
        "w3": await w3(adapter, repetitions),
        "w4": await w4(adapter, repetitions),
    }
