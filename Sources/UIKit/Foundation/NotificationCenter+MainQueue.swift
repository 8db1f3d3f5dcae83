// Observing notifications the ways iOS code does, in every host and test framework.
//
// iOS code observes the keyboard with
//
//     NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification,
//                                            object: nil, queue: .main) { note in … }
//
// On iOS, a notification posted on the main thread runs that block at once. Foundation on Linux
// decides "at once" by asking whether `OperationQueue.current` is the observer's queue, and
// otherwise adds the block to the queue and waits for the queue to finish. Under Swift Testing
// the main actor runs on a worker thread that drains the main dispatch queue (the main thread
// is parked in `dispatchMain()`), where `OperationQueue.current` is nil: Foundation enqueues the
// block behind the very job that is waiting for it, and the test hangs for ever.
//
// UIKit cannot change Foundation, but Swift's overload rules let it offer a better match:
// `queue: .main`, `queue: OperationQueue.main` and any non-optional queue pick the overload
// below (Foundation's takes an optional queue, which costs a conversion), which runs the block
// at once when the poster is on the observer's queue — including the main queue drained by a
// worker — and otherwise does what Foundation does. `queue: nil` and optional queues stay with
// Foundation, which runs their blocks on the posting thread, as iOS does.

import Dispatch
import Foundation

/// Marks the main dispatch queue, so that code running on it can tell wherever it runs: on the
/// main thread, or on the worker that drains the main queue once the main thread has called
/// `dispatchMain()` (Swift Testing's main actor).
private let mainQueueMarker: DispatchSpecificKey<UInt8> = {
  let key = DispatchSpecificKey<UInt8>()
  DispatchQueue.main.setSpecific(key: key, value: 1)
  return key
}()

extension OperationQueue {
  /// Whether a block for this queue runs at once for a poster running here: this queue is
  /// current, or this is the main queue and the poster runs on the main dispatch queue.
  var _runsBlocksInline: Bool {
    if OperationQueue.current === self { return true }
    return self === OperationQueue.main && _isOnMainQueue
  }

  /// Runs `block` as a notification center delivers to this queue: at once when the caller is
  /// on it, otherwise as an operation on it, waiting until it has run.
  func _deliver(_ block: @escaping @Sendable () -> Void) {
    if _runsBlocksInline {
      block()
    } else {
      addOperations([BlockOperation(block: block)], waitUntilFinished: true)
    }
  }
}

/// Whether the caller runs on the main dispatch queue (the main actor's executor on Linux),
/// whichever thread drains it.
package var _isOnMainQueue: Bool {
  Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueMarker) != nil
}

extension NotificationCenter {
  /// Adds an entry to the notification center to receive notifications that passed to the
  /// provided block, run on `queue`.
  ///
  /// Foundation's method, for a queue that is not optional (`.main`, `OperationQueue.main`, a
  /// queue of your own): the block runs at once when the notification is posted from `queue` —
  /// from the main actor for `.main`, under XCTest, Swift Testing and every host — and
  /// otherwise runs on `queue` while the poster waits, as on iOS. Remove the observer with
  /// `removeObserver(_:)` and the object returned.
  public func addObserver(
    forName name: NSNotification.Name?, object obj: Any?, queue: OperationQueue,
    using block: @escaping @Sendable (Notification) -> Void
  ) -> any NSObjectProtocol {
    addObserver(forName: name, object: obj, queue: nil as OperationQueue?) { note in
      // Delivered on `queue` while the poster waits: one thread at a time holds it.
      nonisolated(unsafe) let note = note
      queue._deliver { block(note) }
    }
  }
}

// MARK: - Method references in place of selectors

/// The observers registered with a method reference, by notification center: what
/// `removeObserver(_:)` and `removeObserver(_:name:object:)` remove besides Foundation's own.
private final class MethodObservers: @unchecked Sendable {
  struct Entry {
    weak var observer: AnyObject?
    let name: NSNotification.Name?
    let object: AnyObject?
    let token: any NSObjectProtocol
  }

  static let shared = MethodObservers()
  private let lock = NSLock()
  private var entries: [ObjectIdentifier: [Entry]] = [:]

  func add(_ entry: Entry, in center: NotificationCenter) {
    lock.lock()
    defer { lock.unlock() }
    entries[ObjectIdentifier(center), default: []].append(entry)
  }

  /// Takes out the entries of `observer` (or of observers that have gone away) that match.
  func remove(
    _ observer: AnyObject?, name: NSNotification.Name?, object: AnyObject?, in center: NotificationCenter
  ) -> [any NSObjectProtocol] {
    lock.lock()
    defer { lock.unlock() }
    var removed: [any NSObjectProtocol] = []
    entries[ObjectIdentifier(center)]?.removeAll { entry in
      let gone = entry.observer == nil
      let matches =
        observer != nil && entry.observer === observer
        && (name == nil || entry.name == name) && (object == nil || entry.object === object)
      if gone || matches { removed.append(entry.token) }
      return gone || matches
    }
    return removed
  }
}

/// Holds what a delivery needs across Foundation's `@Sendable` block; it is only called on the
/// main actor.
private final class MainActorDelivery: @unchecked Sendable {
  weak var observer: AnyObject?
  let call: @MainActor (AnyObject, Notification) -> Void
  init(observer: AnyObject, call: @escaping @MainActor (AnyObject, Notification) -> Void) {
    self.observer = observer
    self.call = call
  }
}

extension NotificationCenter {
  /// Adds an entry to the notification center to call `selector` on `observer` for each
  /// notification named `aName` (any name when nil) from `anObject` (any sender when nil).
  ///
  /// iOS's `addObserver(self, selector: #selector(keyboardWillShow(_:)), name: …, object: nil)`
  /// is written with a method reference named by its class: `addObserver(self, selector:
  /// FormController.keyboardWillShow, name: …, object: nil)` (`Self.keyboardWillShow` does not
  /// type-check against the observer's class). The observer is held weakly and stops receiving when it goes away,
  /// as on iOS 9 and later; `removeObserver(self)` removes it. The method runs on the main actor:
  /// at once for a notification posted there, and on the main queue while the poster waits for
  /// one posted from another thread (iOS would run it on that thread).
  @preconcurrency
  public func addObserver<Observer: AnyObject>(
    _ observer: Observer, selector: @escaping (Observer) -> @MainActor (Notification) -> Void,
    name aName: NSNotification.Name?, object anObject: Any?
  ) {
    nonisolated(unsafe) let selector = selector
    _addMethodObserver(observer, name: aName, object: anObject) { target, note in
      // The target is the observer the entry was made for.
      selector(target as! Observer)(note)
    }
  }

  /// Adds an entry to the notification center to call `selector`, a method that takes no
  /// argument, on `observer` (iOS's `#selector(keyboardWillHide)` for `@objc func
  /// keyboardWillHide()`). See ``addObserver(_:selector:name:object:)``.
  @preconcurrency
  public func addObserver<Observer: AnyObject>(
    _ observer: Observer, selector: @escaping (Observer) -> @MainActor () -> Void,
    name aName: NSNotification.Name?, object anObject: Any?
  ) {
    nonisolated(unsafe) let selector = selector
    _addMethodObserver(observer, name: aName, object: anObject) { target, _ in
      selector(target as! Observer)()
    }
  }

  private func _addMethodObserver(
    _ observer: AnyObject, name: NSNotification.Name?, object: Any?,
    call: @escaping @MainActor (AnyObject, Notification) -> Void
  ) {
    let delivery = MainActorDelivery(observer: observer, call: call)
    let token = addObserver(forName: name, object: object, queue: nil as OperationQueue?) {
      [weak self] note in
      guard let target = delivery.observer else {
        // The observer went away: iOS stops calling it; the entry goes too.
        if let self {
          for token in MethodObservers.shared.remove(nil, name: nil, object: nil, in: self) {
            self.removeObserver(token as Any)
          }
        }
        return
      }
      nonisolated(unsafe) let observer = target
      nonisolated(unsafe) let note = note
      OperationQueue.main._deliver {
        MainActor.assumeIsolated { delivery.call(observer, note) }
      }
    }
    MethodObservers.shared.add(
      .init(observer: observer, name: name, object: object.map { $0 as AnyObject }, token: token),
      in: self)
  }

  /// Removes all entries specifying `observer`: the tokens `addObserver(forName:object:queue:using:)`
  /// returned, and the observers added with a method reference.
  public func removeObserver(_ observer: AnyObject) {
    removeObserver(observer, name: nil, object: nil)
  }

  /// Removes the entries specifying `observer`, for notifications named `aName` (all names when
  /// nil) from `anObject` (all senders when nil).
  public func removeObserver(_ observer: AnyObject, name aName: NSNotification.Name?, object anObject: Any?) {
    for token in MethodObservers.shared.remove(
      observer, name: aName, object: anObject.map { $0 as AnyObject }, in: self)
    {
      removeObserver(token as Any)
    }
    removeObserver(observer as Any, name: aName, object: anObject)
  }
}

// MARK: - Notifications as an asynchronous sequence

extension NotificationCenter {
  /// Returns an asynchronous sequence of notifications produced by this center for a given
  /// notification name and optional source object.
  ///
  /// Foundation on Linux does not have it; this is Apple's. The sequence starts listening when
  /// it is made (a notification posted before the first `next()` is kept) and stops when it goes
  /// away.
  public func notifications(
    named name: Notification.Name, object: (any AnyObject & Sendable)? = nil
  ) -> NotificationCenter.Notifications {
    Notifications(center: self, name: name, object: object)
  }

  /// An asynchronous sequence of notifications generated by a notification center.
  public final class Notifications: AsyncSequence, @unchecked Sendable {
    public typealias Element = Notification

    private let center: NotificationCenter
    private let lock = NSLock()
    /// A notification handed from the posting thread to the waiting task, which alone uses it.
    private struct Handed: @unchecked Sendable { let note: Notification }

    private var buffer: [Notification] = []
    private var waiting: [(id: UInt64, continuation: CheckedContinuation<Handed?, Never>)] = []
    private var nextWaiter: UInt64 = 0
    private var token: (any NSObjectProtocol)?

    init(center: NotificationCenter, name: Notification.Name, object: AnyObject?) {
      self.center = center
      token = center.addObserver(forName: name, object: object, queue: nil as OperationQueue?) {
        [weak self] note in
        self?.receive(note)
      }
    }

    deinit {
      if let token { center.removeObserver(token as Any) }
    }

    private func receive(_ note: Notification) {
      lock.lock()
      if waiting.isEmpty {
        buffer.append(note)
        lock.unlock()
      } else {
        let waiter = waiting.removeFirst()
        lock.unlock()
        waiter.continuation.resume(returning: Handed(note: note))
      }
    }

    /// The next notification; nil once the waiting task is cancelled (the sequence ends, as
    /// Apple's does).
    fileprivate func next() async -> Notification? {
      let id = lock.withLock {
        defer { nextWaiter += 1 }
        return nextWaiter
      }
      let handed = await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Handed?, Never>) in
          lock.lock()
          if !buffer.isEmpty {
            let note = buffer.removeFirst()
            lock.unlock()
            continuation.resume(returning: Handed(note: note))
          } else if Task.isCancelled {
            lock.unlock()
            continuation.resume(returning: nil)
          } else {
            waiting.append((id, continuation))
            lock.unlock()
          }
        }
      } onCancel: {
        let waiter = lock.withLock {
          waiting.firstIndex { $0.id == id }.map { waiting.remove(at: $0) }
        }
        waiter?.continuation.resume(returning: nil)
      }
      return handed?.note
    }

    /// Creates the asynchronous iterator that produces elements of this asynchronous sequence.
    public func makeAsyncIterator() -> Iterator {
      Iterator(sequence: self)
    }

    /// The asynchronous iterator created by this asynchronous sequence.
    public struct Iterator: AsyncIteratorProtocol {
      public typealias Element = Notification
      let sequence: Notifications

      /// Asynchronously advances to the next element and returns it.
      public mutating func next() async -> Notification? {
        await sequence.next()
      }
    }
  }
}
