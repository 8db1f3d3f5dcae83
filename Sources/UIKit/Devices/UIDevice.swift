import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The device the app runs on, as the host simulates it: an iPhone unless the host says
/// otherwise (the browser's `--device ipad-air`), running the iOS release whose UIKit this
/// module follows.
///
/// Linux differences: the battery is the machine's (`/sys/class/power_supply`), read when
/// battery monitoring is on; there is no proximity sensor, so proximity monitoring stays off as
/// on a device without one; `playInputClick()` makes no sound (there is no keyboard click).
@preconcurrency @MainActor
open class UIDevice: NSObject {
  /// The device: one for the app.
  open class var current: UIDevice { _current }
  private static let _current = UIDevice()

  override init() {
    super.init()
  }

  // MARK: What it is

  /// The device's generic name ("iPhone", "iPad"), as iOS 16 and later give apps without the
  /// user-assigned-name entitlement.
  open var name: String { model }
  /// The model: "iPhone" or "iPad".
  open var model: String { userInterfaceIdiom == .pad ? "iPad" : "iPhone" }
  /// The model, localized (English here).
  open var localizedModel: String { model }
  /// "iOS", or "iPadOS" on an iPad.
  open var systemName: String { userInterfaceIdiom == .pad ? "iPadOS" : "iOS" }
  /// The release whose UIKit this module follows.
  open var systemVersion: String { "18.0" }
  /// The idiom the host simulates (phone unless it says pad).
  open var userInterfaceIdiom: UIUserInterfaceIdiom { UIScreen.main._userInterfaceIdiom }
  /// Whether several apps can run at once: true, as on every current device.
  open var isMultitaskingSupported: Bool { true }

  /// An identifier for this app on this machine: the same on every run of the app (it is made
  /// from the machine's `/etc/machine-id` and the executable's name), different for another
  /// app, as the vendor identifier is the same across launches on a device.
  open var identifierForVendor: UUID? { UIDevice._identifierForVendor }

  private static let _identifierForVendor: UUID? = {
    let machine = (try? String(contentsOfFile: "/etc/machine-id", encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    let app = Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
    // Two FNV-1a hashes of "machine|app" fill the 128 bits; version 8 (custom) and variant set.
    func fnv(_ text: String, seed: UInt64) -> UInt64 {
      var hash = seed
      for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
      return hash
    }
    let key = machine + "|" + app
    let high = fnv(key, seed: 0xcbf2_9ce4_8422_2325)
    let low = fnv(key, seed: 0x8422_2325_cbf2_9ce4)
    var bytes = [UInt8](repeating: 0, count: 16)
    for i in 0..<8 {
      bytes[i] = UInt8(truncatingIfNeeded: high >> (56 - 8 * UInt64(i)))
      bytes[8 + i] = UInt8(truncatingIfNeeded: low >> (56 - 8 * UInt64(i)))
    }
    bytes[6] = (bytes[6] & 0x0F) | 0x80
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return UUID(uuid: (
      bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
      bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
  }()

  // MARK: Orientation

  /// How the device is held: `.unknown` until `beginGeneratingDeviceOrientationNotifications()`
  /// is called, as on iOS; then the orientation the host holds it in (the interface's, unless
  /// a host turned the device flat or to an orientation the app does not support).
  open var orientation: UIDeviceOrientation {
    _orientationNotificationRequests > 0 ? _orientation : .unknown
  }

  /// Whether orientation notifications are being generated.
  open var isGeneratingDeviceOrientationNotifications: Bool { _orientationNotificationRequests > 0 }

  /// Starts reporting the orientation and posting ``orientationDidChangeNotification`` (calls
  /// nest: each needs its `end…`).
  open func beginGeneratingDeviceOrientationNotifications() { _orientationNotificationRequests += 1 }

  /// Balances one `begin…` call.
  open func endGeneratingDeviceOrientationNotifications() {
    _orientationNotificationRequests = max(0, _orientationNotificationRequests - 1)
  }

  private var _orientationNotificationRequests = 0
  /// The orientation the device is held in (set by hosts through `_setOrientation`).
  package var _orientation: UIDeviceOrientation = .portrait

  /// The device turned: the orientation changes and, while notifications are generated,
  /// ``orientationDidChangeNotification`` is posted.
  func _setOrientation(_ orientation: UIDeviceOrientation) {
    guard orientation != _orientation else { return }
    _orientation = orientation
    if isGeneratingDeviceOrientationNotifications {
      NotificationCenter.default.post(name: UIDevice.orientationDidChangeNotification, object: self)
    }
  }

  // MARK: Battery

  /// The battery's state.
  public enum BatteryState: Int, Sendable {
    case unknown = 0
    /// On battery power, discharging.
    case unplugged = 1
    /// Plugged in, below 100 %.
    case charging = 2
    /// Plugged in, at 100 %.
    case full = 3
  }

  /// Whether the battery is monitored (off by default): with it off, the state is `.unknown`
  /// and the level -1, as on iOS. Turned on, they are the machine's battery's, read from
  /// `/sys/class/power_supply`, and checked again once a minute on UIKit's clock: a change posts
  /// ``batteryStateDidChangeNotification`` or ``batteryLevelDidChangeNotification``. A machine
  /// without a battery answers `.unknown` and -1, as the Simulator does.
  open var isBatteryMonitoringEnabled = false {
    didSet {
      guard isBatteryMonitoringEnabled != oldValue else { return }
      if isBatteryMonitoringEnabled {
        _battery = _BatteryReader.read()
        _scheduleBatteryCheck()
      } else {
        _battery = nil
        if let token = _batteryCheck { UIApplication.shared._scheduler.cancel(token) }
        _batteryCheck = nil
      }
    }
  }

  /// The battery's state (`.unknown` while monitoring is off).
  open var batteryState: BatteryState { _battery?.state ?? .unknown }
  /// The charge from 0 to 1 in steps of 0.05, as iOS rounds it (-1 while monitoring is off or
  /// where there is no battery).
  open var batteryLevel: Float { _battery?.level ?? -1 }

  private var _battery: (state: BatteryState, level: Float)?

  private var _batteryCheck: MainScheduler.Token?

  /// Reads the battery again in a minute (marked as recurring work, which hosts' `settle()`
  /// does not wait for, as it never ends).
  private func _scheduleBatteryCheck() {
    if let token = _batteryCheck { UIApplication.shared._scheduler.cancel(token) }
    _batteryCheck = UIApplication.shared._scheduler.schedule(after: 60, recurs: true) { [weak self] in
      guard let self, isBatteryMonitoringEnabled else { return }
      let old = _battery
      let new = _BatteryReader.read()
      _battery = new
      if old?.state != new.state {
        NotificationCenter.default.post(name: UIDevice.batteryStateDidChangeNotification, object: self)
      }
      if old?.level != new.level {
        NotificationCenter.default.post(name: UIDevice.batteryLevelDidChangeNotification, object: self)
      }
      _scheduleBatteryCheck()
    }
  }

  // MARK: Proximity

  /// Whether the proximity sensor is on. Setting it true on a device without a sensor leaves it
  /// false, as iOS documents; no host here has one.
  open var isProximityMonitoringEnabled: Bool {
    get { false }
    set {}
  }
  /// Whether something is close to the sensor: always false without one.
  open var proximityState: Bool { false }

  // MARK: Sound

  /// Plays the keyboard click when an input view that enables clicks is showing. There is no
  /// keyboard click here: nothing is played (README, differences).
  open func playInputClick() {}

  // MARK: Notifications

  nonisolated public static let orientationDidChangeNotification = Notification.Name(
    "UIDeviceOrientationDidChangeNotification")
  nonisolated public static let batteryStateDidChangeNotification = Notification.Name(
    "UIDeviceBatteryStateDidChangeNotification")
  nonisolated public static let batteryLevelDidChangeNotification = Notification.Name(
    "UIDeviceBatteryLevelDidChangeNotification")
  nonisolated public static let proximityStateDidChangeNotification = Notification.Name(
    "UIDeviceProximityStateDidChangeNotification")
}

/// An input view (or its controller) that wants the keyboard click played by
/// `UIDevice.playInputClick()`.
@preconcurrency @MainActor
public protocol UIInputViewAudioFeedback: NSObjectProtocol {
  /// Whether clicks play while the input view shows.
  var enableInputClicksWhenVisible: Bool { get }
}

extension UIInputViewAudioFeedback {
  public var enableInputClicksWhenVisible: Bool { false }
}

/// The machine's battery, as Linux reports it.
package enum _BatteryReader {
  package static func read(root: String = "/sys/class/power_supply") -> (state: UIDevice.BatteryState, level: Float) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    for name in names.sorted() {
      let path = root + "/" + name
      guard let type = value(path + "/type"), type == "Battery" else { continue }
      let capacity = value(path + "/capacity").flatMap { Float($0) }
      let status = value(path + "/status") ?? ""
      let state: UIDevice.BatteryState =
        switch status {
        case "Charging": .charging
        case "Full": .full
        case "Discharging", "Not charging": .unplugged
        default: .unknown
        }
      guard let capacity else { return (state, -1) }
      // iOS reports the level in steps of 5 %.
      let level = (min(max(capacity, 0), 100) / 5).rounded() * 5 / 100
      return (state, level)
    }
    return (.unknown, -1)
  }

  private static func value(_ path: String) -> String? {
    (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
