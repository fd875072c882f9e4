package android.os;

/** Stub: the device's API level, settable by the test driver. */
public class Build {
    public static class VERSION {
        public static int SDK_INT = 26;
    }
}
