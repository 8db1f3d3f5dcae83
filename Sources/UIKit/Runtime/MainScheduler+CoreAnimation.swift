// UIKit's clock is Core Animation's: layers' animations run on the same time as keyboard
// animations and `UIView.animate` completions, so a headless host that advances the clock
// advances them all. QuartzCore cannot import UIKit; UIKit installs its clock there.

import QuartzCore

extension MainScheduler: CAMediaClockSource {
  package func scheduleMediaWork(after delay: TimeInterval, _ work: @escaping @MainActor () -> Void)
    -> AnyHashable
  {
    AnyHashable(schedule(after: delay, work))
  }

  package func scheduleFrameWork(after delay: TimeInterval, _ work: @escaping @MainActor () -> Void)
    -> AnyHashable
  {
    AnyHashable(schedule(after: delay, recurs: true, work))
  }

  package func cancelMediaWork(_ token: AnyHashable) {
    if let token = token.base as? Token { cancel(token) }
  }

  /// Makes the application's clock Core Animation's, once.
  static func installForCoreAnimation() {
    guard !CAMediaClock.isInstalled else { return }
    CAMediaClock.install(UIApplication.shared._scheduler)
  }
}
