// UIColor ⇄ CGColor. As on iOS, a UIColor made from a white level bridges to a colour in the
// extended gray space (two components), any other to extended sRGB (four); a CGColor in a gray
// space comes back as a white-level UIColor. Other spaces are read as sRGB.

extension UIColor {
  /// The colour as a CoreGraphics colour (extended sRGB, or extended gray for a white level); a
  /// dynamic colour resolved with `UITraitCollection.current`, as on iOS (a layer keeps the
  /// colour it was given: set it again when the traits change).
  public var cgColor: CGColor {
    let fixed = _current
    let c = fixed.components
    return fixed.isGrayscale
      ? CGColor.extended(white: c.red, alpha: c.alpha)
      : CGColor.extended(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
  }
}
