import Foundation

/// Where an animation ended: at its end values, back at its start, or where it was when stopped.
public enum UIViewAnimatingPosition: Int, Sendable {
  case end = 0
  case start = 1
  case current = 2
}
