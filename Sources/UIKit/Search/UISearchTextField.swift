import Foundation
import TextEditing

/// A search bar's text field: a text field with a magnifying glass at the left, a clear button
/// while editing, the Search return key, and tokens before the text.
///
/// The tokens are kept apart from the text: `text` is the textual part only, and
/// ``textualRange`` covers all of it. Backspace with the caret at the start of the text
/// removes the last token (when ``allowsDeletingTokens``), as on iOS where the first
/// Backspace selects it and the second deletes it.
@preconcurrency @MainActor
open class UISearchTextField: UITextField {
  public override init(frame: CGRect) {
    super.init(frame: frame)
    _configure()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    _configure()
  }

  private func _configure() {
    borderStyle = .roundedRect
    clearButtonMode = .whileEditing
    returnKeyType = .search
    enablesReturnKeyAutomatically = true
    autocorrectionType = .no
    let glass = UIImageView(image: UIImage(systemName: "magnifyingglass"))
    glass.tintColor = .systemGray
    glass.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
    leftView = glass
    leftViewMode = .always
  }

  /// The tokens, in order, before the text.
  open var tokens: [UISearchToken] = [] {
    didSet { setNeedsLayout(); setNeedsDisplay() }
  }

  /// The tokens' background colour (nil: the tint colour, light).
  open var tokenBackgroundColor: UIColor?
  /// Whether Backspace can delete tokens.
  open var allowsDeletingTokens = true
  /// Whether copying copies tokens (kept for source compatibility: the pasteboard holds text).
  open var allowsCopyingTokens = true

  /// Inserts `token` at `tokenIndex` (0...tokens.count).
  open func insertToken(_ token: UISearchToken, at tokenIndex: Int) {
    precondition((0...tokens.count).contains(tokenIndex), "UISearchTextField.insertToken: index \(tokenIndex) is out of 0...\(tokens.count)")
    tokens.insert(token, at: tokenIndex)
  }

  /// Removes the token at `tokenIndex`.
  open func removeToken(at tokenIndex: Int) {
    precondition(tokens.indices.contains(tokenIndex), "UISearchTextField.removeToken: index \(tokenIndex) is out of 0..<\(tokens.count)")
    tokens.remove(at: tokenIndex)
  }

  /// Replaces the text in `range` with `token`, inserted at `tokenIndex` (the app turns typed
  /// words into a token this way).
  open func replaceTextualPortion(of range: UITextRange, with token: UISearchToken, at tokenIndex: Int) {
    replace(range, withText: "")
    insertToken(token, at: tokenIndex)
  }

  /// The range of the text, without the tokens (all of `text`).
  open var textualRange: UITextRange {
    textRange(from: beginningOfDocument, to: endOfDocument)!
  }

  /// Removes the last token when the caret is at the start of the text and nothing is
  /// selected.
  open override func deleteBackward() {
    if allowsDeletingTokens, !tokens.isEmpty, let selection = selectedTextRange, selection.isEmpty,
      offset(from: beginningOfDocument, to: selection.start) == 0
    {
      tokens.removeLast()
      sendActions(for: .editingChanged)
      return
    }
    super.deleteBackward()
  }

  // MARK: Geometry

  private var _measurer: any TextMeasuring {
    window?.textMeasurer ?? UIApplication.shared.keyWindow?.textMeasurer ?? ProportionalTextMeasurer()
  }

  /// Each token's chip width: its label and a space at each side.
  private var _tokenWidths: [CGFloat] {
    let font = font ?? .systemFont(ofSize: 17)
    let space = _measurer.size(of: " ", font: font).width
    return tokens.map { _measurer.size(of: $0._label, font: font).width + 2 * space }
  }

  /// How much of the text's room the tokens take (chips and a space after each).
  private var _tokensWidth: CGFloat {
    guard !tokens.isEmpty else { return 0 }
    let space = _measurer.size(of: " ", font: font ?? .systemFont(ofSize: 17)).width
    return _tokenWidths.reduce(0) { $0 + $1 + space }
  }

  private func _afterTokens(_ rect: CGRect) -> CGRect {
    let shift = min(_tokensWidth, rect.width)
    return CGRect(x: rect.minX + shift, y: rect.minY, width: rect.width - shift, height: rect.height)
  }

  /// The magnifying glass sits 8 points in from the field's rounded edge (one cell in a
  /// terminal, so that the edge stays visible).
  open override func leftViewRect(forBounds bounds: CGRect) -> CGRect {
    super.leftViewRect(forBounds: bounds).offsetBy(dx: 8, dy: 0)
  }

  open override func textRect(forBounds bounds: CGRect) -> CGRect { _afterTokens(super.textRect(forBounds: bounds)) }
  open override func editingRect(forBounds bounds: CGRect) -> CGRect { _afterTokens(super.editingRect(forBounds: bounds)) }
  open override func placeholderRect(forBounds bounds: CGRect) -> CGRect {
    tokens.isEmpty ? super.placeholderRect(forBounds: bounds) : .zero
  }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    super._draw(in: rect, clip: clip, alpha: alpha, into: &list)
    guard !tokens.isEmpty else { return }
    let font = font ?? .systemFont(ofSize: 17)
    let space = _measurer.size(of: " ", font: font).width
    let start = super.editingRect(forBounds: bounds)
    var x = rect.minX + start.minX - bounds.minX
    let y = rect.minY + start.minY - bounds.minY
    for (token, width) in zip(tokens, _tokenWidths) {
      let chip = CGRect(x: x, y: y, width: width, height: start.height)
      list.append(DisplayItem(frame: chip, clip: clip, content: .fill(tokenBackgroundColor ?? .systemGray4), alpha: alpha))
      let run = TextRun(string: token._label, font: font, color: .black, alignment: .center)
      list.append(DisplayItem(frame: chip, clip: clip, content: .text(run), alpha: alpha))
      x += width + space
    }
  }
}
