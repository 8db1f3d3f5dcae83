// `import UIKitSnapshotTesting` brings swift-snapshot-testing's API (`assertSnapshot`,
// `verifySnapshot`, `withSnapshotTesting`, `Snapshotting`, `Diffing`) with the strategies this
// module adds for UIKit's types, which that package defines only on iOS and tvOS. A file that
// also writes `import SnapshotTesting`, as on iOS, compiles the same.
@_exported import SnapshotTesting
#if Pixels
  // The image strategies' format (RGBAImage) and PNG coding.
  @_exported import UIKitPixels
#endif
