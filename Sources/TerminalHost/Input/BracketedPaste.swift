#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The content of a bracketed paste, collected as raw bytes until its end marker `ESC [ 201 ~`.
///
/// A paste can be megabytes long and arrive in many reads, so nothing here works byte by byte in
/// Swift: `memchr` finds the only byte that can start the end marker (ESC), the bytes before it
/// are copied as a block, and the text is decoded from UTF-8 once, when the marker arrives. That
/// keeps a 10 MB paste fast even in a debug build.
///
/// At most `limit` bytes of content are kept; the rest of a longer paste is dropped (still up to
/// its end marker, so that none of it is typed as keys) and the text ends at the last whole
/// character before the limit.
struct BracketedPaste: Sendable {
  /// `ESC [ 201 ~`. The marker's only ESC is its first byte, so after a mismatch the search
  /// resumes at the mismatching byte without missing an overlapping marker.
  private static let endMarker: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

  /// The most content bytes kept, counted before line breaks are normalised.
  let limit: Int
  private var bytes: [UInt8] = []
  /// Whether content beyond `limit` was dropped.
  private(set) var isTruncated = false
  /// How many bytes of the end marker ended the last read: they are content if the marker does
  /// not complete in the next one.
  private var matched = 0

  init(limit: Int) {
    self.limit = max(0, limit)
  }

  /// Takes the paste's bytes from `buffer`, starting at `start`, up to and including the end
  /// marker. Returns the index after the last byte taken and, when the marker was found, the
  /// paste's text (the accumulator is then empty again).
  mutating func consume(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> (next: Int, text: String?) {
    guard let base = buffer.baseAddress else { return (start, nil) }
    let count = buffer.count
    var index = start
    // A marker begun at the end of the last read: finish or refute it byte by byte.
    while matched > 0 && index < count {
      if base[index] == Self.endMarker[matched] {
        matched += 1
        index += 1
        if matched == Self.endMarker.count {
          matched = 0
          return (index, finish())
        }
      } else {
        // Not the marker after all: what looked like its start is content, and the mismatching
        // byte is looked at again below (it may be the ESC of the real marker).
        Self.endMarker.withUnsafeBufferPointer { marker in
          append(UnsafeBufferPointer(rebasing: marker[..<matched]))
        }
        matched = 0
      }
    }
    // Ctrl-C (ETX) ends the paste where it is: it stays the key that quits (or copies) whatever
    // the paste's state. A paste whose end marker was lost would otherwise take it as text for
    // the half second the host waits for the marker; a terminal sends ETX inside a paste only
    // if the user pasted one.
    let interrupt = memchr(base + index, 0x03, count - index)
      .map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
    let end = interrupt ?? count
    // Content runs up to the marker; an ESC that does not start the marker stays in the block,
    // so a paste full of escape sequences is still copied in a few large blocks.
    var search = index
    while search < end {
      guard let found = memchr(base + search, 0x1B, end - search) else { break }
      let escape = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      let available = min(end - escape, Self.endMarker.count)
      if startsMarker(base + escape, length: available) {
        append(UnsafeBufferPointer(start: base + index, count: escape - index))
        if available == Self.endMarker.count {
          return (escape + available, finish())
        }
        // Ctrl-C came inside what may have been the marker: the marker's bytes are content.
        if interrupt != nil {
          append(UnsafeBufferPointer(start: base + escape, count: available))
          return (end, finish())
        }
        // The read ends inside what may be the marker.
        matched = available
        return (count, nil)
      }
      search = escape + 1
    }
    append(UnsafeBufferPointer(start: base + index, count: end - index))
    // The paste ends before the Ctrl-C, which is read next as a key.
    if interrupt != nil { return (end, finish()) }
    return (count, nil)
  }

  /// Whether the `length` bytes at `bytes` are the first `length` bytes of the end marker.
  private func startsMarker(_ bytes: UnsafePointer<UInt8>, length: Int) -> Bool {
    for offset in 0..<length where bytes[offset] != Self.endMarker[offset] { return false }
    return true
  }

  /// Appends content, up to the limit.
  private mutating func append(_ block: UnsafeBufferPointer<UInt8>) {
    guard !block.isEmpty else { return }
    let room = limit - bytes.count
    if block.count <= room {
      bytes.append(contentsOf: block)
    } else {
      isTruncated = true
      if room > 0 { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: block[..<room])) }
    }
  }

  /// The text of a paste whose end marker never came (the host gave up waiting): what came so
  /// far. The first bytes of a marker cut at the end are not content; they are dropped.
  /// Empties the accumulator.
  mutating func finishUnterminated() -> String {
    matched = 0
    return finish()
  }

  /// The text of the finished paste; empties the accumulator.
  private mutating func finish() -> String {
    if isTruncated { dropIncompleteLastCharacter() }
    normaliseLineBreaks()
    let text = String(decoding: bytes, as: UTF8.self)
    // Release the buffer rather than keep megabytes of capacity for the next paste.
    bytes = []
    isTruncated = false
    return text
  }

  /// Turns "\r\n" and a lone "\r" into "\n", in place. CR is ASCII, so it never occurs inside a
  /// multi-byte UTF-8 sequence and the bytes can be edited before decoding.
  private mutating func normaliseLineBreaks() {
    let newCount = bytes.withUnsafeMutableBufferPointer { buffer -> Int in
      guard let base = buffer.baseAddress else { return 0 }
      let count = buffer.count
      guard let first = memchr(base, 0x0D, count) else { return count }
      var read = base.distance(to: first.assumingMemoryBound(to: UInt8.self))
      var write = read
      while read < count {
        // `read` is at a CR.
        base[write] = 0x0A
        write += 1
        read += 1
        if read < count && base[read] == 0x0A { read += 1 }
        let next = memchr(base + read, 0x0D, count - read)
          .map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? count
        if next > read { memmove(base + write, base + read, next - read) }
        write += next - read
        read = next
      }
      return write
    }
    bytes.removeLast(bytes.count - newCount)
  }

  /// After truncation the limit may fall inside a multi-byte character; its first bytes are
  /// dropped rather than decoded as U+FFFD.
  private mutating func dropIncompleteLastCharacter() {
    var index = bytes.count - 1
    // Step back over up to three continuation bytes to the byte that starts the last sequence.
    while index >= 0 && index >= bytes.count - 4 && bytes[index] & 0xC0 == 0x80 { index -= 1 }
    guard index >= 0 else { return }
    let lead = bytes[index]
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    if bytes.count - index < length { bytes.removeLast(bytes.count - index) }
  }
}
