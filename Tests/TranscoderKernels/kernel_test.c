// Tests the vector transcoding kernels of Sources/CTextEditingSupport against a scalar
// reference, on the CPU it runs on: every kernel the CPU has (AVX2 and AVX-512 on x86-64, NEON
// on AArch64). Random valid UTF-8 of every sequence length, sequences at every offset of a
// block, and texts cut into pieces of many sizes as the rope's leaves are filled: after the
// kernel's prefix the rest of a piece is decoded one scalar at a time, as the Swift transcoder
// does. The Swift tests (VectorTranscoderTests) check the same kernels through the engine, but
// only on the machine's own architecture; `run` (next to this file) also builds this test for
// AArch64 and runs it under qemu.
//
//   kernel_test [--require N]   exits 1 unless at least N kernels were tested
#include "CTextEditingSupport.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint64_t next_random(void) {
  // xorshift64*
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545F4914F6CDD1Du;
}

static int failures = 0;

#define CHECK(condition, ...)                                    \
  do {                                                           \
    if (!(condition)) {                                          \
      if (failures++ < 20) {                                     \
        fprintf(stderr, "%s:%d: failed: %s: ", __FILE__, __LINE__, #condition); \
        fprintf(stderr, __VA_ARGS__);                            \
        fprintf(stderr, "\n");                                   \
      }                                                          \
    }                                                            \
  } while (0)

// MARK: Reference

static int encode(uint32_t scalar, uint8_t *out) {
  if (scalar < 0x80) {
    out[0] = (uint8_t)scalar;
    return 1;
  }
  if (scalar < 0x800) {
    out[0] = (uint8_t)(0xC0 | scalar >> 6);
    out[1] = (uint8_t)(0x80 | (scalar & 0x3F));
    return 2;
  }
  if (scalar < 0x10000) {
    out[0] = (uint8_t)(0xE0 | scalar >> 12);
    out[1] = (uint8_t)(0x80 | (scalar >> 6 & 0x3F));
    out[2] = (uint8_t)(0x80 | (scalar & 0x3F));
    return 3;
  }
  out[0] = (uint8_t)(0xF0 | scalar >> 18);
  out[1] = (uint8_t)(0x80 | (scalar >> 12 & 0x3F));
  out[2] = (uint8_t)(0x80 | (scalar >> 6 & 0x3F));
  out[3] = (uint8_t)(0x80 | (scalar & 0x3F));
  return 4;
}

// Decodes the scalar at src[i]: its length in bytes, its units in units[0...], their count in
// *count.
static int decode(const uint8_t *src, intptr_t i, uint16_t units[2], int *count) {
  uint32_t b0 = src[i], scalar;
  int length = b0 < 0x80 ? 1 : b0 < 0xE0 ? 2 : b0 < 0xF0 ? 3 : 4;
  scalar = length == 1 ? b0 : length == 2 ? b0 & 0x1F : length == 3 ? b0 & 0x0F : b0 & 0x07;
  for (int k = 1; k < length; k++) scalar = scalar << 6 | (src[i + k] & 0x3F);
  if (scalar < 0x10000) {
    units[0] = (uint16_t)scalar;
    *count = 1;
  } else {
    units[0] = (uint16_t)(0xD800 | (scalar - 0x10000) >> 10);
    units[1] = (uint16_t)(0xDC00 | (scalar & 0x3FF));
    *count = 2;
  }
  return length;
}

static intptr_t reference(const uint8_t *src, intptr_t n, uint16_t *out) {
  intptr_t o = 0;
  int count;
  for (intptr_t i = 0; i < n;) {
    i += decode(src, i, out + o, &count);
    o += count;
  }
  return o;
}

// A random scalar: a third ASCII, then 2-, 3- and 4-byte ones, with the ends of each range
// and the neighbours of the surrogates more often than chance.
static uint32_t random_scalar(void) {
  static const uint32_t edges[] = {0x00, 0x0A, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF};
  uint64_t r = next_random();
  switch (r % 12) {
  case 0: case 1: case 2: case 3: return (uint32_t)(0x20 + (r >> 8) % 0x5F);
  case 4: return edges[(r >> 8) % (sizeof edges / sizeof edges[0])];
  case 5: case 6: return (uint32_t)(0x80 + (r >> 8) % (0x800 - 0x80));
  case 7: case 8: {
    uint32_t s = (uint32_t)(0x800 + (r >> 8) % (0x10000 - 0x800));
    return (s >= 0xD800 && s < 0xE000) ? 0x4E2D : s;
  }
  default: return (uint32_t)(0x10000 + (r >> 8) % (0x110000 - 0x10000));
  }
}

// MARK: Checks

// Transcodes src[0..<n] in pieces of `capacity` units, each begun by the kernel and finished
// one scalar at a time, and compares the whole with the reference.
static void check_pieces(int kernel, const uint8_t *src, intptr_t n, intptr_t capacity, const char *what) {
  uint16_t *expected = malloc(sizeof(uint16_t) * (size_t)(n + 1));
  uint16_t *got = malloc(sizeof(uint16_t) * (size_t)(n + 1));
  uint16_t *piece = malloc(sizeof(uint16_t) * (size_t)(capacity + 64));
  intptr_t expected_count = reference(src, n, expected), o = 0;
  for (intptr_t i = 0; i < n;) {
    for (intptr_t k = 0; k < capacity + 64; k++) piece[k] = 0xABCD;
    intptr_t written = -1;
    intptr_t read = tes_utf8_to_utf16_prefix(kernel, src + i, n - i, piece, capacity, &written);
    CHECK(read >= 0 && read <= n - i && written >= 0 && written <= capacity, "%s: read %ld written %ld", what, (long)read, (long)written);
    CHECK(i + read == n || (src[i + read] & 0xC0) != 0x80, "%s: stopped inside a sequence at %ld", what, (long)(i + read));
    for (intptr_t k = capacity; k < capacity + 64; k++) {
      CHECK(piece[k] == 0xABCD, "%s: wrote past the room of %ld units", what, (long)capacity);
    }
    if (failures) break;
    // The rest of the piece, one scalar at a time while it fits.
    intptr_t end = i + read;
    while (end < n) {
      uint16_t units[2];
      int count;
      int length = decode(src, end, units, &count);
      if (written + count > capacity) break;
      memcpy(piece + written, units, sizeof(uint16_t) * (size_t)count);
      written += count;
      end += length;
    }
    CHECK(end > i, "%s: a piece of %ld units took nothing", what, (long)capacity);
    if (end == i) break;
    memcpy(got + o, piece, sizeof(uint16_t) * (size_t)written);
    o += written;
    i = end;
  }
  CHECK(o == expected_count && memcmp(got, expected, sizeof(uint16_t) * (size_t)o) == 0,
        "%s: units differ from the reference (room %ld, %ld units, %ld expected)", what, (long)capacity, (long)o,
        (long)expected_count);
  free(expected);
  free(got);
  free(piece);
}

static void check_counts(int kernel, const uint8_t *src, intptr_t n, const char *what) {
  intptr_t units = 0, feeds = 0;
  for (intptr_t i = 0; i < n; i++) {
    units += ((src[i] & 0xC0) != 0x80) + (src[i] >= 0xF0);
    feeds += src[i] == 0x0A;
  }
  CHECK(tes_utf16_count_of_utf8(kernel, src, n) == units, "%s: UTF-16 count of %ld bytes", what, (long)n);
  CHECK(tes_count_byte(kernel, src, n, 0x0A) == feeds, "%s: line feeds in %ld bytes", what, (long)n);
}

// Random text of about `bytes` bytes into an allocation of exactly its size; returns its length.
static intptr_t random_text(uint8_t **text, intptr_t bytes) {
  uint8_t *buffer = malloc((size_t)bytes + 4);
  intptr_t n = 0;
  while (n < bytes) n += encode(random_scalar(), buffer + n);
  *text = malloc((size_t)n);
  memcpy(*text, buffer, (size_t)n);
  free(buffer);
  return n;
}

static void test_kernel(int kernel, const char *name) {
  char what[160];
  static const intptr_t rooms[] = {1, 2, 3, 33, 39, 40, 41, 64, 65, 66, 97, 100, 1023, 1024};
  // Random texts, whole and in pieces of every room.
  for (int trial = 0; trial < 300; trial++) {
    uint8_t *text;
    intptr_t n = random_text(&text, (intptr_t)(next_random() % 3000));
    for (size_t r = 0; r < sizeof rooms / sizeof rooms[0]; r++) {
      snprintf(what, sizeof what, "%s, random text %d", name, trial);
      // With one unit of room a surrogate pair never fits: those texts get two.
      check_pieces(kernel, text, n, rooms[r] == 1 ? 2 : rooms[r], what);
    }
    check_pieces(kernel, text, n, n + 1, what);
    check_counts(kernel, text, n, what);
    free(text);
    if (failures) return;
  }
  // Each kind of sequence at every offset of a block, in runs.
  static const uint32_t kinds[][3] = {{0xE9}, {0x4E2D}, {0x1F600}, {0x7FF}, {0x800}, {0xFFFF}, {0x10000}, {0x10FFFF}, {0xE9, 0x4E2D, 0x1F600}, {0x0A}};
  for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
    for (int prefix = 40; prefix <= 40 + 64; prefix++) {
      for (int run = 1; run <= 17; run += 4) {
        uint8_t buffer[400];
        intptr_t n = 0;
        for (int p = 0; p < prefix; p++) buffer[n++] = 'p';
        for (int r = 0; r < run; r++)
          for (int s = 0; s < 3 && kinds[k][s]; s++) n += encode(kinds[k][s], buffer + n);
        for (int q = 0; q < 70; q++) buffer[n++] = 'q';
        uint8_t *text = malloc((size_t)n);
        memcpy(text, buffer, (size_t)n);
        snprintf(what, sizeof what, "%s, U+%04X at %d, run of %d", name, kinds[k][0], prefix, run);
        check_pieces(kernel, text, n, n + 1, what);
        check_pieces(kernel, text, n, 65, what);
        check_counts(kernel, text, n, what);
        free(text);
      }
    }
  }
  // A surrogate pair where the last block of a piece ends, with the room filled exactly.
  static const intptr_t exact[] = {33 + 32, 33 + 64, 33 + 96, 1 + 32 * 31, 33 + 16, 33 + 48};
  for (size_t e = 0; e < sizeof exact / sizeof exact[0]; e++) {
    for (intptr_t offset = exact[e] - 40; offset <= exact[e] + 8; offset++) {
      intptr_t n = offset + 4 + 100;
      uint8_t *text = malloc((size_t)n);
      memset(text, 'a', (size_t)offset);
      encode(0x1F600, text + offset);
      memset(text + offset + 4, 'b', 100);
      snprintf(what, sizeof what, "%s, emoji at %ld, room %ld", name, (long)offset, (long)exact[e]);
      check_pieces(kernel, text, n, exact[e], what);
      free(text);
    }
  }
  // Pieces whose room ends inside a block (AVX2 transcodes that block into a buffer and keeps
  // the units that fit): every room short of a block, runs of one kind of sequence or of the
  // mixed kinds, begun at each offset of a sequence.
  static const uint32_t runs[][3] = {{0x1F600}, {0x4E2D}, {0xE9}, {0xE9, 0x4E2D, 0x1F600}, {0x1F600, 0x41}};
  for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) {
    for (int offset = 0; offset < 4; offset++) {
      uint8_t buffer[1200];
      intptr_t n = 0;
      for (int p = 0; p < offset; p++) buffer[n++] = 'p';
      while (n < 1100)
        for (int s = 0; s < 3 && runs[k][s]; s++) n += encode(runs[k][s], buffer + n);
      uint8_t *text = malloc((size_t)n);
      memcpy(text, buffer, (size_t)n);
      for (intptr_t room = 40; room <= 40 + 64; room++) {
        snprintf(what, sizeof what, "%s, U+%04X runs after %d bytes, room %ld", name, runs[k][0], offset, (long)room);
        check_pieces(kernel, text, n, room, what);
      }
      free(text);
    }
  }
  // Counts over long runs (the NEON counts fold every 4,080 bytes, AVX2's every 8,160).
  for (intptr_t n = 4000; n <= 12000; n += 997) {
    uint8_t *text = malloc((size_t)n);
    memset(text, 0x0A, (size_t)n);
    snprintf(what, sizeof what, "%s, %ld line feeds", name, (long)n);
    check_counts(kernel, text, n, what);
    for (intptr_t i = 0; i + 4 <= n; i += 4) encode(0x1F600, text + i);
    snprintf(what, sizeof what, "%s, emoji over %ld bytes", name, (long)n);
    check_counts(kernel, text, n - n % 4, what);
    free(text);
  }
}

int main(int argc, char **argv) {
  int required = 0;
  if (argc == 3 && strcmp(argv[1], "--require") == 0) required = atoi(argv[2]);
  static const struct { int kernel; const char *name; } kernels[] = {
      {TES_KERNEL_AVX2, "AVX2"}, {TES_KERNEL_AVX512, "AVX-512"}, {TES_KERNEL_NEON, "NEON"}};
  int tested = 0;
  (void)tes_best_utf8_kernel();
  for (size_t k = 0; k < sizeof kernels / sizeof kernels[0]; k++) {
    if (!tes_utf8_kernel_supported(kernels[k].kernel)) continue;
    test_kernel(kernels[k].kernel, kernels[k].name);
    printf("kernel_test: %s %s\n", kernels[k].name, failures ? "FAILED" : "passed");
    tested++;
    if (failures) break;
  }
  // A kernel this CPU lacks transcodes nothing.
  for (size_t k = 0; k < sizeof kernels / sizeof kernels[0]; k++) {
    if (tes_utf8_kernel_supported(kernels[k].kernel)) continue;
    uint8_t text[100];
    uint16_t out[100];
    intptr_t written = -1;
    memset(text, 'x', sizeof text);
    CHECK(tes_utf8_to_utf16_prefix(kernels[k].kernel, text, 100, out, 100, &written) == 0 && written == 0,
          "%s is not on this CPU but transcoded", kernels[k].name);
  }
  if (tested < required) {
    fprintf(stderr, "kernel_test: %d kernels tested, %d required\n", tested, required);
    return 1;
  }
  return failures ? 1 : 0;
}
