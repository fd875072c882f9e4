package android.os;

import java.util.Arrays;

/** Stub: an effect is the description of how it was built. */
public class VibrationEffect {
    public final String description;

    VibrationEffect(String description) {
        this.description = description;
    }

    public static VibrationEffect createWaveform(long[] timings, int[] amplitudes, int repeat) {
        if (Build.VERSION.SDK_INT < 26) throw new IllegalStateException("createWaveform needs API 26");
        if (timings.length != amplitudes.length) throw new IllegalArgumentException("lengths differ");
        for (int a : amplitudes) if (a < 0 || a > 255) throw new IllegalArgumentException("amplitude " + a);
        boolean any = false;
        for (long t : timings) {
            if (t < 0) throw new IllegalArgumentException("timing " + t);
            any |= t > 0;
        }
        if (!any) throw new IllegalArgumentException("at least one timing must be non-zero");
        return new VibrationEffect("waveform " + Arrays.toString(timings) + " " + Arrays.toString(amplitudes) + " " + repeat);
    }

    public static Composition startComposition() {
        if (Build.VERSION.SDK_INT < 30) throw new IllegalStateException("Composition needs API 30");
        return new Composition();
    }

    public static final class Composition {
        public static final int PRIMITIVE_CLICK = 1;
        public static final int PRIMITIVE_THUD = 2;
        public static final int PRIMITIVE_TICK = 7;
        public static final int PRIMITIVE_LOW_TICK = 8;
        public static final int DELAY_TYPE_PAUSE = 0;
        public static final int DELAY_TYPE_RELATIVE_START_OFFSET = 1;
        private final StringBuilder parts = new StringBuilder("composition");

        public Composition addPrimitive(int id, float scale, int delay) {
            return addPrimitive(id, scale, delay, DELAY_TYPE_PAUSE);
        }

        public Composition addPrimitive(int id, float scale, int delay, int delayType) {
            if (delayType != DELAY_TYPE_PAUSE && Build.VERSION.SDK_INT < 36) throw new IllegalStateException("delay types need API 36");
            if (scale < 0 || scale > 1 || delay < 0) throw new IllegalArgumentException("scale " + scale + " delay " + delay);
            parts.append(" ").append(id).append(":").append(scale).append(":").append(delay).append(":").append(delayType);
            return this;
        }

        public VibrationEffect compose() {
            return new VibrationEffect(parts.toString());
        }
    }

    public static final class BasicEnvelopeBuilder {
        private final StringBuilder parts = new StringBuilder("envelope");
        private float lastIntensity = 0;
        private int count = 0;

        public BasicEnvelopeBuilder() {
            if (Build.VERSION.SDK_INT < 36) throw new IllegalStateException("BasicEnvelopeBuilder needs API 36");
        }

        public BasicEnvelopeBuilder setInitialSharpness(float sharpness) {
            parts.append(" initial:").append(sharpness);
            return this;
        }

        public BasicEnvelopeBuilder addControlPoint(float intensity, float sharpness, long durationMillis) {
            if (intensity < 0 || intensity > 1 || sharpness < 0 || sharpness > 1 || durationMillis <= 0) {
                throw new IllegalArgumentException(intensity + " " + sharpness + " " + durationMillis);
            }
            parts.append(" ").append(intensity).append(":").append(sharpness).append(":").append(durationMillis);
            lastIntensity = intensity;
            count++;
            return this;
        }

        public VibrationEffect build() {
            if (count == 0 || lastIntensity != 0) throw new IllegalStateException("an envelope must end at intensity 0");
            return new VibrationEffect(parts.toString());
        }
    }
}
