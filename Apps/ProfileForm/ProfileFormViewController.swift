import Foundation
import UIKit

/// A form as a current Xcode project writes it: an inset-grouped list (a collection view with
/// a list layout) fed by a diffable data source, with cell registrations for a name and an
/// e-mail field, a newsletter switch, a segmented choice of how to be contacted, and notes that
/// grow as they are typed.
///
/// The e-mail is validated as it is typed: while it is not a valid address, a row below it
/// says so (the snapshot gains and loses that row; the field's cell, and the focus, stay). The
/// Save button is enabled while the name is filled in and the e-mail valid; saving keeps a copy
/// of the profile and counts it in the title. Return moves from the name to the e-mail and on
/// to the notes. The collection view controller keeps the field being edited above the
/// keyboard.
class ProfileFormViewController: UICollectionViewController, UITextFieldDelegate, UITextViewDelegate {
  enum Section: Hashable, Sendable {
    case profile, preferences, notes
  }

  enum Item: Hashable, Sendable {
    case name, email, emailProblem, newsletter, contactBy, notes
  }

  /// The profile being edited.
  struct Profile: Codable, Equatable {
    var name = ""
    var email = ""
    var newsletter = false
    var contactBy = "E-mail"
    var notes = ""
  }

  private(set) var profile = Profile()
  /// The profiles saved with the Save button, oldest first.
  private(set) var savedProfiles: [Profile] = []

  private var dataSource: UICollectionViewDiffableDataSource<Section, Item>!
  private lazy var saveButton = UIBarButtonItem(
    systemItem: .save, primaryAction: UIAction { [unowned self] _ in save() })

  init() {
    var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
    configuration.headerMode = .supplementary
    super.init(collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "New Profile"
    navigationItem.rightBarButtonItem = saveButton
    collectionView.keyboardDismissMode = .interactive
    configureDataSource()
    applySnapshot(animatingDifferences: false)
    updateSaveButton()
  }

  // MARK: Cells

  private func configureDataSource() {
    let textCell = UICollectionView.CellRegistration<TextFieldCell, Item> { [unowned self] cell, _, item in
      cell.field.delegate = self
      cell.field.removeTarget(nil, action: nil, for: .editingChanged)
      switch item {
      case .name:
        cell.caption.text = "Name"
        cell.field.placeholder = "Jane Appleseed"
        cell.field.text = profile.name
        cell.field.textContentType = .name
        cell.field.autocapitalizationType = .words
        cell.field.returnKeyType = .next
        cell.field.tag = 1
        cell.field.accessibilityIdentifier = "name"
        cell.field.addTarget(self, action: ProfileFormViewController.nameChanged, for: .editingChanged)
      default:
        cell.caption.text = "E-mail"
        cell.field.placeholder = "jane@example.com"
        cell.field.text = profile.email
        cell.field.keyboardType = .emailAddress
        cell.field.textContentType = .emailAddress
        cell.field.autocapitalizationType = .none
        cell.field.autocorrectionType = .no
        cell.field.returnKeyType = .next
        cell.field.tag = 2
        cell.field.accessibilityIdentifier = "email"
        cell.field.addTarget(self, action: ProfileFormViewController.emailChanged, for: .editingChanged)
      }
    }
    let problemCell = UICollectionView.CellRegistration<UICollectionViewListCell, Item> { cell, _, _ in
      var content = cell.defaultContentConfiguration()
      content.text = "Enter an address such as jane@example.com"
      content.textProperties.color = .systemRed
      content.textProperties.font = .preferredFont(forTextStyle: .footnote)
      cell.contentConfiguration = content
    }
    let switchCell = UICollectionView.CellRegistration<UICollectionViewListCell, Item> { [unowned self] cell, _, _ in
      var content = cell.defaultContentConfiguration()
      content.text = "Newsletter"
      cell.contentConfiguration = content
      let toggle = UISwitch()
      toggle.accessibilityIdentifier = "newsletter"
      toggle.isOn = profile.newsletter
      toggle.addAction(
        UIAction { [unowned self, unowned toggle] _ in profile.newsletter = toggle.isOn }, for: .valueChanged)
      cell.accessories = [.customView(configuration: .init(customView: toggle, placement: .trailing()))]
    }
    let segmentedCell = UICollectionView.CellRegistration<SegmentedCell, Item> { [unowned self] cell, _, _ in
      let titles = ["E-mail", "Phone", "Don't"]
      cell.control.selectedSegmentIndex = titles.firstIndex(of: profile.contactBy) ?? 0
      cell.control.removeTarget(nil, action: nil, for: .valueChanged)
      cell.control.addAction(
        UIAction { [unowned self, unowned cell] _ in
          profile.contactBy = titles[max(0, cell.control.selectedSegmentIndex)]
        }, for: .valueChanged)
    }
    let notesCell = UICollectionView.CellRegistration<NotesCell, Item> { [unowned self] cell, _, _ in
      cell.textView.delegate = self
      cell.textView.accessibilityIdentifier = "notes"
      cell.textView.text = profile.notes
    }
    let header = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
      elementKind: UICollectionView.elementKindSectionHeader
    ) { [unowned self] view, _, indexPath in
      var content = UIListContentConfiguration.groupedHeader()
      switch dataSource.sectionIdentifier(for: indexPath.section) {
      case .profile: content.text = "PROFILE"
      case .preferences: content.text = "PREFERENCES"
      case .notes, nil: content.text = "NOTES"
      }
      view.contentConfiguration = content
    }

    dataSource = UICollectionViewDiffableDataSource<Section, Item>(collectionView: collectionView) {
      collectionView, indexPath, item in
      switch item {
      case .name, .email:
        collectionView.dequeueConfiguredReusableCell(using: textCell, for: indexPath, item: item)
      case .emailProblem:
        collectionView.dequeueConfiguredReusableCell(using: problemCell, for: indexPath, item: item)
      case .newsletter:
        collectionView.dequeueConfiguredReusableCell(using: switchCell, for: indexPath, item: item)
      case .contactBy:
        collectionView.dequeueConfiguredReusableCell(using: segmentedCell, for: indexPath, item: item)
      case .notes:
        collectionView.dequeueConfiguredReusableCell(using: notesCell, for: indexPath, item: item)
      }
    }
    dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
      collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
    }
  }

  /// The rows as the profile stands: the e-mail's problem row shows while the address is
  /// filled in but not valid.
  private func applySnapshot(animatingDifferences: Bool = true) {
    var snapshot = NSDiffableDataSourceSnapshot<Section, Item>()
    snapshot.appendSections([.profile, .preferences, .notes])
    snapshot.appendItems([.name, .email], toSection: .profile)
    if !profile.email.isEmpty && !Self.isValidEmail(profile.email) {
      snapshot.appendItems([.emailProblem], toSection: .profile)
    }
    snapshot.appendItems([.newsletter, .contactBy], toSection: .preferences)
    snapshot.appendItems([.notes], toSection: .notes)
    dataSource.apply(snapshot, animatingDifferences: animatingDifferences)
  }

  // MARK: Validation

  /// Whether `email` looks like an address: a local part, an @, and a domain with a dot.
  static func isValidEmail(_ email: String) -> Bool {
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !email.contains(where: \.isWhitespace) else { return false }
    let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
  }

  var canSave: Bool {
    !profile.name.trimmingCharacters(in: .whitespaces).isEmpty && Self.isValidEmail(profile.email)
  }

  private func updateSaveButton() {
    saveButton.isEnabled = canSave
  }

  func nameChanged(_ sender: UITextField) {
    profile.name = sender.text ?? ""
    updateSaveButton()
  }

  func emailChanged(_ sender: UITextField) {
    profile.email = sender.text ?? ""
    updateSaveButton()
    applySnapshot()
  }

  // MARK: Saving

  func save() {
    view.endEditing(true)
    guard canSave else { return }
    savedProfiles.append(profile)
    title = "Saved \(savedProfiles.count)"
  }

  func savedProfilesJSON() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(savedProfiles) else { return "[]" }
    return String(decoding: data, as: UTF8.self)
  }

  // MARK: UITextFieldDelegate

  /// Return goes on: from the name to the e-mail, from the e-mail to the notes.
  func textFieldShouldReturn(_ textField: UITextField) -> Bool {
    let next: Item = textField.tag == 1 ? .email : .notes
    guard let indexPath = dataSource.indexPath(for: next) else { return true }
    // Without animation: the next row's cell must be on screen to take the focus now.
    collectionView.scrollToItem(at: indexPath, at: [], animated: false)
    collectionView.layoutIfNeeded()
    switch collectionView.cellForItem(at: indexPath) {
    case let cell as TextFieldCell: cell.field.becomeFirstResponder()
    case let cell as NotesCell: cell.textView.becomeFirstResponder()
    default: textField.resignFirstResponder()
    }
    return false
  }

  // MARK: UITextViewDelegate

  func textViewDidChange(_ textView: UITextView) {
    profile.notes = textView.text
  }

  // MARK: UICollectionViewDelegate

  /// Rows are not selected: a tap on a row's text field edits it.
  override func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    false
  }

  override func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    false
  }
}
