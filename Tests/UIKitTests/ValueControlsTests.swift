import Foundation
import Testing
import UIKit
import UIKitTesting

/// Records the events a control sends, by name, in order.
@MainActor
final class ControlEventLog {
  var events: [String] = []
  init(_ control: UIControl) {
    let names: [(UIControl.Event, String)] = [
      (.touchDown, "touchDown"), (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
      (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primaryAction"),
    ]
    for (event, name) in names {
      control.addAction(UIAction { [unowned self] _ in self.events.append(name) }, for: event)
    }
  }
  /// The value events only.
  var values: [String] { events.filter { $0 == "valueChanged" || $0 == "primaryAction" } }
}

@MainActor @Suite struct SwitchTests {
  private func host(_ view: UIView) -> HeadlessHost {
    let controller = UIViewController()
    controller.view.addSubview(view)
    return HeadlessHost(rootViewController: controller)
  }

  @Test func aSwitchIsFiftyOneByThirtyOneWhateverItsFrame() {
    let toggle = UISwitch(frame: CGRect(x: 10, y: 20, width: 200, height: 100))
    #expect(toggle.frame == CGRect(x: 10, y: 20, width: 51, height: 31))
    #expect(toggle.intrinsicContentSize == CGSize(width: 51, height: 31))
    #expect(!toggle.isOn)
    #expect(toggle.style == .sliding && toggle.preferredStyle == .automatic)
  }

  @Test func aTapFlipsItAndSendsValueChangedThenThePrimaryActionBeforeTouchUp() {
    let toggle = UISwitch(frame: CGRect(x: 40, y: 100, width: 0, height: 0))
    let log = ControlEventLog(toggle)
    let host = host(toggle)
    host.tap(toggle)
    #expect(toggle.isOn)
    #expect(log.events == ["touchDown", "valueChanged", "primaryAction", "touchUpInside"])
    host.tap(toggle)
    #expect(!toggle.isOn)
    #expect(log.values.count == 4)
  }

  @Test func settingItInCodeSendsNothing() {
    let toggle = UISwitch()
    let log = ControlEventLog(toggle)
    _ = host(toggle)
    toggle.isOn = true
    toggle.setOn(false, animated: true)
    toggle.setOn(true, animated: false)
    #expect(toggle.isOn)
    #expect(log.events.isEmpty)
  }

  @Test func slidingTheThumbDecidesByWhereItIsLetGo() {
    let toggle = UISwitch(frame: CGRect(x: 40, y: 100, width: 0, height: 0))
    let log = ControlEventLog(toggle)
    let host = host(toggle)
    // From the off thumb to the right end: on.
    host.drag(from: CGPoint(x: 52, y: 115), to: CGPoint(x: 88, y: 115))
    #expect(toggle.isOn)
    // On, slid right again (it stays at the right): no change, no event.
    host.drag(from: CGPoint(x: 70, y: 115), to: CGPoint(x: 89, y: 115))
    #expect(toggle.isOn)
    #expect(log.values == ["valueChanged", "primaryAction"])
  }

  @Test func aPrimaryActionHearsTheFlip() {
    var flips: [Bool] = []
    let toggle = UISwitch(frame: CGRect(x: 40, y: 100, width: 0, height: 0), primaryAction: UIAction { action in
      flips.append((action.sender as? UISwitch)?.isOn ?? false)
    })
    let host = host(toggle)
    host.tap(toggle)
    host.tap(toggle)
    #expect(flips == [true, false])
  }

  @Test func theTrackIsGreenWhenOnOnTheTerminalScreenToo() {
    let toggle = UISwitch(frame: CGRect(x: 0, y: 96, width: 0, height: 0))
    let host = host(toggle)
    let green = UIColor.systemGreen.rgba8
    func greenCells() -> Int {
      let grid = host.grid()
      var count = 0
      for row in 6..<8 {
        for column in 0..<7 where grid[column, row].background == CellGrid.RGB(r: green.r, g: green.g, b: green.b) {
          count += 1
        }
      }
      return count
    }
    #expect(greenCells() == 0)
    host.tap(toggle)
    host.settle()
    #expect(greenCells() >= 4, "the track is green and the thumb white over its right end")
  }

  @Test func appearanceProxiesReachTheControls() {
    UISwitch.appearance().onTintColor = .systemOrange
    UISegmentedControl.appearance().setTitleTextAttributes([.foregroundColor: UIColor.systemRed], for: .selected)
    defer {
      UISwitch.appearance().onTintColor = nil
      UISegmentedControl.appearance().setTitleTextAttributes(nil, for: .selected)
    }
    let mine = UISwitch()
    mine.onTintColor = .systemPurple
    let theirs = UISwitch()
    let segments = UISegmentedControl(items: ["a"])
    let controller = UIViewController()
    for view in [mine, theirs, segments] as [UIView] { controller.view.addSubview(view) }
    _ = HeadlessHost(rootViewController: controller)
    #expect(theirs.onTintColor == .systemOrange)
    #expect(mine.onTintColor == .systemPurple, "a value the app set wins over the proxy's")
    #expect(segments.titleTextAttributes(for: .selected)?[.foregroundColor] as? UIColor == .systemRed)
  }

  @Test func aDisabledSwitchIgnoresTaps() {
    let toggle = UISwitch(frame: CGRect(x: 40, y: 100, width: 0, height: 0))
    toggle.isEnabled = false
    let host = host(toggle)
    host.tap(toggle)
    #expect(!toggle.isOn)
  }
}

@MainActor @Suite struct SliderTests {
  private func slider(in host: inout HeadlessHost?) -> UISlider {
    let controller = UIViewController()
    let slider = UISlider(frame: CGRect(x: 20, y: 200, width: 228, height: 31))
    controller.view.addSubview(slider)
    host = HeadlessHost(rootViewController: controller)
    return slider
  }

  @Test func valuesArePinnedAndTheRangeMovesTheValue() {
    let slider = UISlider()
    #expect(slider.value == 0 && slider.minimumValue == 0 && slider.maximumValue == 1 && slider.isContinuous)
    slider.value = 2
    #expect(slider.value == 1)
    slider.value = -1
    #expect(slider.value == 0)
    slider.value = .nan
    #expect(slider.value == 0)
    slider.maximumValue = 10
    slider.value = 8
    slider.maximumValue = 5
    #expect(slider.value == 5)
    slider.minimumValue = 7
    #expect(slider.minimumValue == 7 && slider.maximumValue == 7 && slider.value == 7)
  }

  @Test func theThumbTravelsTheTrack() {
    let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 228, height: 31))
    let track = slider.trackRect(forBounds: slider.bounds)
    #expect(track == CGRect(x: 0, y: 13.5, width: 228, height: 4))
    #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 0) == CGRect(x: 0, y: 1.5, width: 28, height: 28))
    #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 1) == CGRect(x: 200, y: 1.5, width: 28, height: 28))
    #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 0.5) == CGRect(x: 100, y: 1.5, width: 28, height: 28))
    #expect(slider.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: 31))
  }

  @Test func draggingTheThumbSendsEachChange() {
    var host: HeadlessHost?
    let slider = slider(in: &host)
    let log = ControlEventLog(slider)
    // The thumb's centre starts at x 34 (20 + 14); the travel is 200 points.
    host!.drag(from: CGPoint(x: 34, y: 215), to: CGPoint(x: 134, y: 215), steps: 4)
    #expect(abs(slider.value - 0.5) < 0.001)
    #expect(log.events.filter { $0 == "valueChanged" }.count == 4)
    #expect(log.events.first == "touchDown" && log.events.last == "touchUpInside")
  }

  @Test func aNonContinuousSliderSendsOnceAtTheEnd() {
    var host: HeadlessHost?
    let slider = slider(in: &host)
    slider.isContinuous = false
    let log = ControlEventLog(slider)
    host!.drag(from: CGPoint(x: 34, y: 215), to: CGPoint(x: 234, y: 215), steps: 5)
    #expect(slider.value == 1)
    #expect(log.events == ["touchDown", "valueChanged", "primaryAction", "touchUpInside"])
  }

  @Test func aTouchOnTheTrackMovesTheThumbThere() {
    var host: HeadlessHost?
    let slider = slider(in: &host)
    slider.value = 0
    host!.tap(at: CGPoint(x: 184, y: 215))
    #expect(abs(slider.value - 0.75) < 0.001)
  }

  @Test func theTerminalShowsTheTrackAndThumb() {
    var host: HeadlessHost?
    let slider = slider(in: &host)
    slider.value = 0.5
    let line = host!.screen().split(separator: "\n").first { $0.contains("●") }
    #expect(line != nil)
    #expect(line?.contains("━━━") == true && line?.contains("───") == true)
  }
}

@MainActor @Suite struct StepperTests {
  private func stepper(in host: inout HeadlessHost?) -> UIStepper {
    let controller = UIViewController()
    let stepper = UIStepper(frame: CGRect(x: 20, y: 200, width: 0, height: 0))
    controller.view.addSubview(stepper)
    host = HeadlessHost(rootViewController: controller)
    return stepper
  }

  @Test func defaultsAndSize() {
    let stepper = UIStepper()
    #expect(stepper.value == 0 && stepper.minimumValue == 0 && stepper.maximumValue == 100 && stepper.stepValue == 1)
    #expect(stepper.isContinuous && stepper.autorepeat && !stepper.wraps)
    #expect(stepper.intrinsicContentSize == CGSize(width: 94, height: 32))
    stepper.value = 500
    #expect(stepper.value == 100)
  }

  @Test func theHalvesStepAndSendValueChanged() {
    var host: HeadlessHost?
    let stepper = stepper(in: &host)
    let log = ControlEventLog(stepper)
    host!.tap(stepper, at: CGPoint(x: 70, y: 16))
    host!.tap(stepper, at: CGPoint(x: 70, y: 16))
    #expect(stepper.value == 2)
    host!.tap(stepper, at: CGPoint(x: 20, y: 16))
    #expect(stepper.value == 1)
    #expect(log.values.count == 6)
    // The step is taken as the finger goes down, before the touch-down is sent.
    #expect(Array(log.events.prefix(4)) == ["valueChanged", "primaryAction", "touchDown", "touchUpInside"])
  }

  @Test func holdingAHalfRepeats() {
    var host: HeadlessHost?
    let stepper = stepper(in: &host)
    let point = stepper.convert(CGPoint(x: 70, y: 16), to: nil)
    host!.touchDown(at: point)
    #expect(stepper.value == 1)
    host!.advance(by: 0.45)
    #expect(stepper.value == 1, "the first repeat waits half a second")
    host!.advance(by: 0.1)
    #expect(stepper.value == 2)
    host!.advance(by: 0.3)
    #expect(stepper.value == 5)
    host!.liftTouch(at: point)
    host!.advance(by: 1)
    #expect(stepper.value == 5)
  }

  @Test func anEndStopsOrWraps() {
    var host: HeadlessHost?
    let stepper = stepper(in: &host)
    stepper.maximumValue = 2
    stepper.value = 2
    let log = ControlEventLog(stepper)
    host!.tap(stepper, at: CGPoint(x: 70, y: 16))
    #expect(stepper.value == 2 && log.events.isEmpty, "the + half is disabled at the maximum")
    stepper.wraps = true
    host!.tap(stepper, at: CGPoint(x: 70, y: 16))
    #expect(stepper.value == 0)
    host!.tap(stepper, at: CGPoint(x: 20, y: 16))
    #expect(stepper.value == 2)
  }

  @Test func aNonContinuousStepperSendsWhenTheTouchEnds() {
    var host: HeadlessHost?
    let stepper = stepper(in: &host)
    stepper.isContinuous = false
    let log = ControlEventLog(stepper)
    let point = stepper.convert(CGPoint(x: 70, y: 16), to: nil)
    host!.touchDown(at: point)
    host!.advance(by: 0.75)
    #expect(stepper.value == 4)
    #expect(log.values.isEmpty)
    host!.liftTouch(at: point)
    #expect(log.values == ["valueChanged", "primaryAction"])
  }
}

@MainActor @Suite struct SegmentedControlTests {
  private func control(_ items: [Any], in host: inout HeadlessHost?) -> UISegmentedControl {
    let controller = UIViewController()
    let control = UISegmentedControl(items: items)
    control.frame.origin = CGPoint(x: 20, y: 200)
    controller.view.addSubview(control)
    host = HeadlessHost(rootViewController: controller)
    return control
  }

  @Test func itemsMakeSegmentsOfEqualWidth() {
    let control = UISegmentedControl(items: ["One", "Two", "Three"])
    #expect(control.numberOfSegments == 3)
    #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
    #expect(control.frame.height == 32)
    #expect(control.frame.width > 3 * 24, "each segment has 12 points on each side of its title")
    #expect(control.titleForSegment(at: 2) == "Three")
    #expect(control.titleForSegment(at: 3) == nil)
  }

  @Test func aTapSelectsAndSendsOnlyWhenTheSelectionChanges() {
    var host: HeadlessHost?
    let control = control(["A", "B", "C"], in: &host)
    let log = ControlEventLog(control)
    let width = control.bounds.width / 3
    host!.tap(control, at: CGPoint(x: width * 1.5, y: 16))
    #expect(control.selectedSegmentIndex == 1)
    #expect(log.events == ["touchDown", "valueChanged", "primaryAction", "touchUpInside"])
    log.events = []
    host!.tap(control, at: CGPoint(x: width * 1.5, y: 16))
    #expect(log.events == ["touchDown", "touchUpInside"], "the selected segment again: no value event")
    control.selectedSegmentIndex = 2
    #expect(log.values.isEmpty)
    control.selectedSegmentIndex = 7
    #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
  }

  @Test func aMomentaryControlSendsEveryTapAndShowsNoSelection() {
    var host: HeadlessHost?
    let control = control(["Undo", "Redo"], in: &host)
    control.isMomentary = true
    let log = ControlEventLog(control)
    host!.tap(control, at: CGPoint(x: 10, y: 16))
    host!.tap(control, at: CGPoint(x: 10, y: 16))
    #expect(log.values == ["valueChanged", "primaryAction", "valueChanged", "primaryAction"])
    #expect(control.selectedSegmentIndex == 0, "it reads the last segment pressed")
  }

  @Test func actionSegmentsRunTheirHandlerBeforeTheEvents() {
    var order: [String] = []
    let list = UIAction(title: "List", identifier: UIAction.Identifier("list")) { _ in order.append("list") }
    let grid = UIAction(title: "Grid", identifier: UIAction.Identifier("grid")) { _ in order.append("grid") }
    let controller = UIViewController()
    let control = UISegmentedControl(frame: CGRect(x: 20, y: 200, width: 200, height: 32), actions: [list, grid])
    control.addAction(UIAction { _ in order.append("valueChanged") }, for: .valueChanged)
    controller.view.addSubview(control)
    let host = HeadlessHost(rootViewController: controller)
    host.tap(control, at: CGPoint(x: 150, y: 16))
    #expect(order == ["grid", "valueChanged"])
    #expect(control.titleForSegment(at: 0) == "List")
    #expect(control.segmentIndex(identifiedBy: UIAction.Identifier("grid")) == 1)
    #expect(control.segmentIndex(identifiedBy: UIAction.Identifier("none")) == NSNotFound)
    #expect(control.actionForSegment(at: 1) === grid)
  }

  @Test func insertingAndRemovingKeepTheSelectedSegment() {
    let control = UISegmentedControl(items: ["a", "b", "c"])
    control.selectedSegmentIndex = 1
    control.insertSegment(withTitle: "z", at: 0, animated: false)
    #expect(control.selectedSegmentIndex == 2 && control.titleForSegment(at: 2) == "b")
    control.insertSegment(withTitle: "end", at: 99, animated: true)
    #expect(control.titleForSegment(at: 4) == "end")
    control.removeSegment(at: 0, animated: false)
    #expect(control.selectedSegmentIndex == 1)
    control.removeSegment(at: 1, animated: false)
    #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
    control.removeAllSegments()
    #expect(control.numberOfSegments == 0)
  }

  @Test func disabledSegmentsCannotBeChosen() {
    var host: HeadlessHost?
    let control = control(["A", "B"], in: &host)
    control.setEnabled(false, forSegmentAt: 1)
    host!.tap(control, at: CGPoint(x: control.bounds.width * 0.75, y: 16))
    #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
    #expect(!control.isEnabledForSegment(at: 1) && control.isEnabledForSegment(at: 0))
  }

  @Test func fixedAndApportionedWidths() {
    let control = UISegmentedControl(items: ["Short", "A much longer title"])
    let equal = control.intrinsicContentSize.width
    control.apportionsSegmentWidthsByContent = true
    #expect(control.intrinsicContentSize.width < equal)
    control.setWidth(100, forSegmentAt: 0)
    #expect(control.widthForSegment(at: 0) == 100)
  }

  @Test func theTitlesAreOnTheScreen() {
    var host: HeadlessHost?
    _ = control(["Celsius", "Fahrenheit"], in: &host)
    #expect(host!.screen().contains("Celsius") && host!.screen().contains("Fahrenheit"))
  }
}

@MainActor @Suite struct IndicatorTests {
  @Test func anActivityIndicatorIsHiddenUntilItAnimates() {
    let spinner = UIActivityIndicatorView(style: .medium)
    #expect(spinner.frame.size == CGSize(width: 20, height: 20))
    #expect(UIActivityIndicatorView(style: .large).intrinsicContentSize == CGSize(width: 37, height: 37))
    #expect(spinner.isHidden && !spinner.isAnimating)
    #expect(spinner.color == .secondaryLabel)
    spinner.startAnimating()
    #expect(!spinner.isHidden && spinner.isAnimating)
    spinner.stopAnimating()
    #expect(spinner.isHidden)
    spinner.hidesWhenStopped = false
    #expect(!spinner.isHidden)
    spinner.color = .red
    #expect(spinner.color == .red)
    spinner.color = nil
    #expect(spinner.color == .secondaryLabel)
  }

  @Test func theSpinnerTurnsOnUIKitsClock() {
    let controller = UIViewController()
    let spinner = UIActivityIndicatorView(style: .large)
    spinner.center = CGPoint(x: 100, y: 200)
    controller.view.addSubview(spinner)
    let host = HeadlessHost(rootViewController: controller)
    spinner.startAnimating()
    host.advance(by: 0)
    let first = host.screen()
    host.advance(by: 0.25)
    let later = host.screen()
    #expect(first != later, "the braille wheel turned")
    host.settle()  // an endless animation does not keep settle() busy
    spinner.stopAnimating()
    #expect(!host.screen().contains { "⣷⣯⣟⡿⢿⣻⣽⣾".contains($0) })
  }

  @Test func aProgressViewPinsItsProgressAndFollowsAnObservedProgress() {
    let bar = UIProgressView(progressViewStyle: .default)
    #expect(bar.frame.size == CGSize(width: 160, height: 4))
    #expect(UIProgressView(progressViewStyle: .bar).intrinsicContentSize.height == 2.5)
    bar.progress = 1.5
    #expect(bar.progress == 1)
    bar.setProgress(-3, animated: true)
    #expect(bar.progress == 0)
    let task = Progress(totalUnitCount: 4)
    bar.observedProgress = task
    task.completedUnitCount = 1
    #expect(bar.progress == 0.25)
  }

  @Test func theTerminalShowsHowFarTheBarIs() {
    let controller = UIViewController()
    let bar = UIProgressView(progressViewStyle: .default)
    bar.frame = CGRect(x: 0, y: 206, width: 160, height: 4)
    bar.progress = 0.5
    controller.view.addSubview(bar)
    let host = HeadlessHost(rootViewController: controller)
    let line = host.screen().split(separator: "\n").first { $0.contains("━") }
    #expect(line?.filter { $0 == "━" }.count == 10 && line?.filter { $0 == "─" }.count == 10)
  }

  @Test func pageControlTapsMoveAPageFromTheCurrentDot() {
    let controller = UIViewController()
    let pages = UIPageControl()
    pages.numberOfPages = 5
    pages.frame = CGRect(x: 0, y: 300, width: 390, height: 26)
    controller.view.addSubview(pages)
    let host = HeadlessHost(rootViewController: controller)
    let log = ControlEventLog(pages)
    host.tap(pages, at: CGPoint(x: 300, y: 13))
    #expect(pages.currentPage == 1 && pages.interactionState == .discrete)
    host.tap(pages, at: CGPoint(x: 20, y: 13))
    #expect(pages.currentPage == 0)
    host.tap(pages, at: CGPoint(x: 20, y: 13))
    #expect(pages.currentPage == 0)
    #expect(log.values == ["valueChanged", "primaryAction", "valueChanged", "primaryAction"])
    pages.currentPage = 9
    #expect(pages.currentPage == 4)
    #expect(log.values.count == 4)
  }

  @Test func holdingThenSlidingScrubsThroughThePages() {
    let controller = UIViewController()
    let pages = UIPageControl()
    pages.numberOfPages = 5
    pages.frame = CGRect(x: 0, y: 300, width: 390, height: 26)
    controller.view.addSubview(pages)
    let host = HeadlessHost(rootViewController: controller)
    let log = ControlEventLog(pages)
    // The dots are 16 points apart, centred: page 0 at 163, page 4 at 227.
    host.touchDown(at: CGPoint(x: 163, y: 313), hold: 0.6)
    host.moveTouch(to: CGPoint(x: 196, y: 313))
    #expect(pages.currentPage == 2 && pages.interactionState == .continuous)
    host.moveTouch(to: CGPoint(x: 240, y: 313))
    host.liftTouch(at: CGPoint(x: 240, y: 313))
    #expect(pages.currentPage == 4)
    #expect(log.values.count == 4, "one change for each scrub, not for the lift")
  }

  @Test func pageControlSizes() {
    let pages = UIPageControl()
    #expect(pages.size(forNumberOfPages: 3) == CGSize(width: 3 * 8 + 2 * 8 + 28, height: 26))
    pages.numberOfPages = 1
    pages.hidesForSinglePage = true
    #expect(pages.intrinsicContentSize.width == 0)
    pages.backgroundStyle = .minimal
    #expect(pages.size(forNumberOfPages: 2) == CGSize(width: 24, height: 8))
  }
}

@MainActor @Suite struct ControlAccessibilityTests {
  @Test func theControlsDescribeThemselvesAsIOSDoes() {
    let toggle = UISwitch()
    #expect(toggle.isAccessibilityElement && toggle.accessibilityTraits.contains(.button))
    #expect(toggle.accessibilityValue == "0")
    toggle.isOn = true
    #expect(toggle.accessibilityValue == "1")

    let slider = UISlider()
    slider.maximumValue = 200
    slider.value = 50
    #expect(slider.accessibilityTraits.contains(.adjustable) && slider.accessibilityValue == "25%")

    let pages = UIPageControl()
    pages.numberOfPages = 5
    pages.currentPage = 1
    #expect(pages.accessibilityValue == "page 2 of 5" && pages.accessibilityTraits.contains(.adjustable))

    let progress = UIProgressView()
    progress.progress = 0.333
    #expect(progress.isAccessibilityElement && progress.accessibilityValue == "33%")

    let spinner = UIActivityIndicatorView()
    spinner.startAnimating()
    #expect(spinner.accessibilityLabel == "In progress")

    let segments = UISegmentedControl(items: ["Day", "Week"])
    segments.selectedSegmentIndex = 1
    #expect(segments.accessibilityValue == "Week")
  }

  @Test func assistiveTechnologyAdjustsAndActivates() {
    let slider = UISlider()
    let sliderLog = ControlEventLog(slider)
    slider.accessibilityIncrement()
    slider.accessibilityIncrement()
    #expect(abs(slider.value - 0.2) < 0.0001)
    slider.accessibilityDecrement()
    #expect(abs(slider.value - 0.1) < 0.0001)
    #expect(sliderLog.values.count == 6)
    slider.value = 0
    slider.accessibilityDecrement()
    #expect(sliderLog.values.count == 6, "nothing below the minimum")

    let toggle = UISwitch()
    let toggleLog = ControlEventLog(toggle)
    #expect(toggle.accessibilityActivate())
    #expect(toggle.isOn && toggleLog.values == ["valueChanged", "primaryAction"])
    toggle.isEnabled = false
    #expect(!toggle.accessibilityActivate())

    let pages = UIPageControl()
    pages.numberOfPages = 3
    pages.accessibilityIncrement()
    pages.accessibilityIncrement()
    pages.accessibilityIncrement()
    #expect(pages.currentPage == 2)
    #expect(UIButton().accessibilityActivate() == false, "a button lets the system tap it")
  }
}

@MainActor @Suite struct ControlImagesAndTintsTests {
  @Test func aSlidersLatestTintOrImageWins() {
    let slider = UISlider()
    let thumb = UIImage(systemName: "circle.fill")
    slider.thumbTintColor = .red
    slider.setThumbImage(thumb, for: .normal)
    #expect(slider.thumbTintColor == nil && slider.currentThumbImage === thumb)
    slider.thumbTintColor = .blue
    #expect(slider.currentThumbImage == nil && slider.thumbTintColor == .blue)
    slider.setMinimumTrackImage(thumb, for: .highlighted)
    #expect(slider.minimumTrackImage(for: .highlighted) === thumb && slider.minimumTrackImage(for: .normal) == nil)
    slider.minimumValueImage = UIImage(systemName: "speaker")
    let bounds = CGRect(x: 0, y: 0, width: 200, height: 31)
    let image = slider.minimumValueImageRect(forBounds: bounds)
    #expect(slider.trackRect(forBounds: bounds).minX == image.maxX + 8, "the track starts after the image")
  }

  @Test func stepperAndSegmentImagesAreKeptPerState() {
    let stepper = UIStepper()
    let plus = UIImage(systemName: "plus.circle")
    stepper.setIncrementImage(plus, for: .normal)
    #expect(stepper.incrementImage(for: .normal) === plus && stepper.incrementImage(for: .highlighted) === plus)
    stepper.setDividerImage(plus, forLeftSegmentState: .normal, rightSegmentState: .highlighted)
    #expect(stepper.dividerImage(forLeftSegmentState: .normal, rightSegmentState: .highlighted) === plus)
    #expect(stepper.dividerImage(forLeftSegmentState: .normal, rightSegmentState: .normal) == nil)

    let segments = UISegmentedControl(items: ["a", UIImage(systemName: "star")!])
    #expect(segments.imageForSegment(at: 1) != nil && segments.titleForSegment(at: 1) == nil)
    segments.setTitle("b", forSegmentAt: 1)
    #expect(segments.imageForSegment(at: 1) == nil, "a segment shows a title or an image")
    segments.setContentOffset(CGSize(width: 2, height: 3), forSegmentAt: 0)
    #expect(segments.contentOffsetForSegment(at: 0) == CGSize(width: 2, height: 3))
    segments.setBackgroundImage(plus, for: .selected, barMetrics: .compact)
    #expect(segments.backgroundImage(for: .selected, barMetrics: .compact) === plus)
    #expect(segments.backgroundImage(for: .selected, barMetrics: .default) == nil)
    segments.setContentPositionAdjustment(UIOffset(horizontal: 1, vertical: 0), forSegmentType: .left, barMetrics: .default)
    #expect(segments.contentPositionAdjustment(forSegmentType: .left, barMetrics: .default) == UIOffset(horizontal: 1, vertical: 0))
  }

  @Test func pageIndicatorImagesFallBackAsOnIOS() {
    let pages = UIPageControl()
    let dot = UIImage(systemName: "circle")
    let heart = UIImage(systemName: "heart.fill")
    pages.preferredIndicatorImage = dot
    pages.setIndicatorImage(heart, forPage: 2)
    #expect(pages.indicatorImage(forPage: 0) === dot && pages.indicatorImage(forPage: 2) === heart)
    #expect(pages.currentPageIndicatorImage(forPage: 2) === heart, "the current page's image falls back to the page's")
    pages.setIndicatorImage(nil, forPage: 2)
    #expect(pages.indicatorImage(forPage: 2) === dot)
  }
}
