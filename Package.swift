// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "UIKitForLinux",
  products: [
    // `import UIKit` on Linux: the slice of UIKit's text-input system (filled in by later issues).
    .library(name: "UIKit", targets: ["UIKit"]),
    // The pure editing engine every text object is built on.
    .library(name: "TextEditing", targets: ["TextEditing"]),
    .executable(name: "texteditbench", targets: ["texteditbench"]),
  ],
  targets: [
    .target(name: "TextEditing"),
    .target(name: "UIKit", dependencies: ["TextEditing"]),
    .executableTarget(name: "texteditbench", dependencies: ["TextEditing"]),
    .testTarget(name: "TextEditingTests", dependencies: ["TextEditing"]),
  ]
)
