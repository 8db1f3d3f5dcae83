import Foundation
import Testing
import UIKit
import UIKitTesting

@MainActor
@Suite struct FontMetricsAndDynamicTypeTests {
  @Test func metricsScaleWithTheSize() {
    let font = UIFont.systemFont(ofSize: 17)
    #expect(abs(font.lineHeight - 17 * 2444 / 2048) < 0.001)
    #expect(font.ascender > 0 && font.descender < 0)
    #expect(font.capHeight < font.ascender && font.xHeight < font.capHeight)
    #expect(font.leading == 0)
    #expect(font.withSize(34).lineHeight == 2 * font.lineHeight)
    #expect(font.familyName == ".AppleSystemUIFont")
  }

  @Test func descriptorsCarryTraits() {
    let bold = UIFont.boldSystemFont(ofSize: 15)
    #expect(bold.fontDescriptor.symbolicTraits.contains(.traitBold))
    #expect(!UIFont.systemFont(ofSize: 15).fontDescriptor.symbolicTraits.contains(.traitBold))
    #expect(UIFont.italicSystemFont(ofSize: 15).fontDescriptor.symbolicTraits.contains(.traitItalic))
    #expect(UIFont.monospacedSystemFont(ofSize: 15, weight: .regular).fontDescriptor.symbolicTraits.contains(.traitMonoSpace))

    let regular = UIFont.systemFont(ofSize: 15)
    let descriptor = regular.fontDescriptor.withSymbolicTraits([.traitBold, .traitItalic])!
    let boldItalic = UIFont(descriptor: descriptor, size: 0)
    #expect(boldItalic.pointSize == 15)
    #expect(boldItalic.fontDescriptor.symbolicTraits.isSuperset(of: [.traitBold, .traitItalic]))
    let plainAgain = UIFont(descriptor: boldItalic.fontDescriptor.withSymbolicTraits([])!, size: 20)
    #expect(plainAgain.pointSize == 20)
    #expect(plainAgain.fontDescriptor.symbolicTraits.intersection([.traitBold, .traitItalic]).isEmpty)

    let helvetica = UIFont(descriptor: UIFontDescriptor(name: "Helvetica", size: 11), size: 0)
    #expect(helvetica.fontName == "Helvetica" && helvetica.pointSize == 11)
    #expect(UIFont.systemFont(ofSize: 12, weight: .heavy).fontDescriptor.symbolicTraits.contains(.traitBold))
  }

  @Test func preferredFontsHaveIOSSizesPerCategory() {
    #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 17)
    #expect(UIFont.preferredFont(forTextStyle: .headline).fontDescriptor.symbolicTraits.contains(.traitBold))
    let small = UITraitCollection(preferredContentSizeCategory: .extraSmall)
    let ax5 = UITraitCollection(preferredContentSizeCategory: .accessibilityExtraExtraExtraLarge)
    #expect(UIFont.preferredFont(forTextStyle: .body, compatibleWith: small).pointSize == 14)
    #expect(UIFont.preferredFont(forTextStyle: .body, compatibleWith: ax5).pointSize == 53)
    #expect(UIFont.preferredFont(forTextStyle: .largeTitle, compatibleWith: ax5).pointSize == 60)
    #expect(UIFont.preferredFont(forTextStyle: .caption2, compatibleWith: small).pointSize == 11)
    #expect(UIFont.preferredFont(forTextStyle: .footnote, compatibleWith: UITraitCollection(preferredContentSizeCategory: .extraLarge)).pointSize == 15)
    #expect(UIFontDescriptor.preferredFontDescriptor(withTextStyle: .title1).pointSize == 28)
  }

  @Test func contentSizeCategoriesCompareBySize() {
    #expect(UIContentSizeCategory.extraSmall < .large)
    #expect(UIContentSizeCategory.accessibilityMedium > .extraExtraExtraLarge)
    #expect(UIContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
    #expect(!UIContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
    #expect(UIContentSizeCategory.large.rawValue == "UICTContentSizeCategoryL")
  }

  @Test func fontMetricsScaleCustomFontsAndValues() {
    let custom = UIFont(name: "Avenir-Medium", size: 20)!
    let metrics = UIFontMetrics(forTextStyle: .title2)
    #expect(metrics.scaledFont(for: custom).pointSize == 20, "at Large, unchanged")
    let ax1 = UITraitCollection(preferredContentSizeCategory: .accessibilityMedium)
    #expect(metrics.scaledFont(for: custom, compatibleWith: ax1).pointSize == CGFloat(20) * 34 / 22)
    #expect(metrics.scaledFont(for: custom, maximumPointSize: 25, compatibleWith: ax1).pointSize == 25)
    #expect(metrics.scaledFont(for: custom).fontName == "Avenir-Medium")
    #expect(UIFontMetrics.default.scaledValue(for: 10, compatibleWith: ax1) == CGFloat(10) * 28 / 17)
    #expect(UIFontMetrics.default.scaledValue(for: 10) == 10)
  }

  @Test func adjustingViewsRescaleWhenTheCategoryChanges() {
    let label = UILabel()
    label.font = UIFont.preferredFont(forTextStyle: .body)
    label.adjustsFontForContentSizeCategory = true
    let fixed = UILabel()
    fixed.font = UIFont.preferredFont(forTextStyle: .body)
    let field = UITextField()
    field.font = UIFontMetrics(forTextStyle: .headline).scaledFont(for: UIFont(name: "Menlo", size: 10)!)
    field.adjustsFontForContentSizeCategory = true
    let textView = UITextView()
    textView.font = UIFont.preferredFont(forTextStyle: .caption1)
    textView.adjustsFontForContentSizeCategory = true
    let controller = UIViewController()
    controller.view = UIView()
    for view in [label, fixed, field, textView] { controller.view.addSubview(view) }
    let host = HeadlessHost(rootViewController: controller)
    final class Observer: NSObject, @unchecked Sendable {
      var notified: [UIContentSizeCategory] = []
    }
    let observer = Observer()
    let token = NotificationCenter.default.addObserver(
      forName: UIContentSizeCategory.didChangeNotification, object: nil, queue: nil
    ) { note in
      if let category = note.userInfo?[UIContentSizeCategory.newValueUserInfoKey] as? UIContentSizeCategory {
        observer.notified.append(category)
      }
    }
    defer {
      host.setPreferredContentSizeCategory(.large)
      NotificationCenter.default.removeObserver(token)
    }
    host.setPreferredContentSizeCategory(.extraExtraLarge)
    #expect(UIApplication.shared.preferredContentSizeCategory == .extraExtraLarge)
    #expect(observer.notified == [.extraExtraLarge])
    #expect(label.font.pointSize == 21)
    #expect(fixed.font.pointSize == 17, "without adjustsFontForContentSizeCategory the font stays")
    #expect(field.font?.pointSize == CGFloat(10) * 21 / 17)
    #expect(field.font?.fontName == "Menlo")
    #expect(textView.font?.pointSize == 16)
    #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 21, "new fonts are made at the new size")
    host.setPreferredContentSizeCategory(.large)
    #expect(label.font.pointSize == 17)
  }
}
