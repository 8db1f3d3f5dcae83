#if Pixels
import Foundation
import Testing
import UIKit
import UIKitPixels
import UIKitTesting

@MainActor @Suite struct ImagePictureCheck {
  @Test func writePicture() throws {
    guard let path = ProcessInfo.processInfo.environment["UIKIT_IMAGE_CHECK"] else { return }
    let format = UIGraphicsImageRendererFormat()
    format.scale = 2
    let badge = UIGraphicsImageRenderer(size: CGSize(width: 120, height: 60), format: format).image { context in
      UIColor.systemBlue.setFill()
      UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 120, height: 60), cornerRadius: 14).fill()
      UIColor.white.setStroke()
      let check = UIBezierPath()
      check.lineWidth = 5
      check.lineCapStyle = .round
      check.move(to: CGPoint(x: 14, y: 30))
      check.addLine(to: CGPoint(x: 26, y: 42))
      check.addLine(to: CGPoint(x: 44, y: 18))
      check.stroke()
      ("Done" as NSString).draw(at: CGPoint(x: 54, y: 18), withAttributes: [.font: UIFont.boldSystemFont(ofSize: 20), .foregroundColor: UIColor.white])
    }
    let controller = UIViewController()
    controller.view.backgroundColor = .systemGroupedBackground
    let a = UIImageView(image: badge)
    a.frame = CGRect(x: 20, y: 100, width: 120, height: 60)
    let b = UIImageView(image: badge)
    b.frame = CGRect(x: 20, y: 180, width: 240, height: 80)
    b.contentMode = .scaleAspectFit
    b.backgroundColor = .white
    controller.view.addSubview(a)
    controller.view.addSubview(b)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 300, height: 300))
    let snap = UIGraphicsImageRenderer(size: CGSize(width: 300, height: 300), format: format).image { _ in
      controller.view.drawHierarchy(in: CGRect(x: 0, y: 0, width: 300, height: 300), afterScreenUpdates: true)
    }
    try host.snapshot(scale: 2).write(to: URL(fileURLWithPath: path + "-host.png"))
    try snap.pngData()!.write(to: URL(fileURLWithPath: path + "-hierarchy.png"))
    print(host.screen())
  }
}
#endif

#if Pixels
@MainActor @Suite struct ImageSpeedCheck {
  @Test func timeAFullScreenHierarchy() throws {
    guard ProcessInfo.processInfo.environment["UIKIT_IMAGE_SPEED"] != nil else { return }
    let controller = UIViewController()
    controller.view.backgroundColor = .white
    let label = UILabel(frame: CGRect(x: 20, y: 100, width: 300, height: 40))
    label.text = "Hello"
    controller.view.addSubview(label)
    _ = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844))
    let format = UIGraphicsImageRendererFormat()
    format.scale = 2
    let start = Date()
    let image = UIGraphicsImageRenderer(size: CGSize(width: 390, height: 844), format: format).image { _ in
      controller.view.drawHierarchy(in: controller.view.bounds, afterScreenUpdates: true)
    }
    let middle = Date()
    let copy = UIGraphicsImageRenderer(size: CGSize(width: 390, height: 844), format: format).image { _ in
      image.draw(in: CGRect(x: 0, y: 0, width: 390, height: 844))
    }
    print("TIMING hierarchy \(middle.timeIntervalSince(start)) s, image draw \(Date().timeIntervalSince(middle)) s", copy.size)
  }
}
#endif
