package org.mpj.device.tcp;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;

/**
 * The secret that every rank of a job holds and a stranger does not: connections prove it with
 * HMAC-SHA256 over fresh nonces (see {@link HandshakeHandler}), so the secret itself never crosses
 * the wire. Whoever starts the job makes one ({@link #random()}) and hands it to the ranks in the
 * environment ({@code MPJ_JOBSECRET}), never on a command line.
 */
public final class JobSecret {
    /** Fewer bytes than this would be guessable. */
    public static final int MIN_BYTES = 16;
    public static final int RANDOM_BYTES = 32;
    private static final String HMAC = "HmacSHA256";

    private final byte[] key;

    private JobSecret(byte[] key) {
        this.key = key;
    }

    /** A fresh random secret. */
    public static JobSecret random() {
        byte[] k = new byte[RANDOM_BYTES];
        new SecureRandom().nextBytes(k);
        return new JobSecret(k);
    }

    /** The secret written as hex (even number of hex digits) or base64; at least {@link #MIN_BYTES} bytes. */
    public static JobSecret parse(String text, String where) {
        String t = text.trim();
        byte[] k;
        try {
            k = t.length() % 2 == 0 && t.chars().allMatch(c -> Character.digit(c, 16) >= 0)
                    ? HexFormat.of().parseHex(t) : Base64.getDecoder().decode(t);
        } catch (IllegalArgumentException e) {
            throw new MpjException(ErrorClass.ERR_ARG, "the job secret " + where + " is neither hex nor base64");
        }
        if (k.length < MIN_BYTES) {
            throw new MpjException(ErrorClass.ERR_ARG, "the job secret " + where + " has " + k.length
                    + " bytes; at least " + MIN_BYTES + " are needed");
        }
        return new JobSecret(k);
    }

    /** The secret as hex, to hand to the ranks a launcher starts. */
    public String toHex() {
        return HexFormat.of().formatHex(key);
    }

    /**
     * HMAC-SHA256 over a role byte, the two ranks and two nonces: the role keeps the acceptor's proof
     * from being reflected back as the connector's, the nonces make every proof fresh.
     */
    public byte[] mac(byte role, int fromRank, int toRank, byte[] firstNonce, byte[] secondNonce) {
        try {
            Mac m = Mac.getInstance(HMAC);
            m.init(new SecretKeySpec(key, HMAC));
            m.update(role);
            m.update(intBytes(fromRank));
            m.update(intBytes(toRank));
            m.update(firstNonce);
            m.update(secondNonce);
            return m.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }

    /** Compares two MACs in time independent of where they differ. */
    public static boolean sameMac(byte[] a, byte[] b) {
        return MessageDigest.isEqual(a, b);
    }

    private static byte[] intBytes(int v) {
        return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
    }

    @Override
    public String toString() {
        return "JobSecret(" + key.length + " bytes)";
    }
}
