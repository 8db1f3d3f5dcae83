import Foundation
import Testing
import UIKit
import UIKitTesting

/// Records the adaptive presentation delegate's messages and answers `shouldDismiss`.
@MainActor
final class PresentationDelegateLog: NSObject, UIAdaptivePresentationControllerDelegate {
  let log: EventLog
  var shouldDismiss = true
  init(_ log: EventLog) { self.log = log }
  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
    log.add("shouldDismiss")
    return shouldDismiss
  }
  func presentationControllerWillDismiss(_ presentationController: UIPresentationController) { log.add("willDismiss") }
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) { log.add("didDismiss") }
  func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
    log.add("didAttemptToDismiss")
  }
}

@MainActor @Suite struct PresentationTests {
  private func setUp() -> (HeadlessHost, LoggingController, EventLog) {
    let log = EventLog()
    let root = LoggingController("Root", log: log)
    let host = HeadlessHost(rootViewController: root)
    _ = log.take()
    return (host, root, log)
  }

  @Test func styleRawValuesAndDefaultsAreIOSs() {
    #expect(UIModalPresentationStyle.fullScreen.rawValue == 0)
    #expect(UIModalPresentationStyle.formSheet.rawValue == 2)
    #expect(UIModalPresentationStyle.overFullScreen.rawValue == 5)
    #expect(UIModalPresentationStyle.popover.rawValue == 7)
    #expect(UIModalPresentationStyle.automatic.rawValue == -2)
    let controller = UIViewController()
    #expect(controller.modalPresentationStyle == .automatic)
    #expect(controller.isModalInPresentation == false)
    #expect(controller.presentationController is UISheetPresentationController)
    #expect(controller.sheetPresentationController?.presentationStyle == .pageSheet)
  }

  @Test func aPageSheetSlidesUpAsACardAndCallsAppearanceInOrder() {
    let (host, root, log) = setUp()
    let sheet = LoggingController("Sheet", log: log)
    var completed = false
    root.present(sheet, animated: true) { completed = true }
    #expect(log.take() == ["Sheet viewDidLoad", "Sheet viewWillAppear"])
    #expect(sheet.isBeingPresented)
    #expect(root.presentedViewController === sheet)
    #expect(sheet.presentingViewController === root)
    // A card from 10 points under the status bar to the bottom, the full width.
    #expect(sheet.view.convert(sheet.view.bounds, to: nil) == CGRect(x: 0, y: 57, width: 390, height: 787))
    host.advance(by: 0.3)
    #expect(log.take() == ["Sheet viewDidAppear"])
    #expect(completed)
    #expect(!sheet.isBeingPresented)
    // The presenting screen stays (a sheet does not cover it fully).
    #expect(root.view.window != nil)

    sheet.dismiss(animated: true)
    #expect(sheet.isBeingDismissed)
    #expect(log.take() == ["Sheet viewWillDisappear"])
    host.advance(by: 0.3)
    #expect(log.take() == ["Sheet viewDidDisappear"])
    #expect(root.presentedViewController == nil)
    #expect(sheet.view.window == nil)
  }

  @Test func aFullScreenPresentationMakesThePresenterDisappear() {
    let (host, root, log) = setUp()
    let cover = LoggingController("Cover", log: log)
    cover.modalPresentationStyle = .fullScreen
    root.present(cover, animated: false)
    #expect(log.take() == ["Cover viewDidLoad", "Root viewWillDisappear", "Cover viewWillAppear", "Cover viewDidAppear", "Root viewDidDisappear"])
    #expect(cover.view.frame == host.window.bounds)
    root.dismiss(animated: false)
    #expect(log.take() == ["Cover viewWillDisappear", "Root viewWillAppear", "Cover viewDidDisappear", "Root viewDidAppear"])
    // Escape does not dismiss a full-screen cover.
    root.present(cover, animated: false)
    host.press(.escape)
    #expect(root.presentedViewController === cover)
  }

  @Test func aFormSheetIsACentredCardOnAWideScreenAndASheetOnANarrowOne() {
    let log = EventLog()
    let root = LoggingController("Root", log: log)
    let host = HeadlessHost(rootViewController: root, screenSize: CGSize(width: 1024, height: 768), safeAreaInsets: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
    let form = UIViewController()
    form.modalPresentationStyle = .formSheet
    root.present(form, animated: false)
    let frame = form.view.convert(form.view.bounds, to: nil)
    #expect(frame.size == CGSize(width: 540, height: 620))
    #expect(abs(frame.midX - 512) <= 1)
    form.dismiss(animated: false)
    form.preferredContentSize = CGSize(width: 400, height: 300)
    root.present(form, animated: false)
    #expect(form.view.frame.size == CGSize(width: 400, height: 300))
    _ = host
  }

  @Test func theMediumDetentIsHalfTheScreen() {
    let (host, root, _) = setUp()
    let sheet = UIViewController()
    sheet.sheetPresentationController?.detents = [.medium()]
    sheet.sheetPresentationController?.prefersGrabberVisible = true
    root.present(sheet, animated: false)
    #expect(sheet.view.convert(sheet.view.bounds, to: nil) == CGRect(x: 0, y: 422, width: 390, height: 422))
    _ = host
  }

  // MARK: Dismissing by the user

  @Test func aSwipeDownDismissesASheetAndTellsTheDelegate() {
    let (host, root, log) = setUp()
    let sheet = LoggingController("Sheet", log: log)
    let delegate = PresentationDelegateLog(log)
    sheet.presentationController?.delegate = delegate
    root.present(sheet, animated: false)
    _ = log.take()
    host.swipeDownToDismiss(sheet)
    #expect(log.take() == ["shouldDismiss", "willDismiss", "Sheet viewWillDisappear"])
    host.settle()
    #expect(log.take() == ["Sheet viewDidDisappear", "didDismiss"])
    #expect(root.presentedViewController == nil)
  }

  @Test func aShortDragOrATapDoesNotDismiss() {
    let (host, root, log) = setUp()
    let sheet = LoggingController("Sheet", log: log)
    let button = UIButton(type: .system)
    button.frame = CGRect(x: 20, y: 20, width: 100, height: 44)
    var taps = 0
    button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
    root.present(sheet, animated: false)
    sheet.view.addSubview(button)
    host.tap(button)
    #expect(taps == 1)
    let start = button.convert(CGPoint(x: 50, y: 22), to: nil)
    host.drag(from: start, to: CGPoint(x: start.x, y: start.y + 30))
    host.settle()
    #expect(root.presentedViewController === sheet)
    // A swipe that starts on the button dismisses without tapping it.
    host.drag(from: start, to: CGPoint(x: start.x, y: start.y + 400))
    host.settle()
    #expect(taps == 1)
    #expect(root.presentedViewController == nil)
  }

  @Test func isModalInPresentationRefusesTheSwipeAndTellsTheDelegate() {
    let (host, root, log) = setUp()
    let sheet = LoggingController("Sheet", log: log)
    sheet.isModalInPresentation = true
    let delegate = PresentationDelegateLog(log)
    sheet.presentationController?.delegate = delegate
    root.present(sheet, animated: false)
    _ = log.take()
    host.swipeDownToDismiss(sheet)
    host.settle()
    #expect(log.take() == ["didAttemptToDismiss"])
    #expect(root.presentedViewController === sheet)
    host.press(.escape)
    #expect(log.take() == ["didAttemptToDismiss"])
    // Dismissing in code still works, and tells the delegate nothing.
    sheet.dismiss(animated: false)
    #expect(log.take() == ["Sheet viewWillDisappear", "Sheet viewDidDisappear"])
    #expect(root.presentedViewController == nil)
  }

  @Test func theDelegateCanRefuseTheSwipe() {
    let (host, root, log) = setUp()
    let sheet = UIViewController()
    let delegate = PresentationDelegateLog(log)
    delegate.shouldDismiss = false
    root.present(sheet, animated: false)
    sheet.presentationController?.delegate = delegate
    host.press(.escape)
    #expect(log.take() == ["shouldDismiss", "didAttemptToDismiss"])
    #expect(root.presentedViewController === sheet)
    delegate.shouldDismiss = true
    host.press(.escape)
    host.settle()
    #expect(log.take() == ["shouldDismiss", "willDismiss", "didDismiss"])
  }

  @Test func escapeInASheetPressesAnAccessoryDoneBeforeDismissing() {
    let (host, root, log) = setUp()
    final class Editor: UIViewController {
      let field = UITextField(frame: CGRect(x: 16, y: 40, width: 200, height: 34))
      var done = 0
      override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(field)
        let toolbar = UIToolbar()
        toolbar.items = [.flexibleSpace(), UIBarButtonItem(barButtonSystemItem: .done, target: self, action: Editor.finish)]
        toolbar.sizeToFit()
        field.inputAccessoryView = toolbar
      }
      func finish() {
        done += 1
        field.resignFirstResponder()
      }
    }
    let editor = Editor()
    let delegate = PresentationDelegateLog(log)
    editor.presentationController?.delegate = delegate
    root.present(editor, animated: false)
    host.tap(editor.field)
    host.press(.escape)
    #expect(editor.done == 1)
    #expect(root.presentedViewController === editor)
    host.press(.escape)
    host.settle()
    #expect(root.presentedViewController == nil)
    #expect(log.take() == ["shouldDismiss", "willDismiss", "didDismiss"])
  }

  @Test func dismissingASheetWithAFieldBeingEditedEndsEditing() {
    let (host, root, _) = setUp()
    let sheet = UIViewController()
    let field = UITextField(frame: CGRect(x: 16, y: 40, width: 200, height: 34))
    sheet.view.addSubview(field)
    root.present(sheet, animated: false)
    host.tap(field)
    #expect(field.isFirstResponder)
    #expect(host.isKeyboardVisible)
    sheet.dismiss(animated: true)
    #expect(!field.isFirstResponder)
    host.settle()
    #expect(!host.isKeyboardVisible)
  }

  @Test func aChildPresentsFromItsContainerAndDismissReachesIt() {
    let log = EventLog()
    let list = LoggingController("List", log: log)
    let navigation = UINavigationController(rootViewController: list)
    let host = HeadlessHost(rootViewController: navigation)
    let editor = UIViewController()
    let sheetNavigation = UINavigationController(rootViewController: editor)
    list.present(sheetNavigation, animated: false)
    #expect(navigation.presentedViewController === sheetNavigation)
    #expect(list.presentedViewController === sheetNavigation)
    #expect(sheetNavigation.presentingViewController === navigation)
    #expect(editor.presentingViewController === navigation)
    #expect(editor.presentationController === sheetNavigation.presentationController)
    #expect(navigation.visibleViewController === sheetNavigation)
    // Presenting again while something is presented does nothing.
    list.present(UIViewController(), animated: false)
    #expect(navigation.presentedViewController === sheetNavigation)
    editor.dismiss(animated: false)
    #expect(navigation.presentedViewController == nil)
    _ = host
  }

  @Test func theScreenShowsTheCardEdgeInATerminal() {
    let log = EventLog()
    let root = LoggingController("Root", log: log)
    let host = HeadlessHost(rootViewController: root, screenSize: CGSize(width: 640, height: 384), measuresTextInCells: true)
    let sheet = UIViewController()
    let label = UILabel(frame: CGRect(x: 8, y: 0, width: 200, height: 16))
    label.text = "Inside the sheet"
    sheet.view.addSubview(label)
    sheet.sheetPresentationController?.prefersGrabberVisible = true
    root.present(sheet, animated: false)
    let lines = host.screen().components(separatedBy: "\n")
    #expect(lines[0].isEmpty)
    #expect(lines[1].hasPrefix("╭─") && lines[1].hasSuffix("─╮"))
    #expect(lines[1].contains("━━━━"))
    #expect(lines[2].hasPrefix(" Inside the sheet"))
  }
}
