/* kissfft's real FFT (kiss_fftr), the peer: microseconds per transform, magnitudes included, for the same sizes and
   frames as main.swift. */
#include <kissfft/kiss_fftr.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(void) {
    const int reps = 20000, sizes[] = {512, 1024, 2048};
    for (int s = 0; s < 3; s++) {
        int n = sizes[s];
        kiss_fftr_cfg cfg = kiss_fftr_alloc(n, 0, NULL, NULL);
        float *frame = malloc(n * sizeof(float)), *mag = malloc((n / 2 + 1) * sizeof(float)), sum = 0;
        kiss_fft_cpx *bins = malloc((n / 2 + 1) * sizeof(kiss_fft_cpx));
        for (int i = 0; i < n; i++) frame[i] = (float)(sin(i * 0.37) * 0.5);
        struct timespec a, b;
        clock_gettime(CLOCK_MONOTONIC, &a);
        for (int r = 0; r < reps; r++) {
            frame[r % n] += 1e-3f;
            kiss_fftr(cfg, frame, bins);
            for (int k = 0; k <= n / 2; k++) mag[k] = sqrtf(bins[k].r * bins[k].r + bins[k].i * bins[k].i);
            sum += mag[3];
        }
        clock_gettime(CLOCK_MONOTONIC, &b);
        double seconds = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) * 1e-9;
        printf("kissfft  %5d points: %.2f µs (checksum %.0f)\n", n, seconds * 1e6 / reps, sum);
        free(frame); free(mag); free(bins); kiss_fftr_free(cfg);
    }
    return 0;
}
