// libjpeg (libjpeg-turbo) for Swift. libjpeg's default error handler prints and calls exit(), and its
// only other way out of an error is longjmp, which Swift cannot set up or survive. So every libjpeg call
// that can fail runs inside a C function here that calls setjmp first; the error manager's error_exit
// longjmps back to it with libjpeg's message, and the function returns 0. An error is then a message,
// never an exit or an abort.
//
// libjpeg reports damaged data (bad Huffman codes, a file that ends early) as *warnings* and goes on,
// filling the rest of the picture with grey. A half-grey photo shown as if it were fine is worse than an
// error, so warnings end the decode too, except the few that say nothing about the pixels.
#ifndef QUIRE_CJPEG_SHIM_H
#define QUIRE_CJPEG_SHIM_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>

/// What kind of failure ended a call, so Swift can name it without reading libjpeg's words.
enum {
    QUIRE_JPEG_OK = 0,
    QUIRE_JPEG_TRUNCATED = 1,
    QUIRE_JPEG_CORRUPT = 2,
    QUIRE_JPEG_UNSUPPORTED = 3,
    QUIRE_JPEG_OUT_OF_MEMORY = 4,
};

/// A progressive JPEG may hold any number of scans, each a pass over the whole image; a crafted file
/// with thousands of tiny scans takes minutes to decode. Real encoders write about ten.
#define QUIRE_JPEG_MAXIMUM_SCANS 500

typedef struct quire_jpeg_error_manager {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    int failure;
    char message[JMSG_LENGTH_MAX];
} quire_jpeg_error_manager;

static inline int quire_jpeg_failure_kind(int code) {
    switch (code) {
    case JWRN_JPEG_EOF: case JERR_INPUT_EOF: case JERR_INPUT_EMPTY: case JERR_NO_IMAGE:
        return QUIRE_JPEG_TRUNCATED;
    case JERR_BAD_PRECISION: case JERR_SOF_UNSUPPORTED: case JERR_NOT_COMPILED: case JERR_CONVERSION_NOTIMPL:
    case JERR_NOTIMPL:
        return QUIRE_JPEG_UNSUPPORTED;
    case JERR_OUT_OF_MEMORY:
        return QUIRE_JPEG_OUT_OF_MEMORY;
    default:
        return QUIRE_JPEG_CORRUPT;
    }
}

static inline void quire_jpeg_error_exit(j_common_ptr info) {
    quire_jpeg_error_manager *manager = (quire_jpeg_error_manager *)info->err;
    (*info->err->format_message)(info, manager->message);
    manager->failure = quire_jpeg_failure_kind(info->err->msg_code);
    longjmp(manager->jump, 1);
}

static inline void quire_jpeg_emit_message(j_common_ptr info, int level) {
    if (level >= 0) return;  // trace messages: not wanted
    switch (info->err->msg_code) {
    case JWRN_EXTRANEOUS_DATA:  // stray bytes between segments, common in camera files; no pixel is lost
    case JWRN_JFIF_MAJOR:       // a newer JFIF version number
    case JWRN_BOGUS_ICC:        // a damaged colour profile, which Quire does not use
        return;
    default:
        quire_jpeg_error_exit(info);
    }
}

static inline void quire_jpeg_output_message(j_common_ptr info) { (void)info; }

static inline void quire_jpeg_watch_progress(j_common_ptr info) {
    if (!info->is_decompressor) return;
    j_decompress_ptr decompress = (j_decompress_ptr)info;
    if (decompress->input_scan_number > QUIRE_JPEG_MAXIMUM_SCANS) {
        quire_jpeg_error_manager *manager = (quire_jpeg_error_manager *)info->err;
        snprintf(manager->message, sizeof manager->message, "more than %d progressive scans",
                 QUIRE_JPEG_MAXIMUM_SCANS);
        manager->failure = QUIRE_JPEG_UNSUPPORTED;
        longjmp(manager->jump, 1);
    }
}

static inline void quire_jpeg_install_errors(quire_jpeg_error_manager *manager) {
    jpeg_std_error(&manager->pub);
    manager->pub.error_exit = quire_jpeg_error_exit;
    manager->pub.emit_message = quire_jpeg_emit_message;
    manager->pub.output_message = quire_jpeg_output_message;
    manager->failure = QUIRE_JPEG_OK;
    manager->message[0] = 0;
}

/// One decode: libjpeg's state, its error manager and the progress watch live together so the error
/// manager outlives every call that may longjmp to it. Swift allocates it, `begin` fills it, `finish`
/// or `abandon` releases what libjpeg allocated.
typedef struct quire_jpeg_decoder {
    struct jpeg_decompress_struct info;
    quire_jpeg_error_manager errors;
    struct jpeg_progress_mgr progress;
    int created;
    /// 1 when the output rows are CMYK (4 bytes a pixel, Adobe-inverted when `inverted_cmyk`), 0 for RGBA.
    int cmyk;
    int inverted_cmyk;
} quire_jpeg_decoder;

static inline void quire_jpeg_abandon(quire_jpeg_decoder *decoder) {
    if (decoder->created) jpeg_destroy_decompress(&decoder->info);
    decoder->created = 0;
}

/// Reads the header of `size` bytes at `data` (which must stay alive until finish/abandon) and sets up
/// output scaled by scale_numerator/8: RGBA for grey and colour JPEGs, CMYK for CMYK and YCCK ones.
/// Fills the stored and output sizes. Returns QUIRE_JPEG_OK or a failure kind with `errors.message`.
static inline int quire_jpeg_begin(quire_jpeg_decoder *decoder, const unsigned char *data, size_t size,
                                   int scale_numerator, int *stored_width, int *stored_height,
                                   int *output_width, int *output_height) {
    memset(decoder, 0, sizeof *decoder);
    decoder->info.err = &decoder->errors.pub;
    quire_jpeg_install_errors(&decoder->errors);
    if (setjmp(decoder->errors.jump)) {
        quire_jpeg_abandon(decoder);
        return decoder->errors.failure;
    }
    jpeg_create_decompress(&decoder->info);
    decoder->created = 1;
    decoder->progress.progress_monitor = quire_jpeg_watch_progress;
    decoder->info.progress = &decoder->progress;
    jpeg_mem_src(&decoder->info, data, (unsigned long)size);
    jpeg_read_header(&decoder->info, TRUE);
    switch (decoder->info.jpeg_color_space) {
    case JCS_GRAYSCALE: case JCS_YCbCr: case JCS_RGB:
        decoder->info.out_color_space = JCS_EXT_RGBA;
        break;
    case JCS_CMYK: case JCS_YCCK:
        decoder->info.out_color_space = JCS_CMYK;
        decoder->cmyk = 1;
        // Photoshop, which writes nearly all CMYK JPEGs, stores the inks inverted and says so with its
        // Adobe APP14 marker.
        decoder->inverted_cmyk = decoder->info.saw_Adobe_marker ? 1 : 0;
        break;
    default:
        snprintf(decoder->errors.message, sizeof decoder->errors.message,
                 "a JPEG with %d colour components of unknown meaning", decoder->info.num_components);
        quire_jpeg_abandon(decoder);
        return QUIRE_JPEG_UNSUPPORTED;
    }
    decoder->info.scale_num = (unsigned int)scale_numerator;
    decoder->info.scale_denom = 8;
    jpeg_calc_output_dimensions(&decoder->info);
    *stored_width = (int)decoder->info.image_width;
    *stored_height = (int)decoder->info.image_height;
    *output_width = (int)decoder->info.output_width;
    *output_height = (int)decoder->info.output_height;
    return QUIRE_JPEG_OK;
}

/// Decodes every row into `pixels` (output_height rows of `stride` bytes, 4 bytes a pixel) and releases
/// libjpeg's state whether or not it succeeds.
static inline int quire_jpeg_finish(quire_jpeg_decoder *decoder, unsigned char *pixels, size_t stride) {
    if (setjmp(decoder->errors.jump)) {
        quire_jpeg_abandon(decoder);
        return decoder->errors.failure;
    }
    jpeg_start_decompress(&decoder->info);
    while (decoder->info.output_scanline < decoder->info.output_height) {
        JSAMPROW rows[8];
        JDIMENSION first = decoder->info.output_scanline;
        int count = 0;
        for (; count < 8 && first + (JDIMENSION)count < decoder->info.output_height; count++) {
            rows[count] = pixels + (size_t)(first + (JDIMENSION)count) * stride;
        }
        jpeg_read_scanlines(&decoder->info, rows, (JDIMENSION)count);
    }
    jpeg_finish_decompress(&decoder->info);
    quire_jpeg_abandon(decoder);
    return QUIRE_JPEG_OK;
}

/// Encodes `width`×`height` pixels, rows `stride` bytes apart: `components` is 4 (RGBX, the fourth byte
/// ignored), 1 (grey) or -4 (CMYK, written as Photoshop does: inverted, with an Adobe marker). The
/// result is a malloc'd buffer the caller frees. Returns QUIRE_JPEG_OK or a failure kind with `message`.
static inline int quire_jpeg_encode(const unsigned char *pixels, int width, int height, size_t stride,
                                    int components, int quality, unsigned char **out, unsigned long *out_size,
                                    char *message, size_t message_size) {
    struct jpeg_compress_struct info;
    quire_jpeg_error_manager errors;
    // Read again after a longjmp, so kept out of registers.
    volatile int created = 0;
    unsigned char *volatile destination = NULL;
    unsigned long destination_size = 0;
    *out = NULL;
    *out_size = 0;
    info.err = &errors.pub;
    quire_jpeg_install_errors(&errors);
    if (setjmp(errors.jump)) {
        if (created) jpeg_destroy_compress(&info);
        free(destination);
        if (message_size) { strncpy(message, errors.message, message_size - 1); message[message_size - 1] = 0; }
        return errors.failure ? errors.failure : QUIRE_JPEG_CORRUPT;
    }
    jpeg_create_compress(&info);
    created = 1;
    jpeg_mem_dest(&info, (unsigned char **)&destination, &destination_size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    if (components == 1) {
        info.input_components = 1;
        info.in_color_space = JCS_GRAYSCALE;
    } else if (components == -4) {
        info.input_components = 4;
        info.in_color_space = JCS_CMYK;
    } else {
        info.input_components = 4;
        info.in_color_space = JCS_EXT_RGBX;
    }
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)info.next_scanline * stride);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *out = destination;
    *out_size = destination_size;
    return QUIRE_JPEG_OK;
}
#endif
