#if Pixels
import Foundation
import Testing
import UIKit
import UIKitTesting
@testable import UIKitPixels

/// Collection views drawn in pixels: a sideways-scrolling section's cards, scrolled, and an
/// item's context menu.
@MainActor
@Suite("CollectionViewPixelTests", .serialized)
struct CollectionViewPixelTests {
  let colours: [UIColor] = [.systemRed, .systemGreen, .systemBlue, .systemOrange, .systemPurple, .systemTeal]

  @Test func aSidewaysSectionsCardsAreDrawnWhereItsOffsetPutsThem() throws {
    let controller = UIViewController()
    controller.view.backgroundColor = .white
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844), measuresTextWithFonts: true)
    let item = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    let group = NSCollectionLayoutGroup.horizontal(
      layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(150), heightDimension: .absolute(100)), subitems: [item])
    let section = NSCollectionLayoutSection(group: group)
    section.orthogonalScrollingBehavior = .continuous
    section.interGroupSpacing = 10
    section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)
    let cv = UICollectionView(
      frame: CGRect(x: 0, y: 100, width: 390, height: 300), collectionViewLayout: UICollectionViewCompositionalLayout(section: section))
    cv.backgroundColor = .white
    controller.view.addSubview(cv)
    let colours = self.colours
    let card = UICollectionView.CellRegistration<UICollectionViewCell, Int> { cell, _, number in
      cell.contentView.backgroundColor = colours[number % colours.count]
    }
    let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: cv) { view, indexPath, number in
      view.dequeueConfiguredReusableCell(using: card, for: indexPath, item: number)
    }
    var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<6))
    dataSource.apply(snapshot, animatingDifferences: false)
    host.settle()
    var image = host.snapshotImage(scale: 2)
    // Cards 0 and 1 at 20 and 180 (window y 100 to 200); the gap between them is white.
    #expect(image.pixel(at: CGPoint(x: 95, y: 150)) == RGBA(colours[0]))
    #expect(image.pixel(at: CGPoint(x: 175, y: 150)) == RGBA.white)
    #expect(image.pixel(at: CGPoint(x: 255, y: 150)) == RGBA(colours[1]))
    // Scrolled 320 points sideways: card 2 (at 340) shows at 20, card 3 at 180.
    #expect(host.scrollWheel(at: CGPoint(x: 200, y: 150), by: CGPoint(x: 320, y: 0)))
    host.settle()
    image = host.snapshotImage(scale: 2)
    #expect(image.pixel(at: CGPoint(x: 95, y: 150)) == RGBA(colours[2]))
    #expect(image.pixel(at: CGPoint(x: 255, y: 150)) == RGBA(colours[3]))
    // Below the line, the collection view's background.
    #expect(image.pixel(at: CGPoint(x: 95, y: 250)) == RGBA.white)
    if let directory = ProcessInfo.processInfo.environment["UIKIT_PICTURES"] {
      try Data(PNGEncoder.encode(image)).write(to: URL(fileURLWithPath: directory).appendingPathComponent("orthogonal.png"))
    }
  }
}
#endif
