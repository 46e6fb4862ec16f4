// log.c -- stderr logging with a program-name prefix.
#include "core/log.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int quiet;

void log_set_quiet(int q) { quiet = q; }

LOG_PRINTF(2, 0) static void vlog(const char *tag, const char *fmt, va_list ap) {
    fprintf(stderr, "bossrush: %s", tag);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void log_info(const char *fmt, ...) {
    if (quiet) return;
    va_list ap;
    va_start(ap, fmt);
    vlog("", fmt, ap);
    va_end(ap);
}

void log_warn(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vlog("warning: ", fmt, ap);
    va_end(ap);
}

void log_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vlog("error: ", fmt, ap);
    va_end(ap);
}

void log_assert_fail(const char *cond, const char *file, int line) {
    fprintf(stderr, "bossrush: %s:%d: assertion failed: %s\n", file, line, cond);
    abort();
}
