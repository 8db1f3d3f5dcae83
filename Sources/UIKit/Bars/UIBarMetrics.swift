/// The bar heights appearance images are given for (a segmented control's backgrounds and
/// dividers, a bar's background), with iOS's raw values.
public enum UIBarMetrics: Int, Sendable {
  /// A bar of the normal height.
  case `default` = 0
  /// A compact bar (an iPhone in landscape).
  case compact = 1
  /// A bar with a prompt above its title.
  case defaultPrompt = 101
  /// A compact bar with a prompt.
  case compactPrompt = 102

  @available(iOS, deprecated: 8.0, renamed: "compact")
  public static var landscapePhone: UIBarMetrics { .compact }
  @available(iOS, deprecated: 8.0, renamed: "compactPrompt")
  public static var landscapePhonePrompt: UIBarMetrics { .compactPrompt }
}
