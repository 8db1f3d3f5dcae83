"""UIKit's UITextField side by side with prompt_toolkit's Buffer and Textual's Input: runs every
workload on each, prints one table with the figures and the ratios, checks the goals, and
rewrites the "Side by side" section of BENCHMARKS.md.

Run it through Benchmarks/compare, which builds the release products and makes the virtual
environment with the pinned libraries; this script expects both:

    Benchmarks/compare            # full run (a few minutes), rewrites BENCHMARKS.md's section
    Benchmarks/compare --quick    # fewer repetitions and keys, writes nothing
    Benchmarks/compare --json out.json

Each library runs in its own processes: UIKitBench (Swift) for UITextField,
bench_prompt_toolkit.py and bench_textual.py for the others, memory.py and `uikitbench --memory`
for the memory workload, and Benchmarks/pty_typing.py for the programs in a pseudo-terminal."""

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from importlib.metadata import version

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
import pty_typing  # noqa: E402  (Benchmarks/pty_typing.py)

MARKER = "## Side by side: UITextField, prompt_toolkit, Textual"
LIBRARIES = ("uikit", "ptk", "textual")
TRANSCODERS = {"avx512": "AVX-512", "avx2": "AVX2", "neon": "NEON", "portable": "portable Swift"}
NAMES = {"uikit": "UIKit `UITextField`", "ptk": "prompt_toolkit `Buffer`", "textual": "Textual `Input`"}


def log(message):
    print(message, file=sys.stderr, flush=True)


def run_json(command, env=None):
    """Runs `command` (from the Compare directory) and parses the JSON it prints."""
    done = subprocess.run(command, cwd=HERE, check=True, stdout=subprocess.PIPE, text=True, env=env)
    return json.loads(done.stdout)


# MARK: Measuring


def measure(args):
    """Every workload on every library; returns one dictionary of results."""
    binary = os.path.join(ROOT, args.bin)
    python = sys.executable
    repetitions = ["--repetitions", "3" if args.quick else "5"]
    results = {"started": time.strftime("%Y-%m-%d %H:%M:%S"), "load_before": os.getloadavg()}

    log("W1–W4: UIKit UITextField (uikitbench)")
    results["uikit"] = run_json([f"{binary}/uikitbench"] + (["--quick"] if args.quick else []))
    # W4 again with each other UTF-8 → UTF-16 transcoder this CPU runs, for readers whose CPU
    # lacks the one chosen here.
    results["uikit_w4_by_transcoder"] = {results["uikit"]["transcoder"]: results["uikit"]["w4"]}
    for transcoder in results["uikit"]["transcoders_available"]:
        if transcoder not in results["uikit_w4_by_transcoder"]:
            log(f"W4: UIKit UITextField with TEXTEDITING_TRANSCODER={transcoder}")
            results["uikit_w4_by_transcoder"][transcoder] = run_json(
                [f"{binary}/uikitbench", "--w4"] + (["--quick"] if args.quick else []),
                env={**os.environ, "TEXTEDITING_TRANSCODER": transcoder})["w4"]
    log("W1–W4: prompt_toolkit Buffer")
    results["ptk"] = run_json([python, "bench_prompt_toolkit.py"] + repetitions)
    log("W1–W4: Textual Input (the slowest part: about a minute)")
    results["textual"] = run_json([python, "bench_textual.py"] + repetitions)

    log("memory: one process per library")
    results["memory"] = {
        "uikit": run_json([f"{binary}/uikitbench", "--memory"])["memory"],
        "ptk": run_json([python, "memory.py", "prompt_toolkit"])["memory"],
        "textual": run_json([python, "memory.py", "textual"])["memory"],
    }

    keys = 60 if args.quick else 200
    plan = [
        ("uikit", "UIKit (terminal host, `plainfield --hardware-keyboard`)",
         [f"{binary}/plainfield", "--hardware-keyboard"], b"\x01\x7f"),
        ("uikit_software", "UIKit (terminal host, on-screen keyboard showing)", [f"{binary}/plainfield"], b"\x01\x7f"),
        ("ptk", "prompt_toolkit (`prompt()`)", [python, os.path.join(HERE, "ptk_prompt.py")], b"\x15"),
        ("textual", "Textual (an app with one `Input`)", [python, os.path.join(HERE, "textual_input_app.py")], b"\x15"),
    ]
    results["w5"] = {}
    for key, label, command, clear in plan:
        log(f"W5: {label} in a pseudo-terminal, {keys} keys")
        result = pty_typing.measure(command, keys, 80, 24, 0.05, clear=clear)
        result["label"] = label
        results["w5"][key] = result
    results["load_after"] = os.getloadavg()
    results["machine"] = machine()
    return results


def machine():
    """The machine, the toolchains and the library versions."""
    cpu = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        memory_kib = next(int(line.split()[1]) for line in open("/proc/meminfo") if line.startswith("MemTotal"))
    except (OSError, StopIteration):
        memory_kib = 0
    try:
        swift = subprocess.run(["swift", "--version"], check=True, capture_output=True, text=True).stdout
        swift = next(line for line in swift.splitlines() if "Swift version" in line).strip()
    except (OSError, subprocess.CalledProcessError, StopIteration):
        swift = "unknown Swift"
    return {
        "cpu": cpu, "cores": os.cpu_count(), "memory_gib": round(memory_kib / 1048576),
        "kernel": platform.release(), "swift": swift, "python": platform.python_version(),
        "prompt_toolkit": version("prompt_toolkit"), "textual": version("textual"), "regex": version("regex"),
        "rich": version("rich"),
    }


def check_same_texts(results):
    """Refuses to compare figures measured on different texts."""
    def fingerprints(library):
        r = results[library]
        return ([r["w2"][size]["text"] for size in ("1000", "100000", "1000000")]
                + [r["w3"]["text"], r["w4"]["ascii"]["text"], r["w4"]["mixed"]["text"]])
    reference = fingerprints("uikit")
    for library in ("ptk", "textual"):
        if fingerprints(library) != reference:
            raise SystemExit(f"compare: {library} was measured on other texts than UITextField: "
                             f"{fingerprints(library)} != {reference}")
    memory_texts = {results["memory"][library]["text"] for library in LIBRARIES}
    if len(memory_texts) != 1:
        raise SystemExit(f"compare: the memory workloads used different texts: {memory_texts}")


# MARK: The table


def duration(ns):
    """A time in ns, in the unit that suits it."""
    if ns < 1e3:
        return f"{ns:.0f} ns"
    if ns < 1e6:
        return f"{ns / 1e3:.2f} µs" if ns < 1e4 else f"{ns / 1e3:.1f} µs"
    if ns < 1e9:
        return f"{ns / 1e6:.3f} ms" if ns < 1e7 else f"{ns / 1e6:.1f} ms"
    return f"{ns / 1e9:.2f} s"


def ratio(theirs, ours):
    """How many times ours is better (theirs / ours, both lower-is-better)."""
    if not ours:
        return "–"
    r = theirs / ours
    if r >= 100:
        return f"{r:,.0f}×"
    if r >= 10:
        return f"{r:.0f}×"
    if r >= 0.1:
        return f"{r:.1f}×"
    return f"{r:.2g}×"


def megabytes(n):
    return f"{n / 1048576:.1f} MB"


def rows(results):
    """The table's rows: (workload, {library: (cell, value)}) with value for the ratio."""
    out = []

    def timed(record, key="ns_per_key", wanted=None):
        cell = duration(record[key])
        keys = record.get("timed_keys", record.get("keys"))
        if wanted and keys < wanted:
            cell += f" ({keys} keys timed)"
        return cell, record[key]

    out.append(("W1: type 20,000 characters into an empty field, per key",
                {lib: timed(results[lib]["w1"]) for lib in LIBRARIES}))
    for size, label in (("1000", "1k"), ("100000", "100k"), ("1000000", "1M")):
        out.append((f"W2: type 2,000 characters at the middle of {label} characters, per key",
                    {lib: timed(results[lib]["w2"][size], wanted=2000) for lib in LIBRARIES}))
    flat = {}
    for lib in LIBRARIES:
        w2 = results[lib]["w2"]
        value = w2["1000000"]["ns_per_key"] / w2["1000"]["ns_per_key"]
        flat[lib] = (f"{value:,.0f}×" if value >= 10 else f"{value:.2f}×", None)
    out.append(("W2: 1M ÷ 1k (flat is 1×)", flat))
    out.append(("W3: 2,000 Backspaces over emoji ZWJ sequences, flags, skin tones, combining marks, per key",
                {lib: timed(results[lib]["w3"], wanted=2000) for lib in LIBRARIES}))
    whole = {}
    for lib in LIBRARIES:
        w3 = results[lib]["w3"]
        broken = w3["keys_leaving_broken_cluster"]
        cell = f"{w3['clusters_removed_whole']:,}" + (f" ({broken:,} keys left a broken cluster)" if broken else "")
        whole[lib] = (cell, None)
    out.append(("W3: whole clusters removed by the 2,000 Backspaces", whole))
    for kind, label in (("ascii", "ASCII"), ("mixed", "mixed Latin, CJK, emoji")):
        out.append((f"W4: paste 1 MB of {label} into an empty field",
                    {lib: (duration(results[lib]["w4"][kind]["ms"] * 1e6), results[lib]["w4"][kind]["ms"])
                     for lib in LIBRARIES}))
    w5 = results["w5"]
    out.append(("W5: bytes written per typed key, pseudo-terminal 80×24 (mean)",
                {lib: (f"{w5[lib]['bytes_per_key_mean']:.1f}", w5[lib]["bytes_per_key_mean"]) for lib in LIBRARIES}))
    out.append(("W5: key to settled screen (median)",
                {lib: (duration(w5[lib]["settle_ms_median"] * 1e6), w5[lib]["settle_ms_median"]) for lib in LIBRARIES}))
    memory = {}
    for lib in LIBRARIES:
        m = results["memory"][lib]
        cell = megabytes(m["peak_rss_bytes"])
        if m["edits"] < 10_000:
            cell += f" (after {m['edits']:,} edits; no undo)"
        memory[lib] = (cell, m["peak_rss_bytes"])
    out.append(("Peak memory (RSS), 1 MB text + 10,000 edits, undo on", memory))
    return out


def goals(results):
    """Each goal for UITextField: (goal, met, what the figures say)."""
    u = results["uikit"]
    ptk = results["ptk"]
    out = []
    w1 = u["w1"]["ns_per_key"]
    floor = u["notification_floor"]["ns_per_post"]
    out.append(("W1 ≤ 1.5 µs per key (UIKit level, with a delegate)", w1 <= 1500,
                f"{duration(w1)} per key; Foundation's `NotificationCenter.post` of the one notification each "
                f"key posts costs {duration(floor)} alone in the same run"))
    w2 = {size: u["w2"][size]["ns_per_key"] for size in ("1000", "100000", "1000000")}
    flat = w2["1000000"] / w2["1000"]
    out.append(("W2 flat: 1M within 1.5× of 1k", flat <= 1.5, f"1M ÷ 1k = {flat:.2f}×"))
    faster = ptk["w2"]["1000000"]["ns_per_key"] / w2["1000000"]
    out.append(("W2 ≥ 100× faster than prompt_toolkit at 1M", faster >= 100, f"{faster:,.0f}× faster"))
    w3 = u["w3"]
    out.append(("W3: all 2,000 clusters removed whole", w3["clusters_removed_whole"] == 2000
                and w3["keys_leaving_broken_cluster"] == 0,
                f"{w3['clusters_removed_whole']:,} whole, {w3['keys_leaving_broken_cluster']} keys left a broken one"))
    chosen = u.get("transcoder", "portable")
    by_transcoder = results.get("uikit_w4_by_transcoder", {chosen: u["w4"]})
    for kind, label in (("ascii", "ASCII"), ("mixed", "mixed text")):
        w4 = u["w4"][kind]
        met = w4["ms"] <= 0.5
        note = (f"{w4['ms']:.3f} ms with the {TRANSCODERS.get(chosen, chosen)} transcoder this CPU runs best, "
                f"of which the editing engine's paste alone (resolve and apply on an `EditorState`: "
                f"UTF-8 → UTF-16 into the rope) takes {w4['engine_ms']:.3f} ms")
        others = [f"{TRANSCODERS.get(name, name)} {figures[kind]['ms']:.3f} ms"
                  for name, figures in by_transcoder.items() if name != chosen]
        if others:
            note += "; on CPUs with other instruction sets (`TEXTEDITING_TRANSCODER`, same run): " + ", ".join(others)
        out.append((f"W4 ≤ 0.5 ms for a 1 MB paste ({label})", met, note))
    w5 = results["w5"]["uikit"]
    out.append(("W5 ≤ 16 bytes per key", w5["bytes_per_key_mean"] <= 16,
                f"mean {w5['bytes_per_key_mean']:.1f}, median {w5['bytes_per_key_median']:.0f} "
                f"(with the on-screen keyboard showing: mean {results['w5']['uikit_software']['bytes_per_key_mean']:.1f})"))
    out.append(("W5 < 1 ms from key to settled screen", w5["settle_ms_median"] < 1,
                f"median {w5['settle_ms_median']:.2f} ms, p95 {w5['settle_ms_p95']:.2f} ms"))
    m = results["memory"]["uikit"]
    out.append(("Peak memory < 32 MB", m["peak_rss_bytes"] < 32 * 1048576,
                f"{megabytes(m['peak_rss_bytes'])} peak; the process holds {megabytes(m['baseline_rss_bytes'])} "
                f"before the text (Swift runtime, Foundation, UIKit, a window); {m['undo_steps']} undo steps"))
    return out


def table_markdown(results):
    lines = [
        "| workload | UIKit `UITextField` | prompt_toolkit `Buffer` | ÷ UIKit | Textual `Input` | ÷ UIKit |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for label, cells in rows(results):
        ours = cells["uikit"][1]

        def other(lib):
            cell, value = cells[lib]
            return cell, ratio(value, ours) if value is not None and ours is not None else ""
        ptk_cell, ptk_ratio = other("ptk")
        textual_cell, textual_ratio = other("textual")
        lines.append(f"| {label} | {cells['uikit'][0]} | {ptk_cell} | {ptk_ratio} | {textual_cell} | {textual_ratio} |")
    return "\n".join(lines)


def goals_markdown(results):
    lines = ["| goal (UITextField) | met | figures |", "|---|---|---|"]
    for goal, met, note in goals(results):
        lines.append(f"| {goal} | {'yes' if met else '**no**'} | {note} |")
    return "\n".join(lines)


def section(results, quick):
    m = results["machine"]
    u, w5 = results["uikit"], results["w5"]
    textual_memory = results["memory"]["textual"]
    load = ", ".join(f"{x:.1f}" for x in results["load_before"])
    return f"""{MARKER}

The same workloads, on the same texts (built by the same recipes in Swift and Python, and
checked by fingerprint), on UIKit's `UITextField` and on the widgets a terminal program would
otherwise use: prompt_toolkit's `Buffer` and Textual's `Input`. Regenerate with
`Benchmarks/compare` (it builds the release products, installs the pinned libraries into
`.venv-bench/`, runs everything and rewrites this section). Times are medians of
{u['repetitions']} repetitions (prompt_toolkit and Textual: {results['ptk']['repetitions']}); "÷ UIKit"
is how many times the other figure is UIKit's (above 1×: UIKit is faster or smaller).

{table_markdown(results)}

{goals_markdown(results)}

{text_view_line(results) or ""}: rewrapping the lines an edit touches, down to a screenful
below it in one long paragraph (Sources/UIKit/TextView/TextViewLayout.swift).

What each figure is:

- **UIKit**: a `UITextField` in a key `UIWindow`, first responder, the software keyboard
  showing, with a delegate whose `textField(_:shouldChangeCharactersIn:replacementString:)`
  counts and allows every change, and the window's `UndoManager` recording. A key is the
  window's hardware-key entry point (`_press`, which the terminal host calls for each key it
  decodes): the delegate is asked, the text changes, `textFieldDidChangeSelection`,
  `.editingChanged`, `textDidChangeNotification`, undo. A paste is ⌘V with the 1 MB on
  `UIPasteboard.general` (`paste(_:)`: one delegate question). No drawing: that is W5.
  Source: `Benchmarks/UIKitBench`.
- **prompt_toolkit**: `Buffer.insert_text(character)` (what its self-insert binding calls),
  `Buffer.delete_before_cursor(1)` (its Backspace binding), `Buffer.insert_text(text)` (its
  bracketed-paste binding), with the undo save its key processor makes before a run of keys.
  A `Buffer`'s text is one Python string, rebuilt on every edit. Pasting into an *empty*
  buffer copies nothing (`"" + text + ""` is `text` itself), which is why its W4 is a few
  microseconds; UIKit converts the pasted UTF-8 into its UTF-16 rope.
- **Textual**: `Input.insert_text_at_cursor(character)` (what its key handler calls),
  `Input.action_delete_left()` (its Backspace binding), `Input.insert_text_at_cursor(text)`
  (its paste handler), on an `Input` mounted and focused in a headless app
  (`App.run_test()`). Each edit sets the reactive `value` (validation, the content width, the
  cursor's scroll) and posts an `Input.Changed` message, which is delivered after the timed
  calls and not counted. Where a cell says "keys timed", the run stopped after its time
  budget (1.5 s): one key costs the same whichever of the 2,000 it is.
- **W3** counts with the `regex` module's `\\X` (extended grapheme clusters) in Python and
  Swift's `Character` in Swift, after every key: a key that leaves part of a cluster behind
  counts as breaking one. prompt_toolkit and Textual delete one code point per Backspace.
- **W5**: each program in a pseudo-terminal of 80 × 24 cells (prompt_toolkit: a program
  calling `prompt()`; Textual: an app with one focused `Input`; both in Benchmarks/Compare), {w5['uikit']['keys']} letters typed
  one at a time (emptied every 50, unmeasured), each read back until the program has been
  quiet for 50 ms (Benchmarks/pty_typing.py). The UIKit row is `plainfield` with the
  on-screen keyboard hidden (a terminal's keyboard is a hardware keyboard); with the on-screen
  keyboard showing it writes {w5['uikit_software']['bytes_per_key_mean']:.1f} bytes per key and settles in
  {w5['uikit_software']['settle_ms_median']:.2f} ms (its letters change case after the field is emptied).
- **Memory**: one process per library; 1 MiB of ASCII, then 100 bursts, each at a new place,
  of 90 keys and 10 Backspaces (10,000 edits, 200 undo steps); the peak resident set
  (VmHWM). UIKit's undo records each step's edit (`UndoManager` + the field's coalesced
  history); prompt_toolkit's undo stack keeps the whole text per step. Textual's `Input` has
  no undo (Textual's undo is `TextArea`'s: 50 checkpoints of at most 100 characters), and
  took {textual_memory['seconds'] / max(1, textual_memory['edits']):.2f} s per edit on the 1 MB text, so its run stopped after
  {textual_memory['edits']:,} edits (a 10 s budget).

Where UIKit's time goes: `uikitbench --profile w1|w2|w3|w4|floor` runs one workload's loop
once, for valgrind's callgrind, which counts instructions repeatably on these noisy machines:
`valgrind --tool=callgrind --toggle-collect='*typeKeys*' .build/release/uikitbench --profile w1
--keys 2000` (`*pressBackspaces*` for w3, `*pressPaste*` for w4, `*postNotifications*` for the
floor). When this section was written (November 2026) a typed key cost about 10,000
instructions: half of them Foundation's `NotificationCenter.post`, a fifth the editing engine
(resolving the key, coalescing it into the undo step, applying it), the rest UIKit's delegate
calls, control event, undo and keyboard bookkeeping (mostly Swift's reference counting and
exclusivity checks). A paste is the engine's: transcoding into the rope and counting the
pasted UTF-16 units, over 90% of its instructions.

Machine: {m['cpu']}, {m['cores']} cores, {m['memory_gib']} GiB, Linux {m['kernel']}; {m['swift']}, release
build; Python {m['python']}, prompt_toolkit {m['prompt_toolkit']}, Textual {m['textual']}, rich {m['rich']},
regex {m['regex']}; measured {results['started']}{' (quick run)' if quick else ''}, load average {load}
at the start. A shared virtual machine: figures move by ±30% from run to run; the ratios of
one run are the figures to compare.
"""


def text_view_line(results):
    """W2 on a UITextView, for the record (neither other widget is a wrapping multi-line view)."""
    tv = results["uikit"].get("text_view_w2")
    if not tv:
        return None
    cells = ", ".join(f"{label} {duration(tv[size]['ns_per_key'])}"
                      for size, label in (("1000", "1k"), ("100000", "100k"), ("1000000", "1M")))
    flat = tv["1000000"]["ns_per_key"] / tv["1000"]["ns_per_key"]
    return (f"`UITextView`, W2 through the same path (a 358 × 300 pt view wrapping the one-paragraph "
            f"texts, scrolled to the caret): {cells} per key; 1M ÷ 1k = {flat:.2f}×")


def print_table(results):
    print()
    for label, cells in rows(results):
        ours = cells["uikit"][1]
        parts = [f"{NAMES['uikit']}: {cells['uikit'][0]}"]
        for lib in ("ptk", "textual"):
            cell, value = cells[lib]
            r = f" [{ratio(value, ours)}]" if value is not None and ours is not None else ""
            parts.append(f"{NAMES[lib]}: {cell}{r}")
        print(label)
        print("    " + " | ".join(parts))
    print()
    for goal, met, note in goals(results):
        print(f"{'met   ' if met else 'MISSED'} {goal}: {note}")
    line = text_view_line(results)
    if line:
        print()
        print(line.replace("`", ""))
    print()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions and keys; writes nothing")
    parser.add_argument("--markdown", default=os.path.join(ROOT, "BENCHMARKS.md"),
                        help="the file whose section to rewrite (default: BENCHMARKS.md)")
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument("--json", help="also write all the results to this file")
    parser.add_argument("--bin", default=".build/release", help="where the built Swift products are")
    parser.add_argument("--from-json", help="make the table from a results file instead of measuring")
    args = parser.parse_args()

    if args.from_json:
        results = json.load(open(args.from_json))
    else:
        results = measure(args)
        results["quick"] = args.quick
    check_same_texts(results)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(results, out, indent=1)
    print_table(results)
    quick = results.get("quick", False)
    if not (args.no_write or args.quick):
        try:
            text = open(args.markdown).read()
        except FileNotFoundError:
            text = "# Benchmarks\n"
        with open(args.markdown, "w") as out:
            out.write(pty_typing.replace_section(text, MARKER, section(results, quick)))
        log(f"wrote {os.path.relpath(args.markdown)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
