/// Somewhere bytes go: the output buffer, or a counter that measures a candidate sequence so the
/// writer can pick the shortest one before writing anything.
protocol ByteSink {
  mutating func append(_ byte: UInt8)
}

extension Array: ByteSink where Element == UInt8 {}

/// A growable byte buffer for one update's output: appending a byte is a store and an increment,
/// without the uniqueness check an array makes on every append (a full repaint appends hundreds
/// of thousands). Its owner calls ``finish()`` exactly once.
struct ByteBuffer: ByteSink {
  private var bytes: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = max(64, capacity)
    bytes = .allocate(capacity: self.capacity)
  }

  mutating func append(_ byte: UInt8) {
    if count == capacity { grow(to: capacity * 2) }
    bytes[count] = byte
    count += 1
  }

  /// Lets `body` append at most `maximum` bytes without a capacity check for each: SGR
  /// sequences, written for nearly every cell of a colourful full repaint.
  mutating func appendUnchecked(maximum: Int, _ body: (inout UncheckedSink) -> Void) {
    if capacity - count < maximum { grow(to: max(capacity * 2, count + maximum)) }
    var sink = UncheckedSink(next: bytes + count)
    body(&sink)
    count += sink.count
    precondition(count <= capacity, "wrote past the end of the buffer")
  }

  /// The bytes appended, as an array; frees the buffer.
  func finish() -> [UInt8] {
    defer { bytes.deallocate() }
    return Array(UnsafeBufferPointer(start: bytes, count: count))
  }

  private mutating func grow(to newCapacity: Int) {
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    larger.update(from: bytes, count: count)
    bytes.deallocate()
    bytes = larger
    capacity = newCapacity
  }
}

/// Appends into memory reserved by ``ByteBuffer/appendUnchecked(maximum:_:)``.
struct UncheckedSink: ByteSink {
  let next: UnsafeMutablePointer<UInt8>
  private(set) var count = 0

  init(next: UnsafeMutablePointer<UInt8>) {
    self.next = next
  }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    next[count] = byte
    count += 1
  }
}

/// Counts the bytes appended to it instead of keeping them.
struct ByteCount: ByteSink {
  var count = 0

  mutating func append(_ byte: UInt8) {
    count += 1
  }
}

extension ByteSink {
  /// Appends ASCII text.
  mutating func append(_ ascii: StaticString) {
    ascii.withUTF8Buffer { bytes in
      for byte in bytes { append(byte) }
    }
  }

  /// Appends a non-negative number in decimal.
  @inline(__always)
  mutating func appendDecimal(_ value: Int) {
    // Colour channels and SGR codes are below 1000: straight-line code for them.
    if value < 10 {
      append(UInt8(truncatingIfNeeded: 0x30 + value))
    } else if value < 100 {
      append(UInt8(truncatingIfNeeded: 0x30 + value / 10))
      append(UInt8(truncatingIfNeeded: 0x30 + value % 10))
    } else if value < 1000 {
      append(UInt8(truncatingIfNeeded: 0x30 + value / 100))
      append(UInt8(truncatingIfNeeded: 0x30 + value / 10 % 10))
      append(UInt8(truncatingIfNeeded: 0x30 + value % 10))
    } else {
      var divisor = 1000
      while divisor <= value / 10 { divisor *= 10 }
      while divisor > 0 {
        append(UInt8(truncatingIfNeeded: 0x30 + value / divisor % 10))
        divisor /= 10
      }
    }
  }

  /// Appends CSI (ESC [), the start of every sequence the writer uses.
  mutating func appendCSI() {
    append(0x1B)
    append(0x5B)
  }

  /// Appends CUP, moving the cursor to a 0-based position. Parameters equal to their default (1)
  /// are left out: `ESC [ H` for home, `ESC [ r H` for column 1, `ESC [ ; c H` for row 1.
  mutating func appendCursorPosition(column: Int, row: Int) {
    appendCSI()
    if row > 0 { appendDecimal(row + 1) }
    if column > 0 {
      append(0x3B)
      appendDecimal(column + 1)
    }
    append(0x48)
  }

  /// Appends CUF, moving the cursor `count` (at least 1) columns to the right: `ESC [ C` for one.
  mutating func appendCursorForward(_ count: Int) {
    appendCSI()
    if count > 1 { appendDecimal(count) }
    append(0x43)
  }

  /// Appends DECTCEM: `ESC [ ? 25 h` shows the cursor, `ESC [ ? 25 l` hides it.
  mutating func appendCursorVisibility(_ visible: Bool) {
    append("\u{1B}[?25")
    append(visible ? 0x68 : 0x6C)
  }

  /// Appends ED 2, erasing the whole screen (to the current background, on terminals with BCE).
  mutating func appendEraseScreen() {
    append("\u{1B}[2J")
  }
}

/// The number of bytes `body` appends.
func byteCount(_ body: (inout ByteCount) -> Void) -> Int {
  var counter = ByteCount()
  body(&counter)
  return counter.count
}
