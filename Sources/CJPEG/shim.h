// libjpeg (Debian's libjpeg-turbo) behind two calls that never longjmp into Swift: libjpeg
// reports an error by calling error_exit, which must not return; here it jumps back into the
// C function that called libjpeg, which frees what it made and returns 0 with the message.
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct cjpeg_error {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
};

static void cjpeg_error_exit(j_common_ptr info) {
  struct cjpeg_error *error = (struct cjpeg_error *)info->err;
  (*info->err->format_message)(info, error->message);
  longjmp(error->jump, 1);
}

static void cjpeg_quiet(j_common_ptr info, int level) { (void)info; (void)level; }

/// Compresses `width` × `height` RGB pixels (3 bytes each, rows `stride` bytes apart) at
/// `quality` (0...100) into a malloc'ed buffer the caller frees. 1 on success; 0 with `message`.
static inline int cjpeg_compress(
  const unsigned char *rgb, int width, int height, int stride, int quality, unsigned char **out,
  unsigned long *size, char *message, size_t messageSize)
{
  struct jpeg_compress_struct info;
  struct cjpeg_error error;
  *out = NULL;
  *size = 0;
  info.err = jpeg_std_error(&error.manager);
  error.manager.error_exit = cjpeg_error_exit;
  error.manager.emit_message = cjpeg_quiet;
  if (setjmp(error.jump)) {
    snprintf(message, messageSize, "%s", error.message);
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

/// Reads the size of the JPEG in `data`; 1 when it is one libjpeg reads.
static inline int cjpeg_size(const unsigned char *data, unsigned long count, int *width, int *height) {
  struct jpeg_decompress_struct info;
  struct cjpeg_error error;
  info.err = jpeg_std_error(&error.manager);
  error.manager.error_exit = cjpeg_error_exit;
  error.manager.emit_message = cjpeg_quiet;
  if (setjmp(error.jump)) {
    jpeg_destroy_decompress(&info);
    return 0;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, data, count);
  jpeg_read_header(&info, TRUE);
  *width = (int)info.image_width;
  *height = (int)info.image_height;
  jpeg_destroy_decompress(&info);
  return 1;
}

/// Decompresses the JPEG in `data` into `rgba` (`width` × `height` × 4 bytes, as cjpeg_size
/// said; opaque). 1 on success.
static inline int cjpeg_decompress(const unsigned char *data, unsigned long count, unsigned char *rgba, int width, int height) {
  struct jpeg_decompress_struct info;
  struct cjpeg_error error;
  JSAMPROW row = NULL;
  info.err = jpeg_std_error(&error.manager);
  error.manager.error_exit = cjpeg_error_exit;
  error.manager.emit_message = cjpeg_quiet;
  if (setjmp(error.jump)) {
    jpeg_destroy_decompress(&info);
    free(row);
    return 0;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, data, count);
  jpeg_read_header(&info, TRUE);
  info.out_color_space = JCS_RGB;
  jpeg_start_decompress(&info);
  if ((int)info.output_width != width || (int)info.output_height != height || info.output_components != 3) {
    jpeg_destroy_decompress(&info);
    return 0;
  }
  row = malloc((size_t)width * 3);
  if (!row) { jpeg_destroy_decompress(&info); return 0; }
  while (info.output_scanline < info.output_height) {
    unsigned char *dest = rgba + (size_t)info.output_scanline * (size_t)width * 4;
    jpeg_read_scanlines(&info, &row, 1);
    for (int x = 0; x < width; x++) {
      dest[x * 4] = row[x * 3];
      dest[x * 4 + 1] = row[x * 3 + 1];
      dest[x * 4 + 2] = row[x * 3 + 2];
      dest[x * 4 + 3] = 255;
    }
  }
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  free(row);
  return 1;
}
