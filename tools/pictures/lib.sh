# lib.sh -- what every tools/pictures/*.sh starts with (sourced, after it
# sets NAME to its own file name): ./bossrush and ImageMagick's montage must
# be there; headless SDL; a temp folder T removed on exit; OUT (docs/img)
# made; FONT, the label font when ImageMagick finds DejaVu Sans.
B=./bossrush
OUT=docs/img
[ -x "$B" ] || { echo "$NAME: no ./bossrush here (run make, from the repository root)" >&2; exit 1; }
command -v montage >/dev/null 2>&1 || { echo "$NAME: needs ImageMagick's montage" >&2; exit 1; }
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$OUT"
FONT=""
if convert -list font 2>/dev/null | grep -q 'Font: DejaVu-Sans$'; then FONT="-font DejaVu-Sans"; fi
