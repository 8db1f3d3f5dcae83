import Foundation
import Testing
import UIKit
import UIKitTesting

@MainActor @Suite struct RefreshControlTests {
  /// A scroll view of short content under a 600-point-tall frame, its insets its own.
  private func setUp() -> (HeadlessHost, UIScrollView, UIRefreshControl) {
    let controller = UIViewController()
    let scrollView = UIScrollView(frame: CGRect(x: 0, y: 100, width: 390, height: 600))
    scrollView.contentInsetAdjustmentBehavior = .never
    scrollView.contentSize = CGSize(width: 390, height: 300)
    let refresh = UIRefreshControl()
    scrollView.refreshControl = refresh
    controller.view.addSubview(scrollView)
    return (HeadlessHost(rootViewController: controller), scrollView, refresh)
  }

  @Test func pullingPastTheControlRefreshesWhileTheFingerIsDown() {
    let (host, scrollView, refresh) = setUp()
    var events: [String] = []
    refresh.addAction(UIAction { _ in events.append("valueChanged refreshing=\(refresh.isRefreshing)") }, for: .valueChanged)
    #expect(refresh.superview === scrollView && scrollView.subviews.first === refresh)
    #expect(refresh.frame == CGRect(x: 0, y: -60, width: 390, height: 60))
    // The content moves half as far as the finger past its top: 300 points pull it 150
    // (past the 119 points a 600-point scroll view needs).
    host.touchDown(at: CGPoint(x: 200, y: 200))
    host.moveTouch(to: CGPoint(x: 200, y: 300))
    #expect(events.isEmpty && !refresh.isRefreshing, "50 points are not enough")
    host.moveTouch(to: CGPoint(x: 200, y: 500))
    #expect(events == ["valueChanged refreshing=true"], "sent before the finger lifts")
    #expect(scrollView.adjustedContentInset.top == 60 && scrollView.contentInset.top == 0)
    host.moveTouch(to: CGPoint(x: 200, y: 520))
    host.liftTouch(at: CGPoint(x: 200, y: 520))
    host.settle()
    #expect(events.count == 1, "one pull, one refresh")
    #expect(scrollView.contentOffset.y == -60, "the content rests under the spinning control")
    #expect(host.screen().contains { "⣷⣯⣟⡿⢿⣻⣽⣾".contains($0) })

    refresh.endRefreshing()
    host.settle()
    #expect(!refresh.isRefreshing)
    #expect(scrollView.adjustedContentInset.top == 0 && scrollView.contentOffset.y == 0)
  }

  @Test func aShortPullSpringsBackWithoutRefreshing() {
    let (host, scrollView, refresh) = setUp()
    var changes = 0
    refresh.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
    host.drag(from: CGPoint(x: 200, y: 200), to: CGPoint(x: 200, y: 400))
    host.settle()
    #expect(changes == 0 && !refresh.isRefreshing)
    #expect(scrollView.contentOffset.y == 0)
    #expect(refresh.isHidden, "concealed again once the content is back")
  }

  @Test func beginRefreshingSendsNothingAndNeedsAWindow() {
    let loose = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
    let refreshOutside = UIRefreshControl()
    loose.refreshControl = refreshOutside
    refreshOutside.beginRefreshing()
    #expect(!refreshOutside.isRefreshing)

    let (host, scrollView, refresh) = setUp()
    var changes = 0
    refresh.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
    refresh.beginRefreshing()
    #expect(refresh.isRefreshing && changes == 0)
    #expect(scrollView.adjustedContentInset.top == 60)
    #expect(scrollView.contentOffset.y == 0, "beginRefreshing does not scroll")
    withExtendedLifetime(host) {}
  }

  @Test func aTableViewControllersRefreshControlWithAPrimaryAction() {
    final class Feed: UITableViewController {
      var reloads = 0
      override func viewDidLoad() {
        super.viewDidLoad()
        refreshControl = UIRefreshControl(frame: .zero, primaryAction: UIAction { [unowned self] _ in
          self.reloads += 1
          self.refreshControl?.endRefreshing()
        })
      }
      override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
      override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
      }
    }
    let feed = Feed()
    let host = HeadlessHost(rootViewController: feed)
    #expect(feed.tableView.refreshControl === feed.refreshControl)
    let top = feed.tableView.adjustedContentInset.top
    host.drag(from: CGPoint(x: 200, y: 200), to: CGPoint(x: 200, y: 700), steps: 5)
    host.settle()
    #expect(feed.reloads == 1)
    #expect(feed.tableView.contentOffset.y == -top)
  }

  @Test func replacingTheControlTakesTheOldOneOut() {
    let (host, scrollView, refresh) = setUp()
    defer { withExtendedLifetime(host) {} }
    refresh.beginRefreshing()
    let other = UIRefreshControl()
    scrollView.refreshControl = other
    #expect(refresh.superview == nil && !refresh.isRefreshing)
    #expect(scrollView.adjustedContentInset.top == 0)
    scrollView.refreshControl = nil
    #expect(other.superview == nil)
  }
}
