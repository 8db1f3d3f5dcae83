import Foundation
import Testing
import UIKit
import UIKitTesting

@MainActor @Suite(.serialized) struct DeviceTests {
  @Test func theDeviceIsAnIPhoneRunningIOS() {
    _ = HeadlessHost(rootViewController: UIViewController())
    let device = UIDevice.current
    #expect(device === UIDevice.current)
    #expect(device.model == "iPhone" && device.name == "iPhone" && device.localizedModel == "iPhone")
    #expect(device.systemName == "iOS")
    #expect(device.systemVersion.split(separator: ".").count >= 2)
    #expect(device.userInterfaceIdiom == .phone)
    #expect(device.isMultitaskingSupported)
    #expect(device.identifierForVendor != nil && device.identifierForVendor == UIDevice.current.identifierForVendor,
      "the same identifier on every call (and every run)")
    #expect(!device.isProximityMonitoringEnabled)
    device.isProximityMonitoringEnabled = true
    #expect(!device.isProximityMonitoringEnabled, "no proximity sensor: it stays off, as iOS documents")
  }

  @Test func theOrientationIsUnknownUntilNotificationsAreGenerated() {
    _ = HeadlessHost(rootViewController: UIViewController())
    let device = UIDevice.current
    #expect(device.orientation == .unknown)
    #expect(!device.isGeneratingDeviceOrientationNotifications)
    device.beginGeneratingDeviceOrientationNotifications()
    device.beginGeneratingDeviceOrientationNotifications()
    #expect(device.orientation == .portrait)
    device.endGeneratingDeviceOrientationNotifications()
    #expect(device.isGeneratingDeviceOrientationNotifications, "calls nest")
    device.endGeneratingDeviceOrientationNotifications()
    #expect(device.orientation == .unknown)
    device.endGeneratingDeviceOrientationNotifications()
    #expect(!device.isGeneratingDeviceOrientationNotifications, "an extra end does no harm")
  }

  @Test func theBatteryIsReadFromLinuxWhenMonitored() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("power-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    func supply(_ name: String, _ files: [String: String]) throws {
      let folder = root.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for (file, value) in files { try (value + "\n").write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8) }
    }
    try supply("AC", ["type": "Mains", "online": "1"])
    #expect(_BatteryReader.read(root: root.path) == (.unknown, -1), "no battery: unknown, as the Simulator says")
    try supply("BAT0", ["type": "Battery", "capacity": "57", "status": "Discharging"])
    #expect(_BatteryReader.read(root: root.path) == (.unplugged, 0.55), "in steps of 5 %")
    try supply("BAT0", ["type": "Battery", "capacity": "100", "status": "Full"])
    #expect(_BatteryReader.read(root: root.path) == (.full, 1))
    try supply("BAT0", ["type": "Battery", "capacity": "12", "status": "Charging"])
    #expect(_BatteryReader.read(root: root.path) == (.charging, 0.1))

    _ = HeadlessHost(rootViewController: UIViewController())
    let device = UIDevice.current
    #expect(device.batteryState == .unknown && device.batteryLevel == -1, "not monitored")
    device.isBatteryMonitoringEnabled = true
    let machine = _BatteryReader.read()
    #expect(device.batteryState == machine.state && device.batteryLevel == machine.level)
    device.isBatteryMonitoringEnabled = false
    #expect(device.batteryLevel == -1)
  }
}

/// A controller that logs what a rotation tells it, and supports what a test says.
@MainActor
private final class RotationLoggingController: UIViewController {
  var log: [String] = []
  var supported: UIInterfaceOrientationMask = .allButUpsideDown
  var alongsideRanInAnimation: Bool?
  var coordinatorDuringTransition: (any UIViewControllerTransitionCoordinator)?
  var targetAngle: CGFloat?

  override var supportedInterfaceOrientations: UIInterfaceOrientationMask { supported }

  override func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {
    super.willTransition(to: newCollection, with: coordinator)
    log.append("willTransition(to: vertical \(newCollection.verticalSizeClass == .compact ? "compact" : "regular"))")
  }

  override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
    super.viewWillTransition(to: size, with: coordinator)
    log.append("viewWillTransition(to: \(Int(size.width))×\(Int(size.height)), animated \(coordinator.isAnimated))")
    targetAngle = atan2(coordinator.targetTransform.b, coordinator.targetTransform.a)
    coordinator.animate(alongsideTransition: { [weak self] context in
      guard let self else { return }
      log.append("alongside (view \(Int(view.bounds.width)) wide)")
      alongsideRanInAnimation = UIView.inheritedAnimationDuration > 0
      coordinatorDuringTransition = transitionCoordinator
    }) { [weak self] context in
      self?.log.append("completion (\(context.percentComplete == 1 ? "done" : "not done"))")
    }
  }

  override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    log.append("traitCollectionDidChange")
  }

  override func viewWillLayoutSubviews() {
    super.viewWillLayoutSubviews()
    if !log.isEmpty { log.append("viewWillLayoutSubviews") }
  }
}

@MainActor @Suite(.serialized) struct RotationTests {
  @Test func turningTheDeviceTurnsTheInterfaceInIOSOrder() {
    let controller = RotationLoggingController()
    let host = HeadlessHost(rootViewController: controller)
    var notifications: [UIDeviceOrientation] = []
    UIDevice.current.beginGeneratingDeviceOrientationNotifications()
    defer { UIDevice.current.endGeneratingDeviceOrientationNotifications() }
    let token = NotificationCenter.default.addObserver(
      forName: UIDevice.orientationDidChangeNotification, object: nil, queue: .main
    ) { note in
      nonisolated(unsafe) let object = note.object
      MainActor.assumeIsolated {
        notifications.append((object as? UIDevice)?.orientation ?? .unknown)
        controller.log.append("orientationDidChange")
      }
    }
    defer { NotificationCenter.default.removeObserver(token) }

    host.rotate(to: .landscapeLeft)
    #expect(notifications == [.landscapeLeft])
    #expect(controller.log == [
      "orientationDidChange",
      "willTransition(to: vertical compact)",
      "viewWillTransition(to: 844×390, animated true)",
      "alongside (view 844 wide)",
      "traitCollectionDidChange",
      "viewWillLayoutSubviews",
    ])
    #expect(controller.alongsideRanInAnimation == true, "alongside animations run inside the rotation's animation")
    #expect(controller.coordinatorDuringTransition != nil)
    #expect(abs((controller.targetAngle ?? 0) - .pi / 2) < 1e-9, "the interface turns a quarter turn")
    #expect(UIScreen.main.bounds.size == CGSize(width: 844, height: 390))
    #expect(host.window.frame.size == CGSize(width: 844, height: 390))
    #expect(host.window.windowScene == nil || host.window.windowScene?.interfaceOrientation == .landscapeRight)
    #expect(UIScreen.main._interfaceOrientation == .landscapeRight, "the device turned left: the content turns right")
    #expect(controller.view.safeAreaInsets == UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
    #expect(controller.traitCollection.verticalSizeClass == .compact)
    #expect(controller.traitCollection.horizontalSizeClass == .compact)
    controller.log = []
    host.settle()
    #expect(controller.log == ["completion (done)"])
    #expect(controller.transitionCoordinator == nil)

    controller.log = []
    host.rotate(to: .portrait)
    #expect(controller.log.prefix(2) == ["orientationDidChange", "willTransition(to: vertical regular)"])
    #expect(UIScreen.main.bounds.size == CGSize(width: 390, height: 844))
    #expect(controller.view.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    host.settle()
  }

  @Test func anOrientationTheControllerDoesNotSupportLeavesTheInterfaceAlone() {
    let controller = RotationLoggingController()
    controller.supported = .portrait
    let host = HeadlessHost(rootViewController: controller)
    UIDevice.current.beginGeneratingDeviceOrientationNotifications()
    defer { UIDevice.current.endGeneratingDeviceOrientationNotifications() }
    host.rotate(to: .landscapeRight)
    #expect(UIDevice.current.orientation == .landscapeRight, "the device turned")
    #expect(UIScreen.main.bounds.size == CGSize(width: 390, height: 844), "the interface did not")
    #expect(controller.log.isEmpty)
    host.rotate(to: .portraitUpsideDown)
    #expect(UIScreen.main._interfaceOrientation == .portrait, "an iPhone app does not turn upside down by default")
    host.rotate(to: .faceUp)
    #expect(UIScreen.main._interfaceOrientation == .portrait, "flat leaves the interface as it is")

    // The controller now supports landscape: asking UIKit to look again turns to the device's.
    controller.supported = .allButUpsideDown
    host.rotate(to: .landscapeRight)
    #expect(UIScreen.main._interfaceOrientation == .landscapeLeft)
    controller.supported = .portrait
    controller.setNeedsUpdateOfSupportedInterfaceOrientations()
    #expect(UIScreen.main._interfaceOrientation == .portrait, "it turns away from an orientation no longer supported")
    host.settle()
  }

  @Test func aSceneCanAskForLandscape() {
    let controller = RotationLoggingController()
    let host = HeadlessHost(rootViewController: controller)
    let scene = UIWindowScene(
      session: UISceneSession(role: .windowApplication, configuration: UISceneConfiguration(name: nil, sessionRole: .windowApplication)),
      connectionOptions: UIScene.ConnectionOptions())
    host.window.windowScene = scene
    var errors: [any Error] = []
    scene.requestGeometryUpdate(.iOS(interfaceOrientations: .landscape)) { errors.append($0) }
    #expect(errors.isEmpty)
    #expect(scene.interfaceOrientation == .landscapeRight)
    #expect(scene.effectiveGeometry.interfaceOrientation == .landscapeRight)
    #expect(scene.effectiveGeometry.systemFrame.size == CGSize(width: 844, height: 390))
    host.settle()
    controller.supported = .landscape
    scene.requestGeometryUpdate(.iOS(interfaceOrientations: .portrait)) { errors.append($0) }
    let error = errors.first as? UISceneError
    #expect(error?.code == .geometryRequestUnsupported)
    #expect((errors.first as NSError?)?.domain == "UISceneErrorDomain")
    #expect(scene.interfaceOrientation == .landscapeRight)
    host.window.windowScene = nil
  }

  @Test func aResizedScreenTellsTheControllersWithoutAnimating() {
    let controller = RotationLoggingController()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 640, height: 384))
    #expect(UIScreen.main._interfaceOrientation == .landscapeRight, "a screen wider than tall is in landscape")
    host.resizeScreen(to: CGSize(width: 800, height: 384))
    #expect(controller.log == [
      "viewWillTransition(to: 800×384, animated false)",
      "alongside (view 800 wide)",
      "viewWillLayoutSubviews",
      "completion (done)",
    ])
    #expect(controller.view.bounds.size == CGSize(width: 800, height: 384))
    controller.log = []
    host.resizeScreen(to: CGSize(width: 400, height: 700))
    #expect(controller.log.first == "willTransition(to: vertical regular)")
    #expect(UIScreen.main._interfaceOrientation == .portrait)
    #expect(controller.traitCollection.verticalSizeClass == .regular)
  }

  @Test func theFixedCoordinateSpaceStaysPortraitUp() {
    let controller = UIViewController()
    let host = HeadlessHost(rootViewController: controller)
    let screen = UIScreen.main
    let corner = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
    controller.view.addSubview(corner)
    #expect(corner.convert(CGPoint.zero, to: screen.fixedCoordinateSpace) == CGPoint(x: 10, y: 20))
    host.rotate(to: .landscapeLeft)
    host.settle()
    #expect(screen.coordinateSpace.bounds.size == CGSize(width: 844, height: 390))
    #expect(screen.fixedCoordinateSpace.bounds.size == CGSize(width: 390, height: 844))
    corner.frame.origin = .zero
    // The device turned left: the interface's top-left corner is the device's bottom-left.
    #expect(corner.convert(CGPoint.zero, to: screen.fixedCoordinateSpace) == CGPoint(x: 390, y: 0))
    #expect(corner.convert(CGPoint(x: 0, y: 390), to: screen.fixedCoordinateSpace) == CGPoint(x: 0, y: 0))
    let rect = corner.convert(CGRect(x: 0, y: 0, width: 100, height: 50), to: screen.fixedCoordinateSpace)
    #expect(rect == CGRect(x: 340, y: 0, width: 50, height: 100), "a quarter turn swaps width and height")
    let back = screen.fixedCoordinateSpace.convert(rect, to: corner)
    #expect(back == CGRect(x: 0, y: 0, width: 100, height: 50))
    #expect(screen.coordinateSpace.convert(CGPoint(x: 5, y: 6), to: corner) == CGPoint(x: 5, y: 6))
    host.rotate(to: .portrait)
    host.settle()
  }
}
