import UIKit

/// A cell's bottom constraint at 999, as iOS projects write it: while the cell still has its
/// estimated height, the content's own height wins instead of the constraint engine breaking
/// one of them (and logging it).
@MainActor private func bottom(_ constraint: NSLayoutConstraint) -> NSLayoutConstraint {
  constraint.priority = UILayoutPriority(999)
  return constraint
}

/// A list cell holding a text field under a small caption, laid out with Auto Layout as in an
/// Xcode project's form.
class TextFieldCell: UICollectionViewListCell {
  let caption = UILabel()
  let field = UITextField()

  override init(frame: CGRect) {
    super.init(frame: frame)
    caption.font = .preferredFont(forTextStyle: .caption1)
    caption.textColor = .secondaryLabel
    field.font = .preferredFont(forTextStyle: .body)
    field.clearButtonMode = .whileEditing
    let stack = UIStackView(arrangedSubviews: [caption, field])
    stack.axis = .vertical
    stack.spacing = 2
    stack.translatesAutoresizingMaskIntoConstraints = false
    contentView.addSubview(stack)
    NSLayoutConstraint.activate([
      stack.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
      stack.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
      stack.topAnchor.constraint(equalTo: contentView.layoutMarginsGuide.topAnchor),
      bottom(stack.bottomAnchor.constraint(equalTo: contentView.layoutMarginsGuide.bottomAnchor)),
    ])
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    field.delegate = nil
    field.removeTarget(nil, action: nil, for: .allEvents)
  }
}

/// A list cell with a segmented control filling it.
class SegmentedCell: UICollectionViewListCell {
  let control = UISegmentedControl(items: ["E-mail", "Phone", "Don't"])

  override init(frame: CGRect) {
    super.init(frame: frame)
    control.accessibilityIdentifier = "contactBy"
    control.translatesAutoresizingMaskIntoConstraints = false
    contentView.addSubview(control)
    NSLayoutConstraint.activate([
      control.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
      control.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
      control.topAnchor.constraint(equalTo: contentView.layoutMarginsGuide.topAnchor),
      bottom(control.bottomAnchor.constraint(equalTo: contentView.layoutMarginsGuide.bottomAnchor)),
    ])
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }
}

/// A list cell with a text view that grows with its text (scrolling off), so the cell grows
/// as the user types: the collection view resizes it (self-sizing invalidation, iOS 16).
class NotesCell: UICollectionViewListCell {
  let textView = UITextView()

  override init(frame: CGRect) {
    super.init(frame: frame)
    textView.isScrollEnabled = false
    textView.font = .preferredFont(forTextStyle: .body)
    textView.backgroundColor = .clear
    textView.translatesAutoresizingMaskIntoConstraints = false
    contentView.addSubview(textView)
    NSLayoutConstraint.activate([
      textView.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
      textView.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
      textView.topAnchor.constraint(equalTo: contentView.layoutMarginsGuide.topAnchor),
      bottom(textView.bottomAnchor.constraint(equalTo: contentView.layoutMarginsGuide.bottomAnchor)),
      textView.heightAnchor.constraint(greaterThanOrEqualToConstant: 44),
    ])
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }
}
