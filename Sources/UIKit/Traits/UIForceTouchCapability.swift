/// Whether the device can measure a touch's force (3D Touch). No host here can.
public enum UIForceTouchCapability: Int, Sendable, Hashable {
  case unknown = 0
  case unavailable = 1
  case available = 2
}
