// `import QuartzCore` on Linux: layers, animations and transactions (Core Animation).
//
// Apple's QuartzCore brings CoreGraphics (and with it Foundation) into scope; so does this one.
@_exported import CoreGraphics
