// libpng for Swift. libpng reports errors by longjmp, which Swift cannot survive, so every call that
// can fail stays in C here: for reading, the simplified API (png_image_*) catches libpng's longjmp internally and
// hands back a message, which these wrappers copy out. An error is then a message, never an abort.
#ifndef QUIRE_CPNG_SHIM_H
#define QUIRE_CPNG_SHIM_H
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline void quire_png_copy_message(const png_image *image, char *message, size_t size) {
    if (size == 0) return;
    strncpy(message, image->message[0] ? image->message : "unknown libpng error", size - 1);
    message[size - 1] = 0;
}

/// Finishes a read begun on `image`: any PNG (palette, grey, 16-bit, interlaced) becomes straight-alpha
/// RGBA8 in a malloc'd buffer that the caller frees. A header claiming more than `max_side` pixels a side
/// or `max_pixels` in all is refused before the buffer is allocated: the header alone decides its size.
static inline int quire_png_finish_read_rgba(png_image *image, void **out, int *width, int *height,
                                             long max_side, long max_pixels, char *message, size_t message_size) {
    if ((long)image->width > max_side || (long)image->height > max_side ||
        (long long)image->width * (long long)image->height > (long long)max_pixels) {
        snprintf(message, message_size, "the image is %lux%lu pixels, more than the %ld a side and %ld in all allowed",
                 (unsigned long)image->width, (unsigned long)image->height, max_side, max_pixels);
        png_image_free(image);
        return 0;
    }
    image->format = PNG_FORMAT_RGBA;
    // A 16-bit file with no gAMA, sRGB or iCCP chunk is taken as sRGB, as viewers, GIMP and browsers
    // take it; libpng's simplified API would otherwise read it as linear light and draw it brighter.
    // Tagged files keep their own encoding.
    image->flags |= PNG_IMAGE_FLAG_16BIT_sRGB;
    size_t size = PNG_IMAGE_SIZE(*image);
    void *buffer = malloc(size ? size : 1);
    if (buffer == NULL) { png_image_free(image); strncpy(message, "out of memory", message_size); return 0; }
    if (!png_image_finish_read(image, NULL, buffer, 0, NULL)) {
        quire_png_copy_message(image, message, message_size);
        png_image_free(image);
        free(buffer);
        return 0;
    }
    *out = buffer;
    *width = (int)image->width;
    *height = (int)image->height;
    return 1;
}

static inline int quire_png_read_rgba_file(const char *path, void **out, int *width, int *height,
                                           long max_side, long max_pixels, char *message, size_t message_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    *out = NULL;
    if (!png_image_begin_read_from_file(&image, path)) {
        quire_png_copy_message(&image, message, message_size);
        return 0;
    }
    return quire_png_finish_read_rgba(&image, out, width, height, max_side, max_pixels, message, message_size);
}

static inline int quire_png_read_rgba_memory(const void *data, size_t size, void **out, int *width, int *height,
                                             long max_side, long max_pixels, char *message, size_t message_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    *out = NULL;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        quire_png_copy_message(&image, message, message_size);
        return 0;
    }
    return quire_png_finish_read_rgba(&image, out, width, height, max_side, max_pixels, message, message_size);
}

// ---- Streaming writer (libpng's low-level API) ----
// One pass: rows go straight to zlib and out to a file or a growing buffer, with no size query and no
// whole-image copy, so a caller can hand rows as they are read back (an export in tiles) and in the
// order it holds them (GL's bottom-up rows). libpng reports errors by longjmp: each entry point below
// sets its own setjmp before calling libpng, so an error returns here as a message, never an abort.
// The source rows are always RGBA8; an RGB image drops the fourth byte inside libpng (png_set_filler);
// a gray image keeps each pixel's first byte, packed here into a row of its own (libpng has no write
// transform for it). The header may wait for the first rows, so a caller can choose gray after
// looking at them (`quire_png_writer_header`).
#include <setjmp.h>
#include <errno.h>

typedef struct quire_png_writer {
    png_structp png;
    png_infop info;
    FILE *file;
    unsigned char *buffer;      // memory output, when file is NULL
    size_t size, capacity;
    int memory_failed;
    int failed;                 // once set, every later call fails with `message`
    int rows_left;
    int width, height, level;
    int channels;               // 0 until the header is written
    unsigned char *gray_row;    // one packed row, for a gray image
    char message[256];
} quire_png_writer;

static void quire_png_writer_error(png_structp png, png_const_charp text) {
    quire_png_writer *w = (quire_png_writer *)png_get_error_ptr(png);
    if (w) {
        strncpy(w->message, text && text[0] ? text : "unknown libpng error", sizeof w->message - 1);
        w->message[sizeof w->message - 1] = 0;
    }
    png_longjmp(png, 1);
}

static void quire_png_writer_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

static void quire_png_writer_write_memory(png_structp png, png_bytep data, size_t length) {
    quire_png_writer *w = (quire_png_writer *)png_get_io_ptr(png);
    if (w->size + length > w->capacity) {
        size_t capacity = w->capacity ? w->capacity : 65536;
        while (capacity < w->size + length) capacity *= 2;
        unsigned char *grown = (unsigned char *)realloc(w->buffer, capacity);
        if (grown == NULL) { w->memory_failed = 1; png_error(png, "out of memory"); }
        w->buffer = grown;
        w->capacity = capacity;
    }
    memcpy(w->buffer + w->size, data, length);
    w->size += length;
}

static void quire_png_writer_flush_memory(png_structp png) { (void)png; }

static inline void quire_png_writer_free(quire_png_writer *w) {
    if (w == NULL) return;
    if (w->png) png_destroy_write_struct(&w->png, w->info ? &w->info : NULL);
    if (w->file) fclose(w->file);
    free(w->buffer);
    free(w->gray_row);
    free(w);
}

/// Writes the header of an image of 1 (gray), 3 (RGB) or 4 (RGBA) channels, once, before any row.
/// Returns 1, or 0 with `message`.
static inline int quire_png_writer_header(quire_png_writer *w, int channels, char *message, size_t message_size) {
    if (w->failed) { snprintf(message, message_size, "%s", w->message); return 0; }
    if (w->channels != 0 || (channels != 1 && channels != 3 && channels != 4)) {
        snprintf(message, message_size, w->channels ? "the header was already written" : "an image has 1, 3 or 4 channels");
        return 0;
    }
    if (channels == 1) {
        w->gray_row = (unsigned char *)malloc((size_t)w->width);
        if (w->gray_row == NULL) { snprintf(message, message_size, "out of memory"); return 0; }
    }
    if (setjmp(png_jmpbuf(w->png))) {
        w->failed = 1;
        snprintf(message, message_size, "%s", w->message);
        return 0;
    }
    int type = channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : channels == 3 ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_GRAY;
    png_set_IHDR(w->png, w->info, (png_uint_32)w->width, (png_uint_32)w->height, 8, type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(w->png, w->level);
    png_set_filter(w->png, PNG_FILTER_TYPE_BASE,
                   w->level <= 3 ? PNG_FILTER_NONE : PNG_ALL_FILTERS);
    png_write_info(w->png, w->info);
    if (channels == 3) png_set_filler(w->png, 0, PNG_FILLER_AFTER);
    w->channels = channels;
    return 1;
}

/// Takes the rows given from now on as B, G, R(, A): cairo's pixels on a little-endian machine, written
/// without a converted copy (libpng swaps the bytes as it writes each row).
static inline void quire_png_writer_blue_first(quire_png_writer *w) {
    if (w && w->png && !w->failed) png_set_bgr(w->png);
}

/// Starts a PNG of `width`×`height` with 1 (gray), 3 (RGB) or 4 (RGBA) channels at zlib `level` 0–9,
/// written to `path`, or to memory when `path` is NULL; with 0 channels the header waits for
/// `quire_png_writer_header`. Returns NULL with `message` set (and errno from fopen) on failure.
/// Filters: none up to level 3 (on ink over paper, "none" with zlib's fast levels beat "up" and "sub" in
/// both time and size when measured: the matcher finds the repeated paper runs itself), libpng's
/// adaptive choice above, where time is given for size.
static inline quire_png_writer *quire_png_writer_begin(const char *path, int width, int height, int channels, int level,
                                                      char *message, size_t message_size) {
    quire_png_writer *w = (quire_png_writer *)calloc(1, sizeof *w);
    if (w == NULL) { snprintf(message, message_size, "out of memory"); return NULL; }
    if (width < 1 || height < 1 || (channels != 0 && channels != 1 && channels != 3 && channels != 4) || level < 0 || level > 9) {
        snprintf(message, message_size, "a %dx%d image with %d channels at level %d cannot be written", width, height, channels, level);
        free(w);
        return NULL;
    }
    if (path) {
        w->file = fopen(path, "wb");
        if (w->file == NULL) { snprintf(message, message_size, "%s", strerror(errno)); free(w); return NULL; }
    }
    w->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, w, quire_png_writer_error, quire_png_writer_warning);
    if (w->png) w->info = png_create_info_struct(w->png);
    if (w->png == NULL || w->info == NULL) {
        snprintf(message, message_size, "libpng could not start a write");
        quire_png_writer_free(w);
        return NULL;
    }
    if (setjmp(png_jmpbuf(w->png))) {
        snprintf(message, message_size, "%s", w->message);
        quire_png_writer_free(w);
        return NULL;
    }
    if (w->file) png_init_io(w->png, w->file);
    else png_set_write_fn(w->png, w, quire_png_writer_write_memory, quire_png_writer_flush_memory);
    w->width = width;
    w->height = height;
    w->level = level;
    w->rows_left = height;
    if (channels != 0 && !quire_png_writer_header(w, channels, message, message_size)) {
        quire_png_writer_free(w);
        return NULL;
    }
    return w;
}

/// Writes `count` RGBA8 rows, `stride` bytes apart, the first of them at `rows`; with `bottom_up` the
/// rows are taken last first (GL's order) so no flipped copy is ever made. Returns 1, or 0 with `message`.
static inline int quire_png_writer_rows(quire_png_writer *w, const void *rows, int count, long stride, int bottom_up,
                                        char *message, size_t message_size) {
    if (w->failed) { snprintf(message, message_size, "%s", w->message); return 0; }
    if (w->channels == 0) { snprintf(message, message_size, "rows came before the header"); return 0; }
    if (count < 0 || count > w->rows_left) {
        snprintf(message, message_size, "%d more rows than the image holds", count - w->rows_left);
        return 0;
    }
    if (setjmp(png_jmpbuf(w->png))) {
        w->failed = 1;
        snprintf(message, message_size, "%s", w->message);
        return 0;
    }
    const unsigned char *base = (const unsigned char *)rows;
    for (int i = 0; i < count; i++) {
        const unsigned char *row = base + (long)(bottom_up ? count - 1 - i : i) * stride;
        if (w->gray_row) {
            for (int x = 0; x < w->width; x++) w->gray_row[x] = row[(long)x * 4];
            row = w->gray_row;
        }
        png_write_row(w->png, (png_const_bytep)row);
    }
    w->rows_left -= count;
    return 1;
}

/// Ends the image (every row must have been written) and closes the file; for a memory writer hands
/// over the malloc'd bytes (`*out`, `*out_size`), which the caller frees. Frees the writer either way.
static inline int quire_png_writer_finish(quire_png_writer *w, void **out, size_t *out_size, char *message, size_t message_size) {
    if (out) { *out = NULL; *out_size = 0; }
    if (w->failed || w->rows_left != 0 || w->channels == 0) {
        snprintf(message, message_size, "%s", w->failed ? w->message : "the image was ended before all its rows were written");
        quire_png_writer_free(w);
        return 0;
    }
    if (setjmp(png_jmpbuf(w->png))) {
        snprintf(message, message_size, "%s", w->message);
        quire_png_writer_free(w);
        return 0;
    }
    png_write_end(w->png, w->info);
    if (w->file) {
        FILE *file = w->file;
        w->file = NULL;
        int flushed = fflush(file) == 0 && !ferror(file);
        int closed = fclose(file) == 0;
        if (!flushed || !closed) {
            snprintf(message, message_size, "%s", strerror(errno ? errno : EIO));
            quire_png_writer_free(w);
            return 0;
        }
    } else if (out) {
        *out = w->buffer;
        *out_size = w->size;
        w->buffer = NULL;
    }
    quire_png_writer_free(w);
    return 1;
}
#endif
