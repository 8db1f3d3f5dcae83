// FreeType's glyph loader, outline rasteriser and stroker (the `Pixels` trait's renderer).
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_STROKER_H
#include FT_ADVANCES_H
#include FT_IMAGE_H
