// zlib for Swift, through its gzip file API (gzdopen, gzread, gzwrite), which reads gzip'ed and plain
// files alike: what Xournal++ files are. Errors come back as zlib's own messages (gzerror).
#ifndef QUIRE_CZLIB_SHIM_H
#define QUIRE_CZLIB_SHIM_H
#include <zlib.h>

/// zlib's message for the last error on `file`, or NULL when there was none (`Z_OK`). A file cut short is
/// `Z_BUF_ERROR` ("unexpected end of file"), damaged data `Z_DATA_ERROR`.
static inline const char *quire_gz_error(gzFile file) {
    int code = Z_OK;
    const char *message = gzerror(file, &code);
    return code == Z_OK ? (const char *)0 : message;
}
#endif
