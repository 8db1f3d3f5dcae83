// Apple's Swift declarations of the text-input types (iOS SDK), each written out as a typed use,
// so that a change of name, label, type or optionality here stops the build. Compiled in Swift
// 5 mode, as app code is.
import UIKit
import UIKitTesting
import XCTest

final class TextInputDeclarationsTests: XCTestCase {
  func testTheTokenizerTypes() {
    // enum UITextGranularity : Int
    let granularities: [UITextGranularity] = [
      .character, .word, .sentence, .paragraph, .line, .document,
    ]
    XCTAssertEqual(granularities.map { $0.rawValue }, [0, 1, 2, 3, 4, 5])
    // struct UITextDirection: init(rawValue:), static func storage(_:), static func layout(_:)
    let direction: UITextDirection = .storage(.forward)
    XCTAssertEqual(
      UITextDirection.layout(.right),
      UITextDirection(rawValue: UITextLayoutDirection.right.rawValue))
    XCTAssertEqual(direction.rawValue, UITextStorageDirection.forward.rawValue)

    let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
    field.text = "one two"
    // protocol UITextInputTokenizer : NSObjectProtocol
    let tokenizer: UITextInputTokenizer = UITextInputStringTokenizer(textInput: field)
    let position: UITextPosition = field.endOfDocument
    let enclosing: UITextRange? = tokenizer.rangeEnclosingPosition(
      position, with: .word, inDirection: .storage(.backward))
    let atBoundary: Bool = tokenizer.isPosition(
      position, atBoundary: .word, inDirection: .storage(.forward))
    let next: UITextPosition? = tokenizer.position(
      from: position, toBoundary: .word, inDirection: .layout(.left))
    let within: Bool = tokenizer.isPosition(
      position, withinTextUnit: .word, inDirection: .storage(.backward))
    XCTAssertEqual(enclosing.flatMap { field.text(in: $0) }, "two")
    XCTAssertTrue(atBoundary && within)
    XCTAssertEqual(next.map { field.offset(from: field.beginningOfDocument, to: $0) }, 4)
  }

  func testTheUITextInputMembers() {
    let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
    field.text = "abc"
    let input: UITextInput = field
    let all = field.textRange(from: field.beginningOfDocument, to: field.endOfDocument)!
    let point = CGPoint(x: 5, y: 5)

    let inputDelegate: UITextInputDelegate? = input.inputDelegate
    let tokenizer: UITextInputTokenizer = input.tokenizer
    let closest: UITextPosition? = input.closestPosition(to: point)
    let closestWithin: UITextPosition? = input.closestPosition(to: point, within: all)
    let character: UITextRange? = input.characterRange(at: point)
    let farthest: UITextPosition? = input.position(within: all, farthestIn: .right)
    let extended: UITextRange? = input.characterRange(
      byExtending: field.beginningOfDocument, in: .right)
    let writing: NSWritingDirection = input.baseWritingDirection(
      for: field.beginningOfDocument, in: .forward)
    input.setBaseWritingDirection(.natural, for: all)
    let caret: CGRect = input.caretRect(for: field.endOfDocument)
    let first: CGRect = input.firstRect(for: all)
    let rects: [UITextSelectionRect] = input.selectionRects(for: all)
    let style: [NSAttributedString.Key: Any]? = input.markedTextStyle
    // Optional members, called as iOS code calls them.
    let allowed: Bool? = input.shouldChangeText?(in: all, replacementText: "x")
    input.insertText?("d", alternatives: ["e"], style: .lowConfidence)
    input.setAttributedMarkedText?(NSAttributedString(string: "f"), NSRange(location: 1, length: 0))
    input.unmarkText()
    input.insertDictationResult?([UIDictationPhrase(text: "g")])
    input.dictationRecognitionFailed()
    input.dictationRecordingDidEnd()
    let view: UIView = input.textInputView
    let affinity: UITextStorageDirection = input.selectionAffinity

    XCTAssertNil(inputDelegate)
    XCTAssertTrue(tokenizer is UITextInputStringTokenizer)
    XCTAssertNotNil(closest)
    XCTAssertNotNil(closestWithin)
    XCTAssertNotNil(character)
    XCTAssertNotNil(farthest)
    XCTAssertEqual(extended.flatMap { field.text(in: $0) }, "abc")
    XCTAssertEqual(writing, .leftToRight)
    XCTAssertGreaterThan(caret.height, 0)
    XCTAssertGreaterThan(first.width, 0)
    XCTAssertEqual(rects.count, 1)
    XCTAssertNil(style)
    XCTAssertEqual(allowed, true)
    XCTAssertEqual(field.text, "abcdfg")
    XCTAssertTrue(view === field)
    XCTAssertEqual(affinity, .forward)

    // class UITextSelectionRect : NSObject
    let selection: UITextSelectionRect = rects[0]
    let _: CGRect = selection.rect
    let _: NSWritingDirection = selection.writingDirection
    let _: Bool = selection.containsStart
    let _: Bool = selection.containsEnd
    let _: Bool = selection.isVertical
    // enum NSWritingDirection : Int; enum UITextAlternativeStyle : Int
    XCTAssertEqual(
      [NSWritingDirection.natural, .leftToRight, .rightToLeft].map { $0.rawValue }, [-1, 0, 1])
    XCTAssertEqual([UITextAlternativeStyle.none, .lowConfidence].map { $0.rawValue }, [0, 1])
  }

  func testTheInputModeAndDictationTypes() {
    // class UITextInputMode : NSObject
    let modes: [UITextInputMode] = UITextInputMode.activeInputModes
    let language: String? = modes.first?.primaryLanguage
    let name: NSNotification.Name = UITextInputMode.currentInputModeDidChangeNotification
    XCTAssertNotNil(language)
    XCTAssertEqual(name.rawValue, "UITextInputCurrentInputModeDidChangeNotification")
    XCTAssertNil(UITextInputMode().primaryLanguage)
    // UIResponder: textInputMode, textInputContextIdentifier, clearTextInputContextIdentifier(_:)
    let responder = UIResponder()
    let mode: UITextInputMode? = responder.textInputMode
    let identifier: String? = responder.textInputContextIdentifier
    UIResponder.clearTextInputContextIdentifier("id")
    XCTAssertNil(mode)
    XCTAssertNil(identifier)
    // class UIDictationPhrase : NSObject
    let phrase = UIDictationPhrase(text: "to", alternativeInterpretations: ["two", "too"])
    let text: String = phrase.text
    let alternatives: [String]? = phrase.alternativeInterpretations
    XCTAssertEqual(text, "to")
    XCTAssertEqual(alternatives, ["two", "too"])
  }
}
