// pipeline.c -- the one tick, its stock sources and sinks (see pipeline.h).
#include "harness/pipeline.h"

#include <string.h>

#include "core/mem.h"

bool pipeline_tick(World *w, const Pipeline *p, Input *used) {
    Input in = p->src.input ? p->src.input(p->src.ctx, w->tick + 1) : (Input){0};
    for (int i = p->n_sinks - 1; i >= 0; i--)
        if (p->sinks[i].before) p->sinks[i].before(p->sinks[i].ctx, w);
    if (!p->step || !p->step(p->step_ctx, w, in)) world_step(w, in);
    bool ok = true;
    for (int i = 0; i < p->n_sinks; i++)
        if (p->sinks[i].after && !p->sinks[i].after(p->sinks[i].ctx, w, in)) ok = false;
    if (used) *used = in;
    return ok;
}

// ---------------------------------------------------------------- sources

static Input none_input(void *ctx, int64_t t) {
    (void)ctx, (void)t;
    return (Input){0};
}

TickSource no_input_source(void) { return (TickSource){none_input, NULL}; }

static Input live_input(void *ctx, int64_t t) {
    (void)t;
    return *(const Input *)ctx;
}

TickSource live_input_source(const Input *in) { return (TickSource){live_input, (void *)(uintptr_t)in}; }

static Input array_input(void *ctx, int64_t t) {
    const InputArray *a = ctx;
    return t >= 0 && t < a->n ? a->in[t] : (Input){0};
}

TickSource input_array_source(const InputArray *a) { return (TickSource){array_input, (void *)(uintptr_t)a}; }

static Input script_input(void *ctx, int64_t t) { return script_run_input(ctx, t); }

TickSource script_source(ScriptRun *r) { return (TickSource){script_input, r}; }

static Input fn_input(void *ctx, int64_t t) { return ((const InputFn *)ctx)->fn(t); }

TickSource input_fn_source(const InputFn *f) { return (TickSource){fn_input, (void *)(uintptr_t)f}; }

static Input splice_input(void *ctx, int64_t t) {
    const InputSplice *s = ctx;
    const TickSource *from = t <= s->until ? &s->first : &s->then;
    return from->input ? from->input(from->ctx, t) : (Input){0};
}

TickSource input_splice_source(const InputSplice *s) { return (TickSource){splice_input, (void *)(uintptr_t)s}; }

// ---------------------------------------------------------------- sinks

static bool recorder_after(void *ctx, World *w, Input in) {
    recorder_tick(ctx, w, in);
    return true;
}

TickSink recorder_sink(Recorder *rec) { return (TickSink){NULL, recorder_after, rec}; }

static bool checks_after(void *ctx, World *w, Input in) {
    (void)in;
    return script_run_check(ctx, w);
}

TickSink checks_sink(ScriptRun *r) { return (TickSink){NULL, checks_after, r}; }

static bool snap_after(void *ctx, World *w, Input in) {
    (void)w, (void)in;
    snap_offer(ctx);
    return true;
}

TickSink snap_sink(SnapStore *st) { return (TickSink){NULL, snap_after, st}; }

bool hash_log_init(HashLog *h, const World *w, int64_t every, int64_t last) {
    memset(h, 0, sizeof *h);
    SubsysHash tmp[SUBSYS_MAX];
    h->every = every;
    h->last = last;
    h->sub_n = subsys_hashes(w, tmp);
    size_t marks = (size_t)(last >= 0 ? last / every + 1 : 1);
    h->full = mem_alloc(marks, sizeof *h->full);
    h->subs = mem_alloc(marks * (size_t)h->sub_n, sizeof *h->subs);
    if (h->full && h->subs) return true;
    hash_log_free(h);
    return false;
}

void hash_log_free(HashLog *h) {
    mem_free(h->full);
    mem_free(h->subs);
    memset(h, 0, sizeof *h);
}

static bool logged(const HashLog *h, int64_t t) { return t >= 0 && t <= h->last && t % h->every == 0; }

static bool hash_log_after(void *ctx, World *w, Input in) {
    (void)in;
    HashLog *h = ctx;
    int64_t t = w->tick;
    if (!logged(h, t)) return true;
    SubsysHash now[SUBSYS_MAX];
    subsys_hashes(w, now);
    h->full[t / h->every] = world_hash(w);
    memcpy(h->subs + (size_t)(t / h->every) * (size_t)h->sub_n, now, (size_t)h->sub_n * sizeof *now);
    return true;
}

TickSink hash_log_sink(HashLog *h) { return (TickSink){NULL, hash_log_after, h}; }

void hash_log_checksum(const HashLog *h, Recorder *rec, int64_t t) {
    if (!logged(h, t)) return;
    recorder_checksum(rec, t, h->full[t / h->every], h->subs + (size_t)(t / h->every) * (size_t)h->sub_n, h->sub_n);
}
