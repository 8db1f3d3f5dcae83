import Testing
import UIKit
