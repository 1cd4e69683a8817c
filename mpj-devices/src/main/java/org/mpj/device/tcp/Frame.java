package org.mpj.device.tcp;

import io.netty.buffer.ByteBuf;

/**
 * The one definition of the tcp wire format, shared by {@link FrameEncoder} and {@link FrameDecoder}.
 * Every frame is a fixed 40-byte header followed by {@code length} payload bytes. Header fields are
 * big-endian (Netty's default); payload elements are little-endian, the order of the machines MPJ
 * runs on, so that a copy between a typed array and the wire needs no byte swap there.
 *
 * <pre>
 *  0       1       2       3       4                               8
 *  +-------+-------+-------+-------+-------------------------------+
 *  | magic | type  | flags | base  |           context             |
 *  +-------+-------+-------+-------+-------------------------------+
 *  8                               12                              16
 *  |            source             |              tag              |
 *  +-------------------------------+-------------------------------+
 *  16                              20                              24
 *  |           elements            |    length (payload bytes)     |
 *  +-------------------------------+-------------------------------+
 *  24                                                              32
 *  |                 total (message bytes, RTS)                    |
 *  +---------------------------------------------------------------+
 *  32                                                              40
 *  |                   id (rendezvous id)                          |
 *  +---------------------------------------------------------------+
 *  40 ... payload (length bytes)
 * </pre>
 *
 * <table>
 * <caption>Frame types: which fields mean something, and the payload</caption>
 * <tr><th>type</th><th>fields</th><th>payload</th></tr>
 * <tr><td>HELLO</td><td>source = connecting rank, tag = rank it wants</td><td>its nonce</td></tr>
 * <tr><td>CHALLENGE</td><td>source = accepting rank, tag = connecting rank</td><td>nonce, then MAC proving the secret</td></tr>
 * <tr><td>PROOF</td><td>source = connecting rank</td><td>MAC over the accepting rank's nonce</td></tr>
 * <tr><td>EAGER</td><td>context, source, tag, base, elements</td><td>the message</td></tr>
 * <tr><td>RTS</td><td>context, source, tag, base, elements, total, id</td><td>none</td></tr>
 * <tr><td>CTS</td><td>id; flags = {@link #FLAG_DISCARD} when the receive refused the message,
 *     {@link #FLAG_CANCELLED} when the rendezvous was withdrawn at the sender's CANCEL</td><td>none</td></tr>
 * <tr><td>DATA</td><td>base, id</td><td>the next piece of rendezvous {@code id}, whole elements</td></tr>
 * <tr><td>ABORT</td><td>source = the rank that ended the job</td><td>the sentence, UTF-8</td></tr>
 * <tr><td>BYE</td><td>none</td><td>none: the sender finalized and sends nothing more</td></tr>
 * <tr><td>CANCEL</td><td>id</td><td>none: take rendezvous {@code id} back if no receive matched it yet</td></tr>
 * <tr><td>PIPE</td><td>flags = {@link #PIPE_OFFER} (total = its bytes), {@link #PIPE_OPENED},
 *     {@link #PIPE_REFUSED} or {@link #PIPE_NUDGE} ({@link MappedPipe})</td><td>the offer: the pipe's file name,
 *     UTF-8; else none</td></tr>
 * </table>
 *
 * {@code source} of EAGER and RTS is the sender's rank in the communicator, as the matching engine
 * wants it; the connection itself says which world rank sent the frame.
 */
public final class Frame {
    /** First byte of every frame: a connection that starts otherwise is not talking MPJ. */
    public static final byte MAGIC = 0x4D;
    public static final int HEADER_BYTES = 40;

    public static final int OFF_MAGIC = 0;
    public static final int OFF_TYPE = 1;
    public static final int OFF_FLAGS = 2;
    public static final int OFF_BASE = 3;
    public static final int OFF_CONTEXT = 4;
    public static final int OFF_SOURCE = 8;
    public static final int OFF_TAG = 12;
    public static final int OFF_ELEMENTS = 16;
    public static final int OFF_LENGTH = 20;
    public static final int OFF_TOTAL = 24;
    public static final int OFF_ID = 32;

    public static final byte HELLO = 1;
    public static final byte CHALLENGE = 2;
    public static final byte PROOF = 3;
    public static final byte EAGER = 4;
    public static final byte RTS = 5;
    public static final byte CTS = 6;
    public static final byte DATA = 7;
    public static final byte ABORT = 8;
    public static final byte BYE = 9;
    public static final byte CANCEL = 10;
    public static final byte PIPE = 11;
    static final byte LAST_TYPE = PIPE;

    /** CTS flag: the receive matched but refused the message (truncation, type); send no DATA. */
    public static final byte FLAG_DISCARD = 1;
    /** CTS flag: answering CANCEL, the announced message left the receiver's queue unmatched; send no DATA. */
    public static final byte FLAG_CANCELLED = 2;
    /** PIPE flags: the sender offers a pipe it will write; the receiver mapped it, or cannot; look at the pipe. */
    public static final byte PIPE_OFFER = 0;
    public static final byte PIPE_OPENED = 1;
    public static final byte PIPE_REFUSED = 2;
    public static final byte PIPE_NUDGE = 3;
    /** The longest file name a PIPE offer may carry. */
    public static final int MAX_PIPE_NAME_BYTES = 4096;
    /** Base byte of frames that carry no elements. */
    public static final byte NO_BASE = (byte) 0xFF;

    /** Bytes of a handshake nonce, and of an HMAC-SHA256 tag. */
    public static final int NONCE_BYTES = 32;
    public static final int MAC_BYTES = 32;
    /** The longest ABORT sentence carried; longer ones are cut. */
    public static final int MAX_ABORT_BYTES = 16 * 1024;

    private Frame() {
    }

    /** Writes a header at the writer index of {@code out}. */
    public static void writeHeader(ByteBuf out, byte type, int flags, int base, int context, int source, int tag,
                                   int elements, int length, long total, long id) {
        out.writeByte(MAGIC);
        out.writeByte(type);
        out.writeByte(flags);
        out.writeByte(base);
        out.writeInt(context);
        out.writeInt(source);
        out.writeInt(tag);
        out.writeInt(elements);
        out.writeInt(length);
        out.writeLong(total);
        out.writeLong(id);
    }

    /** The name of a frame type, for messages. */
    public static String typeName(int type) {
        switch (type) {
            case HELLO: return "HELLO";
            case CHALLENGE: return "CHALLENGE";
            case PROOF: return "PROOF";
            case EAGER: return "EAGER";
            case RTS: return "RTS";
            case CTS: return "CTS";
            case DATA: return "DATA";
            case ABORT: return "ABORT";
            case BYE: return "BYE";
            case CANCEL: return "CANCEL";
            case PIPE: return "PIPE";
            default: return "unknown type " + type;
        }
    }
}
