"""Two of the seven charts' songs (../shared/corpus/charts) joined end to end, for the benches of a track's tempo
change: the songs with their chart tempo and where each is cut from, the ordered pairs whose tempi are neither within 3 %
nor an octave apart, and the join itself (ffmpeg: mono, 44.1 kHz WAV)."""
import itertools, os, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHARTS = os.path.join(ROOT, "..", "shared", "corpus", "charts")
SONGS = {"goin": ("sm-goin-under", 210, 30), "mecha": ("sm-mechatribe", 180, 30), "csikos": ("qua-csikos-post", 185, 30),
         "lolli": ("qua-lollipop", 78, 40), "pico": ("fnf-pico", 150, 30), "high": ("fnf-high", 125, 30)}


def pairs():
    """Every ordered pair of song names whose tempi are neither within 3 % nor an octave apart."""
    for a, b in itertools.permutations(SONGS, 2):
        ta, tb = SONGS[a][1], SONGS[b][1]
        if min(abs(ta / tb - 1), abs(ta / tb / 2 - 1), abs(tb / ta / 2 - 1)) >= 0.03:
            yield a, b


def join(path, first, second, seconds, starts=None):
    """Writes `seconds` of song `first` then `seconds` of song `second` to `path`, each from its cut in SONGS (or from
    `starts`, a name to seconds map, where given)."""
    cut = lambda name: (starts or {}).get(name, SONGS[name][2])
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-ss", str(cut(first)), "-t", str(seconds),
                    "-i", os.path.join(CHARTS, SONGS[first][0], "audio.ogg"), "-ss", str(cut(second)), "-t", str(seconds),
                    "-i", os.path.join(CHARTS, SONGS[second][0], "audio.ogg"), "-filter_complex",
                    "[0:a][1:a]concat=n=2:v=0:a=1", "-ac", "1", "-ar", "44100", path], check=True)


def beatmap_argument(bench):
    """The `beatmap` binary named on the command line of `bench` (its script name), as an absolute path; exits with
    its usage, or with what is missing when the charts' songs are absent."""
    if len(sys.argv) != 2:
        sys.exit(f"usage: {bench}.py BEATMAP")
    if not os.path.isdir(CHARTS):
        sys.exit(f"{bench}: ../shared/corpus/charts is absent: it needs the seven charts' songs")
    return os.path.abspath(sys.argv[1])
