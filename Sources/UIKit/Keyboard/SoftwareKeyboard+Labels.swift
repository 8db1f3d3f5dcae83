// The words on the keys: the Return key's label for each UIReturnKeyType and the space bar's, in
// English and Simplified Chinese. Seed 001: "返回键上的文字根据当前系统的语言环境决定" (the Return
// key's text follows the system language).

extension SoftwareKeyboard {
  /// The languages the key labels come in.
  package enum LabelLanguage: Hashable, Sendable {
    case english
    case simplifiedChinese

    /// Simplified Chinese for `zh` with the Hans script, or `zh` with no script outside Taiwan,
    /// Hong Kong and Macao; English for every other locale (other languages are not translated).
    package init(locale: Locale) {
      let language = locale.language
      guard language.languageCode?.identifier == "zh" else {
        self = .english
        return
      }
      if let script = language.script?.identifier {
        self = script == "Hans" ? .simplifiedChinese : .english
      } else if let region = locale.region?.identifier, ["TW", "HK", "MO"].contains(region) {
        self = .english
      } else {
        self = .simplifiedChinese
      }
    }
  }

  /// The Return key's label for this keyboard.
  package var returnKeyLabel: String {
    Self.returnKeyLabel(for: returnKeyType, keyboardType: keyboardType, locale: locale)
  }

  /// The Return key's label for a Return key type in the locale's language.
  ///
  /// | type          | English        | 简体中文 |
  /// |---------------|----------------|----------|
  /// | default       | return         | 换行     |
  /// | go            | Go             | 前往     |
  /// | google        | Search         | 搜索     |
  /// | join          | Join           | 加入     |
  /// | next          | Next           | 下一项   |
  /// | route         | Route          | 路线     |
  /// | search        | Search         | 搜索     |
  /// | send          | Send           | 发送     |
  /// | yahoo         | Search         | 搜索     |
  /// | done          | Done           | 完成     |
  /// | emergencyCall | Emergency Call | 紧急呼叫 |
  /// | continue      | Continue       | 继续     |
  ///
  /// Sources and choices:
  /// - The capitalisation is that of iOS 12's keyboards ("Done");
  ///   iOS 13 and later draw the same words in lower case ("done").
  /// - `google` and `yahoo`: Apple's old reference said the key reads "Google" / "Yahoo"; since
  ///   iPhone OS 4 the search button reads "Search" whatever the engine (iLounge, April 2010), so
  ///   both show "Search" / "搜索" here. Seed 001's table leaves the two out.
  /// - `emergencyCall` is not shown in seed 001; "Emergency Call" / "紧急呼叫" is our reading.
  /// - `webSearch` keyboards label a `.default` Return key "Go" / "前往" (blue), as iOS's web
  ///   search keyboard does.
  package static func returnKeyLabel(
    for returnKeyType: UIReturnKeyType,
    keyboardType: UIKeyboardType = .default,
    locale: Locale
  ) -> String {
    var type = returnKeyType
    if type == .default, keyboardType == .webSearch { type = .go }
    switch LabelLanguage(locale: locale) {
    case .english:
      switch type {
      case .default: return "return"
      case .go: return "Go"
      case .google, .search, .yahoo: return "Search"
      case .join: return "Join"
      case .next: return "Next"
      case .route: return "Route"
      case .send: return "Send"
      case .done: return "Done"
      case .emergencyCall: return "Emergency Call"
      case .continue: return "Continue"
      }
    case .simplifiedChinese:
      switch type {
      case .default: return "换行"
      case .go: return "前往"
      case .google, .search, .yahoo: return "搜索"
      case .join: return "加入"
      case .next: return "下一项"
      case .route: return "路线"
      case .send: return "发送"
      case .done: return "完成"
      case .emergencyCall: return "紧急呼叫"
      case .continue: return "继续"
      }
    }
  }

  /// Whether the Return key is blue: every type but `.default` is (a `.default` key on a
  /// `webSearch` keyboard reads "Go" and is blue too). A disabled key is drawn grey regardless;
  /// `Key.isProminent` already accounts for that.
  package static func isReturnKeyProminent(
    _ returnKeyType: UIReturnKeyType,
    keyboardType: UIKeyboardType = .default
  ) -> Bool {
    returnKeyType != .default || keyboardType == .webSearch
  }

  /// The space bar's label: "space" / "空格".
  package static func spaceKeyLabel(locale: Locale) -> String {
    switch LabelLanguage(locale: locale) {
    case .english: "space"
    case .simplifiedChinese: "空格"
    }
  }
}
