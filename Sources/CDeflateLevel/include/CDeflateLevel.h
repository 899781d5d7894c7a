// The zlib level of streams that a library compresses at zlib's default level, chosen per thread.
// cairo 1.16 deflates every PDF content stream with deflateInit(…, Z_DEFAULT_COMPRESSION), level 6,
// and has no way to ask for another; on pages of handwriting that is a quarter of the export's time
// (deflate's longest_match), while level 1 takes a third as long for a file about a tenth larger.
// So this target defines zlib's deflateInit_ itself: the executable's definition is the one the
// dynamic linker binds cairo's call to. A call that asks for the default level gets the level the
// calling thread has set, zlib's own default on every thread that set none; a call naming a level
// gets that level. Nothing else of zlib changes.
#ifndef QUIRE_CDEFLATELEVEL_H
#define QUIRE_CDEFLATELEVEL_H

/// The level (0…9, or -1 for zlib's default) that deflateInit gives a stream asking for the default
/// level on this thread from now on. Out-of-range values are taken as -1.
void quire_set_default_deflate_level(int level);

/// This thread's level for streams asking for the default (-1: zlib's own).
int quire_default_deflate_level(void);

#endif
