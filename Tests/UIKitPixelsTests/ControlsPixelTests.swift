#if Pixels
import Foundation
import Testing
import UIKit
import UIKitTesting
@testable import UIKitPixels

/// A screen of the value controls, as a settings screen lays them out.
@MainActor
final class ControlsScreen: UIViewController {
  let toggle = UISwitch(frame: CGRect(x: 20, y: 120, width: 0, height: 0))
  let slider = UISlider(frame: CGRect(x: 20, y: 180, width: 350, height: 31))
  let stepper = UIStepper(frame: CGRect(x: 20, y: 240, width: 0, height: 0))
  let segments = UISegmentedControl(items: ["Celsius", "Fahrenheit", "Kelvin"])
  let progress = UIProgressView(progressViewStyle: .default)
  let pages = UIPageControl(frame: CGRect(x: 0, y: 420, width: 390, height: 26))
  let spinner = UIActivityIndicatorView(style: .large)

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    toggle.isOn = true
    slider.value = 0.25
    stepper.value = 3
    segments.frame.origin = CGPoint(x: 20, y: 300)
    segments.selectedSegmentIndex = 1
    progress.frame = CGRect(x: 20, y: 380, width: 350, height: 4)
    progress.progress = 0.6
    pages.numberOfPages = 4
    pages.currentPage = 1
    spinner.center = CGPoint(x: 195, y: 500)
    spinner.startAnimating()
    for control in [toggle, slider, stepper, segments, progress, pages, spinner] as [UIView] { view.addSubview(control) }
  }
}

@MainActor
@Suite("ControlsPixelTests", .serialized)
struct ControlsPixelTests {
  @Test func theControlsAreDrawnAsIOSDrawsThem() throws {
    let screen = ControlsScreen()
    let host = HeadlessHost(rootViewController: screen, measuresTextWithFonts: true)
    host.settle()
    let image = host.snapshotImage(scale: 2)
    if let directory = ProcessInfo.processInfo.environment["UIKIT_PICTURES"] {
      try Data(PNGEncoder.encode(image)).write(to: URL(fileURLWithPath: directory).appendingPathComponent("controls.png"))
    }
    let green = UIColor.systemGreen.rgba8
    let blue = UIColor.systemBlue.rgba8
    // The switch: a green track at its left end, a white thumb at its right end.
    #expect(image.pixel(at: CGPoint(x: 30, y: 135)) == RGBA(r: green.r, g: green.g, b: green.b))
    #expect(image.pixel(at: CGPoint(x: 57, y: 135)) == RGBA(r: 255, g: 255, b: 255))
    // The slider: blue track before the thumb (at a quarter), grey after it, white thumb.
    let thumbX = screen.slider.frame.minX + 14 + (350 - 28) * 0.25
    #expect(image.pixel(at: CGPoint(x: 30, y: 195.5)) == RGBA(r: blue.r, g: blue.g, b: blue.b))
    #expect(image.pixel(at: CGPoint(x: 300, y: 195.5)) != RGBA(r: 255, g: 255, b: 255))
    #expect(image.pixel(at: CGPoint(x: thumbX, y: 195.5)) == RGBA(r: 255, g: 255, b: 255))
    // The segmented control: a grey control with the selected segment white.
    let segment = screen.segments.frame
    #expect(image.pixel(at: CGPoint(x: segment.minX + 6, y: segment.midY)) != RGBA(r: 255, g: 255, b: 255))
    #expect(image.pixel(at: CGPoint(x: segment.midX, y: segment.minY + 5)) == RGBA(r: 255, g: 255, b: 255))
    // The progress bar: blue at 30 %, grey at 90 %.
    #expect(image.pixel(at: CGPoint(x: 20 + 350 * 0.3, y: 382)) == RGBA(r: blue.r, g: blue.g, b: blue.b))
    #expect(image.pixel(at: CGPoint(x: 20 + 350 * 0.9, y: 382)) != RGBA(r: blue.r, g: blue.g, b: blue.b))
  }
}
#endif
