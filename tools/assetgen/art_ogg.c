// art_ogg.c -- the music written as Ogg Vorbis through Debian's
// libvorbisenc (a 16 s loop: about a sixth of its 16-bit WAV). The same
// samples and library give the same bytes: the stream's serial number is
// fixed and nothing else in the encoder varies between runs.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vorbis/vorbisenc.h>

#include "art.h"
#include "core/fs.h"

#define SERIAL 0x62727368              // "brsh"
#define BLOCK 1024

typedef struct Out {
    unsigned char *p;
    size_t n, cap;
    bool ok;
} Out;

static void put(Out *o, const unsigned char *p, long n) {
    if (!o->ok || n <= 0) return;
    if (o->n + (size_t)n > o->cap) {
        size_t cap = (o->cap ? o->cap * 2 : 65536) + (size_t)n;
        unsigned char *q = realloc(o->p, cap);
        if (!q) {
            o->ok = false;
            return;
        }
        o->p = q;
        o->cap = cap;
    }
    memcpy(o->p + o->n, p, (size_t)n);
    o->n += (size_t)n;
}

static void put_page(Out *o, const ogg_page *pg) {
    put(o, pg->header, pg->header_len);
    put(o, pg->body, pg->body_len);
}

bool art_ogg_save(const char *path, const float *s, int n, int rate, float quality) {
    vorbis_info vi;
    vorbis_comment vc;
    vorbis_dsp_state vd;
    vorbis_block vb;
    ogg_stream_state os;
    ogg_page pg;
    ogg_packet op, head, comm, code;
    Out o = {.ok = true};
    vorbis_info_init(&vi);
    if (vorbis_encode_init_vbr(&vi, 1, rate, quality) != 0) {
        fprintf(stderr, "assetgen: %s: libvorbisenc refuses mono %d Hz at quality %.2f\n", path, rate, quality);
        vorbis_info_clear(&vi);
        return false;
    }
    vorbis_comment_init(&vc);
    vorbis_comment_add_tag(&vc, "TITLE", "bossrush music loop");
    vorbis_comment_add_tag(&vc, "LICENSE", "zlib");
    vorbis_analysis_init(&vd, &vi);
    vorbis_block_init(&vd, &vb);
    ogg_stream_init(&os, SERIAL);
    vorbis_analysis_headerout(&vd, &vc, &head, &comm, &code);
    ogg_stream_packetin(&os, &head);
    ogg_stream_packetin(&os, &comm);
    ogg_stream_packetin(&os, &code);
    while (ogg_stream_flush(&os, &pg)) put_page(&o, &pg);
    for (int at = 0;; at += BLOCK) {
        int k = at >= n ? 0 : n - at < BLOCK ? n - at : BLOCK;
        if (k > 0) {
            float **buf = vorbis_analysis_buffer(&vd, k);
            memcpy(buf[0], s + at, (size_t)k * sizeof *s);
        }
        vorbis_analysis_wrote(&vd, k);             // 0: the end of the stream
        while (vorbis_analysis_blockout(&vd, &vb) == 1) {
            vorbis_analysis(&vb, NULL);
            vorbis_bitrate_addblock(&vb);
            while (vorbis_bitrate_flushpacket(&vd, &op)) {
                ogg_stream_packetin(&os, &op);
                while (ogg_stream_pageout(&os, &pg)) put_page(&o, &pg);
            }
        }
        if (k == 0) break;
    }
    while (ogg_stream_flush(&os, &pg)) put_page(&o, &pg);
    ogg_stream_clear(&os);
    vorbis_block_clear(&vb);
    vorbis_dsp_clear(&vd);
    vorbis_comment_clear(&vc);
    vorbis_info_clear(&vi);
    bool ok = o.ok && fs_write_atomic(path, o.p, o.n);
    if (!ok) fprintf(stderr, "assetgen: cannot write %s: %s\n", path, o.ok ? strerror(errno) : "out of memory");
    free(o.p);
    return ok;
}
