import Testing
@testable import TextEditing

/// The bidirectional algorithm as the text system uses it: classes, first strong letters,
/// levels and the visual order of real words.
@Suite("Bidi paragraphs")
struct BidiParagraphTests {
  /// The string's characters from left to right on screen, mirrored where drawn right to left.
  func visual(_ string: String, baseLevel: UInt8? = nil) -> String {
    let scalars = Array(string.unicodeScalars)
    let paragraph = BidiParagraph(scalars, baseLevel: baseLevel)
    let levels = paragraph.lineLevels(0..<scalars.count)
    return String(String.UnicodeScalarView(BidiParagraph.visualOrder(levels).map { index in
      levels[index] & 1 == 1 ? (scalars[index]._bidiMirrored ?? scalars[index]) : scalars[index]
    }))
  }

  @Test func classesComeFromUnicodesData() {
    #expect(BidiClass("a") == .L)
    #expect(BidiClass("\u{05D0}") == .R)  // HEBREW LETTER ALEF
    #expect(BidiClass("\u{0627}") == .AL)  // ARABIC LETTER ALEF
    #expect(BidiClass("1") == .EN)
    #expect(BidiClass("\u{0661}") == .AN)  // ARABIC-INDIC DIGIT ONE
    #expect(BidiClass(" ") == .WS)
    #expect(BidiClass("\u{0301}") == .NSM)
    #expect(BidiClass("\u{200D}") == .BN)
    #expect(BidiClass("\u{2067}") == .RLI)
    #expect(BidiClass("\u{05FF}") == .R, "an unassigned code point in the Hebrew block defaults to R")
    #expect(BidiClass("\u{10FFFF}") == .BN)
    #expect(Unicode.Scalar("(")._bidiMirrored == ")")
    #expect(Unicode.Scalar("«")._bidiMirrored == "»")
    #expect(Unicode.Scalar("a")._bidiMirrored == nil)
  }

  @Test func firstStrongLetterSkipsNeutralsAndIsolates() {
    #expect(BidiParagraph.firstStrongLevel(of: "123 שלום abc".unicodeScalars) == 1)
    #expect(BidiParagraph.firstStrongLevel(of: "  abc שלום".unicodeScalars) == 0)
    #expect(BidiParagraph.firstStrongLevel(of: "\u{2067}שלום\u{2069} abc".unicodeScalars) == 0)
    #expect(BidiParagraph.firstStrongLevel(of: "123 ...".unicodeScalars) == nil)
  }

  @Test func aParagraphsDirectionIsFoundAcrossThePiecesItIsReadIn() {
    let digits = String(repeating: "1", count: 600)
    #expect(TextBuffer(digits + " שלום").paragraphIsRightToLeft(containing: 0) == true)
    #expect(TextBuffer("\u{2067}" + digits + "שלום\u{2069} abc").paragraphIsRightToLeft(containing: 0) == false)
    #expect(TextBuffer("abc\nשלום").paragraphIsRightToLeft(containing: 5) == true)
    #expect(TextBuffer(digits).paragraphIsRightToLeft(containing: 0) == nil)
  }

  @Test func onlyRightToLeftTextNeedsReordering() {
    #expect(!"Hello, world! 123 café".unicodeScalars.contains { $0._opensRightToLeft })
    #expect("abc שלום".unicodeScalars.contains { $0._opensRightToLeft })
    #expect("\u{202E}abc".unicodeScalars.contains { $0._opensRightToLeft })
  }

  @Test func hebrewAndArabicRunRightToLeft() {
    #expect(visual("שלום") == "םולש")
    #expect(visual("مرحبا") == "ابحرم")
    // A number after right-to-left letters joins their run (rules W7 and N1): "123" stays on
    // the Hebrew side, as every UAX #9 renderer shows it.
    #expect(visual("abc שלום 123") == "abc 123 םולש")
    #expect(visual("abc שלום def") == "abc םולש def")
    #expect(visual("abc שלום 123", baseLevel: 1) == "123 םולש abc")
  }

  @Test func numbersInsideRightToLeftTextKeepTheirOrder() {
    #expect(visual("שלום 123 עולם") == "םלוע 123 םולש")
    #expect(visual("מחיר 12.50 ש") == "ש 12.50 ריחמ")
  }

  @Test func bracketsAreMirroredInRightToLeftRuns() {
    #expect(visual("(שלום)") == "(םולש)")
    #expect(visual("א (ב) ג") == "ג (ב) א")
    #expect(visual("a (b) c") == "a (b) c")
  }

  @Test func trailingWhitespaceTakesTheParagraphLevel() {
    let paragraph = BidiParagraph(Array("abc שלום  ".unicodeScalars), baseLevel: 0)
    let levels = paragraph.lineLevels(0..<paragraph.levels.count)
    #expect(levels == [0, 0, 0, 0, 1, 1, 1, 1, 0, 0])
    #expect(paragraph.levels[8] == 0)
  }
}
