import TerminalHost
import UIKit

/// One plain text field in the terminal host, focused at launch: what the pseudo-terminal
/// benchmark (Benchmarks/pty_typing.py) types into to count the bytes written per key.
final class PlainFieldController: UIViewController, UITextFieldDelegate {
  let field = UITextField(frame: CGRect(x: 16, y: 16, width: 600, height: 48))

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    field.borderStyle = .roundedRect
    field.placeholder = "Type here"
    // A delegate that is asked about every change, as an app's would be.
    field.delegate = self
    view.addSubview(field)
  }

  func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
    true
  }
}

final class AppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    let controller = PlainFieldController()
    window = UIWindow(frame: UIScreen.main.bounds)
    window?.rootViewController = controller
    window?.makeKeyAndVisible()
    controller.field.becomeFirstResponder()
    return true
  }
}

UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, AppDelegate())
