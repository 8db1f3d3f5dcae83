// HarfBuzz's shaper (the `Pixels` trait's text): emoji sequences shaped into the glyph a colour
// font draws for them (ZWJ sequences, skin tones, flags, keycaps).
#include <hb.h>
