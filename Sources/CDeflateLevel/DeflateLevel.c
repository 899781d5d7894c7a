#include "CDeflateLevel.h"
#include <zlib.h>

static _Thread_local int default_level = Z_DEFAULT_COMPRESSION;

void quire_set_default_deflate_level(int level) {
    default_level = (level >= 0 && level <= 9) ? level : Z_DEFAULT_COMPRESSION;
}

int quire_default_deflate_level(void) {
    return default_level;
}

// zlib's own deflateInit_ (deflate.c) is exactly this call with the level passed through: the window
// (MAX_WBITS), memory level (8, zlib's DEF_MEM_LEVEL) and strategy are zlib's defaults.
int deflateInit_(z_streamp stream, int level, const char *version, int stream_size) {
    if (level == Z_DEFAULT_COMPRESSION) level = default_level;
    return deflateInit2_(stream, level, Z_DEFLATED, MAX_WBITS, 8, Z_DEFAULT_STRATEGY, version, stream_size);
}
