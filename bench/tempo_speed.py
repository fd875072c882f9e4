#!/usr/bin/env python3
"""Speed of `beatmap bpm` and `beatmap detect` next to librosa doing the same jobs, on one core (issue #5).

    taskset -c 0 BEAT_EVAL_PYTHON bench/tempo_speed.py BEATMAP_BINARY [--madmom]

Run it with the beat-eval venv's python (it imports librosa; see ../shared/tools/beat-eval/README.md).
Input: every clip of ../shared/corpus/beats as the 44.1 kHz mono WAV that prepare_wav.sh made
($BEAT_EVAL_WORK/wav44k). Each job is timed as CPU seconds (user + system) per minute of audio:
ours as whole processes (start-up, decoding and output included), librosa in this process after a
warm-up clip (its numba compile excluded), with one thread. The first clip is a warm-up for all."""
import os, resource, subprocess, sys, time

os.environ.setdefault("NUMBA_NUM_THREADS", "1")
for v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(v, "1")
import librosa, numpy as np, soundfile

binary = sys.argv[1]

work = os.environ.get("BEAT_EVAL_WORK", os.path.join(os.getcwd(), "beat-eval-work"))
wavs = sorted(os.path.join(work, "wav44k", f) for f in os.listdir(os.path.join(work, "wav44k")) if f.endswith(".wav"))
minutes = sum(soundfile.info(w).duration for w in wavs[1:]) / 60


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def self_cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def ours(args):
    def job(path):
        subprocess.run([binary, *args, path], capture_output=True)  # a clip too short for a tempo exits 2; its work still counts
    return job, children_cpu


def librosa_beats(path):
    y, sr = librosa.load(path, sr=22050, mono=True)
    librosa.beat.beat_track(y=y, sr=sr, units="time")


def librosa_tempo(path):
    y, sr = librosa.load(path, sr=22050, mono=True)
    librosa.feature.tempo(y=y, sr=sr)


jobs = [
    ("beatmap bpm (tempo, confidence, half/double)", *ours(["bpm"])),
    ("librosa feature.tempo (load at 22.05 kHz + tempo)", librosa_tempo, self_cpu),
    ("beatmap detect (beats and fitted BPM, text map to stdout)", *ours(["detect", "--map-format", "text"])),
    ("librosa beat.beat_track (load at 22.05 kHz + beats + tempo)", librosa_beats, self_cpu),
]
if "--madmom" in sys.argv:
    # The neural network peer, as ../shared/tools/beat-eval/run_peers.py runs it (its models are
    # CC BY-NC-SA: measured, never shipped). About 5 s of CPU per minute of audio.
    from madmom.features.beats import RNNBeatProcessor, DBNBeatTrackingProcessor
    from madmom.features.tempo import TempoEstimationProcessor
    rnn, dbn, tempo = RNNBeatProcessor(), DBNBeatTrackingProcessor(fps=100), TempoEstimationProcessor(fps=100)

    def madmom_beats(path):
        act = rnn(path)
        dbn(act)
        tempo(act)

    jobs.append(("madmom RNN + DBN beats and comb-filter tempo", madmom_beats, self_cpu))
print(f"{len(wavs) - 1} clips, {minutes:.1f} min of audio (after one warm-up clip); affinity {sorted(os.sched_getaffinity(0))}\n")
print("| job | CPU s per min of audio | × real time |")
print("|---|---|---|")
for name, job, clock in jobs:
    job(wavs[0])
    c0 = clock()
    for w in wavs[1:]:
        job(w)
    cpu = clock() - c0
    print(f"| {name} | {cpu / minutes:.3f} | {60 * minutes / cpu:.0f}× |")
