// ogg.c -- Ogg Vorbis decoded from memory through libvorbisfile's callbacks,
// then handed to wav_parse as 16-bit PCM (one resampler for every sound).
#include "audio/ogg.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <vorbis/vorbisfile.h>

#include "core/mem.h"

#define OGG_MAX_FRAMES ((int64_t)1 << 25)  // about 12 minutes at 44.1 kHz

typedef struct Bytes {
    const unsigned char *p;
    size_t n, at;
} Bytes;

static size_t bytes_read(void *dst, size_t size, size_t count, void *src) {
    Bytes *b = src;
    size_t want = size * count, left = b->n - b->at;
    if (want > left) want = left;
    memcpy(dst, b->p + b->at, want);
    b->at += want;
    return size ? want / size : 0;
}

static int bytes_seek(void *src, ogg_int64_t off, int whence) {
    Bytes *b = src;
    int64_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? (int64_t)b->at : (int64_t)b->n;
    if (base + off < 0 || base + off > (int64_t)b->n) return -1;
    b->at = (size_t)(base + off);
    return 0;
}

static long bytes_tell(void *src) { return (long)((Bytes *)src)->at; }

bool ogg_parse(const void *bytes, size_t n, int rate_hz, WavSound *out, char *why, size_t why_n) {
    memset(out, 0, sizeof *out);
    Bytes src = {bytes, n, 0};
    ov_callbacks cb = {bytes_read, bytes_seek, NULL, bytes_tell};
    OggVorbis_File vf;
    if (ov_open_callbacks(&src, &vf, NULL, 0, cb) != 0) {
        snprintf(why, why_n, "not an Ogg Vorbis stream");
        return false;
    }
    vorbis_info *vi = ov_info(&vf, -1);
    ogg_int64_t total = ov_pcm_total(&vf, -1);
    if (!vi || vi->channels < 1 || vi->channels > 2 || total <= 0 || total > OGG_MAX_FRAMES) {
        snprintf(why, why_n, "want a mono or stereo stream of known length (got %d channels, %lld frames)",
                 vi ? vi->channels : 0, (long long)total);
        ov_clear(&vf);
        return false;
    }
    // A WAVE file in memory: the header, then the samples as decoded
    // (16-bit little-endian, interleaved).
    int channels = vi->channels, rate = (int)vi->rate;
    size_t data_n = (size_t)total * 2u * (size_t)channels;
    uint8_t *wav = mem_alloc(44 + data_n, 1);
    size_t got = 0;
    bool ok = true;
    while (got < data_n) {
        int section = 0;
        long r = ov_read(&vf, (char *)wav + 44 + got, (int)(data_n - got < 65536 ? data_n - got : 65536), 0, 2, 1,
                         &section);
        if (r == 0) break;
        if (r < 0) {
            snprintf(why, why_n, "a corrupt packet (libvorbisfile error %ld)", r);
            ok = false;
            break;
        }
        got += (size_t)r;
    }
    ov_clear(&vf);
    if (ok) {
        wav_header(wav, rate, channels, (uint32_t)(got / (2u * (size_t)channels)));
        ok = wav_parse(wav, 44 + got, rate_hz, out, why, why_n);
    }
    mem_free(wav);
    return ok;
}
