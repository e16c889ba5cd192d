// libjpeg-turbo: writes the JPEG that a HEIC photo is shown as (Debian: libjpeg62-turbo-dev).
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>

// libjpeg reports errors by calling error_exit, which by default ends the process; this one
// jumps back so that the caller gets a failure instead (Swift cannot catch a longjmp).
struct scrollback_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf back;
};

static void scrollback_jpeg_error_exit(j_common_ptr info) {
    struct scrollback_jpeg_error *error = (struct scrollback_jpeg_error *)info->err;
    longjmp(error->back, 1);
}

static void scrollback_jpeg_silent(j_common_ptr info) { (void)info; }

// Encodes interleaved 8-bit RGB rows as a baseline JPEG. On success returns 1 and sets *out (free
// it with free) and *size; on failure returns 0.
static inline int scrollback_jpeg_encode(const unsigned char *rgb, int width, int height, int stride,
                                         int quality, unsigned char **out, unsigned long *size) {
    struct jpeg_compress_struct info;
    struct scrollback_jpeg_error error;
    *out = NULL;
    *size = 0;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = scrollback_jpeg_error_exit;
    error.manager.output_message = scrollback_jpeg_silent;
    if (setjmp(error.back)) {
        jpeg_destroy_compress(&info);
        free(*out);
        *out = NULL;
        return 0;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, out, size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)info.next_scanline * (size_t)stride);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    return 1;
}
