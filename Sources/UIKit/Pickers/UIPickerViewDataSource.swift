import Foundation

/// The object that tells a picker view how many components (wheels) it has and how many rows
/// each has. Both methods are required, as on iOS.
@preconcurrency @MainActor
public protocol UIPickerViewDataSource: NSObjectProtocol {
  /// The number of components (columns) the picker view shows.
  func numberOfComponents(in pickerView: UIPickerView) -> Int
  /// The number of rows of `component`.
  func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int
}

