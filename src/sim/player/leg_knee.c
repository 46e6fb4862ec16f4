// leg_knee.c -- a leg's bones: the two-bone IK, the growth curves, the
// rock and shell tests of a bone, the knee cap and the knee's choice
// (leg_knee). Split from legs.c; pure, no allocation (see legs.h).
#include <math.h>

#include "sim/player/legs.h"

bool leg_ik(Vec2 root, Vec2 target, double l1, double l2, int bend, Vec2 fallback, Vec2 *knee, Vec2 *end) {
    Vec2 d = v2_sub(target, root);
    double dist = v2_len(d);
    Vec2 u;
    if (dist > 1e-9) {
        u = v2_scale(d, 1.0 / dist);
    } else {
        u = v2_norm(fallback);
        if (u.x == 0.0 && u.y == 0.0) u = v2(1, 0);
    }
    double lo = fabs(l1 - l2), hi = l1 + l2;
    bool ok = dist >= lo && dist <= hi;
    double r = dist < lo ? lo : (dist > hi ? hi : dist);
    // Law of cosines: the angle at the root between root->end and root->knee.
    double ca, sa;
    double den = 2.0 * l1 * r;
    if (den < 1e-12) {
        ca = r < 1e-9 ? 0.0 : 1.0;
    } else {
        ca = (l1 * l1 + r * r - l2 * l2) / den;
        if (ca > 1.0) ca = 1.0;
        if (ca < -1.0) ca = -1.0;
    }
    sa = sqrt(1.0 - ca * ca);
    Vec2 side = v2_scale(v2_perp(u), bend >= 0 ? 1.0 : -1.0);
    *knee = v2_add(root, v2_add(v2_scale(u, l1 * ca), v2_scale(side, l1 * sa)));
    *end = ok ? target : v2_add(root, v2_scale(u, r));
    return ok;
}

double leg_extension(double g) {
    if (!(g > 0.0)) return 0.0;
    if (g >= 1.0) return 1.0;
    return 1.0 - (1.0 - g) * (1.0 - g);
}

double leg_reach(double g) {
    if (!(g > 0.0)) return 0.0;
    if (g >= 1.0) return 1.0;
    return g * g * (3.0 - 2.0 * g);
}

bool leg_bone_cuts(const Tilemap *map, Vec2 a, Vec2 b, double trim) {
    Vec2 d = v2_sub(b, a);
    double len = v2_len(d);
    if (len <= trim) return false;
    if (trim > 0.0) b = v2_sub(b, v2_scale(d, trim / len));
    TileHit h;
    return tilemap_cast(map, a, b, &h);
}

static bool solution_cuts(const Tilemap *map, Vec2 root, Vec2 knee, Vec2 end, double trim) {
    return leg_bone_cuts(map, root, knee, 0.0) || leg_bone_cuts(map, knee, end, trim);
}

Vec2 leg_cap_knee(Vec2 root, Vec2 knee, Vec2 end, Vec2 n, const LegBones *bones) {
    if (!(bones->cap > 0.0)) return knee;
    Vec2 d = v2_sub(end, root);
    double len2 = v2_len2(d);
    Vec2 m = len2 > 1e-12 ? v2_add(root, v2_scale(d, v2_dot(v2_sub(knee, root), d) / len2)) : root;
    Vec2 o = v2_sub(knee, m);
    double rise = v2_dot(o, n);
    if (!(rise > 1e-9)) return knee;
    double base = v2_dot(v2_sub(m, bones->body), n), h = base + rise;
    double soft = bones->soft > 0.0 ? bones->soft : 1e-9, start = bones->cap - soft;
    if (h <= start) return knee;
    double x = h - start, want = start + soft * x / (soft + x);
    double k = (want - base) / rise;
    if (k < 0.0) k = 0.0;
    return v2_add(m, v2_scale(o, k));
}

// The point of segment a->b nearest c, as a distance.
static double seg_dist(Vec2 a, Vec2 b, Vec2 c) {
    Vec2 d = v2_sub(b, a);
    double len2 = v2_len2(d), k = len2 > 1e-12 ? v2_dot(v2_sub(c, a), d) / len2 : 0.0;
    if (k < 0.0) k = 0.0;
    if (k > 1.0) k = 1.0;
    return v2_dist(c, v2_add(a, v2_scale(d, k)));
}

double leg_shell_depth(Vec2 root, Vec2 knee, Vec2 end, Vec2 body, double shell, double zone) {
    if (!(shell > 0.0)) return 0.0;
    double near = seg_dist(knee, end, body);
    Vec2 d = v2_sub(knee, root);
    double len = v2_len(d);
    if (len > zone) {
        double th = seg_dist(v2_add(root, v2_scale(d, zone / len)), knee, body);
        if (th < near) near = th;
    }
    return near < shell ? shell - near : 0.0;
}

int leg_knee(const Tilemap *map, Vec2 root, Vec2 target, const LegBones *bones, Vec2 n, int keep, int outward,
             Vec2 fallback, Vec2 *knee, Vec2 *end, bool *cut) {
    Vec2 kp, ep, km, em;
    leg_ik(root, target, bones->l1, bones->l2, 1, fallback, &kp, &ep);
    leg_ik(root, target, bones->l1, bones->l2, -1, fallback, &km, &em);
    double hp = v2_dot(v2_sub(kp, root), n), hm = v2_dot(v2_sub(km, root), n);
    int pick = keep ? keep : outward;
    double keep_px = LEGS_KNEE_KEEP_PX * bones->scale;
    if (hp > hm + keep_px) pick = 1;
    else if (hm > hp + keep_px) pick = -1;
    double trim = LEGS_FOOT_TRIM_PX * bones->scale, zone = LEGS_ROOT_ZONE_PX * bones->scale;
    double slack = LEGS_SHELL_SLACK_PX * bones->scale;
    // The picked side capped (leg_cap_knee), else the other side capped,
    // else either side under the looser cap (a higher knee clears a corner
    // the capped one cuts), else either side uncapped, else the picked side
    // capped -- first among the knees whose leg also stays out of the shell
    // (leg_shell_depth).
    LegBones loose = *bones;
    loose.cap = bones->far;
    Vec2 cand[2][3] = {{leg_cap_knee(root, kp, ep, n, bones), leg_cap_knee(root, kp, ep, n, &loose), kp},
                       {leg_cap_knee(root, km, em, n, bones), leg_cap_knee(root, km, em, n, &loose), km}};
    Vec2 ends[2] = {ep, em};
    int first = pick > 0 ? 0 : 1;
    if (cut) *cut = true;
    // (Only to keep out of the shell may a knee go uncapped.)
    // Passes: 0 clear of the rock and out of the shell; 1 out of the shell
    // (through the rock: a body wedged in a narrow corner, where a shin in
    // the rock's edge shows less than one across the eye); 2 clear of the
    // rock. Only passes 0 and 1 may leave a knee uncapped.
    for (int pass = 0; pass < 3; pass++)
        for (int full = 0; full < (pass < 2 ? 3 : 2); full++)
            for (int k = 0; k < 2; k++) {
                int s = k == 0 ? first : 1 - first;
                if (pass < 2 && leg_shell_depth(root, cand[s][full], ends[s], bones->body, bones->shell, zone) > slack)
                    continue;
                if (pass == 1 || !solution_cuts(map, root, cand[s][full], ends[s], trim)) {
                    *knee = cand[s][full];
                    *end = ends[s];
                    if (cut) *cut = full || pass;
                    return s == 0 ? 1 : -1;
                }
            }
    *knee = cand[first][0];
    *end = ends[first];
    return pick;
}
