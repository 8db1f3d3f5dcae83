// Drawing what layers say into the display list.
//
// Core Animation composites a layer as: its background (rounded by `cornerRadius` at the
// `maskedCorners`), its content (a shape layer's fill then stroke, a gradient, a text layer's
// string; a view's own drawing), its sublayers in order of `zPosition` then of the tree (clipped
// to the bounds with `masksToBounds`), and its border on top of all of them. Everything is drawn
// from the presentation layer, so animations show as they run; opacity multiplies down the tree.
//
// A terminal differs in what it cannot show: shadows are not drawn (a cell has no soft edge to
// blur, and a hard one-cell shadow would cover the neighbour's text); `contents` images and masks
// are not drawn; rotations and 3D transforms are not drawn (a layer is placed by its frame); a
// border is one cell wide whatever its width; clipping to a rounded `masksToBounds` layer clips
// to its rectangle.

import QuartzCore

extension UIView {
  /// Draws `shown` (a layer or its presentation copy)'s background and content. `rect` is its
  /// bounds in window points; `origin` the window point of its coordinates' origin.
  func _renderLayerContent(
    _ shown: CALayer, rect: CGRect, origin: CGPoint, clip: CGRect, alpha: CGFloat,
    into list: inout DisplayList
  ) {
    let rounding = DisplayItem.CornerRounding(
      radius: shown.cornerRadius, corners: shown.maskedCorners)
    if let color = shown.backgroundColor {
      let content: DisplayItem.Content =
        shown.cornerRadius > 0
        ? .roundedFill(UIColor(cgColor: color), rounding) : .fill(UIColor(cgColor: color))
      list.append(DisplayItem(frame: rect, clip: clip, content: content, alpha: alpha))
    }
    switch shown {
    case let gradient as CAGradientLayer:
      let geometry = gradient.geometry
      if !geometry.colors.isEmpty {
        list.append(
          DisplayItem(frame: rect, clip: clip, content: .gradient(geometry, rounding), alpha: alpha)
        )
      }
    case let shape as CAShapeLayer:
      guard let path = shape.path else { break }
      if let fill = shape.fillColor {
        let subpaths = path.flattened().filter { $0.points.count > 2 }.map {
          PathRun.Subpath(points: $0.points, isClosed: true)
        }
        let run = PathRun(
          subpaths: subpaths, color: UIColor(cgColor: fill),
          mode: .fill(evenOdd: shape.fillRule == .evenOdd)
        )
        .offsetBy(dx: origin.x, dy: origin.y)
        if !run.subpaths.isEmpty {
          list.append(DisplayItem(frame: run.bounds, clip: clip, content: .path(run), alpha: alpha))
        }
      }
      if let stroke = shape.strokeColor, shape.lineWidth > 0 {
        let run = PathRun(
          subpaths: shape.strokedPolylines(), color: UIColor(cgColor: stroke),
          mode: .stroke(lineWidth: shape.lineWidth)
        )
        .offsetBy(dx: origin.x, dy: origin.y)
        if !run.subpaths.isEmpty {
          list.append(DisplayItem(frame: run.bounds, clip: clip, content: .path(run), alpha: alpha))
        }
      }
    case let text as CATextLayer:
      guard let string = text.plainString, !string.isEmpty else { break }
      let font: UIFont =
        switch text.font {
        case let named as UIFont: named.withSize(text.fontSize)
        case let name as String: UIFont(name: name, size: text.fontSize) ?? .systemFont(ofSize: text.fontSize)
        case let name as NSString: UIFont(name: name as String, size: text.fontSize) ?? .systemFont(ofSize: text.fontSize)
        default: .systemFont(ofSize: text.fontSize)
        }
      let alignment: NSTextAlignment =
        switch text.alignmentMode {
        case .center: .center
        case .right: .right
        default: .left
        }
      var run = TextRun(
        string: string, font: font,
        color: text.foregroundColor.map { UIColor(cgColor: $0) } ?? .white, alignment: alignment)
      run.scrollsToCaret = false
      // One line, at the top of the bounds.
      let lineHeight = min(rect.height, font.lineHeight.rounded(.up))
      let line = CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: lineHeight)
      list.append(DisplayItem(frame: line, clip: clip, content: .text(run), alpha: alpha))
    default:
      break
    }
    // What the layer's draw(in:) recorded, after its own kind of content.
    for drawing in shown.drawnContent {
      let run = PathRun(drawing: drawing).offsetBy(dx: origin.x, dy: origin.y)
      list.append(DisplayItem(frame: run.bounds, clip: clip, content: .path(run), alpha: alpha))
    }
  }

  /// Draws `shown`'s border on top of its content and sublayers.
  func _renderLayerBorder(
    _ shown: CALayer, rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList
  ) {
    guard shown.borderWidth > 0, let color = shown.borderColor, color.alpha > 0 else { return }
    let rounded: CACornerMask = shown.cornerRadius > 0 ? shown.maskedCorners : []
    list.append(
      DisplayItem(
        frame: rect, clip: clip,
        content: .border(.layer(rounded: rounded), UIColor(cgColor: color)), alpha: alpha))
  }

  /// Draws the sublayers of `layer` (a layer of this view's tree), back to front: by
  /// `zPosition`, then in order. A view's layer draws as its view. `origin` is the window point
  /// of `layer`'s coordinates' origin.
  func _renderSublayers(
    of layer: CALayer, origin: CGPoint, clip: CGRect, alpha: CGFloat, into list: inout DisplayList
  ) {
    guard let sublayers = layer.sublayers else { return }
    let ordered =
      sublayers.contains(where: { $0.zPosition != 0 })
      ? sublayers.enumerated().sorted {
        ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset)
      }.map(\.element)
      : sublayers
    for sublayer in ordered {
      if let view = sublayer.owningView as? UIView {
        view._render(into: &list, clip: clip, alpha: alpha)
      } else {
        _renderLayerTree(sublayer, parentOrigin: origin, clip: clip, alpha: alpha, into: &list)
      }
    }
  }

  /// Draws a layer that is no view's, and its sublayers. `parentOrigin` is the window point of
  /// its superlayer's coordinates' origin.
  func _renderLayerTree(
    _ layer: CALayer, parentOrigin: CGPoint, clip: CGRect, alpha: CGFloat,
    into list: inout DisplayList
  ) {
    layer.displayIfNeeded()
    // On screen: its changes animate from now on (implicit animations).
    layer.isCommitted = true
    let shown = layer.presentedLayer()
    guard !shown.isHidden, shown.opacity > 0 else { return }
    let frame = shown.frame
    let rect = frame.offsetBy(dx: parentOrigin.x, dy: parentOrigin.y)
    let origin = CGPoint(x: rect.minX - shown.bounds.minX, y: rect.minY - shown.bounds.minY)
    let opacity = alpha * CGFloat(shown.opacity)
    _renderLayerContent(shown, rect: rect, origin: origin, clip: clip, alpha: opacity, into: &list)
    let childClip = shown.masksToBounds ? clip.safeIntersection(rect) : clip
    _renderSublayers(of: layer, origin: origin, clip: childClip, alpha: opacity, into: &list)
    _renderLayerBorder(shown, rect: rect, clip: clip, alpha: opacity, into: &list)
  }
}
