// UTF-8 → UTF-16 with vector instructions (x86-64: AVX2 or AVX-512, chosen at run time;
// AArch64: NEON), see the header.
//
// The method, the same in every kernel: for each of a block's byte positions p, compute the unit
// that p would produce if it started a scalar, from the bytes p, p + 1 and p + 2 (loaded again at
// offsets 1 and 2, widened to 16 bits):
//   ASCII        b0
//   2-byte lead  (b0 << 6 | b1 & 0x3F) & 0x7FF
//   3-byte lead  b0 << 12 | (b1 & 0x3F) << 6 | b2 & 0x3F          (16-bit arithmetic)
//   4-byte lead  the high surrogate, 0xD7C0 + ((b0 & 7) << 8 | (b1 & 0x3F) << 2 | (b2 & 0x3F) >> 4)
//   the byte after a 4-byte lead
//                the low surrogate, 0xDC00 | (b1 & 0x0F) << 6 | b2 & 0x3F
// then keep the positions that are not continuation bytes, or that follow a 4-byte lead, in
// order. A sequence that starts in a block is decoded there even when it ends in the next; the
// next block drops its continuation bytes, or takes its low surrogate from the byte after the
// lead. So a block always advances by its width and nothing is decided byte by byte.
#include "CTextEditingSupport.h"

#if defined(__x86_64__) || defined(__aarch64__)
#include <pthread.h>

// MARK: Shared by the kernels

// For each mask of 8 kept 16-bit lanes, the byte shuffle that packs them to the front.
static uint8_t pack_lanes[256][16];
// Whether each kernel runs on this CPU, by its number.
static int kernel_usable[TES_KERNEL_NEON + 1];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void build_tables(void) {
  for (int kernel = 0; kernel <= TES_KERNEL_NEON; kernel++) kernel_usable[kernel] = tes_utf8_kernel_supported(kernel);
  for (int mask = 0; mask < 256; mask++) {
    int k = 0;
    for (int lane = 0; lane < 8; lane++) {
      if (mask & (1 << lane)) {
        pack_lanes[mask][2 * k] = (uint8_t)(2 * lane);
        pack_lanes[mask][2 * k + 1] = (uint8_t)(2 * lane + 1);
        k++;
      }
    }
    for (; k < 8; k++) pack_lanes[mask][2 * k] = pack_lanes[mask][2 * k + 1] = 0x80;
  }
}

// Decodes the scalar at src[i] into out[o]; returns its length in bytes and adds its units to *o.
static inline intptr_t decode_scalar(const uint8_t *src, intptr_t i, uint16_t *out, intptr_t *o) {
  uint32_t b0 = src[i];
  if (b0 < 0x80) {
    out[(*o)++] = (uint16_t)b0;
    return 1;
  }
  if (b0 < 0xE0) {
    out[(*o)++] = (uint16_t)((b0 & 0x1F) << 6 | (src[i + 1] & 0x3F));
    return 2;
  }
  if (b0 < 0xF0) {
    out[(*o)++] = (uint16_t)((b0 & 0x0F) << 12 | (src[i + 1] & 0x3F) << 6 | (src[i + 2] & 0x3F));
    return 3;
  }
  uint32_t v = (b0 & 0x07) << 18 | (uint32_t)(src[i + 1] & 0x3F) << 12
      | (uint32_t)(src[i + 2] & 0x3F) << 6 | (src[i + 3] & 0x3F);
  v -= 0x10000;
  out[(*o)++] = (uint16_t)(0xD800 | v >> 10);
  out[(*o)++] = (uint16_t)(0xDC00 | (v & 0x3FF));
  return 4;
}

// After the blocks: `i` is a block boundary, possibly inside a sequence that started in the
// last block. Finishes that sequence (its low surrogate, when the block ended right after a
// 4-byte lead) and returns the boundary after it.
static inline intptr_t finish_sequence(const uint8_t *src, intptr_t i, uint16_t *out, intptr_t *o) {
  if ((src[i] & 0xC0) != 0x80) return i;
  intptr_t lead = i - 1;
  while ((src[lead] & 0xC0) == 0x80) lead--;
  uint8_t b0 = src[lead];
  if (b0 >= 0xF0) {
    if (lead + 1 == i) out[(*o)++] = (uint16_t)(0xDC00 | (src[i + 1] & 0x0F) << 6 | (src[i + 2] & 0x3F));
    return lead + 4;
  }
  return lead + (b0 >= 0xE0 ? 3 : 2);
}

// MARK: x86-64: AVX2 and AVX-512

#if defined(__x86_64__)
#include <immintrin.h>

#define LOAD128(p) _mm_loadu_si128((const __m128i *)(p))
#define AVX2_TARGET __attribute__((target("avx2,popcnt")))
#define AVX512_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi2,popcnt")))

// AVX2 has no 16-bit compaction, and widening each half of a block to 16-bit lanes before
// computing its candidates took two passes of the arithmetic and six widening loads. So the
// candidates are computed as two bytes, low and high, for all 32 positions at once in 8-bit
// lanes, and interleaved into units only to be packed. With b0, b1 and b2 the bytes at p, p + 1
// and p + 2, and c1, c2 the payloads of b1 and b2:
//                 low byte                          high byte
//   ASCII         b0                                0
//   2-byte lead   (b0 & 3) << 6 | c1                (b0 >> 2) & 7
//   3-byte lead   (b1 & 3) << 6 | c2                b0 << 4 | (b1 >> 2) & 0xF
//   after 4-lead  (b1 & 3) << 6 | c2                0xDC | (b1 >> 2) & 3           (low surrogate)
//   4-byte lead   y - 0x40, y = c1 << 2 | c2 >> 4   0xD7 + (b0 & 7) + (y >= 0x40)  (high surrogate)
// (the high surrogate is 0xD800 + ((b0 & 7) << 8 | y) - 0x40; the subtraction borrows from the
// high byte when y < 0x40). Shifts are 16-bit (AVX2 has no 8-bit ones): each result is masked
// to the bits that came from its own byte.
//
// One block: the 32 bytes at src (v0 holds them; src[-1 ..< 34] are read). Stores its units at
// out, writing out[0 ..< 32] whatever it keeps, and returns the mask of the positions kept (bit
// p for position p), one unit each.
AVX2_TARGET static inline unsigned block_avx2(const uint8_t *src, __m256i v0, uint16_t *out) {
  const __m256i low6 = _mm256_set1_epi8(0x3F), top2 = _mm256_set1_epi8((char)0xC0);
  __m256i v1 = _mm256_loadu_si256((const __m256i *)(src + 1));
  __m256i v2 = _mm256_loadu_si256((const __m256i *)(src + 2));
  __m256i before = _mm256_loadu_si256((const __m256i *)(src - 1));
  // Signed comparisons: a lead of at least 0xC0, 0xE0 or 0xF0, or an ASCII byte (positive),
  // which the last blends override. A continuation byte is below -64; the byte before one is
  // never ASCII, so `after_lead4` needs no other test.
  __m256i lead2 = _mm256_cmpgt_epi8(v0, _mm256_set1_epi8((char)0xBF));
  __m256i lead3 = _mm256_cmpgt_epi8(v0, _mm256_set1_epi8((char)0xDF));
  __m256i lead4 = _mm256_cmpgt_epi8(v0, _mm256_set1_epi8((char)0xEF));
  __m256i continuation = _mm256_cmpgt_epi8(top2, v0);
  __m256i after_lead4 = _mm256_cmpgt_epi8(before, _mm256_set1_epi8((char)0xEF));
  unsigned keep = ~(unsigned)_mm256_movemask_epi8(_mm256_andnot_si256(after_lead4, continuation));

  __m256i lo2 = _mm256_or_si256(_mm256_and_si256(_mm256_slli_epi16(v0, 6), top2), _mm256_and_si256(v1, low6));
  __m256i lo3 = _mm256_or_si256(_mm256_and_si256(_mm256_slli_epi16(v1, 6), top2), _mm256_and_si256(v2, low6));
  __m256i y = _mm256_or_si256(_mm256_and_si256(_mm256_slli_epi16(v1, 2), _mm256_set1_epi8((char)0xFC)),
                              _mm256_and_si256(_mm256_srli_epi16(v2, 4), _mm256_set1_epi8(0x03)));
  __m256i lo4 = _mm256_sub_epi8(y, _mm256_set1_epi8(0x40));
  __m256i lo = _mm256_blendv_epi8(lo3, lo2, _mm256_xor_si256(lead2, lead3));
  lo = _mm256_blendv_epi8(lo, lo4, lead4);
  lo = _mm256_blendv_epi8(v0, lo, v0);

  __m256i v1_2 = _mm256_srli_epi16(v1, 2);
  __m256i hi_after4 = _mm256_or_si256(_mm256_and_si256(v1_2, _mm256_set1_epi8(0x03)), _mm256_set1_epi8((char)0xDC));
  __m256i hi2 = _mm256_and_si256(_mm256_srli_epi16(v0, 2), _mm256_set1_epi8(0x07));
  __m256i hi3 = _mm256_or_si256(_mm256_and_si256(_mm256_slli_epi16(v0, 4), _mm256_set1_epi8((char)0xF0)),
                                _mm256_and_si256(v1_2, _mm256_set1_epi8(0x0F)));
  // All ones (-1) where y >= 0x40: no borrow, one more in the high byte.
  __m256i no_borrow = _mm256_cmpeq_epi8(_mm256_max_epu8(y, _mm256_set1_epi8(0x40)), y);
  __m256i hi4 = _mm256_sub_epi8(
      _mm256_add_epi8(_mm256_and_si256(v0, _mm256_set1_epi8(0x07)), _mm256_set1_epi8((char)0xD7)), no_borrow);
  __m256i hi = _mm256_blendv_epi8(hi_after4, hi2, lead2);
  hi = _mm256_blendv_epi8(hi, hi3, lead3);
  hi = _mm256_blendv_epi8(hi, hi4, lead4);
  hi = _mm256_blendv_epi8(_mm256_setzero_si256(), hi, v0);

  // Interleaved within each 128-bit lane: `first` holds the units of positions 0-7 and 16-23,
  // `second` those of 8-15 and 24-31. Each group of 8 is packed by its byte of `keep`, and
  // the four are stored in position order, at offsets counted independently of each other.
  __m256i first = _mm256_unpacklo_epi8(lo, hi), second = _mm256_unpackhi_epi8(lo, hi);
  unsigned k0 = keep & 0xFF, k1 = (keep >> 8) & 0xFF, k2 = (keep >> 16) & 0xFF, k3 = keep >> 24;
  first = _mm256_shuffle_epi8(
      first, _mm256_inserti128_si256(_mm256_castsi128_si256(LOAD128(pack_lanes[k0])), LOAD128(pack_lanes[k2]), 1));
  second = _mm256_shuffle_epi8(
      second, _mm256_inserti128_si256(_mm256_castsi128_si256(LOAD128(pack_lanes[k1])), LOAD128(pack_lanes[k3]), 1));
  _mm_storeu_si128((__m128i *)out, _mm256_castsi256_si128(first));
  _mm_storeu_si128((__m128i *)(out + __builtin_popcount(k0)), _mm256_castsi256_si128(second));
  _mm_storeu_si128((__m128i *)(out + __builtin_popcount(keep & 0xFFFF)), _mm256_extracti128_si256(first, 1));
  _mm_storeu_si128((__m128i *)(out + __builtin_popcount(keep & 0xFFFFFF)), _mm256_extracti128_si256(second, 1));
  return keep;
}

// Blocks of 32 bytes from `i` (> 0: the byte before is read) while src[i - 1 ..< i + 40] and
// out[o ..< o + 33] are inside the buffers: a block reads src[i - 1 ..< i + 34] and writes
// out[o ..< o + 32], and what is left is enough to finish a sequence it started. Then, while
// 40 bytes remain but less room, one more block into a buffer of its own, of which as many
// units are kept as fit (whole scalars): a rope leaf fills to its last unit or two without its
// last few dozen units going one scalar at a time.
AVX2_TARGET static intptr_t blocks_avx2(const uint8_t *src, intptr_t n, uint16_t *out, intptr_t capacity, intptr_t i, intptr_t *o_) {
  intptr_t o = *o_;
  while (i <= n - 40 && o <= capacity - 33) {
    __m256i v0 = _mm256_loadu_si256((const __m256i *)(src + i));
    if (_mm256_movemask_epi8(v0) == 0) {
      _mm256_storeu_si256((__m256i *)(out + o), _mm256_cvtepu8_epi16(LOAD128(src + i)));
      _mm256_storeu_si256((__m256i *)(out + o + 16), _mm256_cvtepu8_epi16(LOAD128(src + i + 16)));
      i += 32;
      o += 32;
      continue;
    }
    o += __builtin_popcount(block_avx2(src + i, v0, out + o));
    i += 32;
  }
  if (i <= n - 40 && o < capacity) {
    uint16_t units[32];
    unsigned keep = block_avx2(src + i, _mm256_loadu_si256((const __m256i *)(src + i)), units);
    intptr_t room = capacity - o, count = __builtin_popcount(keep), take = count, read = 32;
    if (count > room) {
      // The first `room` units: those of the positions before the next kept one, p.
      unsigned rest = keep;
      for (intptr_t k = 0; k < room; k++) rest &= rest - 1;
      take = room;
      read = __builtin_ctz(rest);
      // p holds a low surrogate: its high surrogate is the last unit taken, and goes back too.
      if ((src[i + read] & 0xC0) == 0x80) take--, read--;
    } else if (count == room && src[i + 31] >= 0xF0) {
      // The block ends with a 4-byte lead, whose low surrogate (after the block) has no room.
      take--, read--;
    }
    for (intptr_t k = 0; k < take; k++) out[o + k] = units[k];
    o += take;
    i += read;
  }
  *o_ = o;
  return i;
}

AVX512_TARGET static intptr_t blocks_avx512(const uint8_t *src, intptr_t n, uint16_t *out, intptr_t capacity, intptr_t i, intptr_t *o_) {
  intptr_t o = *o_;
  const __m512i low6 = _mm512_set1_epi16(0x3F);
  while (i <= n - 40 && o <= capacity - 33) {
    __m256i v = _mm256_loadu_si256((const __m256i *)(src + i));
    __m512i b0 = _mm512_cvtepu8_epi16(v);
    if (_mm256_movepi8_mask(v) == 0) {
      _mm512_storeu_si512((void *)(out + o), b0);
      i += 32;
      o += 32;
      continue;
    }
    __m512i b1 = _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(src + i + 1)));
    __m512i b2 = _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(src + i + 2)));
    __m256i before = _mm256_loadu_si256((const __m256i *)(src + i - 1));
    // The candidates of the header above, in 16-bit lanes, with m = c1 << 6 | c2.
    __m512i c1 = _mm512_and_si512(b1, low6);
    __m512i m = _mm512_or_si512(_mm512_slli_epi16(c1, 6), _mm512_and_si512(b2, low6));
    __m512i two = _mm512_and_si512(_mm512_or_si512(_mm512_slli_epi16(b0, 6), c1), _mm512_set1_epi16(0x7FF));
    __m512i three = _mm512_or_si512(_mm512_slli_epi16(b0, 12), m);
    __m512i high = _mm512_add_epi16(
        _mm512_set1_epi16((short)0xD7C0),
        _mm512_or_si512(_mm512_slli_epi16(_mm512_and_si512(b0, _mm512_set1_epi16(7)), 8), _mm512_srli_epi16(m, 4)));
    // 0xF8: a | (b & c).
    __m512i low = _mm512_ternarylogic_epi32(_mm512_set1_epi16((short)0xDC00), m, _mm512_set1_epi16(0x3FF), 0xF8);
    __m512i u = _mm512_mask_blend_epi16(_mm512_cmpgt_epu16_mask(b0, _mm512_set1_epi16(0x7F)), b0, low);
    u = _mm512_mask_blend_epi16(_mm512_cmpgt_epu16_mask(b0, _mm512_set1_epi16(0xBF)), u, two);
    u = _mm512_mask_blend_epi16(_mm512_cmpgt_epu16_mask(b0, _mm512_set1_epi16(0xDF)), u, three);
    u = _mm512_mask_blend_epi16(_mm512_cmpgt_epu16_mask(b0, _mm512_set1_epi16(0xEF)), u, high);
    __mmask32 continuation = _mm256_cmpeq_epi8_mask(
        _mm256_and_si256(v, _mm256_set1_epi8((char)0xC0)), _mm256_set1_epi8((char)0x80));
    __mmask32 after_lead4 = _mm256_cmpge_epu8_mask(before, _mm256_set1_epi8((char)0xF0));
    __mmask32 keep = ~continuation | after_lead4;
    // Compressed into a register, then stored: VPCOMPRESSW straight to memory is slow on some
    // CPUs (AMD Zen 4).
    _mm512_storeu_si512((void *)(out + o), _mm512_maskz_compress_epi16(keep, u));
    o += __builtin_popcount(keep);
    i += 32;
  }
  *o_ = o;
  return i;
}

// The sum of the 32 bytes of `tally`, each a count of at most 255.
AVX2_TARGET static inline intptr_t sum_bytes_avx2(__m256i tally) {
  __m256i sums = _mm256_sad_epu8(tally, _mm256_setzero_si256());
  __m128i pair = _mm_add_epi64(_mm256_castsi256_si128(sums), _mm256_extracti128_si256(sums, 1));
  return (intptr_t)(_mm_cvtsi128_si64(pair) + _mm_extract_epi64(pair, 1));
}

// Counts, 32 bytes a step: each byte lane tallies its continuation bytes (the signed bytes below
// -64) and 4-byte leads (the unsigned bytes from 0xF0) by subtracting the comparisons (all ones,
// -1, where they hold), summed every 255 steps before a lane could wrap. (Fewer instructions a
// step than a mask and a population count per comparison.)
AVX2_TARGET static inline void tally_utf16_avx2(__m256i v, __m256i *continuations, __m256i *leads4) {
  *continuations = _mm256_sub_epi8(*continuations, _mm256_cmpgt_epi8(_mm256_set1_epi8(-64), v));
  *leads4 = _mm256_sub_epi8(*leads4, _mm256_cmpeq_epi8(_mm256_max_epu8(v, _mm256_set1_epi8((char)0xF0)), v));
}

AVX2_TARGET static intptr_t utf16_count_avx2(const uint8_t *src, intptr_t n, intptr_t *i_) {
  intptr_t adjust = 0, i = 0;
  while (i + 32 <= n) {
    __m256i continuations = _mm256_setzero_si256(), leads4 = _mm256_setzero_si256();
    intptr_t steps = (n - i) / 32, end = i + 32 * (steps < 255 ? steps : 255);
    // Two steps an iteration (the loop's own instructions were a third of it), then one.
    for (; i + 64 <= end; i += 64) {
      tally_utf16_avx2(_mm256_loadu_si256((const __m256i *)(src + i)), &continuations, &leads4);
      tally_utf16_avx2(_mm256_loadu_si256((const __m256i *)(src + i + 32)), &continuations, &leads4);
    }
    if (i < end) {
      tally_utf16_avx2(_mm256_loadu_si256((const __m256i *)(src + i)), &continuations, &leads4);
      i += 32;
    }
    adjust += sum_bytes_avx2(leads4) - sum_bytes_avx2(continuations);
  }
  *i_ = i;
  return i + adjust;
}

AVX512_TARGET static intptr_t utf16_count_avx512(const uint8_t *src, intptr_t n, intptr_t *i_) {
  intptr_t adjust = 0, i = 0;
  for (; i + 64 <= n; i += 64) {
    __m512i v = _mm512_loadu_si512((const void *)(src + i));
    __mmask64 continuation = _mm512_cmplt_epi8_mask(v, _mm512_set1_epi8(-64));
    __mmask64 lead4 = _mm512_cmpge_epu8_mask(v, _mm512_set1_epi8((char)0xF0));
    adjust += __builtin_popcountll(lead4) - __builtin_popcountll(continuation);
  }
  *i_ = i;
  return i + adjust;
}

// As utf16_count_avx2: a tally per byte lane, summed every 255 steps.
AVX2_TARGET static intptr_t count_byte_avx2(const uint8_t *src, intptr_t n, uint8_t byte, intptr_t *i_) {
  intptr_t count = 0, i = 0;
  __m256i b = _mm256_set1_epi8((char)byte);
  while (i + 32 <= n) {
    __m256i tally = _mm256_setzero_si256();
    intptr_t steps = (n - i) / 32, end = i + 32 * (steps < 255 ? steps : 255);
    for (; i + 64 <= end; i += 64) {
      tally = _mm256_sub_epi8(tally, _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(src + i)), b));
      tally = _mm256_sub_epi8(tally, _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(src + i + 32)), b));
    }
    // As in utf16_count_avx2: two steps an iteration, then one.
    if (i < end) {
      tally = _mm256_sub_epi8(tally, _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(src + i)), b));
      i += 32;
    }
    count += sum_bytes_avx2(tally);
  }
  *i_ = i;
  return count;
}

AVX512_TARGET static intptr_t count_byte_avx512(const uint8_t *src, intptr_t n, uint8_t byte, intptr_t *i_) {
  intptr_t count = 0, i = 0;
  __m512i b = _mm512_set1_epi8((char)byte);
  for (; i + 64 <= n; i += 64) {
    count += __builtin_popcountll(_mm512_cmpeq_epi8_mask(_mm512_loadu_si512((const void *)(src + i)), b));
  }
  *i_ = i;
  return count;
}

#endif  // __x86_64__

// MARK: AArch64: NEON

#if defined(__aarch64__)
#include <arm_neon.h>

// The candidate units of 8 positions (the header above), in 16-bit lanes as blocks_avx512
// computes them.
static inline uint16x8_t candidates_neon(uint16x8_t b0, uint16x8_t b1, uint16x8_t b2) {
  const uint16x8_t low6 = vdupq_n_u16(0x3F);
  uint16x8_t c1 = vandq_u16(b1, low6);
  uint16x8_t m = vorrq_u16(vshlq_n_u16(c1, 6), vandq_u16(b2, low6));
  uint16x8_t two = vandq_u16(vorrq_u16(vshlq_n_u16(b0, 6), c1), vdupq_n_u16(0x7FF));
  uint16x8_t three = vorrq_u16(vshlq_n_u16(b0, 12), m);
  uint16x8_t high = vaddq_u16(
      vdupq_n_u16(0xD7C0), vorrq_u16(vshlq_n_u16(vandq_u16(b0, vdupq_n_u16(7)), 8), vshrq_n_u16(m, 4)));
  uint16x8_t low = vorrq_u16(vdupq_n_u16(0xDC00), vandq_u16(m, vdupq_n_u16(0x3FF)));
  uint16x8_t u = vbslq_u16(vcgtq_u16(b0, vdupq_n_u16(0x7F)), low, b0);
  u = vbslq_u16(vcgtq_u16(b0, vdupq_n_u16(0xBF)), two, u);
  u = vbslq_u16(vcgtq_u16(b0, vdupq_n_u16(0xDF)), three, u);
  return vbslq_u16(vcgtq_u16(b0, vdupq_n_u16(0xEF)), high, u);
}

// Stores the kept lanes of `u` (bit j of `keep` for lane j) at out[o...] with a table lookup
// (TBL gives 0 for the table's out-of-range indices); returns the new o. Writes 8 units.
static inline intptr_t pack_neon(uint16x8_t u, unsigned keep, uint16_t *out, intptr_t o) {
  uint8x16_t packed = vqtbl1q_u8(vreinterpretq_u8_u16(u), vld1q_u8(pack_lanes[keep]));
  vst1q_u8((uint8_t *)(out + o), packed);
  return o + __builtin_popcount(keep);
}

// Blocks of 16 bytes, with the same bounds as blocks_avx2.
static intptr_t blocks_neon(const uint8_t *src, intptr_t n, uint16_t *out, intptr_t capacity, intptr_t i, intptr_t *o_) {
  intptr_t o = *o_;
  static const uint8_t weights_array[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
  const uint8x16_t weights = vld1q_u8(weights_array);
  while (i <= n - 40 && o <= capacity - 33) {
    uint8x16_t v = vld1q_u8(src + i);
    if (vmaxvq_u8(v) < 0x80) {
      vst1q_u16(out + o, vmovl_u8(vget_low_u8(v)));
      vst1q_u16(out + o + 8, vmovl_high_u8(v));
      i += 16;
      o += 16;
      continue;
    }
    uint8x16_t v1 = vld1q_u8(src + i + 1);
    uint8x16_t v2 = vld1q_u8(src + i + 2);
    uint8x16_t before = vld1q_u8(src + i - 1);
    uint8x16_t continuation = vceqq_u8(vandq_u8(v, vdupq_n_u8(0xC0)), vdupq_n_u8(0x80));
    uint8x16_t after_lead4 = vcgeq_u8(before, vdupq_n_u8(0xF0));
    // keep = after_lead4 | ~continuation, one bit per byte of each half.
    uint8x16_t bits = vandq_u8(vornq_u8(after_lead4, continuation), weights);
    unsigned keep_low = vaddv_u8(vget_low_u8(bits)), keep_high = vaddv_u8(vget_high_u8(bits));
    uint16x8_t first = candidates_neon(vmovl_u8(vget_low_u8(v)), vmovl_u8(vget_low_u8(v1)), vmovl_u8(vget_low_u8(v2)));
    uint16x8_t second = candidates_neon(vmovl_high_u8(v), vmovl_high_u8(v1), vmovl_high_u8(v2));
    o = pack_neon(first, keep_low, out, o);
    o = pack_neon(second, keep_high, out, o);
    i += 16;
  }
  *o_ = o;
  return i;
}

// Counts, 16 bytes a step, folded every 255 steps before a lane's tally could wrap.
static intptr_t utf16_count_neon(const uint8_t *src, intptr_t n, intptr_t *i_) {
  intptr_t adjust = 0, i = 0;
  while (i + 16 <= n) {
    uint8x16_t continuations = vdupq_n_u8(0), leads4 = vdupq_n_u8(0);
    for (int steps = 0; steps < 255 && i + 16 <= n; steps++, i += 16) {
      uint8x16_t v = vld1q_u8(src + i);
      continuations = vsubq_u8(continuations, vceqq_u8(vandq_u8(v, vdupq_n_u8(0xC0)), vdupq_n_u8(0x80)));
      leads4 = vsubq_u8(leads4, vcgeq_u8(v, vdupq_n_u8(0xF0)));
    }
    adjust += (intptr_t)vaddlvq_u8(leads4) - (intptr_t)vaddlvq_u8(continuations);
  }
  *i_ = i;
  return i + adjust;
}

static intptr_t count_byte_neon(const uint8_t *src, intptr_t n, uint8_t byte, intptr_t *i_) {
  intptr_t count = 0, i = 0;
  const uint8x16_t b = vdupq_n_u8(byte);
  while (i + 16 <= n) {
    uint8x16_t tally = vdupq_n_u8(0);
    for (int steps = 0; steps < 255 && i + 16 <= n; steps++, i += 16) {
      tally = vsubq_u8(tally, vceqq_u8(vld1q_u8(src + i), b));
    }
    count += vaddlvq_u8(tally);
  }
  *i_ = i;
  return count;
}

#endif  // __aarch64__

// MARK: Choosing and running a kernel

int tes_utf8_kernel_supported(int kernel) {
#if defined(__x86_64__)
  __builtin_cpu_init();
  switch (kernel) {
  case TES_KERNEL_AVX2:
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
  case TES_KERNEL_AVX512:
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
        && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi2")
        && __builtin_cpu_supports("popcnt");
  default:
    return 0;
  }
#else
  // NEON (Advanced SIMD) is part of every AArch64 CPU.
  return kernel == TES_KERNEL_NEON;
#endif
}

int tes_best_utf8_kernel(void) {
  pthread_once(&tables_once, build_tables);
  if (kernel_usable[TES_KERNEL_AVX512]) return TES_KERNEL_AVX512;
  if (kernel_usable[TES_KERNEL_AVX2]) return TES_KERNEL_AVX2;
  if (kernel_usable[TES_KERNEL_NEON]) return TES_KERNEL_NEON;
  return TES_KERNEL_NONE;
}

intptr_t tes_utf8_to_utf16_prefix(
    int kernel, const uint8_t *src, intptr_t n, uint16_t *out, intptr_t capacity, intptr_t *written) {
  intptr_t o = 0;
  *written = 0;
  pthread_once(&tables_once, build_tables);
  if (n < 44 || capacity < 40 || kernel < 0 || kernel > TES_KERNEL_NEON || !kernel_usable[kernel]) return 0;
  // The first scalar on its own: every block reads the byte before it.
  intptr_t i = decode_scalar(src, 0, out, &o);
#if defined(__x86_64__)
  i = kernel == TES_KERNEL_AVX512 ? blocks_avx512(src, n, out, capacity, i, &o)
                                  : blocks_avx2(src, n, out, capacity, i, &o);
#else
  i = blocks_neon(src, n, out, capacity, i, &o);
#endif
  // The blocks stopped with input and a unit of room to spare: enough for the end of a sequence
  // the last block started.
  i = finish_sequence(src, i, out, &o);
  *written = o;
  return i;
}

intptr_t tes_utf16_count_of_utf8(int kernel, const uint8_t *src, intptr_t n) {
  intptr_t i = 0, count = 0;
#if defined(__x86_64__)
  if (kernel == TES_KERNEL_AVX512) count = utf16_count_avx512(src, n, &i);
  else if (kernel == TES_KERNEL_AVX2) count = utf16_count_avx2(src, n, &i);
#else
  if (kernel == TES_KERNEL_NEON) count = utf16_count_neon(src, n, &i);
#endif
  for (; i < n; i++) count += ((src[i] & 0xC0) != 0x80) + (src[i] >= 0xF0);
  return count;
}

intptr_t tes_count_byte(int kernel, const uint8_t *src, intptr_t n, uint8_t byte) {
  intptr_t i = 0, count = 0;
#if defined(__x86_64__)
  if (kernel == TES_KERNEL_AVX512) count = count_byte_avx512(src, n, byte, &i);
  else if (kernel == TES_KERNEL_AVX2) count = count_byte_avx2(src, n, byte, &i);
#else
  if (kernel == TES_KERNEL_NEON) count = count_byte_neon(src, n, byte, &i);
#endif
  for (; i < n; i++) count += src[i] == byte;
  return count;
}

#else

int tes_best_utf8_kernel(void) { return TES_KERNEL_NONE; }
int tes_utf8_kernel_supported(int kernel) {
  (void)kernel;
  return 0;
}
intptr_t tes_utf8_to_utf16_prefix(
    int kernel, const uint8_t *src, intptr_t n, uint16_t *out, intptr_t capacity, intptr_t *written) {
  (void)kernel, (void)src, (void)n, (void)out, (void)capacity;
  *written = 0;
  return 0;
}

intptr_t tes_utf16_count_of_utf8(int kernel, const uint8_t *src, intptr_t n) {
  (void)kernel;
  intptr_t count = 0;
  for (intptr_t i = 0; i < n; i++) count += ((src[i] & 0xC0) != 0x80) + (src[i] >= 0xF0);
  return count;
}

intptr_t tes_count_byte(int kernel, const uint8_t *src, intptr_t n, uint8_t byte) {
  (void)kernel;
  intptr_t count = 0;
  for (intptr_t i = 0; i < n; i++) count += src[i] == byte;
  return count;
}

#endif
