// What the editing engine needs from C: UTF-8 → UTF-16 transcoding with the vector instructions
// of the CPU it runs on, chosen at run time. Swift cannot compile one function for an instruction
// set beyond the target's baseline (x86-64: SSE2) and call it only where the CPU has it; C can
// (`__attribute__((target))`); and Swift has no portable way to a vector byte shuffle, which
// the kernels are built on. Every other CPU uses the engine's own Swift transcoder
// (TextEditing/UTF16Conversion.swift).
#ifndef C_TEXT_EDITING_SUPPORT_H
#define C_TEXT_EDITING_SUPPORT_H

#include <stdint.h>

/// The transcoding kernels. `TES_KERNEL_NONE` means the portable (Swift) transcoder.
enum {
  TES_KERNEL_NONE = 0,
  /// x86-64 with AVX2: 32 bytes a step, decoded in place and compacted 8 units at a time with a
  /// byte shuffle from a table.
  TES_KERNEL_AVX2 = 1,
  /// x86-64 with AVX-512 BW, VL and VBMI2: 32 bytes a step, compacted with one VPCOMPRESSW.
  TES_KERNEL_AVX512 = 2,
  /// AArch64 (NEON, which every AArch64 CPU has): 16 bytes a step, compacted 8 units at a time
  /// with a table lookup (TBL).
  TES_KERNEL_NEON = 3,
};

/// The best kernel this CPU (and the operating system's saving of vector registers) supports,
/// TES_KERNEL_NONE on other architectures. Also builds the AVX2 kernel's shuffle table.
int tes_best_utf8_kernel(void);

/// Whether `kernel` can run on this CPU.
int tes_utf8_kernel_supported(int kernel);

/// Transcodes a prefix of the valid UTF-8 in `src[0..<n]` into UTF-16 at `out`, which has room
/// for `capacity` units, with `kernel` (which must be supported). Returns the bytes read, always
/// a scalar boundary, and stores the units written in `*written`: every scalar read is written
/// whole (a surrogate pair is never split). It stops before fewer than 40 bytes would remain,
/// and before fewer than 33 units of room would (AVX2 goes on into that room: one more block,
/// of which it keeps the whole scalars that fit), and may read nothing; the caller transcodes
/// the rest. Invalid UTF-8 is a caller's error (the engine only transcodes Swift strings, which
/// are valid).
intptr_t tes_utf8_to_utf16_prefix(
    int kernel, const uint8_t *src, intptr_t n, uint16_t *out, intptr_t capacity, intptr_t *written);

/// The UTF-16 length of the valid UTF-8 in `src[0..<n]` (its bytes, less the continuation bytes,
/// plus one for each 4-byte lead), counted with `kernel` (which must be supported).
intptr_t tes_utf16_count_of_utf8(int kernel, const uint8_t *src, intptr_t n);

/// How many bytes of `src[0..<n]` are `byte`, counted with `kernel` (which must be supported).
intptr_t tes_count_byte(int kernel, const uint8_t *src, intptr_t n, uint8_t byte);

#endif
