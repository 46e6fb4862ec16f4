// text.h -- line and token reading for the text formats (levels, scripts,
// replays, leg profiles, settings), with 1-based line and column numbers for
// error messages. Handles an optional UTF-8 BOM and LF or CRLF line ends.
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// Where a parse failed and why; printed as "file:line:col: msg".
typedef struct ParseError {
    char file[512];
    int line, col;             // 1-based; 0 when not about a position
    char msg[512];
} ParseError;

void parse_error_set(ParseError *e, const char *file, int line, int col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
// "file:line:col: msg" (or "file: msg" without a position) into buf.
void parse_error_format(const ParseError *e, char *buf, size_t n);

// One line of a buffer, without its line end.
typedef struct TextLine {
    const char *s;
    size_t len;
    int number;                // 1-based
} TextLine;

typedef struct TextReader {
    const char *buf;
    size_t len, pos;
    int line;
} TextReader;

// Skips a UTF-8 BOM at the start.
void text_reader_init(TextReader *r, const char *buf, size_t len);
// Next line (CR before LF dropped); false at the end of the buffer.
bool text_next_line(TextReader *r, TextLine *out);
// True when the line is empty, all blanks, or starts (after blanks) with '#'.
bool text_is_blank_or_comment(const TextLine *l);

// A whitespace-separated token of a line; col is 1-based.
typedef struct Token {
    const char *s;
    size_t len;
    int col;
} Token;

// Splits a line at spaces and tabs into at most max tokens; returns how many
// there are in all (may exceed max: the caller reports "extra token").
int text_tokens(const TextLine *l, Token *out, int max);
bool token_is(const Token *t, const char *word);
// Copies a token into buf as a C string (truncated to n-1).
void token_copy(const Token *t, char *buf, size_t n);

// The first byte a line-oriented text file may not hold, for the parsers
// that check a whole file first: a NUL, or a CR that is not part of a CRLF
// (a file with old Mac line ends would read as one line). True and its
// 1-based line and column (lines counted at LF) when there is one; *what
// names it ("a NUL byte", "a lone CR (carriage return)").
bool text_find_bad_byte(const char *text, size_t len, int *line, int *col, const char **what);

// The value 0..15 of a hex digit (either case), or -1.
int text_hex_digit(char c);

// Quoted tokens (the script format's paths, docs/script-format.md): a token
// that starts with '"' runs to the next unescaped '"' and may hold blanks;
// inside, \" is a quote, \\ a backslash and \xHH (two hex digits, not 00)
// any byte. A token without a leading quote is read as it stands.
//
// text_unquote reads the quoted token at s (s[0] == '"', at most len
// bytes) into out (NUL-terminated, *out_len bytes); *used is the bytes it
// spans, closing quote included. On failure it returns false with *bad the
// offset of the problem in s and *why saying what was expected.
bool text_unquote(const char *s, size_t len, char *out, size_t out_n, size_t *out_len, size_t *used, size_t *bad,
                  const char **why);
// True when word must be quoted to read back as one token: it is empty,
// starts with '"', or holds a blank, a control byte or DEL.
bool text_needs_quotes(const char *word);
// word as one token into buf (quoted and escaped only when it needs it);
// returns the length it needs, as snprintf does (buf cut when n is short).
size_t text_quote(const char *word, char *buf, size_t n);

// fs_read_text (core/fs.h: stops early at a NUL byte) with its failure as a ParseError (line 0) for
// the parsers' callers: what names the file in messages ("level", "script").
char *text_read_file(const char *path, size_t max_bytes, const char *what, size_t *len, ParseError *err);

// A token as a message may quote it: printable ASCII kept, every other byte
// written as \xNN (so a binary file cannot garble a terminal), cut to 40
// bytes with "...". Returns buf.
const char *text_shown(const char *s, size_t len, char *buf, size_t n);

// Strict number parsing of a whole token, checked byte by byte against its
// grammar before the C library converts it (so a NUL byte, a blank or any
// other junk inside or after the digits is refused, never cut off):
// i64 [+-]?DIGITS, u64 DIGITS, f64 [+-]?(DIGITS[.DIGITS]|.DIGITS)
// ([eE][+-]?DIGITS)? (no hex, inf or nan). Range-checked (f64: finite).
// False on any failure.
bool text_parse_i64(const char *s, size_t len, int64_t *out);
bool text_parse_u64(const char *s, size_t len, uint64_t *out);
bool text_parse_f64(const char *s, size_t len, double *out);

// The 1-based column of the line's first NUL byte, 0 when it has none. The
// text formats hold no NUL byte anywhere (comments included): each parser
// refuses one at its line and column.
int text_nul_col(const TextLine *l);
