import UIKit

/// A row of the person form: a label on the left and its rounded-rect text field, both at
/// their own heights, centred in the row (a 34-point field in a 44-point row on an iPhone). The
/// form configures the label's text and the field.
class PersonFieldCell: UITableViewCell {
  let label = UILabel()
  let field = UITextField(frame: .zero)

  override init(style: CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    // The field takes the taps; a tap elsewhere in the row ends editing (the form's rows are
    // not selectable).
    selectionStyle = .none
    field.borderStyle = .roundedRect
    field.clearButtonMode = .whileEditing
    for view in [label, field] as [UIView] {
      view.translatesAutoresizingMaskIntoConstraints = false
      contentView.addSubview(view)
    }
    // As wide as the field can be up to 320 points, at least 80.
    let preferredWidth = field.widthAnchor.constraint(equalToConstant: 320)
    preferredWidth.priority = UILayoutPriority(700)
    NSLayoutConstraint.activate([
      label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
      label.trailingAnchor.constraint(equalTo: field.leadingAnchor, constant: -8),
      label.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
      field.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 88),
      field.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
      field.widthAnchor.constraint(greaterThanOrEqualToConstant: 80),
      field.widthAnchor.constraint(lessThanOrEqualToConstant: 320),
      field.trailingAnchor.constraint(lessThanOrEqualTo: contentView.trailingAnchor, constant: -16),
      preferredWidth,
    ])
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }
}

/// The notes' row: a text view four lines tall, as wide as the fields' rows reach.
class PersonNotesCell: UITableViewCell {
  let notesView = UITextView(frame: .zero)

  override init(style: CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    selectionStyle = .none
    // A system grey, so that the notes stay legible in dark appearance too.
    notesView.backgroundColor = .systemGray6
    notesView.font = .systemFont(ofSize: 15)
    // iOS 16's find and replace in the notes: ⌘F, ⌥⌘F, ⌘G.
    notesView.isFindInteractionEnabled = true
    notesView.translatesAutoresizingMaskIntoConstraints = false
    contentView.addSubview(notesView)
    let preferredWidth = notesView.widthAnchor.constraint(equalToConstant: 392)
    preferredWidth.priority = UILayoutPriority(700)
    NSLayoutConstraint.activate([
      notesView.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
      notesView.trailingAnchor.constraint(lessThanOrEqualTo: contentView.trailingAnchor, constant: -16),
      notesView.topAnchor.constraint(equalTo: contentView.topAnchor),
      notesView.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
      preferredWidth,
    ])
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }
}

/// A preference's row: a label on the left, a control (a segmented control, a stepper with its
/// value, a switch) after it, centred in the row, placed with Auto Layout as the field rows
/// are. The control keeps its own size (a switch is 51 × 31 points, a stepper 94 × 32).
class PersonPreferenceCell: UITableViewCell {
  let label = UILabel()
  private(set) var control: UIControl?
  /// A value shown beside the control (the stepper's count), if any.
  private(set) var valueLabel: UILabel?

  override init(style: CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    selectionStyle = .none
  }

  convenience init(title: String, control: UIControl, showsValue: Bool = false) {
    self.init(style: .default, reuseIdentifier: nil)
    self.control = control
    label.text = title
    var views: [UIView] = [label, control]
    if showsValue {
      let valueLabel = UILabel()
      self.valueLabel = valueLabel
      views.append(valueLabel)
    }
    for view in views {
      view.translatesAutoresizingMaskIntoConstraints = false
      contentView.addSubview(view)
    }
    var constraints = [
      label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
      label.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
      control.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 120),
      control.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
      control.trailingAnchor.constraint(lessThanOrEqualTo: contentView.trailingAnchor, constant: -16),
    ]
    if let valueLabel {
      constraints += [
        valueLabel.leadingAnchor.constraint(equalTo: control.trailingAnchor, constant: 16),
        valueLabel.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
      ]
    }
    NSLayoutConstraint.activate(constraints)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }
}
