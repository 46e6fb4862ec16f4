// wav.c -- 16-bit PCM WAVE parsed into mono samples at the mixer's rate,
// and the header of the exported mix.
#include "audio/wav.h"

#include <stdio.h>
#include <string.h>

#include "core/mem.h"

static uint32_t le32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static uint16_t le16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static int16_t s16(const uint8_t *p) { return (int16_t)le16(p); }

bool wav_parse(const void *bytes, size_t n, int rate_hz, WavSound *out, char *why, size_t why_n) {
    memset(out, 0, sizeof *out);
    const uint8_t *b = bytes;
    if (n < 12 || memcmp(b, "RIFF", 4) != 0 || memcmp(b + 8, "WAVE", 4) != 0) {
        snprintf(why, why_n, "not a RIFF WAVE file");
        return false;
    }
    int channels = 0, rate = 0, bits = 0;
    const uint8_t *data = NULL;
    size_t data_n = 0;
    for (size_t at = 12; at + 8 <= n;) {
        uint32_t len = le32(b + at + 4);
        const uint8_t *body = b + at + 8;
        if (len > n - at - 8) {
            snprintf(why, why_n, "a chunk runs past the end of the file");
            return false;
        }
        if (memcmp(b + at, "fmt ", 4) == 0 && len >= 16) {
            if (le16(body) != 1) {
                snprintf(why, why_n, "not PCM (format %u)", le16(body));
                return false;
            }
            channels = le16(body + 2);
            rate = (int)le32(body + 4);
            bits = le16(body + 14);
        } else if (memcmp(b + at, "data", 4) == 0) {
            data = body;
            data_n = len;
        }
        at += 8 + (size_t)len + (len & 1);
    }
    if (!data || channels < 1 || channels > 2 || bits != 16 || rate < 1000 || rate > 192000) {
        snprintf(why, why_n, "want 16-bit PCM, mono or stereo, with a data chunk (got %d channels, %d bits, %d Hz)",
                 channels, bits, rate);
        return false;
    }
    size_t in_frames = data_n / (size_t)(2 * channels);
    if (in_frames == 0 || in_frames > (size_t)1 << 26) {
        snprintf(why, why_n, "no samples, or too many");
        return false;
    }
    // Output frame i samples the input at i * rate / rate_hz, between two
    // input frames: exact integer positions, so every machine gets the
    // same samples.
    size_t frames = (size_t)(((uint64_t)in_frames * (uint64_t)rate_hz + (uint64_t)rate - 1) / (uint64_t)rate);
    out->pcm = mem_alloc(frames, sizeof *out->pcm);
    out->frames = (int)frames;
    for (size_t i = 0; i < frames; i++) {
        uint64_t num = (uint64_t)i * (uint64_t)rate;
        size_t k = (size_t)(num / (uint64_t)rate_hz);
        int32_t frac = (int32_t)(num % (uint64_t)rate_hz);
        int32_t v[2];
        for (int j = 0; j < 2; j++) {
            size_t f = k + (size_t)j < in_frames ? k + (size_t)j : in_frames - 1;
            const uint8_t *p = data + f * (size_t)(2 * channels);
            v[j] = channels == 1 ? s16(p) : (s16(p) + s16(p + 2)) / 2;
        }
        out->pcm[i] = (int16_t)(v[0] + (int32_t)((int64_t)(v[1] - v[0]) * frac / rate_hz));
    }
    return true;
}

void wav_free(WavSound *s) {
    mem_free(s->pcm);
    memset(s, 0, sizeof *s);
}

static void put32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static void put16(uint8_t *p, uint16_t v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

void wav_header(uint8_t out[44], int rate_hz, int channels, uint32_t frames) {
    uint32_t data = frames * (uint32_t)channels * 2;
    memcpy(out, "RIFF", 4);
    put32(out + 4, 36 + data);
    memcpy(out + 8, "WAVEfmt ", 8);
    put32(out + 16, 16);
    put16(out + 20, 1);
    put16(out + 22, (uint16_t)channels);
    put32(out + 24, (uint32_t)rate_hz);
    put32(out + 28, (uint32_t)rate_hz * (uint32_t)channels * 2);
    put16(out + 32, (uint16_t)(channels * 2));
    put16(out + 34, 16);
    memcpy(out + 36, "data", 4);
    put32(out + 40, data);
}
