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

// Broken invariant: a bug, never bad input (pool bounds, indices, finite
// positions). Checked in the debug and sanitizer builds (make DEBUG=1,
// SAN=1: BOSSRUSH_ASSERTS), where it aborts with file:line; compiled out of
// the release build, where c is not evaluated and makes no code (sizeof
// only type-checks it), so an ASSERT never changes a release binary.
#ifdef BOSSRUSH_ASSERTS
#define ASSERT(c) ((c) ? (void)0 : log_assert_fail(#c, __FILE__, __LINE__))
#else
#define ASSERT(c) ((void)sizeof(!(c)))
#endif
void log_assert_fail(const char *cond, const char *file, int line);
