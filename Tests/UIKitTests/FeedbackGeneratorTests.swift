import Foundation
import Testing
import UIKit
import UIKitTesting

/// A form that buzzes as iOS apps do: an error when a delegate refuses a character, a selection
/// tick per accepted one, an impact when the field fills up.
@MainActor
private final class BuzzingDelegate: NSObject, UITextFieldDelegate {
  let error = UINotificationFeedbackGenerator()
  let tick = UISelectionFeedbackGenerator()
  let full = UIImpactFeedbackGenerator(style: .rigid)

  func textFieldDidBeginEditing(_ textField: UITextField) {
    error.prepare()
  }

  func textField(
    _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
  ) -> Bool {
    guard string.allSatisfy(\.isNumber) else {
      error.notificationOccurred(.error)
      return false
    }
    tick.selectionChanged()
    if (textField.text! as NSString).replacingCharacters(in: range, with: string).count == 4 {
      full.impactOccurred(intensity: 0.7)
    }
    return true
  }
}

@MainActor
@Suite struct FeedbackGeneratorTests {
  @Test func feedbackIsRecordedInTheTimelineInOrderWithTheDelegateMessages() {
    let (host, fields) = makeForm()
    let delegate = BuzzingDelegate()
    fields[0].delegate = delegate
    host.startRecording()
    host.tap(fields[0])
    host.type("12a34")
    let feedback = host.timeline.entries(ofKind: .feedback).map(\.description)
    #expect(feedback == [
      "prepare()",
      "selectionChanged()", "selectionChanged()",
      "notificationOccurred(_:) .error",
      "selectionChanged()", "selectionChanged()",
      "impactOccurred(intensity:) .rigid 0.7",
    ])
    #expect(fields[0].text == "1234")
    // Each buzz follows the question that caused it, before the edit's own reports.
    let lines = host.timeline.lines
    let refused = lines.firstIndex { $0.contains("shouldChangeCharactersIn") && $0.contains("\"a\"") }!
    #expect(lines[refused + 1] == "notificationOccurred(_:) .error")
  }

  @Test func aGeneratorAttachedToAViewIsOneOfItsInteractionsAndIsNamedByIt() {
    let (host, fields) = makeForm()
    // A field comes with the text drag and drop interactions UIKit adds, as on iOS.
    let builtIn = fields[0].interactions.count
    #expect(fields[0].interactions.contains { $0 === fields[0].textDragInteraction })
    let generator = UIImpactFeedbackGenerator(style: .light, view: fields[0])
    #expect(generator.view === fields[0])
    #expect(fields[0].interactions.count == builtIn + 1)
    #expect(fields[0].interactions.last === generator)
    host.startRecording()
    generator.impactOccurred(at: CGPoint(x: 10, y: 4.5))
    let plain = UIImpactFeedbackGenerator()
    plain.impactOccurred()
    plain.impactOccurred(intensity: 3)
    UINotificationFeedbackGenerator(view: fields[0]).notificationOccurred(.warning, at: .zero)
    UICanvasFeedbackGenerator(view: fields[0]).pathCompleted(at: CGPoint(x: 1, y: 2))
    #expect(host.timeline.entries(ofKind: .feedback).map(\.description) == [
      "A: impactOccurred(at:) .light at (10, 4.5)",
      "impactOccurred() .medium",
      "impactOccurred(intensity:) .medium 1",
      "A: notificationOccurred(_:at:) .warning at (0, 0)",
      "A: pathCompleted(at:) at (1, 2)",
    ])
    fields[0].removeInteraction(generator)
    #expect(generator.view == nil)
    #expect(fields[0].interactions.count == builtIn + 2)
  }

  @Test func interactionsHearTheirMovesAndMoveBetweenViews() {
    final class Probe: NSObject, UIInteraction {
      weak var view: UIView?
      var moves: [String] = []
      func willMove(to view: UIView?) { moves.append("will \(view?.tag ?? 0)") }
      func didMove(to view: UIView?) {
        self.view = view
        moves.append("did \(view?.tag ?? 0)")
      }
    }
    let first = UIView()
    first.tag = 1
    let second = UIView()
    second.tag = 2
    let probe = Probe()
    first.addInteraction(probe)
    first.addInteraction(probe)
    second.addInteraction(probe)
    #expect(probe.moves == ["will 1", "did 1", "will 0", "did 0", "will 2", "did 2"])
    #expect(first.interactions.isEmpty)
    #expect(second.interactions.count == 1)
    second.interactions = []
    #expect(probe.view == nil)
    #expect(probe.moves.suffix(2) == ["will 0", "did 0"])
  }

  @Test func appleNamesAndRawValues() {
    #expect(UIImpactFeedbackGenerator.FeedbackStyle.rigid.rawValue == 4)
    #expect(UIImpactFeedbackStyle.soft.rawValue == 3)
    #expect(UINotificationFeedbackGenerator.FeedbackType.error.rawValue == 2)
    #expect(UINotificationFeedbackType.success.rawValue == 0)
  }
}

@MainActor
@Suite struct TextInputTraitAdditionsTests {
  @Test func theNewerTraitsKeepWhatIsSetAndStartAtApplesDefaults() {
    let field = UITextField()
    let view = UITextView()
    #expect(field.passwordRules == nil)
    #expect(field.inlinePredictionType == .default)
    #expect(view.mathExpressionCompletionType == .default)
    #expect(view.writingToolsBehavior == .default)
    #expect(view.allowedWritingToolsResultOptions == [])
    let rules = UITextInputPasswordRules(descriptor: "required: upper; required: digit; minlength: 8;")
    field.passwordRules = rules
    field.inlinePredictionType = .no
    view.writingToolsBehavior = .none
    view.allowedWritingToolsResultOptions = [.plainText, .list]
    #expect(field.passwordRules?.passwordRulesDescriptor == "required: upper; required: digit; minlength: 8;")
    #expect(field.passwordRules == UITextInputPasswordRules(descriptor: rules.passwordRulesDescriptor))
    #expect(field.inlinePredictionType == .no)
    #expect(view.writingToolsBehavior.rawValue == -1)
    #expect(view.allowedWritingToolsResultOptions.rawValue == 0b101)
  }

  @Test func aCustomTextInputGetsTheTraitsAsOptionalRequirements() {
    final class Bare: NSObject, UITextInputTraits {}
    let bare = Bare()
    bare.writingToolsBehavior = .complete
    #expect(bare.writingToolsBehavior == .default)
    #expect(bare.passwordRules == nil)
  }
}
