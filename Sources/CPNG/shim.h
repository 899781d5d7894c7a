// libpng for Swift. libpng reports errors by longjmp, which Swift cannot survive, so every call that
// can fail stays in C here: the simplified API (png_image_*) catches libpng's longjmp internally and
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

static inline void quire_png_prepare(png_image *image, int width, int height) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
    image->width = (png_uint_32)width;
    image->height = (png_uint_32)height;
    image->format = PNG_FORMAT_RGBA;
}

/// Writes straight-alpha RGBA8 rows (`stride` bytes apart) to `path`. Returns 1, or 0 with `message` set.
static inline int quire_png_write_rgba_file(const char *path, const void *pixels, int width, int height,
                                            int stride, int fast, char *message, size_t message_size) {
    png_image image;
    quire_png_prepare(&image, width, height);
    if (fast) image.flags |= PNG_IMAGE_FLAG_FAST;
    if (png_image_write_to_file(&image, path, 0, pixels, stride, NULL)) return 1;
    quire_png_copy_message(&image, message, message_size);
    return 0;
}

/// Encodes RGBA8 into a malloc'd buffer that the caller frees. Returns 1, or 0 with `message` set.
static inline int quire_png_write_rgba_memory(const void *pixels, int width, int height, int stride, int fast,
                                              void **out, size_t *out_size, char *message, size_t message_size) {
    png_image image;
    quire_png_prepare(&image, width, height);
    if (fast) image.flags |= PNG_IMAGE_FLAG_FAST;
    png_alloc_size_t size = 0;
    *out = NULL;
    *out_size = 0;
    if (!png_image_write_to_memory(&image, NULL, &size, 0, pixels, stride, NULL)) {
        quire_png_copy_message(&image, message, message_size);
        return 0;
    }
    void *buffer = malloc(size);
    if (buffer == NULL) { strncpy(message, "out of memory", message_size); return 0; }
    if (!png_image_write_to_memory(&image, buffer, &size, 0, pixels, stride, NULL)) {
        quire_png_copy_message(&image, message, message_size);
        free(buffer);
        return 0;
    }
    *out = buffer;
    *out_size = size;
    return 1;
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
#endif
