import Foundation

extension UIWindowScene {
  /// The orientation of the scene's interface.
  public var interfaceOrientation: UIInterfaceOrientation { screen._interfaceOrientation }

  /// The scene's coordinate space: the screen's, which turns with the interface.
  public var coordinateSpace: any UICoordinateSpace { screen.coordinateSpace }

  /// The scene's geometry now: its frame and interface orientation (a new object each time,
  /// describing the scene as it is).
  public var effectiveGeometry: UIWindowScene.Geometry {
    Geometry(systemFrame: screen.bounds, interfaceOrientation: interfaceOrientation, coordinateSpace: screen.coordinateSpace)
  }

  /// Asks for another geometry: with `.iOS(interfaceOrientations:)`, the interface turns to
  /// one of those orientations if it is not in one already (the device's if it is one of them,
  /// else the controller's preferred orientation, else the first the app supports), as apps
  /// force landscape for a video or a chart. When none of them is supported by the app and the
  /// controller on screen, nothing turns and `errorHandler` gets a
  /// `UISceneError(.geometryRequestUnsupported)`.
  public func requestGeometryUpdate(
    _ geometryPreferences: UIWindowScene.GeometryPreferences, errorHandler: ((any Error) -> Void)? = nil
  ) {
    guard let preferences = geometryPreferences as? GeometryPreferences.iOS else {
      errorHandler?(
        UISceneError(.geometryRequestUnsupported, failureReason: "Only iOS geometry preferences apply to an iPhone or iPad scene."))
      return
    }
    let app = UIApplication.shared
    let window = keyWindow ?? windows.first
    let supported = window.map { app._supportedInterfaceOrientations(for: $0) } ?? .all
    let allowed = preferences.interfaceOrientations.intersection(supported)
    guard !allowed.isEmpty else {
      errorHandler?(
        UISceneError(
          .geometryRequestUnsupported,
          failureReason: "None of the requested orientations is supported by the view controller."))
      return
    }
    guard !allowed._contains(interfaceOrientation), let target = app._orientation(among: allowed, in: window) else {
      return
    }
    app._rotateInterface(to: target, windows: windows, animated: true)
  }

  /// A scene's geometry, as ``effectiveGeometry`` reports it.
  @preconcurrency @MainActor
  public final class Geometry: NSObject, NSCopying {
    /// The scene's frame in the system's coordinates (the screen's).
    public let systemFrame: CGRect
    /// The orientation of the scene's interface.
    public let interfaceOrientation: UIInterfaceOrientation
    /// The scene's coordinate space.
    public let coordinateSpace: any UICoordinateSpace
    /// Whether the user is resizing the scene (never: hosts resize at once).
    public var isInteractivelyResizing: Bool { false }

    init(systemFrame: CGRect, interfaceOrientation: UIInterfaceOrientation, coordinateSpace: any UICoordinateSpace) {
      self.systemFrame = systemFrame
      self.interfaceOrientation = interfaceOrientation
      self.coordinateSpace = coordinateSpace
      super.init()
    }

    nonisolated public func copy(with zone: NSZone? = nil) -> Any { self }

    public override func isEqual(_ object: Any?) -> Bool {
      guard let other = object as? Geometry else { return false }
      return systemFrame == other.systemFrame && interfaceOrientation == other.interfaceOrientation
    }
  }

  /// What a scene asks its geometry to be (`requestGeometryUpdate(_:errorHandler:)`).
  @preconcurrency @MainActor
  open class GeometryPreferences: NSObject {
    override init() {
      super.init()
    }

    /// Preferences of an iPhone or iPad scene: the orientations its interface may take.
    @preconcurrency @MainActor
    open class iOS: GeometryPreferences {
      /// The orientations asked for.
      open var interfaceOrientations: UIInterfaceOrientationMask

      public init(interfaceOrientations: UIInterfaceOrientationMask) {
        self.interfaceOrientations = interfaceOrientations
        super.init()
      }
    }

    /// Preferences of a Mac Catalyst scene: its frame (a phone or tablet scene cannot take
    /// one: the request fails with `.geometryRequestUnsupported`).
    @preconcurrency @MainActor
    open class Mac: GeometryPreferences {
      open var systemFrame: CGRect

      public init(systemFrame: CGRect) {
        self.systemFrame = systemFrame
        super.init()
      }
    }
  }
}
