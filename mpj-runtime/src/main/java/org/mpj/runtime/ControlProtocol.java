package org.mpj.runtime;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.security.SecureRandom;
import org.mpj.device.tcp.JobSecret;

/**
 * The control connection between mpjrun and each JVM it starts: one TCP connection per JVM, opened by
 * the JVM, which must first prove the job secret; mpjrun proves it back, so a JVM takes its peer
 * table and abort orders only from its own launcher. The secret never crosses the wire.
 *
 * <pre>
 * launcher -> JVM   nonce[32]
 * JVM -> launcher   int jvmIndex, nonce[32], HMAC(secret; 'J', jvmIndex, -1, launcherNonce, jvmNonce)[32]
 * launcher -> JVM   HMAC(secret; 'L', -1, jvmIndex, jvmNonce, launcherNonce)[32]
 * then messages:    byte type, then the fields of that type:
 *   ADDRESSES  JVM -> launcher   int n, n x UTF "host:port"      (one per rank of the JVM)
 *   TABLE      launcher -> JVM   int n, n x UTF "host:port"      (every world rank's, in order)
 *   RESULT     JVM -> launcher   int exitCode, int failedRank, UTF message   (its ranks are done)
 *   EXITING    JVM -> launcher   boolean allFinalized     (the program called System.exit)
 *   ABORT      launcher -> JVM   int rank, int exitCode, UTF message
 *   WHERE      launcher -> JVM   (no fields: at the time limit, before ABORT)
 *   WAITING    JVM -> launcher   UTF "rank 0 in Comm.Recv, rank 1"   (its ranks still running; may be empty)
 * </pre>
 * mpjrun asks WHERE of every JVM and waits for the answers before it orders ABORT: the first JVM to
 * abort would otherwise end its peers' waits over the tcp device before they could say where they were.
 * A JVM whose connection closes ends at once; a connection that closes before RESULT or EXITING
 * tells mpjrun that the JVM died.
 */
final class ControlProtocol {
    static final byte ADDRESSES = 1;
    static final byte TABLE = 2;
    static final byte RESULT = 3;
    static final byte EXITING = 4;
    static final byte ABORT = 5;
    static final byte WHERE = 6;
    static final byte WAITING = 7;

    static final int NONCE_BYTES = 32;
    private static final byte JVM_ROLE = 'J';
    private static final byte LAUNCHER_ROLE = 'L';
    /** Time a connection gets to prove the secret; also how long a JVM waits for mpjrun's proof. */
    static final int HANDSHAKE_TIMEOUT_MS = 20_000;
    /** No job has more ranks than this; a larger count is a broken or hostile peer. */
    static final int MAX_RANKS = 1 << 20;

    private static final SecureRandom RANDOM = new SecureRandom();

    private ControlProtocol() {
    }

    /** Takes JVM j's place for a connection; false when another connection holds it. */
    interface Claim {
        boolean take(int jvm);
    }

    /**
     * Launcher side: checks the JVM's proof, takes its place ({@code claim}) and only then proves
     * back, so that a second claim to one JVM hears nothing from mpjrun; returns the JVM's index.
     */
    static int authenticateJvm(DataInputStream in, DataOutputStream out, JobSecret secret, int jvms, Claim claim)
            throws IOException {
        byte[] mine = nonce();
        out.write(mine);
        out.flush();
        int jvm = in.readInt();
        byte[] theirs = in.readNBytes(NONCE_BYTES);
        byte[] proof = in.readNBytes(32);
        if (theirs.length < NONCE_BYTES || proof.length < 32) {
            throw new IOException("the connection closed during the handshake");
        }
        if (!JobSecret.sameMac(secret.mac(JVM_ROLE, jvm, -1, mine, theirs), proof)) {
            throw new IOException("its proof does not match the job secret");
        }
        if (jvm < 0 || jvm >= jvms) {
            throw new IOException("it claims to be JVM " + jvm + " of a job of " + jvms);
        }
        if (!claim.take(jvm)) {
            throw new IOException("JVM " + jvm + " is connected already (a replayed handshake?)");
        }
        out.write(secret.mac(LAUNCHER_ROLE, -1, jvm, theirs, mine));
        out.flush();
        return jvm;
    }

    /** JVM side: proves the secret to mpjrun and checks mpjrun's proof. */
    static void proveToLauncher(DataInputStream in, DataOutputStream out, JobSecret secret, int jvm) throws IOException {
        byte[] theirs = in.readNBytes(NONCE_BYTES);
        if (theirs.length < NONCE_BYTES) {
            throw new IOException("mpjrun closed the control connection during the handshake");
        }
        byte[] mine = nonce();
        out.writeInt(jvm);
        out.write(mine);
        out.write(secret.mac(JVM_ROLE, jvm, -1, theirs, mine));
        out.flush();
        byte[] proof = in.readNBytes(32);
        if (!JobSecret.sameMac(secret.mac(LAUNCHER_ROLE, -1, jvm, mine, theirs), proof)) {
            throw new IOException("the control address does not prove the job secret (wrong MPJ_JOBSECRET, or not mpjrun)");
        }
    }

    static void writeStrings(DataOutputStream out, byte type, String[] values) throws IOException {
        out.writeByte(type);
        out.writeInt(values.length);
        for (String v : values) {
            out.writeUTF(v);
        }
        out.flush();
    }

    /** After the type byte of ADDRESSES or TABLE. */
    static String[] readStrings(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_RANKS) {
            throw new IOException("a list of " + n + " addresses (valid: 0.." + MAX_RANKS + ")");
        }
        String[] values = new String[n];
        for (int i = 0; i < n; i++) {
            values[i] = in.readUTF();
        }
        return values;
    }

    private static byte[] nonce() {
        byte[] b = new byte[NONCE_BYTES];
        RANDOM.nextBytes(b);
        return b;
    }
}
