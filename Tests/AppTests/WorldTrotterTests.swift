import Foundation
import Testing
import UIKit
import UIKitTesting

@testable import WorldTrotter

/// Seed 000's converter, driven as a user would drive it in the Simulator.
@MainActor
@Suite struct WorldTrotterTests {
  /// An 80 × 23 cell terminal window (the terminal host's size for an 80 × 24 terminal), text
  /// measured in cells as the terminal host measures it.
  static let terminalSize = CGSize(width: 640, height: 368)

  func launch(locale: Locale = Locale(identifier: "en_US")) -> (HeadlessHost, ConversionViewController) {
    let controller = ConversionViewController()
    controller.locale = locale
    let host = HeadlessHost(
      rootViewController: controller, screenSize: Self.terminalSize, locale: locale, measuresTextInCells: true)
    host.name(controller.textField, "fahrenheit")
    return (host, controller)
  }

  @Test func theConverterScreenShowsThePlaceholderAndTheFourLabels() {
    let (host, controller) = launch()
    let lines = host.screen().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    #expect(lines == ["value", "degrees Fahrenheit", "is really", "???", "degrees Celsius"])
    #expect(controller.textField.keyboardType == .decimalPad)
    #expect(controller.textField.autocorrectionType == .no)
    #expect(controller.textField.spellCheckingType == .no)
    #expect(controller.textField.borderStyle == .none)
    #expect(controller.textField.textAlignment == .center)
    #expect(controller.textField.font?.pointSize == 70)
    #expect(controller.textField.frame.width == 250)
  }

  @Test func typing212OnTheDecimalPadReads100() {
    let (host, controller) = launch()
    host.tap(controller.textField)
    #expect(controller.textField.isFirstResponder)
    #expect(host.isKeyboardVisible)
    #expect(host.returnKeyLabel == nil, "the decimal pad has no Return key")
    #expect(host.softwareKeyboardRows.joined().contains("."))
    #expect(host.typeOnSoftwareKeyboard("212"))
    #expect(controller.textField.text == "212")
    #expect(controller.celsiusLabel.text == "100")
    #expect(host.screen().contains("212") && host.screen().contains("100"))
  }

  @Test func eachKeystrokeIsAskedThenConverted() {
    let (host, controller) = launch()
    host.tap(controller.textField)
    host.clearTimeline()
    host.type("3")
    #expect(host.timeline.lines == [
      "fahrenheit: textField(_:shouldChangeCharactersIn:replacementString:) {0, 0} \"3\"",
      "fahrenheit: textFieldDidChangeSelection(_:)",
      "fahrenheit: .editingChanged",
      "fahrenheit: UITextFieldTextDidChangeNotification",
    ])
    #expect(controller.celsiusLabel.text == "-16.1")
  }

  @Test func lettersAreRefusedWhetherTypedOrPasted() {
    let (host, controller) = launch()
    host.tap(controller.textField)
    host.type("4a0")
    #expect(controller.textField.text == "40")
    host.paste("1e3")
    #expect(controller.textField.text == "40", "a paste with a letter is refused whole")
    #expect(controller.celsiusLabel.text == "4.4")
  }

  @Test func aSecondDecimalSeparatorIsRefused() {
    let (host, controller) = launch()
    host.tap(controller.textField)
    host.type("98.6.")
    #expect(controller.textField.text == "98.6")
    host.paste(".5")
    #expect(controller.textField.text == "98.6")
    #expect(controller.celsiusLabel.text == "37")
  }

  @Test func emptyingTheFieldShowsQuestionMarks() {
    let (host, controller) = launch()
    host.tap(controller.textField)
    host.type("50")
    #expect(controller.celsiusLabel.text == "10")
    host.deleteBackward(2)
    #expect(controller.textField.text == "")
    #expect(controller.celsiusLabel.text == "???")
    #expect(host.screen().contains("value"), "the placeholder is back")
  }

  @Test func aPasteIsOneQuestionToTheDelegate() {
    let (host, controller) = launch()
    host.tap(controller.textField)
    host.clearTimeline()
    host.paste("-40")
    #expect(controller.celsiusLabel.text == "-40")
    let asked = host.timeline.names.filter { $0 == "textField(_:shouldChangeCharactersIn:replacementString:)" }
    #expect(asked.count == 1)
  }

  @Test func tappingTheBackgroundDismissesTheKeyboard() {
    let (host, controller) = launch()
    host.tap(controller.textField)
    host.settle()
    #expect(host.isKeyboardVisible)
    host.tapBackground()
    host.settle()
    #expect(!controller.textField.isFirstResponder)
    #expect(!host.isKeyboardVisible)
  }

  @Test func theFormatterShowsAtMostOneFractionDigit() {
    let (host, controller) = launch()
    host.tap(controller.textField)
    host.type("100.5")
    #expect(controller.celsiusLabel.text == "38.1")
  }

  @Test func aGermanUserTypesACommaAndSeesOne() {
    let (host, controller) = launch(locale: Locale(identifier: "de_DE"))
    host.tap(controller.textField)
    #expect(host.softwareKeyboardRows.joined().contains(","))
    #expect(!host.softwareKeyboardRows.joined().contains("."))
    #expect(host.typeOnSoftwareKeyboard("98,6"))
    #expect(controller.celsiusLabel.text == "37")
    host.type(",")
    #expect(controller.textField.text == "98,6", "a second comma is refused")
    host.paste("0,5")
    #expect(controller.textField.text == "98,6")
  }

  @Test func theLayoutFollowsTheWindowsWidth() {
    let (host, controller) = launch()
    let before = controller.textField.convert(CGPoint.zero, to: nil)
    host.window.frame = CGRect(x: 0, y: 0, width: 800, height: 368)
    _ = host.screen()
    let after = controller.textField.convert(CGPoint.zero, to: nil)
    #expect(after.x - before.x == 80, "centred: half of the 160 points gained")
  }
}
