#!/usr/bin/env bash
# Benchmarks, each next to its peers measured in the same run.
#   bash bench/run.sh            # all benchmarks
#   bash bench/run.sh ahap       # AHAP validation only (also: render beats crossfade audition inputs editor playback haptics aac draft scaling cascade halftempo octave designer fft)
# Needs ../shared/corpus. Installs hyperfine and jq when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=../shared/corpus/ahap
large=$corpus/vsaravind007__personal-blog__tears-of-steel.ahap
[ -d "$corpus" ] || { echo "bench: ../shared/corpus is absent" >&2; exit 2; }

bash scripts/setup.sh
for tool in hyperfine jq; do
  command -v $tool >/dev/null || { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $tool >/dev/null; }
done
swift build -c release --static-swift-stdlib >/dev/null
bin=$(swift build -c release --show-bin-path)

echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "# date: $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD)"

ahap() {
  echo
  echo "## AHAP validation (in-process, median of repeated runs, release build)"
  "$bin/akl-bench" ahap-validate "$corpus" "$large"
  echo
  echo "## Whole commands on the 4,601-event file (process start included)"
  hyperfine -N --warmup 3 --runs 20 --style basic \
    "$bin/ahap-tool validate -q $large" \
    "jq . $large" \
    -i 2>/dev/null | grep -E "Benchmark|Time \(mean"
  echo
  echo "## Whole corpus, one command"
  hyperfine -N --warmup 2 --runs 10 --style basic -i "$bin/ahap-tool validate -q $corpus" 2>/dev/null | grep -E "Benchmark|Time \(mean"
}

render() {
  echo
  echo "## AHAP render: the 4,601-event, 734 s pattern at 48 kHz, next to sox synthesizing 734 s of sine"
  out=$(mktemp -d)
  hyperfine -N --warmup 1 --runs 5 --style basic \
    "$bin/ahap-tool render $large -o $out/a3.wav" \
    "$bin/ahap-tool render $large -o $out/a1.wav --channels 1" \
    "sox -n -r 48000 $out/sox.wav synth 734 sine 150" \
    "sox -n -r 48000 -c 3 $out/sox3.wav synth 734 sine 150" 2>/dev/null | grep -E "Benchmark|Time \(mean"
  echo "peak memory (max RSS):"
  for c in 3 1; do
    /usr/bin/time -f "  ahap-tool render --channels $c: %M KB" "$bin/ahap-tool" render "$large" -o "$out/m.wav" --channels $c 2>&1 | grep KB
  done
  /usr/bin/time -f "  sox synth: %M KB" sox -n -r 48000 "$out/s.wav" synth 734 sine 150 2>&1 | grep KB
  rm -rf "$out"
}

beats() {
  echo
  echo "## beatmap check speed (decoding included), next to aubioonset on the same files"
  command -v aubioonset >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq aubio-tools >/dev/null
  out=$(mktemp -d)
  clip=../shared/corpus/beats/audio/ballroom_Media-105901.wav
  map=../shared/corpus/beats/beats/ballroom_Media-105901.beats
  sox "$clip" "$out/30s.mp3" 2>/dev/null
  sox $(for i in 1 2 3 4 5 6; do echo "$clip"; done) "$out/3min.wav"
  sox $(for i in $(seq 1 120); do echo "$clip"; done) "$out/60min.wav"
  for f in "$clip" "$out/30s.mp3" "$out/3min.wav"; do
    hyperfine -N --warmup 1 --runs 5 --style basic "$bin/beatmap check $map --audio $f -q -o $out/r.txt" "aubioonset -i $f" -i 2>/dev/null | grep -E "Benchmark|Time \(mean" | sed "s|$out/||"
  done
  echo "peak memory (max RSS) against track length:"
  for f in "$out/3min.wav" "$out/60min.wav"; do
    # check exits 1 on findings (the human map has an offset); keep going under set -e.
    /usr/bin/time -f "  beatmap check $(basename $f): %e s, %M KB" "$bin/beatmap" check "$map" --audio "$f" -q -o "$out/r.txt" 2>&1 | grep KB || true
  done
  rm -rf "$out"
  if [ -x "${BEAT_EVAL_PYTHON:-}" ] || [ -d "${BEAT_EVAL_WORK:-/nonexistent}/results" ]; then
    echo
    echo "## Perturbation benchmark (needs the peers' beats from ../shared/tools/beat-eval)"
    python3 bench/beat_perturb.py "$bin/beatmap"
  fi
  if [ -x "${BEAT_EVAL_PYTHON:-}" ] && [ -d "${BEAT_EVAL_WORK:-/nonexistent}/wav44k" ]; then
    echo
    echo "## Tempo and beat tracking speed on one core, next to librosa and madmom (beat-eval venv)"
    taskset -c 0 "$BEAT_EVAL_PYTHON" bench/tempo_speed.py "$bin/beatmap" --madmom
  fi
}

crossfade() {
  echo
  echo "## Crossfade: a 2 s fade at the middle of two stereo tracks at 44.1 kHz, to 32-bit float WAV, next to ffmpeg's acrossfade making the same output"
  echo "## (A to the fade's end, then B for the fade and 5 s: the same length, channels and sample format from both)"
  out=$(mktemp -d)
  for len in 60 300 3600; do
    sox -n -r 44100 -c 2 "$out/a$len.wav" synth $len pinknoise vol 0.3
    sox -n -r 44100 -c 2 "$out/b$len.wav" synth $len brownnoise vol 0.3
  done
  ours() { echo "$bin/beatmap crossfade $out/a$1.wav $out/b$1.wav --at $(( $1 / 2 )) --duration 2 --curve tri --tail 5 -o $out/ours.wav"; }
  theirs() {
    local at=$(( $1 / 2 ))
    echo "ffmpeg -v error -y -i $out/a$1.wav -i $out/b$1.wav -filter_complex [0]atrim=0:$(( at + 2 ))[a];[1]atrim=0:7[b];[a][b]acrossfade=d=2:c1=tri:c2=tri -ac 2 -c:a pcm_f32le $out/ff.wav"
  }
  echo "speed, two 300 s tracks (157 s of output):"
  hyperfine -N --warmup 1 --runs 5 --style basic "$(ours 300)" "$(theirs 300)" 2>/dev/null | grep -E "Benchmark|Time \(mean" | sed "s|$out/||g"
  echo "output lengths: ours $(soxi -D $out/ours.wav) s, ffmpeg $(soxi -D $out/ff.wav) s"
  echo "peak memory (max RSS) against track length:"
  for len in 60 3600; do
    /usr/bin/time -f "  beatmap crossfade, two ${len} s tracks: %e s, %M KB" $(ours $len) 2>&1 >/dev/null | grep KB
    /usr/bin/time -f "  ffmpeg acrossfade, two ${len} s tracks: %e s, %M KB" $(theirs $len) 2>&1 | grep KB
  done
  rm -rf "$out"
}

audition() {
  echo
  echo "## beatmap audition: first view of two tracks (server start, setup, view, the four curves' mixes), server memory"
  echo "## against track length; next to ffmpeg's acrossfade rendering the same four 10 s stretches (equal work)"
  out=$(mktemp -d)
  for len in 60 300 3600; do
    sox -n -r 44100 -c 2 "$out/a$len.wav" synth $len pinknoise vol 0.3
    sox -n -r 44100 -c 2 "$out/b$len.wav" synth $len brownnoise vol 0.3
  done
  for len in 60 300 3600; do
    python3 bench/audition_bench.py "$bin/beatmap" "$out/a$len.wav" "$out/b$len.wav" $(( len / 2 )) "two ${len} s tracks"
  done
  python3 bench/audition_bench.py "$bin/beatmap" "$out/a300.wav" "$out/b300.wav" 150 "two 300 s tracks" --analyse
  local t0=$(date +%s.%N)
  for c in tri qsin hsin tri; do
    ffmpeg -v error -y -ss 146 -t 6 -i "$out/a300.wav" -t 6 -i "$out/b300.wav" \
      -filter_complex "[0][1]acrossfade=d=2:c1=$c:c2=$c" -c:a pcm_f32le "$out/ff.wav"
  done
  echo "  ffmpeg acrossfade, the same four stretches of the 300 s tracks: $(python3 -c "print(f'{$(date +%s.%N) - $t0:.2f}')") s"
  echo "  each stretch: ffmpeg $(soxi -D "$out/ff.wav" 2>/dev/null) s, $(soxi -c "$out/ff.wav" 2>/dev/null) channels, $(soxi -e "$out/ff.wav" 2>/dev/null | head -1); ours 10 s, 2 channels, 32-bit float (3.5 MB WAV)"
  rm -rf "$out"
}

inputs() {
  echo
  echo "## Reading large inputs: a one-line JSON beat map of 1,000,000 beats, next to jq and Python's json reading the same file"
  out=$(mktemp -d)
  python3 -c "print('[' + ','.join(repr(i * 0.5) for i in range(1000000)) + ']')" > "$out/one-line.json"
  hyperfine -N --warmup 1 --runs 5 --style basic -i \
    "$bin/beatmap fit $out/one-line.json" "jq length $out/one-line.json" \
    "python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' $out/one-line.json" 2>/dev/null | grep -E "Benchmark|Time \(mean" | sed "s|$out/||g"
  echo
  echo "## ahap-tool validate on 5,000 files of 54 KB (one directory), next to jq parsing the same files"
  mkdir "$out/many"
  python3 - "$out/many" <<'PY'
import json, sys
events = [{"Event": {"Time": i * 0.01, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.5}]}} for i in range(220)]
text = json.dumps({"Version": 1, "Pattern": events}, indent=2)
for k in range(5000):
    open(f"{sys.argv[1]}/f{k:04d}.ahap", "w").write(text)
print(f"  file size: {len(text)} bytes")
PY
  /usr/bin/time -f "  ahap-tool validate, 5,000 files: %e s, %M KB" "$bin/ahap-tool" validate -q "$out/many" 2>&1 | grep KB
  /usr/bin/time -f "  ahap-tool validate, 500 files: %e s, %M KB" "$bin/ahap-tool" validate -q $(ls -d "$out"/many/f0[0-4]*.ahap) 2>&1 | grep KB
  /usr/bin/time -f "  jq empty, 5,000 files: %e s, %M KB" sh -c "jq empty $out/many/*.ahap" 2>&1 | grep KB
  rm -rf "$out"
}

editor() {
  echo
  echo "## beatmap edit: first view (analysis, server start, the page's first requests), re-check after an edit, server memory"
  echo "## (no other beat-map editor runs headless here; the first view is shown next to beatmap check's own analysis of the track)"
  out=$(mktemp -d)
  clip=samples/audio/world1-track-a-88bpm.flac   # 12 s at 22.05 kHz: resampled to 44.1 kHz stereo and repeated
  sox "$clip" -r 44100 -c 2 "$out/12s.wav"
  sox $(for i in $(seq 1 25); do echo "$out/12s.wav"; done) "$out/5min.wav"
  sox $(for i in $(seq 1 50); do echo "$out/12s.wav"; done) "$out/10min.wav"
  for len in 5min 10min; do
    "$bin/beatmap" grid --bpm 88 --offset 0.25 --duration $([ $len = 5min ] && echo 300 || echo 600) -o "$out/$len.json"
    python3 bench/editor_bench.py "$bin/beatmap" "$out/$len.wav" "$out/$len.json" "$len"
  done
  "$bin/beatmap" grid --bpm 88 --offset 0.25 --duration 12 -o "$out/12s.json"
  python3 bench/editor_heap.py "$bin/beatmap" "$out/12s.wav:$out/12s.json:12-second" \
    "$out/5min.wav:$out/5min.json:5-minute" "$out/10min.wav:$out/10min.json:10-minute" || true
  /usr/bin/time -f "  beatmap check on the 5-minute track (the same analysis): %e s, %M KB" \
    "$bin/beatmap" check "$out/5min.json" --audio "$out/5min.wav" -q -o "$out/r.txt" 2>&1 | grep KB || true
  rm -rf "$out"
}

playback() {
  echo
  echo "## Playback: time from main() to the first frame handed to ALSA (median of 7), through a type-file PCM over null"
  out=$(mktemp -d)
  cat > "$out/asound.conf" <<CONF
pcm.!default { type file slave { pcm { type null } } file "$out/played.raw" format "raw" }
pcm.null { type null }
CONF
  export ALSA_CONFIG_PATH="$out/asound.conf" AKL_REPORT_LATENCY=1
  median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
  measure() {
    local label=$1; shift
    local m=$(for i in 1 2 3 4 5 6 7; do "$@" 2>&1 >/dev/null | sed -n 's/^first-frame-ms //p'; done | median)
    printf '  %-52s %6s ms\n' "$label" "$m"
  }
  measure "ahap-tool play heartbeat.ahap" "$bin/ahap-tool" play samples/ahap/heartbeat.ahap
  measure "ahap-tool play tears-of-steel.ahap (4,601 events)" "$bin/ahap-tool" play "$large"
  measure "beatmap preview (FLAC track + clicks)" "$bin/beatmap" preview samples/audio/world1-track-a-88bpm.flac --beats samples/beatmaps/world1-a.json
  sox $(for i in $(seq 1 15); do echo samples/audio/world1-track-a-88bpm.flac; done) "$out/3min.flac"
  measure "beatmap preview (3-minute FLAC)" "$bin/beatmap" preview "$out/3min.flac" --beats samples/beatmaps/world1-a.json
  measure "beatmap crossfade --play (12 s tracks)" "$bin/beatmap" crossfade samples/audio/world1-track-a-88bpm.flac samples/audio/world2-track-b-174bpm.flac --at 3 --play
  measure "beatmap timer --play (metronome)" "$bin/beatmap" timer --bpm 88 --minutes 1 --play
  echo "Streaming rate (the null PCM is not paced, so this is how fast the whole preview can be produced):"
  /usr/bin/time -f "  3-minute preview streamed through ALSA: %e s wall, %U s user, %M KB" "$bin/beatmap" preview "$out/3min.flac" --beats samples/beatmaps/world1-a.json 2>&1 | grep KB
  unset ALSA_CONFIG_PATH AKL_REPORT_LATENCY
  rm -rf "$out"
}

haptics() {
  echo
  echo "## Audio to haptics: ahap-tool from-audio next to Meta Haptics Studio's exports of the same 52 sounds"
  command -v aubioonset >/dev/null || { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq aubio-tools >/dev/null; }
  echo "Reference onsets: aubioonset (aubio $(dpkg-query -W -f='${Version}' aubio-tools 2>/dev/null), hfc, threshold 0.3, at least 100 ms apart)." 
  local sfx=../shared/corpus/sfx out
  out=$(mktemp -d)
  for f in "$sfx"/*.wav "$sfx"/*.ogg "$sfx"/*.mp3 "$sfx"/*.flac; do
    [ -e "$f" ] || continue
    name=$(basename "$f"); aubioonset -M 0.1 -i "$f" 2>/dev/null > "$out/${name%.*}.txt"
  done
  "$bin/akl-bench" haptics "$sfx" "$sfx/meta-studio" "$out"
  echo
  echo "## Settings chosen by leave-one-source-out cross-validation (SOURCES.tsv's repo as the group), held-out figures"
  "$bin/akl-bench" haptics-cv "$sfx" "$sfx/meta-studio" "$out"
  echo
  echo "Where the time goes (in-process, median of 5):"
  "$bin/akl-bench" haptics-parts "$sfx"
  echo
  echo "Peak memory of the whole command (max RSS) against the sound's length (noise with a 3 Hz tremolo, 44.1 kHz stereo WAV):"
  for s in 60 600; do
    sox -n -r 44100 -c 2 "$out/n$s.wav" synth $s whitenoise tremolo 3 90 2>/dev/null
    /usr/bin/time -f "  ${s} s: %e s wall, %M KB" "$bin/ahap-tool" from-audio "$out/n$s.wav" -o "$out/n$s.ahap" 2>&1 | grep KB
  done
  echo "Time against length with an onset every 100 ms (a 10 ms 2 kHz click; the shape whose cost once grew with onsets times length):"
  sox -n -r 44100 -c 1 "$out/click.wav" synth 0.01 sine 2000 fade 0 0.01 0.01 pad 0 0.09 2>/dev/null
  for s in 6 60 600; do
    sox "$out/click.wav" "$out/c$s.wav" repeat $((s * 10 - 1)) 2>/dev/null
    /usr/bin/time -f "  ${s} s: %e s wall, %M KB" "$bin/ahap-tool" from-audio "$out/c$s.wav" -o "$out/c$s.ahap" 2>&1 | grep KB
  done
  echo "Real time on the corpus sounds joined into one file (one process, start included; the bar is 500x), best and median of 7:"
  local list=() i=0
  for f in "$sfx"/*.wav "$sfx"/*.ogg "$sfx"/*.mp3 "$sfx"/*.flac; do
    [ -e "$f" ] || continue
    i=$((i + 1)); ffmpeg -nostdin -v error -y -i "$f" -ar 44100 -ac 2 -c:a pcm_s16le "$out/part$i.wav" && list+=("$out/part$i.wav")
  done
  if [ ${#list[@]} -gt 0 ]; then
    sox "${list[@]}" "$out/joined.wav"
    python3 - "$bin/ahap-tool" "$out/joined.wav" "$out/joined.ahap" <<'PY'
import statistics, subprocess, sys, time, wave
tool, sound, target = sys.argv[1:4]
with wave.open(sound) as w:
    seconds = w.getnframes() / w.getframerate()
runs = []
for _ in range(7):
    start = time.perf_counter()
    subprocess.run([tool, "from-audio", sound, "-o", target], check=True, stderr=subprocess.DEVNULL)
    runs.append(time.perf_counter() - start)
print(f"  {seconds:.1f} s of sound: best {min(runs):.3f} s ({seconds / min(runs):.0f}x), median {statistics.median(runs):.3f} s ({seconds / statistics.median(runs):.0f}x)")
PY
    echo "Real time on the same sounds one file each (${#list[@]} WAVs): one process for all (--out-dir, several at once) against one process per sound, best and median of 5;"
    echo "then --out-dir on a disk whose flush takes 2 ms (bench/slow_flush.c, LD_PRELOADed):"
    cc -O2 -shared -fPIC -o "$out/slow_flush.so" bench/slow_flush.c
    python3 - "$bin/ahap-tool" "$out" "${list[@]}" <<'PY'
import os, statistics, subprocess, sys, time, wave
tool, folder, sounds = sys.argv[1], sys.argv[2], sys.argv[3:]
slow = dict(os.environ, LD_PRELOAD=os.path.join(folder, "slow_flush.so"), AKL_FLUSH_US="2000")
seconds = 0.0
for s in sounds:
    with wave.open(s) as w:
        seconds += w.getnframes() / w.getframerate()
def batch(env=None):
    target = os.path.join(folder, "batch")
    os.makedirs(target, exist_ok=True)
    subprocess.run([tool, "from-audio", *sounds, "--out-dir", target], check=True, stderr=subprocess.DEVNULL, env=env)
def each():
    for i, s in enumerate(sounds):
        subprocess.run([tool, "from-audio", s, "-o", os.path.join(folder, f"each{i}.ahap")], check=True, stderr=subprocess.DEVNULL)
for name, f in (("one process, --out-dir", batch), ("one process per sound", each), ("--out-dir, 2 ms flushes", lambda: batch(slow))):
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        f()
        runs.append(time.perf_counter() - start)
    best, median = min(runs), statistics.median(runs)
    print(f"  {name}: {seconds:.1f} s of sound, best {best:.3f} s ({seconds / best:.0f}x), median {median:.3f} s ({seconds / median:.0f}x)")
PY
  fi
  rm -rf "$out"
}

aac() {
  echo
  echo "## AAC input: a 10-minute stereo .m4a (AAC LC 192 kb/s, pink noise), decoded through SoundFileReader next to ffmpeg writing the same f32le"
  local out beats=../shared/corpus/beats
  out=$(mktemp -d)
  ffmpeg -v error -f lavfi -i "anoisesrc=c=pink:r=44100:d=600" -ac 2 -c:a aac -b:a 192k "$out/long.m4a"
  echo "ffmpeg $(ffmpeg -version | head -1 | cut -d' ' -f3)"
  for run in 1 2 3; do
    /usr/bin/time -f "  ours:   %e s wall, %M KB peak (largest of our process and the ffmpeg child)" "$bin/akl-bench" decode "$out/long.m4a" 2>&1 | sed 's/^/  /'
    /usr/bin/time -f "  ffmpeg: %e s wall, %M KB peak" sh -c "ffmpeg -nostdin -v error -i '$out/long.m4a' -f f32le - > /dev/null" 2>&1
    /usr/bin/time -f "  ffmpeg through a pipe (| cat): %e s wall, %M KB peak" sh -c "ffmpeg -nostdin -v error -i '$out/long.m4a' -f f32le - | cat > /dev/null" 2>&1
  done
  echo
  echo "## beatmap bpm on each annotated clip of ../shared/corpus/beats: the WAV next to the .m4a made from it (AAC LC 192 kb/s, edit list)"
  if [ -d "$beats/audio" ]; then
    local n=0 within=0 worst=0
    for f in "$beats"/audio/*; do
      name=$(basename "${f%.*}")
      ffmpeg -v error -y -i "$f" -c:a aac -b:a 192k "$out/$name.m4a"
      a=$("$bin/beatmap" bpm "$f" --format json | jq -r '.bpm // "none"')
      b=$("$bin/beatmap" bpm "$out/$name.m4a" --format json | jq -r '.bpm // "none"')
      n=$((n + 1))
      if [ "$a" = none ] || [ "$b" = none ]; then
        [ "$a" = "$b" ] && within=$((within + 1)) || echo "  $name: WAV $a, m4a $b"
        continue
      fi
      d=$(python3 -c "print(round(abs($a - $b), 3))")
      if python3 -c "import sys; sys.exit(0 if $d <= 0.05 else 1)"; then within=$((within + 1)); else echo "  $name: WAV $a, m4a $b"; fi
      worst=$(python3 -c "print(max($worst, $d))")
    done
    echo "  $within of $n clips within 0.05 BPM; largest difference $worst BPM"
  fi
  rm -rf "$out"
}

draft() {
  echo
  echo "## Chart drafts (beatmap draft) on the shared charts, next to the naive flux peaks and ffmpeg's decode"
  python3 -c "import mir_eval" 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check mir_eval >/dev/null
  python3 bench/draft.py "$bin/beatmap"
  echo
  echo "## Tempo changes in the draft, against the human beats, next to the draft on one tempo"
  python3 bench/tempo_changes.py "$bin/beatmap"
  echo
  echo "## Where a track's tempo change is put: two of the charts' songs joined, against the second song's chart grid"
  python3 bench/tempo_change_place.py "$bin/beatmap"
  echo
  echo "## Where the annotated beats fall on each draft's grid (on its beats, or half a beat off)"
  python3 bench/draft_phase.py "$bin/beatmap"
  python3 bench/detect_quantize.py "$bin/beatmap"
}

scaling() {
  echo
  echo "## How the chart handlers grow with the hits (100 to 100,000; 10 per 10× is linear), next to Python simfile reading the same .sm"
  python3 -c "import simfile" 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check simfile >/dev/null
  python3 bench/scaling.py "$bin/beatmap" samples/audio/world1-track-a-88bpm.flac
}

cascade() {
  echo
  echo "## Applying the checker's fixes one by one on charts with 5 hits moved 90–110 ms, next to applying every suggestion"
  python3 bench/fix_cascade.py "$bin/beatmap" 3
}

halftempo() {
  echo
  echo "## A beat list's offset at half the track's pulse: each annotated track's right list and its two half lists"
  python3 bench/half_tempo_offset.py "$bin/beatmap"
}

octave() {
  echo
  echo "## A chart's tempo map at the wrong octave: each real chart on its own grid, at half its tempo and at double"
  python3 bench/chart_octave.py "$bin/beatmap"
  echo
  echo "## A tempo section off the track's: two of the charts' songs joined, 40 s each, on their own grids, then section 2 1 % and 3 % off"
  python3 bench/section_tempo.py "$bin/beatmap"
}

designer() {
  echo
  echo "## from-audio's envelope and Meta Haptics Studio's export against Lofelt Studio's designer clips (DESIGNER=folder)"
  python3 bench/designer_envelope.py "$bin/ahap-tool" "${DESIGNER:-../lofelt-designer}"
}

fft() {
  echo
  echo "## Our real FFT next to kissfft's, microseconds a transform, magnitudes included"
  bash bench/fft/run.sh
}

case "${1:-all}" in
  playback) playback ;;
  crossfade) crossfade ;;
  audition) audition ;;
  inputs) inputs ;;
  editor) editor ;;
  beats) beats ;;
  ahap) ahap ;;
  render) render ;;
  haptics) haptics ;;
  aac) aac ;;
  draft) draft ;;
  scaling) scaling ;;
  cascade) cascade ;;
  halftempo) halftempo ;;
  octave) octave ;;
  designer) designer ;;
  fft) fft ;;
  all) ahap; render; beats; crossfade; audition; inputs; editor; playback; haptics; aac; draft; scaling; cascade; halftempo; octave; designer; fft ;;
  *) echo "bench: unknown benchmark $1" >&2; exit 64 ;;
esac
