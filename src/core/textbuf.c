// textbuf.c -- the growable text buffer (see textbuf.h).
#include "core/textbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/log.h"
#include "core/mem.h"

// Room for n more bytes and the NUL; false (oom set) when there is none.
static bool reserve(TextBuf *b, size_t n) {
    if (b->oom) return false;
    if (b->len + n + 1 > b->cap) {
        size_t nc = b->cap ? b->cap : 4096;
        while (nc < b->len + n + 1) nc *= 2;
        char *np = mem_alloc(nc, 1);
        if (!np) {
            b->oom = true;
            return false;
        }
        if (b->p) memcpy(np, b->p, b->len);
        mem_free(b->p);
        b->p = np;
        b->cap = nc;
    }
    return true;
}

void textbuf_put(TextBuf *b, const char *s, size_t n) {
    if (!reserve(b, n)) return;
    ASSERT(b->len + n < b->cap);
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

void textbuf_puts(TextBuf *b, const char *s) { textbuf_put(b, s, strlen(s)); }

void textbuf_printf(TextBuf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n > 0 && reserve(b, (size_t)n)) {
        vsnprintf(b->p + b->len, (size_t)n + 1, fmt, again);
        b->len += (size_t)n;
    }
    va_end(again);
}

void textbuf_free(TextBuf *b) {
    mem_free(b->p);
    b->p = NULL;
    b->len = b->cap = 0;
}
