package android.os;

import android.os.vibrator.VibratorEnvelopeEffectInfo;

/** Stub: a device whose abilities the test driver sets; vibrate() keeps the last effect. */
public class Vibrator {
    public boolean primitivesSupported = true;
    public boolean envelopesSupported = true;
    public int primitiveDuration = 20;
    public VibratorEnvelopeEffectInfo envelopeInfo = new VibratorEnvelopeEffectInfo(16, 20, 1000, 16000);
    public VibrationEffect last;

    public boolean areAllPrimitivesSupported(int... ids) {
        if (Build.VERSION.SDK_INT < 30) throw new IllegalStateException("areAllPrimitivesSupported needs API 30");
        return primitivesSupported;
    }

    public int[] getPrimitiveDurations(int... ids) {
        if (Build.VERSION.SDK_INT < 31) throw new IllegalStateException("getPrimitiveDurations needs API 31");
        int[] out = new int[ids.length];
        java.util.Arrays.fill(out, primitiveDuration);
        return out;
    }

    public boolean areEnvelopeEffectsSupported() {
        if (Build.VERSION.SDK_INT < 36) throw new IllegalStateException("areEnvelopeEffectsSupported needs API 36");
        return envelopesSupported;
    }

    public VibratorEnvelopeEffectInfo getEnvelopeEffectInfo() {
        if (Build.VERSION.SDK_INT < 36) throw new IllegalStateException("getEnvelopeEffectInfo needs API 36");
        return envelopeInfo;
    }

    public void vibrate(VibrationEffect effect) {
        last = effect;
    }
}
