import Foundation

/// A tappable button: a title and/or an image per control state; a tap sends
/// `.touchUpInside` and `.primaryActionTriggered`.
@preconcurrency @MainActor
open class UIButton: UIControl {
  /// Kinds of button.
  public enum ButtonType: Int, Sendable {
    case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close
    /// The rounded-rect style of old iOS, now `.system`.
    public static let roundedRect = ButtonType.system
  }

  /// The button's type.
  open private(set) var buttonType: ButtonType = .custom

  /// The menu the button shows: on a tap when ``UIControl/showsMenuAsPrimaryAction`` is true,
  /// else on a long press (half a second). Setting it turns
  /// ``UIControl/isContextMenuInteractionEnabled`` on (off for nil), as on iOS.
  open var menu: UIMenu? {
    didSet {
      isContextMenuInteractionEnabled = menu != nil
      _syncPopUpSelection()
    }
  }

  /// Whether the button tracks a selection: with a ``menu`` it is a pop-up button — one element
  /// of the menu is on (the first until one is chosen) and the button's title is that
  /// element's; without one, a tap toggles ``UIControl/isSelected``.
  open var changesSelectionAsPrimaryAction = false {
    didSet { _syncPopUpSelection() }
  }

  private var titles: [UInt: String] = [:]
  private var titleColors: [UInt: UIColor] = [:]
  private var images: [UInt: UIImage] = [:]
  private var attributedTitles: [UInt: NSAttributedString] = [:]

  /// The label that draws the title.
  open private(set) lazy var titleLabel: UILabel? = {
    let label = UILabel()
    label.textAlignment = .center
    // A button's title is the 15-point system font on iOS (a label's default is 17).
    label.font = .systemFont(ofSize: 15)
    return label
  }()

  /// The image view that draws the image.
  open private(set) lazy var imageView: UIImageView? = UIImageView()

  /// A button of `buttonType`.
  public convenience init(type buttonType: ButtonType) {
    self.init(frame: .zero)
    self.buttonType = buttonType
    if buttonType == .contactAdd { setTitle("+", for: .normal) }
    if buttonType == .close { setTitle("✕", for: .normal) }
    if buttonType == .infoLight || buttonType == .infoDark || buttonType == .detailDisclosure { setTitle("ⓘ", for: .normal) }
  }

  /// A system button whose primary action is `primaryAction`.
  public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
    self.init(type: buttonType)
    if let primaryAction {
      if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
      addAction(primaryAction, for: .primaryActionTriggered)
    }
  }

  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  /// Sets the title for a state (nil removes it; `.normal`'s is the fallback).
  open func setTitle(_ title: String?, for state: UIControl.State) {
    titles[state.rawValue] = title
    _updateContentViews()
    setNeedsLayout()
  }

  /// Sets the attributed title for a state; it wins over the plain title of any state.
  open func setAttributedTitle(_ title: NSAttributedString?, for state: UIControl.State) {
    attributedTitles[state.rawValue] = title
    _updateContentViews()
    setNeedsLayout()
  }

  /// The attributed title for a state.
  open func attributedTitle(for state: UIControl.State) -> NSAttributedString? {
    attributedTitles[state.rawValue] ?? attributedTitles[0]
  }

  /// The attributed title shown now.
  open var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }

  /// Keeps `titleLabel` and `imageView` showing what the current state shows, as iOS's button
  /// does: `button.titleLabel?.text` reads the current title after `setTitle(_:for:)`.
  private func _updateContentViews() {
    if let attributed = currentAttributedTitle {
      titleLabel?.attributedText = attributed
    } else {
      titleLabel?.text = currentTitle
      titleLabel?.textColor = currentTitleColor
    }
    imageView?.image = currentImage
    // The title and image size the button.
    invalidateIntrinsicContentSize()
  }

  open override var isHighlighted: Bool { didSet { if isHighlighted != oldValue { _updateContentViews() } } }
  open override var isEnabled: Bool { didSet { if isEnabled != oldValue { _updateContentViews() } } }
  open override var isSelected: Bool { didSet { if isSelected != oldValue { _updateContentViews() } } }

  /// The title for a state.
  open func title(for state: UIControl.State) -> String? { titles[state.rawValue] ?? titles[0] }

  /// Sets the title colour for a state.
  open func setTitleColor(_ color: UIColor?, for state: UIControl.State) {
    guard _appearanceSetterProceeds("titleColor:\(state.rawValue)") else { return }
    titleColors[state.rawValue] = color
    _updateContentViews()
  }

  /// The title colour for a state.
  open func titleColor(for state: UIControl.State) -> UIColor? {
    titleColors[state.rawValue] ?? titleColors[0] ?? (buttonType == .system ? tintColor : .white)
  }

  /// Sets the image for a state.
  open func setImage(_ image: UIImage?, for state: UIControl.State) {
    images[state.rawValue] = image
    _updateContentViews()
  }

  /// The image for a state.
  open func image(for state: UIControl.State) -> UIImage? { images[state.rawValue] ?? images[0] }

  /// The title shown now.
  open var currentTitle: String? { title(for: state) }
  /// The title colour used now.
  open var currentTitleColor: UIColor { titleColor(for: state) ?? tintColor }
  /// The image shown now.
  open var currentImage: UIImage? { image(for: state) }

  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    let measurer = window?.textMeasurer ?? ProportionalTextMeasurer()
    let font = titleLabel?.font ?? UIFont._defaultLabelFont
    let titleSize = (currentAttributedTitle?.string ?? currentTitle).map { measurer.size(of: $0, font: font) } ?? .zero
    let imageSize = currentImage?.size ?? .zero
    // iOS insets the title 6 points above and below and not at its sides ("Button" is 46 × 30);
    // a terminal keeps a column each side, where the button's brackets go.
    let sides: CGFloat = measurer.rowHeight == nil ? 0 : 16
    return CGSize(width: (titleSize.width + imageSize.width).rounded(.up) + sides, height: max(titleSize.height, imageSize.height) + 12)
  }

  open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

  override func _didTapInside(at point: CGPoint, event: UIEvent?) {
    if showsMenuAsPrimaryAction, menu != nil, isContextMenuInteractionEnabled {
      _sendActions(for: .menuActionTriggered, event: event)
      _showMenu()
      return
    }
    if changesSelectionAsPrimaryAction, menu == nil { isSelected.toggle() }
    _sendActions(for: .primaryActionTriggered, event: event)
  }

  // MARK: The menu

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    super.touchesBegan(touches, with: event)
    guard isEnabled, menu != nil, isContextMenuInteractionEnabled, !showsMenuAsPrimaryAction else { return }
    _armMenuLongPress { [weak self] in
      self?._sendActions(for: .menuActionTriggered, event: nil)
      self?._showMenu()
    }
  }

  private func _showMenu() {
    guard let menu, let window else { return }
    let tracksSelection = changesSelectionAsPrimaryAction
    window._presentContextMenu(
      menu, sender: self, sourceView: self, sourceRect: convert(bounds, to: nil),
      didChoose: tracksSelection
        ? { @MainActor [weak self] element in
          self?.menu?._selectOnly(element)
          self?._syncPopUpSelection()
        } : nil)
  }

  /// A pop-up button keeps one element on and shows its title.
  private func _syncPopUpSelection() {
    guard changesSelectionAsPrimaryAction, let menu else { return }
    let leaves = menu._leaves
    let isOn = { (leaf: UIMenuElement) in (leaf as? UIAction)?.state == .on || (leaf as? UICommand)?.state == .on }
    guard let on = leaves.first(where: isOn) ?? leaves.first else { return }
    menu._selectOnly(on)
    if title(for: .normal) != on.title { setTitle(on.title, for: .normal) }
  }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    let dim: CGFloat = isEnabled ? (isHighlighted ? 0.5 : 1) : 0.35
    var textRect = rect
    if let image = currentImage {
      // An image larger than the button is scaled down to fit it, keeping its aspect ratio (as
      // UIButton's image view is); a smaller one keeps its size.
      var size = image.size
      if size.width > rect.width || size.height > rect.height, size.width > 0, size.height > 0 {
        let factor = min(rect.width / size.width, rect.height / size.height)
        size = CGSize(width: size.width * factor, height: size.height * factor)
      }
      let imageRect = CGRect(
        x: currentTitle == nil ? rect.midX - size.width / 2 : rect.minX + 4, y: rect.midY - size.height / 2,
        width: size.width, height: size.height)
      list.append(DisplayItem(frame: imageRect, clip: clip, content: .image(image), alpha: alpha * dim))
      textRect = CGRect(x: imageRect.maxX, y: rect.minY, width: rect.maxX - imageRect.maxX, height: rect.height)
    }
    if let attributed = currentAttributedTitle, attributed.length > 0 {
      let attributes = attributed.attributes(at: 0, effectiveRange: nil)
      let font = attributes[.font] as? UIFont ?? titleLabel?.font ?? UIFont._defaultLabelFont
      let color = attributes[.foregroundColor] as? UIColor ?? currentTitleColor
      let run = TextRun(string: attributed.string, font: font, color: color, alignment: .center)
      list.append(DisplayItem(frame: textRect, clip: clip, content: .text(run), alpha: alpha * dim))
    } else if let title = currentTitle {
      let font = titleLabel?.font ?? UIFont._defaultLabelFont
      let run = TextRun(string: title, font: font, color: currentTitleColor, alignment: .center)
      list.append(DisplayItem(frame: textRect, clip: clip, content: .text(run), alpha: alpha * dim))
    }
  }
}
