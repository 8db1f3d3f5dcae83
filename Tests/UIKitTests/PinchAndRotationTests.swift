import Foundation
import Testing
import UIKit
import UIKitTesting

/// A photo view that zooms and turns with two fingers, as apps write one: each change is
/// applied to the transform and the recognizer's value set back (scale 1, rotation 0).
@MainActor
private final class PhotoController: UIViewController, UIGestureRecognizerDelegate {
  let photo = UIView(frame: CGRect(x: 95, y: 300, width: 200, height: 200))
  var states: [String] = []
  var zoom: CGFloat = 1
  var turn: CGFloat = 0
  var allowPinch = true
  let pinch = UIPinchGestureRecognizer()
  let rotation = UIRotationGestureRecognizer()

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(photo)
    pinch.addTarget(self, action: PhotoController.pinched)
    pinch.delegate = self
    rotation.addTarget(self, action: PhotoController.rotated)
    photo.addGestureRecognizer(pinch)
    photo.addGestureRecognizer(rotation)
  }

  func pinched(_ recognizer: UIPinchGestureRecognizer) {
    states.append("pinch \(recognizer.state.rawValue) touches \(recognizer.numberOfTouches)")
    zoom *= recognizer.scale
    recognizer.scale = 1
  }

  func rotated(_ recognizer: UIRotationGestureRecognizer) {
    states.append("rotation \(recognizer.state.rawValue)")
    turn += recognizer.rotation
    recognizer.rotation = 0
  }

  func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { allowPinch }
}

@MainActor @Suite struct PinchAndRotationTests {
  @Test func aPinchZoomsByItsScaleThroughBeganChangedEnded() {
    let controller = PhotoController()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844))
    host.pinch(at: CGPoint(x: 195, y: 400), scale: 2, steps: 4, duration: 0.2)
    #expect(abs(controller.zoom - 2) < 1e-9)
    #expect(controller.states == ["pinch 1 touches 2", "pinch 2 touches 2", "pinch 2 touches 2", "pinch 2 touches 2", "pinch 3 touches 2"])
    #expect(controller.pinch.state == .possible, "ready for the next pinch")
    #expect(controller.pinch.numberOfTouches == 0)
  }

  @Test func theScaleAccumulatesAndHasAVelocity() {
    let controller = PhotoController()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844))
    @MainActor final class Reader: NSObject {
      var seen: [(scale: CGFloat, velocity: CGFloat, finger: CGPoint)] = []
      func read(_ recognizer: UIPinchGestureRecognizer) {
        let finger = recognizer.numberOfTouches == 2 ? recognizer.location(ofTouch: 1, in: nil) : .zero
        seen.append((recognizer.scale, recognizer.velocity, finger))
      }
    }
    let reader = Reader()
    controller.pinch.removeTarget(controller, action: nil)  // as iOS code writes it
    controller.pinch.addTarget(reader, action: Reader.read)
    host.pinch(at: CGPoint(x: 195, y: 400), scale: 4, steps: 2, duration: 1)
    // Steps of ×2 half a second apart: the scale doubles; the speed is the change a second.
    #expect(reader.seen.map(\.scale) == [2, 4, 4])
    #expect(abs(reader.seen[1].velocity - 4) < 1e-9, "from 2 to 4 in half a second")
    #expect(reader.seen[1].finger == CGPoint(x: 195 + 200, y: 400), "fingers 100 points apart at scale 1")
  }

  @Test func aRotationTurnsAndTheDelegateCanRefuseAPinch() {
    let controller = PhotoController()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844))
    host.rotate(at: CGPoint(x: 195, y: 400), by: .pi / 2, steps: 3)
    #expect(abs(controller.turn - .pi / 2) < 1e-9)
    #expect(controller.states.first == "rotation 1" && controller.states.last == "rotation 3")
    controller.states = []
    controller.allowPinch = false
    host.pinch(at: CGPoint(x: 195, y: 400), scale: 3)
    #expect(controller.states.isEmpty, "refused: no action, no zoom")
    #expect(controller.zoom == 1)
    controller.allowPinch = true
    host.pinch(at: CGPoint(x: 20, y: 100), scale: 3)
    #expect(controller.states.isEmpty, "away from the photo")
  }

  @Test func aTrackpadPinchEndsWhenItsStepsStop() {
    let controller = PhotoController()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844))
    let point = CGPoint(x: 195, y: 400)
    host.window._trackpadPinch(at: point, scale: 1.1)
    host.advance(by: 0.05)
    host.window._trackpadPinch(at: point, scale: 1.1)
    #expect(controller.pinch.state == .changed)
    host.advance(by: 0.2)
    #expect(controller.states.last == "pinch 3 touches 2", "no step for a while: it ended")
    #expect(abs(controller.zoom - 1.21) < 1e-9)
    host.window._trackpadRotate(at: point, by: 0.25)
    host.advance(by: 0.2)
    #expect(abs(controller.turn - 0.25) < 1e-9)
  }
}
