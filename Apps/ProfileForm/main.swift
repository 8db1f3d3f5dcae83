import TerminalHost
import UIKit

// On iOS, `@main` on the app delegate calls UIApplicationMain with the delegate's class name.
// Linux has no Objective-C runtime to create an object from a name, so the delegate is passed.
UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, AppDelegate())
