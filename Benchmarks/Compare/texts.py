"""The texts every library is measured on, built from the same recipes as
Benchmarks/UIKitBench/Texts.swift (deterministic: repeated units, no random numbers).

Both sides print a fingerprint of each text (`fingerprint`), and compare.py refuses to put
figures side by side when the fingerprints differ. Lengths are in code points (what Python's
`len` counts, and Swift's `unicodeScalars.count`)."""

# The unit the W2 texts repeat: Latin words, accented letters, CJK and an emoji with a skin
# tone. No line break: every library here edits one line.
PROSE = "The quick brown fox jumps over the lazy dog; 敏捷的狐狸 \U0001F44D\U0001F3FD naïve café. "

# The keys typed in W1 and W2, one per key, in turn.
TYPED_KEYS = "abcdefghijklmnopqrstuvwxyz"

# The clusters W3 deletes, in turn: an emoji ZWJ family, a flag, a thumb with a skin tone,
# e + combining acute, a woman technologist (skin tone and ZWJ), a flag, and
# a + combining ring + combining dot below.
CLUSTERS = [
    "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466",
    "\U0001F1EF\U0001F1F5",
    "\U0001F44D\U0001F3FF",
    "e\u0301",
    "\U0001F469\U0001F3FD\u200D\U0001F4BB",
    "\U0001F1EB\U0001F1F7",
    "a\u030A\u0323",
]

# Units of the 1 MB pastes (no line break: Textual's Input keeps only a paste's first line).
PASTE_ASCII_UNIT = "The quick brown fox jumps over the lazy dog. "
PASTE_MIXED_UNIT = "Ünïcödé text, 中文 and emoji \U0001F44D\U0001F3FD mixed. "


def repeated(unit, count):
    """`unit` repeated and cut to exactly `count` code points."""
    return (unit * (count // len(unit) + 1))[:count]


def middle_text(count):
    """The W2 text of `count` code points and its middle: the start of the repetition of PROSE
    nearest below the half (a cluster boundary, the same character in every library)."""
    repetition = (count // 2) // len(PROSE)
    return repeated(PROSE, count), repetition * len(PROSE)


def cluster_text(count):
    """The W3 text: `count` clusters of CLUSTERS, in turn."""
    return "".join(CLUSTERS[i % len(CLUSTERS)] for i in range(count))


def megabyte(unit, size=1 << 20):
    """`unit` repeated and cut at the last whole code point within `size` bytes of UTF-8."""
    text = unit * (size // len(unit.encode()) + 1)
    data = text.encode()[:size]
    # Drop a code point cut in half at the end.
    return data.decode("utf-8", errors="ignore")


def fingerprint(text):
    """FNV-1a (64 bits) of the UTF-8 bytes, in hex, after the number of code points."""
    h = 0xCBF29CE484222325
    for byte in text.encode():
        h ^= byte
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{len(text)}:{h:016x}"


def cluster_boundaries(text, segmenter):
    """Offsets (code points) where the grapheme clusters of `text` start, plus its end, found
    with `segmenter` (the `regex` module: `\\X` is an extended grapheme cluster)."""
    starts = [m.start() for m in segmenter.finditer(r"\X", text)]
    return starts, set(starts) | {len(text)}


# Text-view texts: lines of LINE_LENGTH code points, the line feed included.
LINE_LENGTH = 80


def lines(unit, count):
    """`unit` repeated to `count` code points in lines of 80: code point i is a line feed when
    i % 80 == 79, else the unit's code point i % len(unit) (Texts.lines in Swift)."""
    n = len(unit)
    return "".join("\n" if i % LINE_LENGTH == LINE_LENGTH - 1 else unit[i % n] for i in range(count))


def middle_lines_text(count):
    """The text-view W2 text of `count` code points and its middle: the start of the line
    nearest below the half."""
    return lines(PROSE, count), (count // 2) // LINE_LENGTH * LINE_LENGTH


def megabyte_lines(unit, size=1 << 20):
    """`unit` in lines of 80, cut at the last whole code point within `size` bytes of UTF-8."""
    out, used, i, n = [], 0, 0, len(unit)
    while True:
        c = "\n" if i % LINE_LENGTH == LINE_LENGTH - 1 else unit[i % n]
        width = len(c.encode())
        if used + width > size:
            break
        out.append(c)
        used += width
        i += 1
    return "".join(out)


def document_lines(count):
    """The text-view scrolling workload's document: `count` lines of 80 (PROSE in lines)."""
    return lines(PROSE, count * LINE_LENGTH)
