// wav.h -- the game's sound files in and the exported mix out: 16-bit PCM
// RIFF WAVE, parsed from bytes and written to bytes (no SDL, no files:
// the unit tests and the offline export use it as the live mixer does).
//
//   WavSound s;
//   if (wav_parse(bytes, n, MIX_RATE, &s, why, sizeof why)) { ...; wav_free(&s); }
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct WavSound {
    int16_t *pcm;              // mono samples at the rate asked for (mem_alloc'd)
    int frames;
} WavSound;

// Parses a 16-bit PCM WAVE file (mono or stereo, any rate): stereo is
// averaged to mono, the rate converted to rate_hz by linear interpolation.
// False with a reason on anything else (truncated, not PCM, 8 or 24 bit).
bool wav_parse(const void *bytes, size_t n, int rate_hz, WavSound *out, char *why, size_t why_n);
void wav_free(WavSound *s);

// The 44-byte header of a 16-bit PCM file of frames frames of channels
// channels at rate_hz; the samples follow it, little-endian.
void wav_header(uint8_t out[44], int rate_hz, int channels, uint32_t frames);
