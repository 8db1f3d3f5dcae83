import Foundation
import TextEditing

extension NSMutableAttributedString {
  /// Makes the attributes in `range` (UTF-16 units) consistent, as TextKit does after edits: each
  /// paragraph the range touches takes its first character's paragraph style throughout (or none,
  /// when its first character has none), and attachments stay only on attachment characters
  /// (U+FFFC). Fonts are not substituted: every font here draws every character.
  public func fixAttributes(in range: NSRange) {
    precondition(
      range.location >= 0 && range.length >= 0 && range.location + range.length <= length,
      "fixAttributes(in:): range {\(range.location), \(range.length)} is out of bounds of a string of length \(length)")
    guard length > 0 else { return }
    let text = string as NSString
    // Attachments only on U+FFFC.
    var attachmentRanges: [NSRange] = []
    enumerateAttribute(.attachment, in: range, options: []) { value, found, _ in
      if value != nil { attachmentRanges.append(found) }
    }
    for found in attachmentRanges {
      for offset in found.location..<(found.location + found.length) where text.character(at: offset) != 0xFFFC {
        removeAttribute(.attachment, range: NSRange(location: offset, length: 1))
      }
    }
    // One paragraph style per paragraph, its first character's.
    var location = text.paragraphRange(for: NSRange(location: range.location, length: 0)).location
    let end = range.location + range.length
    repeat {
      let paragraph = text.paragraphRange(for: NSRange(location: location, length: 0))
      guard paragraph.length > 0 else { break }
      if let style = attribute(.paragraphStyle, at: paragraph.location, effectiveRange: nil) {
        addAttribute(.paragraphStyle, value: style, range: paragraph)
      } else {
        removeAttribute(.paragraphStyle, range: paragraph)
      }
      location = paragraph.location + paragraph.length
    } while location < end && location < length
  }
}
