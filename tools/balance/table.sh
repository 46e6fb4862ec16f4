#!/bin/sh
# table.sh BOTS STAND -- `make bots`: every arena of the rush (levels/0*.lvl)
# fought by the balance bot (dodging) on each difficulty -- the kill time
# (seconds, "-" when the bot did not win) and the hits taken per minute --
# then the safe-spot bot's longest stand per arena on normal, on floors,
# walls and ceilings (stand.c: at most 20 s is the rule). Prints a table;
# exit 0 (the numbers are reports).
BOTS=${1:-build/bots}
STAND=${2:-build/stand}
printf '%-28s %-7s %-8s %8s %8s %10s\n' arena difficulty result kill_s fight_s hits/min
for l in levels/0*.lvl; do
    for d in easy normal hard; do
        "$BOTS" --dodge --difficulty "$d" "$l" | awk -v l="$l" -v d="$d" '
            $1 == "result" {
                kill = $2 == "won" ? sprintf("%.1f", $6) : "-"
                printf "%-28s %-7s %-8s %8s %8.1f %10.2f\n", l, d, $2, kill, $6, $10 / ($4 / 3600.0)
            }'
    done
done
echo
"$STAND" levels/0*.lvl | awk '{ printf "%-28s normal  longest safe stand %s s (col %s row %s %s, %s spots)\n", $2, $8, $10, $12, $14, $6 }'
