import android.os.Build;
import android.os.VibrationEffect;
import android.os.Vibrator;
import java.lang.reflect.Method;

/**
 * Prints, one line each, what a generated class plays: `Driver CLASS` calls CLASS.play(vibrator) on an API 25 device (nothing), an API 26 device,
 * an API 31 device, an API 36 device without envelope effects, and an API 36 device with them.
 */
public final class Driver {
    public static void main(String[] args) throws Exception {
        Class<?> haptics = Class.forName(args[0]);
        Method play = haptics.getMethod("play", Vibrator.class);
        int[][] devices = {{25, 0}, {26, 0}, {31, 0}, {36, 0}, {36, 1}};
        for (int[] device : devices) {
            Build.VERSION.SDK_INT = device[0];
            Vibrator vibrator = new Vibrator();
            vibrator.envelopesSupported = device[1] == 1;
            play.invoke(null, vibrator);
            String played = vibrator.last == null ? "nothing" : vibrator.last.description;
            System.out.println(device[0] + (device[1] == 1 ? "+envelope" : "") + " " + played);
        }
    }
}
