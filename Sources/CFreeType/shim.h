// FreeType (glyph outlines rendered to coverage bitmaps, kerning) and fontconfig (which file holds the
// font a name asks for) for Swift. Only QuireText imports this. FreeType's FT_LOAD_* flags are macros
// Swift cannot see (their values are casts), so they are restated here as constants.
#ifndef QUIRE_CFREETYPE_SHIM_H
#define QUIRE_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fontconfig.h>

static const FT_Int32 quire_ft_load_render = FT_LOAD_RENDER;
static const FT_Int32 quire_ft_load_target_light = FT_LOAD_TARGET_LIGHT;
#endif
