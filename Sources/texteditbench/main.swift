// texteditbench: the editing engine's cost per keystroke at the middle of short and long texts,
// and the cost of a 1 MB paste. Run in release: `swift run -c release texteditbench`.
// `--markdown FILE` also writes the results as a Markdown table (BENCHMARKS.md).
import Foundation
import TextEditing

struct Options {
  var markdownPath: String?
  var keys = 20_000
  var repetitions = 7
  var sizes = [1_000, 100_000, 1_000_000]
  var profileSize: Int?
  var profileOperation = "both"

  init(_ arguments: [String]) {
    var it = arguments.dropFirst().makeIterator()
    while let a = it.next() {
      switch a {
      case "--markdown": markdownPath = it.next()
      case "--keys": keys = Int(it.next() ?? "") ?? keys
      case "--repetitions": repetitions = Int(it.next() ?? "") ?? repetitions
      case "--profile": profileSize = Int(it.next() ?? "")
      case "--operation": profileOperation = it.next() ?? profileOperation
      case "--sizes": sizes = (it.next() ?? "").split(separator: ",").compactMap { Int($0) }
      case "-h", "--help":
        print(
          "usage: texteditbench [--markdown FILE] [--keys N] [--repetitions N] [--sizes 1000,100000,1000000]\n"
            + "       texteditbench --profile SIZE [--operation insert|delete|both|buffer-delete|paste-ascii|paste-mixed]")
        exit(0)
      default:
        FileHandle.standardError.write("texteditbench: unknown option \(a)\n".data(using: .utf8)!)
        exit(2)
      }
    }
  }
}

let options = Options(CommandLine.arguments)

@inline(never) func blackHole<T>(_ x: T) { withExtendedLifetime(x) {} }

func nanoseconds(_ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return Double(DispatchTime.now().uptimeNanoseconds - start)
}

/// The median of `repetitions` runs of `body`, each returning nanoseconds.
func median(_ body: () -> Double) -> Double {
  var samples: [Double] = []
  for _ in 0..<options.repetitions { samples.append(body()) }
  samples.sort()
  return samples[samples.count / 2]
}

/// One row of the table: for each size, the median of `repetitions` runs of the sampler that
/// `prepare` makes for it. The sizes take turns within each repetition (after one run of each
/// to warm up), so that a change in the machine's load shifts every column alike rather than
/// one; the last column is a ratio of two of them.
func row(_ prepare: (Int) -> () -> Double) -> [Double] {
  let samplers = sizes.map(prepare)
  for sample in samplers { _ = sample() }
  var samples = Array(repeating: [Double](), count: samplers.count)
  for _ in 0..<options.repetitions {
    for (k, sample) in samplers.enumerated() { samples[k].append(sample()) }
  }
  return samples.map { $0.sorted()[$0.count / 2] }
}

/// A text of `n` UTF-16 units: words of Latin letters, some CJK and an emoji, with line breaks.
func sampleText(_ n: Int) -> String {
  let unit = "The quick brown fox jumps over the lazy dog; 敏捷的狐狸 👍🏽 naïve café.\n"
  var units = Array(String(repeating: unit, count: n / unit.utf16.count + 1).utf16.prefix(n))
  // Do not end on half a surrogate pair.
  if let last = units.last, UTF16.isLeadSurrogate(last) { units[units.count - 1] = 0x78 }
  return String(decoding: units, as: UTF16.self)
}

struct Row {
  var label: String
  var values: [Double]
}

let sizes = options.sizes
let keys = options.keys
var rows: [Row] = []

/// Runs `command` `count` times through the state and the undo history: what UITextField's
/// mutation path runs per key. (Kept out of line so that a profiler can single it out.)
@inline(never)
func runCommands(_ command: EditingCommand, _ count: Int, _ state: inout EditorState, _ history: inout UndoHistory) {
  for _ in 0..<count {
    let tx = state.resolve(command)
    history.record(tx, before: state)
    state.apply(tx)
  }
}

func editorInsert(_ n: Int) -> () -> Double {
  let text = TextBuffer(sampleText(n))
  return {
    var state = EditorState(text: text, selection: .caret(n / 2))
    var history = UndoHistory()
    let t = nanoseconds { runCommands(.insertText("x"), keys, &state, &history) }
    blackHole(state)
    return t / Double(keys)
  }
}

/// Backspaces come in bursts of 300 from the middle of a fresh copy of the text (a 1k text has
/// only 500 characters before its middle), so every size does the same work.
let deleteBurst = 300

func editorDelete(_ n: Int) -> () -> Double {
  let text = TextBuffer(sampleText(n))
  let bursts = max(1, keys / deleteBurst)
  return {
    var total = 0.0
    for _ in 0..<bursts {
      var state = EditorState(text: text, selection: .caret(n / 2))
      var history = UndoHistory()
      total += nanoseconds { runCommands(.deleteBackward, deleteBurst, &state, &history) }
      blackHole(state)
    }
    return total / Double(bursts * deleteBurst)
  }
}

func bufferInsert(_ n: Int) -> () -> Double {
  let text = TextBuffer(sampleText(n))
  return {
    var buffer = text
    let at = n / 2
    let t = nanoseconds {
      for k in 0..<keys { buffer.replace((at + k)..<(at + k), with: "x") }
    }
    blackHole(buffer)
    return t / Double(keys)
  }
}

func bufferDelete(_ n: Int) -> () -> Double {
  let text = TextBuffer(String(repeating: "abcdefghij", count: n / 10))
  let bursts = max(1, keys / deleteBurst)
  let at = n / 2
  return {
    var total = 0.0
    for _ in 0..<bursts {
      var buffer = text
      total += nanoseconds { runBufferDeletes(&buffer, at: at, deleteBurst) }
      blackHole(buffer)
    }
    return total / Double(bursts * deleteBurst)
  }
}

/// Backspaces straight on the rope: `count` of them, from `at` backwards.
@inline(never)
func runBufferDeletes(_ buffer: inout TextBuffer, at: Int, _ count: Int) {
  for k in 0..<count { buffer.replace((at - k - 1)..<(at - k), with: "") }
}

/// Pastes `text` into an empty editor, through resolve and apply, as UITextField will.
@inline(never)
func pasteOnce(_ text: String, into state: inout EditorState) {
  let tx = state.resolve(.paste(text))
  state.apply(tx)
}

let asciiMB = String(repeating: "The quick brown fox jumps over the lazy dog.\n", count: 1_048_576 / 45 + 1)
  .utf8.prefix(1_048_576)
let mixedMB = String(repeating: "Ünïcödé text, 中文 and emoji 👍🏽 mixed.\n", count: 1_048_576 / 52)

if let n = options.profileSize {
  // For a profiler: one operation at one size, many times over. Collect with
  // --toggle-collect='*runCommands*' (editor), '*runBufferDeletes*' (rope) or '*pasteOnce*'.
  switch options.profileOperation {
  case "buffer-delete":
    // As the "delete, text buffer" row: bursts of `deleteBurst` from the middle of a fresh copy.
    let text = TextBuffer(String(repeating: "abcdefghij", count: n / 10))
    for _ in 0..<options.repetitions {
      for _ in 0..<max(1, keys / deleteBurst) {
        var buffer = text
        runBufferDeletes(&buffer, at: n / 2, deleteBurst)
        blackHole(buffer)
      }
    }
  case "paste-ascii", "paste-mixed":
    let text = options.profileOperation == "paste-ascii" ? String(Substring(asciiMB)) : mixedMB
    for _ in 0..<options.repetitions {
      var state = EditorState()
      pasteOnce(text, into: &state)
      blackHole(state)
    }
  case "delete":
    // As the "delete backward, editor + undo" row: bursts of `deleteBurst` Backspaces from the
    // middle of a fresh copy (a 1k text has only 500 characters before its middle).
    let text = TextBuffer(sampleText(n))
    for _ in 0..<options.repetitions {
      for _ in 0..<max(1, keys / deleteBurst) {
        var state = EditorState(text: text, selection: .caret(n / 2))
        var history = UndoHistory()
        runCommands(.deleteBackward, deleteBurst, &state, &history)
        blackHole(state)
      }
    }
  default:
    let text = TextBuffer(sampleText(n))
    for _ in 0..<options.repetitions {
      var state = EditorState(text: text, selection: .caret(n / 2))
      var history = UndoHistory()
      if options.profileOperation != "delete" { runCommands(.insertText("x"), keys, &state, &history) }
      if options.profileOperation == "both" { runCommands(.deleteBackward, keys, &state, &history) }
      blackHole(state)
    }
  }
  exit(0)
}

rows.append(Row(label: "insert, editor + undo (ns/key)", values: row(editorInsert)))
rows.append(Row(label: "delete backward, editor + undo (ns/key)", values: row(editorDelete)))
rows.append(Row(label: "insert, text buffer (ns/key)", values: row(bufferInsert)))
rows.append(Row(label: "delete, text buffer (ns/key)", values: row(bufferDelete)))

func paste(_ text: String) -> Double {
  median {
    var state = EditorState()
    let t = nanoseconds { pasteOnce(text, into: &state) }
    blackHole(state)
    return t / 1e6
  }
}

let asciiText = String(Substring(asciiMB))
let pasteASCII = paste(asciiText)
let pasteMixed = paste(mixedMB)

/// The median time, in ms, of `body` (what it returns is released after the clock stops).
func milliseconds<T>(_ body: () -> T) -> Double {
  median {
    var kept: T?
    let t = nanoseconds { kept = body() }
    blackHole(kept)
    return t / 1e6
  }
}

/// Where a paste's time goes: the parts, each measured on its own.
func pasteParts(_ text: String) -> [Double] {
  var copy = text
  let bytes = text.utf8.count
  return [
    // Resolving the command counts the UTF-16 units (the caret goes after them).
    milliseconds { copy.withUTF8 { UTF16Conversion.utf16Count(ofUTF8: $0) } },
    // Applying it builds the rope.
    milliseconds { TextBuffer(text) },
    // The floor under that: writing as many units into as many leaves' worth of memory,
    // allocated (and touched) beforehand: memory bandwidth, no decoding.
    { () -> Double in
      let blocks = (0..<(bytes / 1_024 + 1)).map { _ in
        let block = UnsafeMutablePointer<UInt16>.allocate(capacity: 1_024)
        block.initialize(repeating: 0, count: 1_024)
        return block
      }
      defer { for block in blocks { block.deallocate() } }
      return milliseconds { for block in blocks { block.update(repeating: 0x20, count: 1_024) } }
    }(),
  ]
}
let partsASCII = pasteParts(asciiText)
let partsMixed = pasteParts(mixedMB)

/// The UTF-16 of a megabyte (counted, then transcoded into one array) with each transcoder this
/// CPU runs, ms: what a paste costs on CPUs without the kernel chosen here.
let transcoders = UTF16Conversion.Transcoder.allCases.filter(\.isAvailable)
let byTranscoder = transcoders.map { transcoder in
  (transcoder, [asciiText, mixedMB].map { text in milliseconds { UTF16Conversion.units(of: text, using: transcoder) } })
}

// Report.
func format(_ v: Double) -> String { String(format: v < 10 ? "%.2f" : "%.0f", v) }

var machine = "unknown"
if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
  let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") })
{
  machine = line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? machine
}
let cores = ProcessInfo.processInfo.activeProcessorCount
let memoryGiB = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824

var lines: [String] = []
lines.append("| workload | 1k chars | 100k chars | 1M chars | 1M / 1k |")
lines.append("|---|---:|---:|---:|---:|")
for row in rows where row.values.count == 3 {
  let ratio = row.values[2] / row.values[0]
  lines.append("| \(row.label) | " + row.values.map(format).joined(separator: " | ") + " | \(String(format: "%.2f×", ratio)) |")
}
lines.append("")
lines.append("| paste into an empty text | ms |")
lines.append("|---|---:|")
lines.append("| 1 MB of ASCII (\(asciiMB.count) bytes) | \(String(format: "%.3f", pasteASCII)) |")
lines.append("| 1 MB of mixed Latin, CJK and emoji (\(mixedMB.utf8.count) bytes) | \(String(format: "%.3f", pasteMixed)) |")
lines.append("")
lines.append("| where a paste's time goes (ms) | ASCII | mixed |")
lines.append("|---|---:|---:|")
let partLabels = [
  "counting its UTF-16 units (resolving the command)",
  "building the rope: transcoding into leaves, counting line feeds",
  "the floor under that: writing a leaf per KB into memory already mapped",
]
for (k, label) in partLabels.enumerated() {
  lines.append("| \(label) | \(String(format: "%.3f", partsASCII[k])) | \(String(format: "%.3f", partsMixed[k])) |")
}
lines.append("")
lines.append("| UTF-16 of the megabyte (count, then transcode into one array), by transcoder (ms) | ASCII | mixed |")
lines.append("|---|---:|---:|")
for (transcoder, figures) in byTranscoder {
  let chosen = transcoder == .best ? " (chosen here)" : ""
  lines.append("| \(transcoder)\(chosen) | \(String(format: "%.3f", figures[0])) | \(String(format: "%.3f", figures[1])) |")
}

let table = lines.joined(separator: "\n")
print(table)
print("")
print("machine: \(machine), \(cores) cores, \(String(format: "%.0f", memoryGiB)) GiB; \(keys) keys per run, median of \(options.repetitions) runs")

if let path = options.markdownPath {
  let date = ISO8601DateFormatter().string(from: Date()).prefix(10)
  let doc = """
    # Benchmarks

    Regenerate with `swift run -c release texteditbench --markdown BENCHMARKS.md`.

    ## Editing engine (TextEditing)

    The cost of one keystroke at the middle of texts of 1k, 100k and 1M UTF-16 units (mixed
    Latin, CJK, emoji and line breaks), \(keys) keystrokes per run, the median of \
    \(options.repetitions) runs;
    the three sizes take turns within each run, so that a change in the machine's load moves a
    whole row rather than one column. "Editor + undo" is the path every UIKit text mutation
    takes (resolve the command, record undo, apply the transaction), "text buffer" the rope
    alone. Backspaces come in bursts of \(deleteBurst) from the middle of a fresh copy of the
    text. The last column shows that the cost does not grow with the length of the text (goal:
    within 1.5×).

    \(table)

    Machine: \(machine), \(cores) cores, \(String(format: "%.0f", memoryGiB)) GiB, Linux, \
    release build; measured \(date).
    These machines are shared virtual machines: figures move by ±30% from run to run (a whole
    run can be twice as slow as the next), so compare columns of one run, not runs;
    instruction counts (below) are what decisions were made on.

    ## Reading the figures

    - Timings of the previous version and this one, run alternately on this machine within a
      few minutes of each other (2026-11-22): Backspace's 1M / 1k ratio 1.41× before and
      1.17× after through the editor, 1.84× and 1.46× on the bare rope (pastes: below).
    - Instructions per keystroke (valgrind --tool=callgrind, repeatable where timings are not),
      at 1k and 1M characters, before and after the work of 2026-11-22: typing through the
      editor 2,360 and 2,687 before, 2,109 and 2,117 after (1.00×); Backspace through the
      editor 2,597 and 3,711 before (1.43×), 2,277 and 2,519 after (1.11×); Backspace on the
      bare rope 695 and 1,302 before (1.87×), 413 and 527 after (1.28×). Run for example
      `valgrind --tool=callgrind --toggle-collect='*runCommands*'
      .build/release/texteditbench --profile 1000000 --operation delete --repetitions 1
      --keys 600` (operations: insert, delete, buffer-delete with `'*runBufferDeletes*'`,
      paste-ascii and paste-mixed with `'*pasteOnce*'`).
    - A 1k text is a single leaf of the rope; 100k and 1M characters make a tree two levels
      deep, and what the two levels add is now flat: a node keeps its children's end offsets
      with one pending shift (typing or deleting in one child adds to it instead of rewriting
      every later end; an edit in another child applies it first), and the child of the last
      edit is where the next search looks first, so a level costs a uniqueness check, a
      comparison and three additions (for a tree two levels deep, all of it inlined into one
      function). The descent passes its child slots `inout` and lookups borrow nodes through
      `Unmanaged`, so neither does any reference counting; nodes own one plain
      allocation each (units, or child references and ends) instead of Swift arrays, whose
      uniqueness checks and generic allocation cost more than the edit. A leaf keeps room at
      both ends and an edit moves the shorter side when that side has room, so a keystroke's
      memmove is usually at most half a leaf. The Backspace path reads its ten-unit window
      around the caret from one leaf without retaining anything.
    - What the tree still adds is about 115 instructions (two levels), and more in time than
      in instructions: walking down is a chain of dependent loads (node, its storage, the
      child's reference, the child's reference count) where a single leaf has two. The bare
      rope's Backspace at 1k is 16 to 30 ns, so that row is the one closest to the goal (1.45×
      to 1.6× in time from run to run, 1.28× in instructions); through the editor the same
      two levels are a tenth of the cost. The first Backspace on a fresh copy also copies the
      path (a node's copy retains each of its up to 64 children): about 0.8 µs at 1M against
      0.1 µs at 1k, 2 to 3 ns per key of a burst of 300.
    - A paste transcodes UTF-8 to UTF-16 straight into full leaves, one allocation per leaf
      (the leaf's line feeds are counted in its bytes while they are in cache); resolving it
      counts its UTF-16 units first. Which code transcodes and counts is chosen once per
      process, for the CPU at hand (`UTF16Conversion.Transcoder`; the last table compares
      them): on x86-64 with AVX-512 (BW, VL, VBMI2) or AVX2, and on AArch64 (NEON), a kernel
      in C (Sources/CTextEditingSupport) takes blocks of 32 bytes (NEON: 16), whatever they
      hold: at every byte position it computes the unit that position would produce if a
      scalar started there (the bytes at offsets 0, 1 and 2, widened to 16 bits; a 4-byte
      sequence's low surrogate at the position after its lead), then keeps the positions that
      are not continuation bytes, in order: one VPCOMPRESSW with AVX-512, a byte shuffle
      (PSHUFB, TBL) from a 256-entry table per eight units otherwise. A sequence that starts
      in a block is finished from the bytes after it, so every block advances by its width
      and nothing is decided byte by byte. The counts take 64 (AVX-512), 32 or 16 bytes a
      step. Swift cannot compile a function for instructions beyond the target's baseline
      (x86-64: SSE2) and pick it at run time, nor express a byte shuffle, which is why these
      kernels are C; `TEXTEDITING_TRANSCODER=portable|avx2|avx512|neon` picks another
      available one. The NEON kernel is tested under qemu (Tests/TranscoderKernels/run) and
      its speed is not measured: there is no ARM machine here.
    - On x86-64 without AVX2, other CPUs, and for the last few dozen bytes of each leaf, the
      portable Swift transcoder runs: sixteen bytes at a time while they are ASCII, widening
      all of them and keeping the ASCII prefix; after that it alternates between one non-ASCII
      scalar (four 2-byte sequences or two 3-byte ones at once when a run of them follows) and
      the ASCII after it, eight bytes widened at once. Its cost in the mixed megabyte is the
      per-scalar step, about 30 instructions per non-ASCII scalar, one every six bytes, and
      each step's position depends on a load of the step before. Decoding in place and
      compacting with SSE2 alone (no byte shuffle) was tried and was slower than this, at
      about sixteen scalar stores per sixteen bytes.
    - History of the mixed megabyte's paste, run alternately on this machine: 1.17–1.29 ms with
      a scalar-at-a-time transcoder, 0.54–0.66 ms with the portable one above, 0.18–0.26 ms
      with the AVX-512 kernel and the vector counts (AVX2: about 0.4 ms). Writing the
      megabyte's worth of UTF-16 into memory already mapped is a tenth of the ASCII paste
      (the table above); into memory the process has not touched yet (a first paste, or after
      the heap gave memory back), the page faults alone cost about a millisecond more.

    """
  // The sections other tools write are kept as they are, from the first of them on: the
  // terminal front end's (Benchmarks/pty_typing.py) and the side-by-side comparison's
  // (Benchmarks/compare).
  var kept = ""
  if let existing = try? String(contentsOfFile: path, encoding: .utf8),
    let section = ["## Terminal front end", "## Side by side"].compactMap({ existing.range(of: $0) })
      .min(by: { $0.lowerBound < $1.lowerBound })
  {
    kept = "\n" + existing[section.lowerBound...]
  }
  do {
    try (doc + kept).write(toFile: path, atomically: true, encoding: .utf8)
    print("wrote \(path)")
  } catch {
    FileHandle.standardError.write("texteditbench: cannot write \(path): \(error)\n".data(using: .utf8)!)
    exit(1)
  }
}
