// RGBA images and PNG files are PixelRaster's (under CoreGraphics, where bitmap contexts paint
// with them); code that imports UIKitPixels names them as before.
@_exported import PixelRaster
