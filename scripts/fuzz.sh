#!/usr/bin/env bash
# libFuzzer over every reader: bash scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
# Seeds come from ../shared/corpus (when present) and samples/; new corpus entries and
# crashes go to fuzz-work/ (git-ignored). A crash input replays with:
#   AKL_FUZZ_TARGET=<target> swift run akl-fuzz fuzz-work/<target>/crash-…
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("${@:-ahap beatmap-json beatmap-text beatmap-csv beatmap-audacity beatmap-swift manifest manifest-yaml audio onset haptic mp4 m4a stepmania osu quaver beatsaber clonehero}")
bash scripts/setup.sh --test
swift build --product akl-fuzz --scratch-path .build-fuzz -Xswiftc -DFUZZING -Xswiftc -sanitize=fuzzer,address 2>&1 | tail -1
bin=.build-fuzz/debug/akl-fuzz
shared=../shared/corpus
for t in ${targets[@]}; do
  work=fuzz-work/$t
  mkdir -p "$work/corpus" "$work/seeds"
  case $t in
    ahap) cp samples/ahap/*.ahap samples/broken/*.ahap "$work/seeds/"; [ -d $shared/ahap ] && find $shared/ahap -name '*.ahap' -size -200k -exec cp {} "$work/seeds/" \; ;;
    beatmap-json) cp samples/beatmaps/*.json "$work/seeds/" ;;
    beatmap-text) [ -d $shared/beats ] && cp $shared/beats/beats/*.beats "$work/seeds/" || printf '0.5\n1.0\n' > "$work/seeds/a.txt" ;;
    beatmap-csv) printf 'beat,time\n1,0.5\n2,1.0\n' > "$work/seeds/a.csv" ;;
    beatmap-audacity) printf '0.5\t0.5\t1\n1.0\t1.0\t2\n' > "$work/seeds/a.txt" ;;
    beatmap-swift) cp samples/beatmaps/*.swift "$work/seeds/" ;;
    manifest) cp samples/game.json "$work/seeds/" ;;
    haptic) [ -d $shared/haptic-interchange ] && find $shared/haptic-interchange -name '*.haptic' -size -64k -exec cp {} "$work/seeds/" \; \
      || printf '{"version":{"major":1,"minor":0,"patch":0},"signals":{"continuous":{"envelopes":{"amplitude":[{"time":0,"amplitude":0.5},{"time":1,"amplitude":0}]}}}}' > "$work/seeds/a.haptic" ;;
    manifest-yaml) cp samples/game.yaml "$work/seeds/" ;;
    stepmania) [ -d $shared/charts ] && find $shared/charts -name '*.ssc' -size -64k -exec cp {} "$work/seeds/" \; ; printf '#OFFSET:-0.1;\n#BPMS:0=120,8=150;\n#STOPS:4=0.5;\n#NOTES:\n dance-single:\n a:\n Hard:\n 9:\n 0,0,0,0,0:\n1000\n0100\n0010\n0001\n,\n2000\n3000\n0000\n0000\n;\n' > "$work/seeds/a.sm" ;;
    osu) cp samples/charts/*.osu "$work/seeds/" 2>/dev/null || printf '[TimingPoints]\n0,500,4,1,0,100,1,0\n\n[HitObjects]\n256,192,500,1,0\n' > "$work/seeds/a.osu" ;;
    quaver) [ -d $shared/charts ] && find $shared/charts -name '*.qua' -size -64k -exec cp {} "$work/seeds/" \; ; printf 'AudioFile: a.ogg\nMode: Keys4\nTimingPoints:\n- StartTime: 100\n  Bpm: 120\n- StartTime: 4100\n  Bpm: 150\nHitObjects:\n- StartTime: 600\n  Lane: 1\n- StartTime: 1100\n  Lane: 2\n  EndTime: 1400\n' > "$work/seeds/a.qua" ;;
    clonehero) printf '[Song]\n{\n  Offset = 0.1\n  Resolution = 192\n}\n[SyncTrack]\n{\n  0 = TS 4\n  0 = B 120000\n  768 = B 150000\n}\n[ExpertSingle]\n{\n  192 = N 0 0\n  384 = N 1 96\n  384 = N 5 0\n  576 = N 7 0\n}\n' > "$work/seeds/a.chart"
      printf '{"song":{"song":"a","bpm":120,"notes":[{"lengthInSteps":16,"mustHitSection":true,"sectionNotes":[[500,0,0],[750,5,100]]},{"lengthInSteps":16,"changeBPM":true,"bpm":150,"sectionNotes":[[2500,1,0]]}]}}' > "fuzz-work/beatmap-json/seeds/fnf.json" 2>/dev/null || true ;;
    beatsaber) printf '{"_version":"2.0.0","_notes":[{"_time":1,"_lineIndex":0,"_lineLayer":0,"_type":0,"_cutDirection":1}],"_events":[]}' > "$work/seeds/v2.dat"
      printf '{"version":"3.0.0","colorNotes":[{"b":1,"x":0,"y":0,"c":0,"d":1}],"bpmEvents":[{"b":8,"m":140}]}' > "$work/seeds/v3.dat" ;;
    mp4|m4a) # AAC with an edit list, without, ALAC and a faststart file: every box path the parser walks
      ffmpeg -v error -y -f lavfi -i "sine=f=440:d=0.3" -c:a aac "$work/seeds/edit.m4a"
      ffmpeg -v error -y -f lavfi -i "sine=f=440:d=0.3" -c:a aac -use_editlist 0 "$work/seeds/bare.m4a"
      ffmpeg -v error -y -f lavfi -i "sine=f=440:d=0.3" -c:a alac "$work/seeds/alac.m4a"
      ffmpeg -v error -y -f lavfi -i "sine=f=440:d=0.3" -c:a aac -movflags +faststart "$work/seeds/fast.m4a" ;;
    audio|onset) cp samples/audio/click.wav "$work/seeds/"
      # small WAV (float), FLAC, MP3 and Ogg seeds, so the mutations reach every header parser
      for ext in f.wav flac mp3 ogg; do sox samples/audio/click.wav -e floating-point "$work/seeds/click.$ext" 2>/dev/null \
        || sox samples/audio/click.wav "$work/seeds/click.$ext" 2>/dev/null || true; done ;;
  esac
  echo "== $t"
  # The m4a target runs ffmpeg through Foundation's Process, whose run() leaks a weak reference per call
  # (swift-corelibs-foundation; the same leak keeps leak detection off in scripts/sanitize.sh): leaks are not checked there.
  leaks=1; [ "$t" = m4a ] && leaks=0
  ASAN_OPTIONS=detect_leaks=$leaks AKL_FUZZ_TARGET=$t "$bin" -detect_leaks=$leaks -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 -artifact_prefix="$work/" -print_final_stats=1 \
    "$work/corpus" "$work/seeds" 2>&1 | grep -E "^stat::(number_of_executed_units|average_exec_per_sec|new_units_added)|ERROR|SUMMARY|crash-|Test unit written" || true
done
