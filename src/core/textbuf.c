// textbuf.c -- the growable text buffer (see textbuf.h).
#include "core/textbuf.h"

#include <string.h>

#include "core/log.h"
#include "core/mem.h"

void textbuf_put(TextBuf *b, const char *s, size_t n) {
    if (b->oom) return;
    if (b->len + n + 1 > b->cap) {
        size_t nc = b->cap ? b->cap : 4096;
        while (nc < b->len + n + 1) nc *= 2;
        char *np = mem_alloc(nc, 1);
        if (!np) {
            b->oom = true;
            return;
        }
        if (b->p) memcpy(np, b->p, b->len);
        mem_free(b->p);
        b->p = np;
        b->cap = nc;
    }
    ASSERT(b->len + n < b->cap);
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

void textbuf_puts(TextBuf *b, const char *s) { textbuf_put(b, s, strlen(s)); }

void textbuf_free(TextBuf *b) {
    mem_free(b->p);
    b->p = NULL;
    b->len = b->cap = 0;
}
