// fuzz_settings.c -- libFuzzer target: the bytes are a settings.txt. Every
// problem must name its line and column; whatever parses is written back
// (settings_format, as a save does) and that text must parse again with no
// problem and write back the same bytes (a save never turns a file into
// one the next start warns about, and saving twice changes nothing).
#include "fuzz.h"
#include "platform/settings.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static char out[SETTINGS_MAX_BYTES * 4], again[SETTINGS_MAX_BYTES * 4];
    static Settings s, t;
    settings_default(&s);
    ParseError err;
    memset(&err, 0, sizeof err);
    int unknown = 0;
    if (settings_parse(&s, (const char *)data, size, "settings.txt", &err, &unknown) > 0) fuzz_check_error(&err);
    size_t n = settings_format(&s, out, sizeof out);
    if (n == 0) fuzz_die("settings_format: no room for what parsed");
    settings_default(&t);
    memset(&err, 0, sizeof err);
    if (settings_parse(&t, out, n, "settings.txt", &err, &unknown) != 0) {
        fprintf(stderr, "%d:%d: %s\n%s", err.line, err.col, err.msg, out);
        fuzz_die("the written settings do not parse cleanly");
    }
    size_t m = settings_format(&t, again, sizeof again);
    if (m != n || memcmp(out, again, n) != 0) fuzz_die("writing the settings twice gives different text");
    return 0;
}
