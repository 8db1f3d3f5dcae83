// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "UIKitForLinux",
  products: [
    // `import UIKit` on Linux: the slice of UIKit's text-input system. `_Testing_UIKit` and
    // `_Testing_CoreGraphics` are the cross-import overlays the compiler looks for when a file
    // imports Testing and UIKit (which brings CoreGraphics).
    .library(name: "UIKit", targets: ["UIKit", "_Testing_UIKit", "_Testing_CoreGraphics"]),
    // Apple's module lines under UIKit: colours, paths and transforms; layers and animations.
    // UIKit re-exports both, so `import UIKit` alone brings them, as on iOS.
    .library(name: "CoreGraphics", targets: ["CoreGraphics", "_Testing_CoreGraphics"]),
    .library(name: "QuartzCore", targets: ["QuartzCore"]),
    // A headless host for tests: taps, typing, a virtual clock, a timeline, the screen as text.
    .library(name: "UIKitTesting", targets: ["UIKitTesting"]),
    // `@MainActor` XCTest cases and methods, as iOS tests write them: `@_exported import
    // UIKitXCTest` once in the XCTest target (swift-corelibs-xctest aborts on them otherwise).
    .library(name: "UIKitXCTest", targets: ["UIKitXCTest"]),
    // The pure editing engine every text object is built on.
    .library(name: "TextEditing", targets: ["TextEditing"]),
    // The interactive front end: a terminal that behaves like the iOS Simulator.
    .library(name: "TerminalHost", targets: ["TerminalHost"]),
    // The Cassowary-family constraint solver under Auto Layout (no UIKit names).
    .library(name: "LayoutSolver", targets: ["LayoutSolver"]),
    .executable(name: "texteditbench", targets: ["texteditbench"]),
    // Seed 000's converter, in the terminal: the README's main program.
    .executable(name: "worldtrotter", targets: ["WorldTrotter"]),
    // Seed 002's Hypnosister: Return draws the typed message 20 times over concentric circles.
    .executable(name: "hypnosister", targets: ["Hypnosister"]),
    // One text field in the terminal host, for the pseudo-terminal benchmark.
    .executable(name: "plainfield", targets: ["PlainField"]),
    // Seed 003's person form: text fields told apart by tag, a notes text view, alerts.
    .executable(name: "personform", targets: ["PersonForm"]),
    // The fourth app: a list-based form with a diffable data source (Apps/ProfileForm).
    .executable(name: "profileform", targets: ["ProfileForm"]),
    // The side-by-side comparison's workloads on UITextField (Benchmarks/compare runs it).
    .executable(name: "uikitbench", targets: ["UIKitBench"]),
    // The constraint solver on a form of N rows (Benchmarks/Compare/layout_kiwi.py: kiwisolver's side).
    .executable(name: "layoutsolverbench", targets: ["LayoutSolverBench"]),
    // Image snapshots of 1,000 screens recorded and compared (Pixels trait; BENCHMARKS.md).
    .executable(name: "snapshotbench", targets: ["SnapshotBench"]),
    // Pixels (trait `Pixels`): the display list drawn with FreeType into RGBA, PNG snapshots of a
    // HeadlessHost, text measured with the same fonts. Empty without the trait.
    .library(name: "UIKitPixels", targets: ["UIKitPixels"]),
    // swift-snapshot-testing's strategies for UIKit's views and view controllers, which that
    // package has only on iOS: text (`.screen`, `.recursiveDescription`, `.hierarchy`) always;
    // images (`.image`, PNG references drawn by UIKitPixels) with the `Pixels` trait.
    .library(name: "UIKitSnapshotTesting", targets: ["UIKitSnapshotTesting"]),
  ],
  traits: [
    // Opt-in: needs FreeType, libpng, libjpeg and fontconfig with their headers (Debian:
    // libfreetype-dev libpng-dev libjpeg-dev libfontconfig1-dev fonts-dejavu-core).
    // `swift build --traits Pixels`.
    .trait(name: "Pixels", description: "Draw the UI and images in pixels with FreeType, HarfBuzz, libpng, libjpeg and fontconfig (PNG snapshots)"),
    // Web: `--web` serves the app to a browser on 127.0.0.1 (Hummingbird; draws with Pixels).
    .trait(name: "Web", description: "Serve apps to a browser with --web (Hummingbird).", enabledTraits: ["Pixels"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // Web trait only: the browser front end's HTTP server and WebSocket.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    // UIKitSnapshotTesting: only its `SnapshotTesting` library is used, which needs nothing else
    // (its inline-snapshot library's swift-syntax is fetched when resolving, never built).
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    // Reference documentation: `swift package generate-documentation` builds the DocC catalogs
    // (Sources/*/*.docc). A command plugin only: nothing of it is linked.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // UTF-8 → UTF-16 with the CPU's vector instructions (AVX2 or AVX-512, chosen at run time; NEON).
    .target(name: "CTextEditingSupport"),
    // Its kernels are declared with `@_extern(c)` (the Extern feature) instead of imported, so
    // that clients of UIKit never need the C module (see UTF16Conversion.swift).
    .target(
      name: "TextEditing", dependencies: ["CTextEditingSupport"],
      swiftSettings: [.enableExperimentalFeature("Extern")]),
    // Pixels under CoreGraphics: RGBA images, PNG and JPEG files, and FreeType's rasteriser, which
    // bitmap contexts paint with. Empty without the `Pixels` trait.
    .target(
      name: "PixelRaster",
      dependencies: [
        .target(name: "CFreeType", condition: .when(traits: ["Pixels"])),
        .target(name: "CPNG", condition: .when(traits: ["Pixels"])),
        .target(name: "CJPEG", condition: .when(traits: ["Pixels"])),
      ]),
    .target(
      name: "CoreGraphics",
      dependencies: ["PixelRaster", .target(name: "CFreeType", condition: .when(traits: ["Pixels"]))]),
    .target(name: "_Testing_CoreGraphics", dependencies: ["CoreGraphics"]),
    // QuartzCore needs nothing of the overlay; depending on it builds it before any test file
    // that imports Testing with QuartzCore or UIKit (which re-export CoreGraphics) compiles.
    .target(name: "QuartzCore", dependencies: ["CoreGraphics", "_Testing_CoreGraphics"]),
    // With the `Pixels` trait UIKit draws display lists in pixels itself (image renderers,
    // `drawHierarchy`, `CALayer.render(in:)`), with the fonts fontconfig finds.
    .target(
      name: "UIKit",
      dependencies: [
        "TextEditing", "QuartzCore", "LayoutSolver", "PixelRaster",
        .target(name: "CFreeType", condition: .when(traits: ["Pixels"])),
        .target(name: "CFontconfig", condition: .when(traits: ["Pixels"])),
        .target(name: "CHarfBuzz", condition: .when(traits: ["Pixels"])),
      ]),
    .target(name: "_Testing_UIKit", dependencies: ["UIKit"]),
    // TextEditing directly too: its `precondition`, which keeps the message in release builds.
    .target(name: "UIKitTesting", dependencies: ["UIKit", "TextEditing"]),
    // Swift 5 mode: the main-actor function types it takes must not be implicitly @Sendable.
    .target(name: "UIKitXCTest", swiftSettings: [.swiftLanguageMode(.v5)]),
    .target(name: "LayoutSolver"),
    .target(name: "CTerminalSupport"),
    .target(
      name: "TerminalHost",
      dependencies: [
        "UIKit", "CTerminalSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        // The browser front end's server code is under the Web trait; its core (input mapping,
        // access rules, the accessibility mirror) builds and is tested without it.
        "WebHost",
      ]),
    // The browser front end (`--web`, Web trait): the app drawn in pixels on a page, driven by
    // the page's keys, pointer and IME over a WebSocket. Its code is under `#if Web`.
    .target(
      name: "WebHost",
      dependencies: [
        "UIKit", "UIKitPixels",
        .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Web"])),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket", condition: .when(traits: ["Web"])),
      ]),
    .testTarget(
      name: "WebHostTests",
      dependencies: [
        "UIKit", "UIKitTesting", "WebHost",
      ]),
    .executableTarget(name: "WorldTrotter", dependencies: ["UIKit", "TerminalHost"], path: "Apps/WorldTrotter"),
    .executableTarget(name: "PersonForm", dependencies: ["UIKit", "TerminalHost"], path: "Apps/PersonForm"),
    .executableTarget(name: "Hypnosister", dependencies: ["UIKit", "TerminalHost"], path: "Apps/Hypnosister"),
    .executableTarget(name: "ProfileForm", dependencies: ["UIKit", "TerminalHost"], path: "Apps/ProfileForm"),
    .executableTarget(name: "texteditbench", dependencies: ["TextEditing"]),
    .executableTarget(name: "PlainField", dependencies: ["UIKit", "TerminalHost"], path: "Benchmarks/PlainField"),
    .executableTarget(name: "UIKitBench", dependencies: ["UIKit", "TextEditing", "UIKitTesting"], path: "Benchmarks/UIKitBench"),
    // Programmer errors stopping with their message in a release build (.ci/run runs it).
    .executableTarget(name: "releasechecks", dependencies: ["UIKit"], path: "Tests/ReleaseChecks"),
    .executableTarget(name: "LayoutSolverBench", dependencies: ["LayoutSolver"], path: "Benchmarks/LayoutSolverBench"),
    .executableTarget(
      name: "SnapshotBench",
      dependencies: [
        "UIKit", "UIKitSnapshotTesting", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      path: "Benchmarks/SnapshotBench"),
    // Pixels: system libraries reached only with the `Pixels` trait (no header is needed without it).
    .systemLibrary(
      name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
    .systemLibrary(
      name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig1-dev"])]),
    .systemLibrary(
      name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
    .target(
      name: "UIKitPixels",
      dependencies: [
        "UIKit", "UIKitTesting", "TextEditing", "PixelRaster",
      ]),
    // With the trait: pixel tests, and the README's pictures of the three apps
    // (`UIKIT_PICTURES=Docs/Pictures swift test --traits Pixels --filter ReadmePictures`).
    .testTarget(
      name: "UIKitPixelsTests",
      dependencies: ["UIKitPixels", "UIKit", "UIKitTesting", "WorldTrotter", "PersonForm", "Hypnosister", "ProfileForm"]),
    .target(
      name: "UIKitSnapshotTesting",
      dependencies: [
        "UIKit", "UIKitTesting", "UIKitPixels",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ]),
    // assertSnapshot with references committed in __Snapshots__ (the image ones with the trait).
    .testTarget(
      name: "UIKitSnapshotTestingTests",
      dependencies: ["UIKitSnapshotTesting", "UIKit", "UIKitTesting", "WorldTrotter"],
      exclude: ["__Snapshots__"]),
    .testTarget(name: "TextEditingTests", dependencies: ["TextEditing"]),
    .testTarget(name: "LayoutSolverTests", dependencies: ["LayoutSolver"]),
    .testTarget(name: "UIKitTests", dependencies: ["UIKit", "UIKitTesting", "TextEditing"]),
    .testTarget(name: "TerminalHostTests", dependencies: ["TerminalHost", "UIKit", "UIKitTesting"]),
    .testTarget(name: "AppTests", dependencies: ["WorldTrotter", "UIKit", "UIKitTesting"]),
    .testTarget(name: "PersonFormTests", dependencies: ["PersonForm", "UIKit", "UIKitTesting"]),
    .testTarget(name: "HypnosisterTests", dependencies: ["Hypnosister", "UIKit", "UIKitTesting"]),
    .testTarget(name: "ProfileFormTests", dependencies: ["ProfileForm", "UIKit", "UIKitTesting"]),
    // Code shaped like an iOS app's and its XCTest/Swift Testing suite, compiled as Swift 5.
    .testTarget(
      name: "UIKitClientTests",
      dependencies: ["UIKit", "UIKitTesting", "UIKitXCTest", "QuartzCore", "CoreGraphics"],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
  ]
)
