// log.h -- diagnostics to stderr. The sim never logs; the app layers do.
#pragma once

#if defined(__GNUC__)
#define LOG_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define LOG_PRINTF(a, b)
#endif

void log_info(const char *fmt, ...) LOG_PRINTF(1, 2);
void log_warn(const char *fmt, ...) LOG_PRINTF(1, 2);
void log_error(const char *fmt, ...) LOG_PRINTF(1, 2);
// Silences log_info (tests, headless runs); warnings and errors still print.
void log_set_quiet(int quiet);

// Broken invariant: a bug, never bad input. Aborts with file:line.
#define ASSERT(c) ((c) ? (void)0 : log_assert_fail(#c, __FILE__, __LINE__))
void log_assert_fail(const char *cond, const char *file, int line);
