package android.os.vibrator;

/** Stub: a device's envelope limits. */
public final class VibratorEnvelopeEffectInfo {
    private final int maxSize;
    private final long minDuration;
    private final long maxDuration;
    private final long maxTotal;

    public VibratorEnvelopeEffectInfo(int maxSize, long minDuration, long maxDuration, long maxTotal) {
        this.maxSize = maxSize;
        this.minDuration = minDuration;
        this.maxDuration = maxDuration;
        this.maxTotal = maxTotal;
    }

    public int getMaxSize() { return maxSize; }
    public long getMinControlPointDurationMillis() { return minDuration; }
    public long getMaxControlPointDurationMillis() { return maxDuration; }
    public long getMaxDurationMillis() { return maxTotal; }
}
