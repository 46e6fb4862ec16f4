// text.c -- line/token reader and strict number parsing (see text.h).
#include "core/text.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fs.h"

void parse_error_set(ParseError *e, const char *file, int line, int col, const char *fmt, ...) {
    if (!e) return;
    snprintf(e->file, sizeof e->file, "%s", file ? file : "");
    e->line = line;
    e->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
}

void parse_error_format(const ParseError *e, char *buf, size_t n) {
    if (e->line > 0)
        snprintf(buf, n, "%s:%d:%d: %s", e->file, e->line, e->col > 0 ? e->col : 1, e->msg);
    else
        snprintf(buf, n, "%s: %s", e->file, e->msg);
}

void text_reader_init(TextReader *r, const char *buf, size_t len) {
    r->buf = buf;
    r->len = len;
    r->pos = 0;
    r->line = 0;
    if (len >= 3 && (unsigned char)buf[0] == 0xEF && (unsigned char)buf[1] == 0xBB &&
        (unsigned char)buf[2] == 0xBF)
        r->pos = 3;
}

bool text_next_line(TextReader *r, TextLine *out) {
    if (r->pos >= r->len) return false;
    const char *start = r->buf + r->pos;
    size_t rest = r->len - r->pos;
    const char *nl = memchr(start, '\n', rest);
    size_t n = nl ? (size_t)(nl - start) : rest;
    r->pos += nl ? n + 1 : n;
    if (n > 0 && start[n - 1] == '\r') n--;
    out->s = start;
    out->len = n;
    out->number = ++r->line;
    return true;
}

bool text_is_blank_or_comment(const TextLine *l) {
    for (size_t i = 0; i < l->len; i++) {
        char c = l->s[i];
        if (c == ' ' || c == '\t') continue;
        return c == '#';
    }
    return true;
}

int text_tokens(const TextLine *l, Token *out, int max) {
    int n = 0;
    size_t i = 0;
    while (i < l->len) {
        while (i < l->len && (l->s[i] == ' ' || l->s[i] == '\t')) i++;
        if (i >= l->len) break;
        size_t b = i;
        while (i < l->len && l->s[i] != ' ' && l->s[i] != '\t') i++;
        if (n < max) out[n] = (Token){l->s + b, i - b, (int)b + 1};
        n++;
    }
    return n;
}

bool text_find_bad_byte(const char *text, size_t len, int *line, int *col, const char **what) {
    int ln = 1, c = 1;
    for (size_t i = 0; i < len; i++, c++) {
        if (text[i] == '\n') {
            ln++;
            c = 0;
        } else if (text[i] == 0 || (text[i] == '\r' && (i + 1 >= len || text[i + 1] != '\n'))) {
            *line = ln;
            *col = c;
            *what = text[i] ? "a lone CR (carriage return): lines end in LF or CRLF" : "a NUL byte";
            return true;
        }
    }
    return false;
}

int text_hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool text_unquote(const char *s, size_t len, char *out, size_t out_n, size_t *out_len, size_t *used, size_t *bad,
                  const char **why) {
    size_t o = 0, i = 1;
    for (;;) {
        if (i >= len) {
            *bad = i;
            *why = "expected a closing '\"' on this line";
            return false;
        }
        unsigned char c = (unsigned char)s[i];
        if (c == '"') break;
        if (c == '\\') {
            char e = i + 1 < len ? s[i + 1] : 0;
            if (e == '"' || e == '\\') {
                c = (unsigned char)e;
                i += 2;
            } else if (e == 'x' && i + 3 < len && text_hex_digit(s[i + 2]) >= 0 && text_hex_digit(s[i + 3]) >= 0 &&
                       (text_hex_digit(s[i + 2]) | text_hex_digit(s[i + 3])) != 0) {
                c = (unsigned char)(text_hex_digit(s[i + 2]) << 4 | text_hex_digit(s[i + 3]));
                i += 4;
            } else {
                *bad = i;
                *why = "expected \\\" or \\\\ or \\xHH (two hex digits, not 00) after a backslash";
                return false;
            }
        } else {
            i++;
        }
        if (o + 1 >= out_n) {
            *bad = 0;
            *why = "quoted text too long";
            return false;
        }
        out[o++] = (char)c;
    }
    out[o] = 0;
    *out_len = o;
    *used = i + 1;
    return true;
}

bool text_needs_quotes(const char *word) {
    if (!word[0] || word[0] == '"') return true;
    for (const unsigned char *p = (const unsigned char *)word; *p; p++)
        if (*p <= ' ' || *p == 0x7f) return true;
    return false;
}

size_t text_quote(const char *word, char *buf, size_t n) {
    if (!text_needs_quotes(word)) return (size_t)snprintf(buf, n, "%s", word);
    size_t o = 0;
#define PUT(ch) (o + 1 < n ? (void)(buf[o] = (char)(ch)) : (void)0, o++)
    PUT('"');
    for (const unsigned char *p = (const unsigned char *)word; *p; p++) {
        if (*p == '"' || *p == '\\') {
            PUT('\\');
            PUT(*p);
        } else if (*p < ' ' || *p == 0x7f) {
            static const char hex[] = "0123456789abcdef";
            PUT('\\');
            PUT('x');
            PUT(hex[*p >> 4]);
            PUT(hex[*p & 15]);
        } else {
            PUT(*p);
        }
    }
    PUT('"');
#undef PUT
    if (n) buf[o < n ? o : n - 1] = 0;
    return o;
}

bool token_is(const Token *t, const char *word) {
    size_t n = strlen(word);
    return t->len == n && memcmp(t->s, word, n) == 0;
}

void token_copy(const Token *t, char *buf, size_t n) {
    if (n == 0) return;
    size_t k = t->len < n - 1 ? t->len : n - 1;
    memcpy(buf, t->s, k);
    buf[k] = 0;
}

const char *text_shown(const char *s, size_t len, char *buf, size_t n) {
    size_t o = 0;
    if (n == 0) return buf;
    for (size_t i = 0; i < len; i++) {
        if (i >= 40) {
            if (o + 4 <= n) memcpy(buf + o, "...", 3), o += 3;
            break;
        }
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7F) {
            if (o + 2 > n) break;
            buf[o++] = (char)c;
        } else {
            if (o + 5 > n) break;
            o += (size_t)snprintf(buf + o, n - o, "\\x%02X", c);
        }
    }
    buf[o] = 0;
    return buf;
}

// The number grammars, checked byte by byte over the whole token before
// strto* sees it, so nothing the C library would stop at (a NUL byte, a
// blank, a locale's decimal comma) can end a number early: `7<NUL>junk` is
// not 7. Each returns the length of the longest well-formed prefix; the
// token is a number only when that is all of it.
static size_t digits(const char *s, size_t len, size_t i) {
    while (i < len && s[i] >= '0' && s[i] <= '9') i++;
    return i;
}

// [+-]?DIGITS (signed) or DIGITS.
static bool is_integer(const char *s, size_t len, bool sign) {
    size_t i = 0;
    if (sign && i < len && (s[i] == '+' || s[i] == '-')) i++;
    size_t e = digits(s, len, i);
    return e > i && e == len;
}

// [+-]? (DIGITS [. DIGITS?] | . DIGITS) ([eE] [+-]? DIGITS)?
static bool is_decimal(const char *s, size_t len) {
    size_t i = 0;
    if (i < len && (s[i] == '+' || s[i] == '-')) i++;
    size_t e = digits(s, len, i);
    bool whole = e > i;
    i = e;
    if (!whole) return false;           // ".5": digits before a point
    if (i < len && s[i] == '.') {
        e = digits(s, len, i + 1);
        if (e == i + 1) return false;   // "5.": and after it
        i = e;
    }
    if (i < len && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < len && (s[i] == '+' || s[i] == '-')) i++;
        e = digits(s, len, i);
        if (e == i) return false;
        i = e;
    }
    return i == len;
}

// Copies a checked token into a bounded NUL-terminated buffer; false when
// too long to be a number anyway.
static bool copy_num(const char *s, size_t len, char *buf, size_t n) {
    if (len == 0 || len >= n) return false;
    memcpy(buf, s, len);
    buf[len] = 0;
    return true;
}

bool text_parse_i64(const char *s, size_t len, int64_t *out) {
    char buf[32];
    if (!is_integer(s, len, true) || !copy_num(s, len, buf, sizeof buf)) return false;
    char *end;
    errno = 0;
    long long v = strtoll(buf, &end, 10);
    if (errno || end != buf + len) return false;
    *out = v;
    return true;
}

bool text_parse_u64(const char *s, size_t len, uint64_t *out) {
    char buf[32];
    if (!is_integer(s, len, false) || !copy_num(s, len, buf, sizeof buf)) return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(buf, &end, 10);
    if (errno || end != buf + len) return false;
    *out = v;
    return true;
}

bool text_parse_f64(const char *s, size_t len, double *out) {
    char buf[64];
    if (!is_decimal(s, len) || !copy_num(s, len, buf, sizeof buf)) return false;
    char *end;
    errno = 0;
    double v = strtod(buf, &end);
    if (end != buf + len || !isfinite(v)) return false;
    *out = v;
    return true;
}

int text_nul_col(const TextLine *l) {
    const char *z = memchr(l->s, 0, l->len);
    return z ? (int)(z - l->s) + 1 : 0;
}

char *text_read_file(const char *path, size_t max_bytes, const char *what, size_t *len, ParseError *err) {
    FsReadError e;
    char *buf = fs_read_text(path, max_bytes, len, &e);
    if (buf) return buf;
    switch (e.fail) {
    case FS_TOO_LARGE:
        if (e.size >= 0)
            parse_error_set(err, path, 0, 0, "%s file too large (%lld bytes; at most %zu MiB)", what,
                            (long long)e.size, max_bytes >> 20);
        else
            parse_error_set(err, path, 0, 0, "%s file too large (at most %zu MiB)", what, max_bytes >> 20);
        break;
    case FS_NO_MEMORY: parse_error_set(err, path, 0, 0, "out of memory reading the %s", what); break;
    case FS_CANNOT_READ: parse_error_set(err, path, 0, 0, "cannot read the %s: %s", what, strerror(e.err)); break;
    default: parse_error_set(err, path, 0, 0, "cannot open the %s: %s", what, fs_strerror(e.err)); break;
    }
    return NULL;
}
