#!/usr/bin/env bash
# Remakes the held-out photo sets of bench/vision/HELD_OUT.md on a fresh machine, byte for byte:
# the photos out of other people's repositories (snapshots brought beforehand, one git directory
# each under MIRROR/OWNER+NAME/repo), the truth from our own labels in bench/vision/heldOut/, the
# halves kept unseen split off as HELD_OUT.md says, the boards rendered by heldOutBoards.ts. It
# measures nothing: the unseen halves (cand-*) are only written, never read.
#
#   bench/vision/rebuildSets.sh [--mirror DIR] [--into DIR] [--repos] NAME...
#
# NAME: a set's folder name (extra, extra2 … extra46, cand-dice47 …; either half of a split set
# remakes both), or dice, cards, boards, all. --repos only lists the repositories (owner/name@commit)
# the sets need, each marked present or MISSING, to bring with the `fetch` tool (github:owner/name)
# or `git clone` first; a build with one missing stops before writing anything and names them all.
# Each set is written to a scratch folder in INTO (default /work) and moved to its name only when
# complete, so a set whose truth.json is there is whole; a set already there is left as it is.
# Photos turned upright from their EXIF (TURN 1 in a files list) need ImageMagick 6.9.11 for the
# same bytes: CONVERT (default /usr/bin/convert, not whatever `convert` comes first on PATH).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HELD_OUT=bench/vision/heldOut
MIRROR=/work/.mirror
INTO=/work
LIST_ONLY=0
CONVERT=${CONVERT:-/usr/bin/convert}
# The development set's photos (not in the repository): /work/extra leaves them out.
DEV_PHOTOS=${DEV_PHOTOS:-$ROOT/../shared/photos}

# The scratch folder of the unit being made: removed however the script ends.
SCRATCH=
trap '[[ -n $SCRATCH ]] && rm -rf "$SCRATCH"' EXIT

fail() {
  echo "rebuildSets: $*" >&2
  exit 1
}

# ---- The sets: each unit is made in one go and writes the folders it names. --------------------

# unit → its folders (a split set's tuning half first, then the half kept unseen), photos and items
# each, as HELD_OUT.md counts them: a remade set that differs is wrong and stops the build.
declare -A FOLDERS=(
  [extra]="extra" [extra2]="extra2" [extra3]="extra3" [extra4]="extra4"
  [extra15]="extra15" [extra16]="extra16" [extra17]="extra17" [extra18]="extra18"
  [extra19]="extra19" [extra20]="extra20" [extra22]="extra22"
  [fresh-dice]="extra24 extra26" [fresh-dice2]="extra28 extra29" [fresh-dice3]="extra33 extra36"
  [fresh-dice4]="extra38 cand-dice42" [fresh-dice5]="extra44 cand-dice47"
  [table-cards3]="extra30 extra31" [table-cards4]="extra34 extra37"
  [table-cards5]="extra39 cand-cards43" [table-cards6]="extra45 cand-cards48"
)
declare -A COUNTS=(
  [extra]="347/961" [extra2]="99/362" [extra3]="20/20" [extra4]="25/50"
  [extra15]="50/113" [extra16]="114/337" [extra17]="79/187" [extra18]="11/54"
  [extra19]="77/77" [extra20]="82/220" [extra22]="56/185"
  [extra24]="28/41" [extra26]="27/41" [extra28]="23/74" [extra29]="22/67"
  [extra33]="13/36" [extra36]="12/29" [extra38]="15/44" [cand-dice42]="14/43"
  [extra44]="23/47" [cand-dice47]="22/44"
  [extra30]="20/32" [extra31]="20/29" [extra34]="21/69" [extra37]="20/68"
  [extra39]="22/55" [cand-cards43]="21/48" [extra45]="24/32" [cand-cards48]="24/27"
)
declare -A KIND=(
  [extra]=dice [extra2]=dice [extra15]=dice [extra16]=dice [extra17]=dice
  [fresh-dice]=dice [fresh-dice2]=dice [fresh-dice3]=dice [fresh-dice4]=dice [fresh-dice5]=dice
  [extra3]=cards [extra4]=cards [extra18]=cards [extra19]=cards [extra20]=cards [extra22]=cards
  [table-cards3]=cards [table-cards4]=cards [table-cards5]=cards [table-cards6]=cards
)
# Boards: folder → "seed count" for heldOutBoards.ts (15 boards of 96 cells but the first set's 40).
declare -A BOARDS=(
  [extra5]="5 40" [extra6]="7 15" [extra7]="9 15" [extra8]="15 15" [extra9]="23 15"
  [extra10]="25 15" [extra11]="39 15" [extra12]="45 15" [extra13]="47 15" [extra14]="49 15"
  [extra21]="63 15" [extra23]="65 15" [extra25]="67 15" [extra27]="69 15" [extra32]="71 15"
  [extra35]="73 15" [extra40]="75 15" [extra41]="76 15" [extra46]="77 15"
)
# The order `all` makes them in: the sets others wait for first, renders (slow) last.
ORDER=(extra15 extra16 extra17 extra2 extra
  table-cards3 extra22 extra20 extra18 extra19 extra3 extra4
  fresh-dice3 fresh-dice2 fresh-dice fresh-dice4 fresh-dice5 table-cards4 table-cards5 table-cards6
  extra40 extra41 extra46 extra35 extra32 extra27 extra25 extra23 extra21
  extra5 extra6 extra7 extra8 extra9 extra10 extra11 extra12 extra13 extra14)

# The files list of each unit made from one (HELD_OUT/NAME-files.txt), and its labels.
declare -A FILES_LIST=(
  [extra17]=mixed-dice [extra20]=table-cards [extra22]=table-cards2
  [fresh-dice]=fresh-dice [fresh-dice2]=fresh-dice2 [fresh-dice3]=fresh-dice3
  [fresh-dice4]=fresh-dice4 [fresh-dice5]=fresh-dice5
  [table-cards3]=table-cards3 [table-cards4]=table-cards4 [table-cards5]=table-cards5
  [table-cards6]=table-cards6
)
declare -A LABELS=(
  [extra15]=phone-dice-truth.json [extra16]=tabletop-dice-truth.json [extra17]=mixed-dice-truth.json
  [fresh-dice]=fresh-dice-truth.json [fresh-dice2]=fresh-dice2-truth.json [fresh-dice3]=fresh-dice3-truth.json
  [fresh-dice4]=fresh-dice4-truth.json [fresh-dice5]=fresh-dice5-truth.json
  [extra4]=schnapsen-moves.txt [extra18]=webcam-cards.txt [extra19]=single-cards.txt
  [extra20]=table-cards.txt [extra22]=table-cards2.txt [table-cards3]=table-cards3.txt
  [table-cards4]=table-cards4.txt [table-cards5]=table-cards5.txt [table-cards6]=table-cards6.txt
)
# The repositories of the sets made without a files list (owner/name full-commit).
declare -A OWN_REPOS=(
  [extra]="matteop65/Dice_Detection_Recognition 2ae0c77b5daceee3b016c09639927188cdaa2ebf"
  [extra2]="nell-byler/dice_detection aa69c12b3b288df45d7ff8e77c0660d10f67b32b"
  [extra3]="AnimaNoProject/Detecting-playing-cards ca4dfaf1b5c8ac234425ca2988784eeffbdffd6a"
  [extra4]="AnimaNoProject/Detecting-playing-cards ca4dfaf1b5c8ac234425ca2988784eeffbdffd6a"
  [extra15]="tomek-jankowiak/Dice_Detector 6ae414cbf0d2e72b548ac47cb195487075e05424
Sciman101/dice-detector b8789c8737bf4be4b1617c28b5b714846cf176e5
tai-studio/dice-recognition 4ed12a9127c6b7bf202aac792f72c42fc30779be"
  [extra16]="DamianTab/DiceDetection 5f5598c8e50421d4e163c1481b2e5b85770e92b1
MarceliJerzynski/DiceDetection 4b921f82d0d151d45b047660ec591e3aceaccd1d"
  [extra18]="alkenderesi/playing-card-detection f0c0259c162189232404795b47ef64c4c8016a0a"
  [extra19]="babak0032/Card_Recognition 9f56fef454971c63d336b941cb684c081c3beade
jezhou8/card_recognition d6a04075d9e196469920de516880ded25a312769
camdowless/Card-Detector 89553b409334bb3f714d74e4a8e552e49d416155"
)

# The unit a name stands for: a unit's own name, or any of its folders.
unit_of() {
  local name=$1 unit
  [[ -n ${BOARDS[$name]:-} || -n ${FOLDERS[$name]:-} ]] && { echo "$name"; return; }
  for unit in "${!FOLDERS[@]}"; do
    [[ " ${FOLDERS[$unit]} " == *" $name "* ]] && { echo "$unit"; return; }
  done
  return 1
}

kind_of() { if [[ -n ${BOARDS[$1]:-} ]]; then echo board; else echo "${KIND[$1]}"; fi; }
folders_of() { if [[ -n ${BOARDS[$1]:-} ]]; then echo "$1"; else echo "${FOLDERS[$1]}"; fi; }

# ---- Repositories --------------------------------------------------------------------------------

git_dir() { echo "$MIRROR/${1/\//+}/repo"; }

# "owner/name commit" for each repository a unit reads, once each.
repos_of() {
  local unit=$1
  if [[ -n ${FILES_LIST[$unit]:-} ]]; then
    grep -v '^#' "$HELD_OUT/${FILES_LIST[$unit]}-files.txt" | awk 'NF { print $2, $3 }'
  elif [[ -n ${OWN_REPOS[$unit]:-} ]]; then
    echo "${OWN_REPOS[$unit]}"
  fi | sort -u
}

has_commit() { git -C "$(git_dir "$1")" cat-file -e "$2^{commit}" 2>/dev/null; }

# Lists each repository of the units, present or MISSING; with `strict`, stops when one is missing.
check_repos() {
  local strict=$1 repo commit missing=0
  shift
  while read -r repo commit; do
    if has_commit "$repo" "$commit"; then
      [[ $LIST_ONLY == 1 ]] && echo "present  $repo@$commit"
    else
      echo "MISSING  $repo@$commit  (bring github:$repo with the fetch tool, or git clone it into $(git_dir "$repo"))" >&2
      missing=$((missing + 1))
    fi
  done < <(for unit in "$@"; do repos_of "$unit"; done | sort -u)
  if [[ $strict == strict && $missing -gt 0 ]]; then
    fail "$missing repositories missing from $MIRROR (listed above): nothing was written"
  fi
}

# ---- Photos --------------------------------------------------------------------------------------

CONVERT_CHECKED=0
check_convert() {
  [[ $CONVERT_CHECKED == 1 ]] && return
  "$CONVERT" -version 2>/dev/null | grep -q ImageMagick ||
    fail "$CONVERT is not ImageMagick: set CONVERT to ImageMagick 6.9.11's convert (photos turned upright must match byte for byte)"
  "$CONVERT" -version | grep -q 'ImageMagick 6\.9\.11' ||
    echo "rebuildSets: warning: $("$CONVERT" -version | head -1) is not 6.9.11: photos turned upright may differ in bytes" >&2
  CONVERT_CHECKED=1
}

# Reads "NAME REPO COMMIT PATH [TURN]" lines and writes DIR/NAME.jpg: PATH at COMMIT byte for byte,
# or turned upright by its EXIF orientation when TURN is 1. PATH may hold spaces (extra4's "Spiel 1").
extract() {
  local dir=$1 name repo commit rest path turn
  mkdir -p "$dir"
  while read -r name repo commit rest; do
    [[ -z $name || $name == \#* ]] && continue
    if [[ $rest =~ ^(.*)\ ([01])$ ]]; then path=${BASH_REMATCH[1]} turn=${BASH_REMATCH[2]}; else path=$rest turn=0; fi
    git -C "$(git_dir "$repo")" show "$commit:$path" > "$dir/$name.jpg" || fail "$repo@$commit has no $path"
    if [[ $turn == 1 ]]; then
      check_convert
      "$CONVERT" "$dir/$name.jpg" -auto-orient -quality 95 "$dir/$name.turned.jpg"
      mv "$dir/$name.turned.jpg" "$dir/$name.jpg"
    fi
  done
}

# The photo names of a truth.json (dice), one a line, without ".jpg".
truth_names() { node -e 'for (const e of require(process.argv[1])) console.log(e.file.replace(/\.jpg$/, ""))' "$ROOT/$1"; }

# Files lists of the sets HELD_OUT.md makes by a rule rather than a list.
extra15_files() {
  local name level
  for name in $(truth_names "$HELD_OUT/phone-dice-truth.json"); do
    case $name in
      tomek-*) level=${name#tomek-}; echo "$name tomek-jankowiak/Dice_Detector 6ae414c images/${level%%-*}/${level#*-}.jpg" ;;
      sci-*) echo "$name Sciman101/dice-detector b8789c8 test/${name#sci-}.jpg" ;;
      tai-eyes_none) echo "$name tai-studio/dice-recognition 4ed12a9 data/eyes_None.jpg" ;;
      tai-*) echo "$name tai-studio/dice-recognition 4ed12a9 data/${name#tai-}.jpg" ;;
      *) fail "extra15: no source for $name" ;;
    esac
  done
}

extra16_files() {
  local name
  for name in $(truth_names "$HELD_OUT/tabletop-dice-truth.json"); do
    case $name in
      damian-*) echo "$name DamianTab/DiceDetection 5f5598c myphotos/${name#damian-}.jpg" ;;
      marceli-*) echo "$name MarceliJerzynski/DiceDetection 4b921f8 src/Photos/${name#marceli-}.jpg" ;;
      *) fail "extra16: no source for $name" ;;
    esac
  done
}

extra18_files() {
  local n
  for n in 0 1 2 3 4 5 6 7 8 9 10; do echo "alk-$n alkenderesi/playing-card-detection f0c0259 tests/in/$n.jpg"; done
}

extra19_files() {
  local name
  for name in $(grep -v '^#' "$HELD_OUT/single-cards.txt" | awk 'NF { sub(/\.jpg$/, "", $1); print $1 }'); do
    case $name in
      bab-*) echo "$name babak0032/Card_Recognition 9f56fef test_cards/${name#bab-}.jpg" ;;
      jez-*) echo "$name jezhou8/card_recognition d6a0407 testing/${name#jez-}.jpg" ;;
      cam-*) echo "$name camdowless/Card-Detector 89553b4 cards_og/${name#cam-}.JPG" ;;
      *) fail "extra19: no source for $name" ;;
    esac
  done
}

# /work/extra: every photo and YOLO label of the dev repository's Train and Valid (classes.txt left out).
extra_files() {
  local repo=matteop65/Dice_Detection_Recognition commit=2ae0c77 path
  git -C "$(git_dir $repo)" ls-tree -r --name-only $commit |
    grep -E '^Data/Training_Images/(Train|Valid)/[^/]+\.(jpg|txt)$' | grep -v '/classes\.txt$' |
    while read -r path; do echo "${path##*/} $repo $commit $path"; done
}

# /work/extra3 and extra4: the German-pattern deck's single cards and its tricks (renamed spielN-zugM).
extra3_files() {
  local repo=AnimaNoProject/Detecting-playing-cards commit=ca4dfaf path file
  git -C "$(git_dir $repo)" ls-tree -r --name-only $commit |
    grep -E '^matlab/input/Datensaetze/Templates/[A-Za-z]+_[A-Za-z]+\.JPG$' |
    while read -r path; do file=${path##*/}; echo "${file%.JPG} $repo $commit $path"; done
}

extra4_files() {
  local repo=AnimaNoProject/Detecting-playing-cards commit=ca4dfaf path game move
  git -C "$(git_dir $repo)" ls-tree -r --name-only $commit |
    grep -E '^matlab/input/Datensaetze/Spielsimulation/Spiel [0-9]+/Spielzug_[0-9]+\.(JPG|jpg)$' |
    while IFS= read -r path; do
      game=${path#*/Spiel }; game=${game%%/*}
      move=${path##*Spielzug_}; move=${move%.*}
      echo "spiel$game-zug$move $repo $commit $path"
    done
}

# ---- Truth and splits ----------------------------------------------------------------------------

# Splits KIND/truth.json of WHOLE by photo name order: the 1st, 3rd, 5th… with their photos into
# FIRST/KIND, the others into SECOND/KIND (HELD_OUT.md's split of every set made in two halves).
split_halves() {
  node - "$@" <<'EOF'
const fs = require('node:fs')
const [kind, truthFile, photos, first, second] = process.argv.slice(2)
const truth = JSON.parse(fs.readFileSync(truthFile, 'utf8'))
const names = [...new Set(truth.map((entry) => entry.file))].sort()
const halves = [[`${first}/${kind}`, []], [`${second}/${kind}`, []]]
for (const entry of truth) halves[names.indexOf(entry.file) % 2][1].push(entry)
for (const [folder, entries] of halves) {
  fs.mkdirSync(folder, { recursive: true })
  for (const entry of entries) fs.copyFileSync(`${photos}/${entry.file}`, `${folder}/${entry.file}`)
  fs.writeFileSync(`${folder}/truth.json`, JSON.stringify(entries, null, 1))
}
EOF
}

import_set() { node --import tsx bench/vision/importSet.ts "$@" > /dev/null; }

# Photos and items of FOLDER/KIND/truth.json as "photos/items" (boards: photos only).
count_set() {
  node -e '
const [folder, kind] = process.argv.slice(1)
const truth = require(`${folder}/${kind}/truth.json`)
const items = truth.reduce((sum, entry) => sum + (entry.dice ?? entry.cards ?? []).length, 0)
console.log(kind === "board" ? `${truth.length}` : `${truth.length}/${items}`)' "$1" "$2"
}

# ---- Building one unit ---------------------------------------------------------------------------

# Makes UNIT's folders inside SCRATCH (photos in SCRATCH/photos first).
build_unit() {
  local unit=$1 scratch=$2 kind folders
  kind=$(kind_of "$unit")
  read -r -a folders <<< "$(folders_of "$unit")"
  local photos=$scratch/photos labels=${LABELS[$unit]:-}
  case $unit in
    extra)
      [[ -f $DEV_PHOTOS/dice/provenance.json ]] || fail "extra: the dev set's $DEV_PHOTOS/dice/provenance.json is needed (its 49 photos are left out); set DEV_PHOTOS"
      extra_files | while read -r name repo commit path; do
        git -C "$(git_dir $repo)" show "$commit:$path" > "$photos/$name"
      done
      local dev
      dev=$(node -e 'console.log(Object.values(require(process.argv[1])).map((e) => e.path.split("/").pop()).join(","))' "$DEV_PHOTOS/dice/provenance.json")
      import_set dice-yolo "$photos" "$photos" "$scratch/extra" --skip "$dev" ;;
    extra2)
      local repo=nell-byler/dice_detection commit=aa69c12 record
      for record in train test; do git -C "$(git_dir $repo)" show "$commit:tfrecords/$record.record" > "$scratch/$record.record"; done
      node --import tsx bench/vision/tfRecordDice.ts "$photos" "$scratch/train.record" "$scratch/test.record" > /dev/null
      import_set dice-yolo "$photos" "$photos" "$scratch/extra2" --max-dice 5 ;;
    extra3)
      extra3_files | extract "$photos"
      import_set cards-named "$photos" "$scratch/extra3" ;;
    extra15 | extra16)
      "${unit}_files" | extract "$photos"
      mkdir -p "$scratch/$unit/dice"
      cp "$HELD_OUT/$labels" "$scratch/$unit/dice/truth.json"
      for name in $(truth_names "$HELD_OUT/$labels"); do cp "$photos/$name.jpg" "$scratch/$unit/dice/"; done ;;
    extra17)
      extract "$photos" < "$HELD_OUT/mixed-dice-files.txt"
      mkdir -p "$scratch/extra17/dice"
      cp "$HELD_OUT/$labels" "$scratch/extra17/dice/truth.json"
      cp "$photos"/*.jpg "$scratch/extra17/dice/" ;;
    extra4 | extra18 | extra19)
      "${unit}_files" | extract "$photos"
      import_set cards-listed "$HELD_OUT/$labels" "$photos" "$scratch/$unit" ;;
    extra20 | extra22)
      extract "$photos" < "$HELD_OUT/${FILES_LIST[$unit]}-files.txt"
      import_set cards-listed "$HELD_OUT/$labels" "$photos" "$scratch/$unit" ;;
    fresh-dice*)
      extract "$photos" < "$HELD_OUT/${FILES_LIST[$unit]}-files.txt"
      split_halves dice "$HELD_OUT/$labels" "$photos" "$scratch/${folders[0]}" "$scratch/${folders[1]}" ;;
    table-cards*)
      extract "$photos" < "$HELD_OUT/${FILES_LIST[$unit]}-files.txt"
      import_set cards-listed "$HELD_OUT/$labels" "$photos" "$scratch/whole"
      split_halves cards "$scratch/whole/cards/truth.json" "$photos" "$scratch/${folders[0]}" "$scratch/${folders[1]}" ;;
    *)
      local seed count
      read -r seed count <<< "${BOARDS[$unit]}"
      node --import tsx bench/vision/heldOutBoards.ts "$scratch/$unit" --count "$count" --seed "$seed" > /dev/null ;;
  esac
}

# Makes UNIT in a scratch folder inside INTO, checks its counts, and moves its folders into place.
make_unit() {
  local unit=$1 kind folder existing=() scratch
  kind=$(kind_of "$unit")
  for folder in $(folders_of "$unit"); do [[ -e $INTO/$folder ]] && existing+=("$folder"); done
  if [[ ${#existing[@]} -gt 0 ]]; then
    echo "$unit: ${existing[*]} already in $INTO, left as it is (remove to remake)"
    return
  fi
  scratch=$(mktemp -d "$INTO/.rebuild-$unit.XXXXXX")
  SCRATCH=$scratch
  mkdir -p "$scratch/photos"
  build_unit "$unit" "$scratch"
  local got want
  for folder in $(folders_of "$unit"); do
    got=$(count_set "$scratch/$folder" "$kind")
    want=${COUNTS[$folder]:-}
    [[ $kind == board ]] && want=${BOARDS[$unit]#* }
    [[ $got == "$want" ]] || fail "$folder: made $got (photos/items), HELD_OUT.md says $want: not moved into $INTO"
  done
  for folder in $(folders_of "$unit"); do mv "$scratch/$folder" "$INTO/$folder"; done
  rm -rf "$scratch"
  SCRATCH=
  for folder in $(folders_of "$unit"); do echo "$folder: $(count_set "$INTO/$folder" "$kind") ($kind)"; done
}

# ---- Command line --------------------------------------------------------------------------------

names=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --mirror) MIRROR=$2; shift 2 ;;
    --into) INTO=$2; shift 2 ;;
    --repos) LIST_ONLY=1; shift ;;
    -h | --help) sed -n '2,17p' "$0"; exit 0 ;;
    *) names+=("$1"); shift ;;
  esac
done
[[ ${#names[@]} -gt 0 ]] || fail "name a set (extra, extra2 … extra46, cand-dice47 …) or dice, cards, boards, all; --help says more"

units=()
for name in "${names[@]}"; do
  case $name in
    all) units+=("${ORDER[@]}") ;;
    dice | cards | board | boards)
      kind=$name; [[ $kind == boards ]] && kind=board
      for unit in "${ORDER[@]}"; do [[ $(kind_of "$unit") == "$kind" ]] && units+=("$unit"); done ;;
    *) unit=$(unit_of "$name") || fail "$name is no set of HELD_OUT.md"; units+=("$unit") ;;
  esac
done
# Once each, in the order given.
mapfile -t units < <(printf '%s\n' "${units[@]}" | awk '!seen[$0]++')

cd "$ROOT"
if [[ $LIST_ONLY == 1 ]]; then
  check_repos list "${units[@]}"
  exit 0
fi
check_repos strict "${units[@]}"
mkdir -p "$INTO"
for unit in "${units[@]}"; do make_unit "$unit"; done
