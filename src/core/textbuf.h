// textbuf.h -- a growable text buffer for writing files in memory first
// (replays, reblessed scripts). An allocation failure sets oom and later
// puts do nothing, so callers check once at the end.
#pragma once
#include <stdbool.h>
#include <stddef.h>

typedef struct TextBuf {
    char *p;                   // NUL-terminated once anything was put; owned
    size_t len, cap;
    bool oom;
} TextBuf;

void textbuf_put(TextBuf *b, const char *s, size_t n);
void textbuf_puts(TextBuf *b, const char *s);
// Puts printf's text of fmt and the rest, however long.
void textbuf_printf(TextBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void textbuf_free(TextBuf *b);
