// fuzz_best.c -- libFuzzer target: the bytes are a best.txt. Every
// malformed line must name its line and column; the records that parse are
// written back (best_format, as a save does) and that text must parse
// again with no problem into the same records, and write the same bytes.
#include "fuzz.h"
#include "platform/best.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static char out[1 << 17], again[1 << 17];
    static BestTimes b, c;
    ParseError err;
    memset(&err, 0, sizeof err);
    if (best_parse(&b, (const char *)data, size, "best.txt", &err) > 0) fuzz_check_error(&err);
    size_t n = best_format(&b, out, sizeof out);
    if (n == 0) fuzz_die("best_format: no room for what parsed");
    memset(&err, 0, sizeof err);
    if (best_parse(&c, out, n, "best.txt", &err) != 0) {
        fprintf(stderr, "%d:%d: %s\n%s", err.line, err.col, err.msg, out);
        fuzz_die("the written best times do not parse cleanly");
    }
    if (c.count != b.count) fuzz_die("the written best times hold another number of records");
    for (int i = 0; i < b.count; i++)
        if (best_get(&c, b.e[i].key) != b.e[i].ticks) fuzz_die("a written record reads back differently");
    size_t m = best_format(&c, again, sizeof again);
    if (m != n || memcmp(out, again, n) != 0) fuzz_die("writing the best times twice gives different text");
    return 0;
}
