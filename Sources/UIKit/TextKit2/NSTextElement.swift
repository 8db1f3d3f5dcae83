import Foundation

/// A piece of a document's content (a paragraph, for a content storage), with the range of the
/// document it stands for. Elements are what layout fragments lay out.
open class NSTextElement: NSObject {
  /// The content manager whose document holds the element (nil for an element not yet placed).
  open weak var textContentManager: NSTextContentManager?

  /// The part of the document the element stands for.
  open var elementRange: NSTextRange?

  /// An element of `textContentManager`'s document, its range set by the manager.
  public init(textContentManager: NSTextContentManager?) {
    self.textContentManager = textContentManager
    super.init()
  }

  /// The elements nested in this one (a content storage's paragraphs have none).
  open var childElements: [NSTextElement] { _childElements }

  /// The element this one is nested in.
  open internal(set) weak var parent: NSTextElement?

  /// Whether the element stands for content of its own (a leaf): an element with children
  /// stands for them.
  open var isRepresentedElement: Bool { childElements.isEmpty }

  var _childElements: [NSTextElement] = []
}
