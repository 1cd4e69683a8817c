package org.mpj.device.tcp;

import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.buffer.UnpooledDirectByteBuf;
import java.nio.ByteBuffer;

/**
 * The tcp device's native buffers: its frames, its connections' reads, and the payloads of EAGER
 * frames that wait for their receive. A buffer released on the loop's owner thread waits in a free
 * list of its size class (a power of two and a frame's header: a frame whose payload is a power of
 * two fits the class of that power) for the next request of that class, so a rank's steady
 * traffic allocates nothing. Netty's adaptive pool, the default, costs several microseconds a buffer
 * and more while it adapts to a new size: MpiJavaBench's cold ping-pong on 2 JVMs took 29-79 us a
 * way at 16 KiB and 24-67 at 32 KiB (Open MPI's tcp 8 and 11), and new buffers each time (Netty's
 * unpooled ones) were fast for small frames but zeroed a new chunk for every 256 KiB of a rendezvous
 * (tried-s35.txt). Buffers released on another thread, and those past a class's free list, are
 * freed; heap buffers are Netty's unpooled ones.
 */
final class FrameBuffers extends AbstractByteBufAllocator {
    /** The smallest class: a header and a short payload. */
    private static final int MIN_SHIFT = 8;
    /**
     * Requests above the largest class (1 MiB: a rendezvous piece with its header) get a buffer of
     * their own. With {@link #KEEP} free buffers a large class, at most {@link #KEEP_MOST_BYTES}, and
     * {@link #KEEP_BYTES} a small one, a device holds at most 13.5 MiB it is not using.
     */
    private static final int MAX_SHIFT = 20;
    /** Free buffers kept per class: a piece in flight to each of a few peers, up to the write high-water mark. */
    static final int KEEP = 8;
    /** Bytes of free buffers the largest classes keep at most: four pieces of a rendezvous. */
    static final int KEEP_MOST_BYTES = 4 << 20;
    /**
     * Bytes of free buffers a class of 32 KiB or less keeps: the payloads of a burst of eager messages
     * that wait for their receives (a root running ahead of its Bcasts) come back together. With 8 a
     * class, the rest of such a burst took new direct buffers, a Cleaner each: 510-534 bytes allocated a
     * waiting message instead of 88-94 (TcpAllocationTest).
     */
    static final int KEEP_BYTES = 256 << 10;
    private static final ByteBufAllocator UNPOOLED = UnpooledByteBufAllocator.DEFAULT;

    private final TcpDevice device;
    private final Reused[][] free = new Reused[MAX_SHIFT - MIN_SHIFT + 1][];
    private final int[] freeCount = new int[MAX_SHIFT - MIN_SHIFT + 1];

    FrameBuffers(TcpDevice device) {
        super(true);
        this.device = device;
        for (int c = 0; c < free.length; c++) {
            int shift = c + MIN_SHIFT;
            free[c] = new Reused[Math.min(Math.max(KEEP, KEEP_BYTES >> shift), KEEP_MOST_BYTES >> shift)];
        }
    }

    /** The class of a buffer of {@code bytes}: the smallest whose power of two and header hold it. */
    private static int classOf(int bytes) {
        int payload = Math.max(1, bytes - Frame.HEADER_BYTES);
        int shift = 32 - Integer.numberOfLeadingZeros(payload - 1);
        return Math.max(shift, MIN_SHIFT) - MIN_SHIFT;
    }

    /** The capacity of class {@code c}'s buffers. */
    private static int capacityOf(int c) {
        return (1 << (c + MIN_SHIFT)) + Frame.HEADER_BYTES;
    }

    @Override
    protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
        if (initialCapacity > capacityOf(MAX_SHIFT - MIN_SHIFT)) {
            return UNPOOLED.directBuffer(initialCapacity, maxCapacity);
        }
        int c = classOf(initialCapacity);
        int capacity = capacityOf(c);
        if (capacity > maxCapacity) {
            return UNPOOLED.directBuffer(initialCapacity, maxCapacity); // a class's room would exceed the caller's limit
        }
        if (device.onOwner() && freeCount[c] > 0) {
            Reused b = free[c][--freeCount[c]];
            free[c][freeCount[c]] = null;
            b.reuse(maxCapacity);
            return b;
        }
        return new Reused(this, capacity, maxCapacity);
    }

    @Override
    protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
        return UNPOOLED.heapBuffer(initialCapacity, maxCapacity);
    }

    @Override
    public boolean isDirectBufferPooled() {
        return true;
    }

    /** Takes back a released buffer of a class; false: free it. */
    private boolean keep(Reused b) {
        int capacity = b.capacity();
        int c = classOf(capacity);
        if (c > MAX_SHIFT - MIN_SHIFT || capacity != capacityOf(c) || !device.onOwner()) {
            return false; // grown past its class, or released off the owner's thread
        }
        if (freeCount[c] == free[c].length) {
            return false;
        }
        free[c][freeCount[c]++] = b;
        return true;
    }

    /**
     * The typed views of {@code b}'s memory when it is one of the device's buffers (or a slice of one),
     * else null: views made once a buffer, as the buffer itself is reused.
     */
    static TypedViews viewsOf(ByteBuf b) {
        ByteBuf root = b;
        for (ByteBuf u = b.unwrap(); u != null; u = u.unwrap()) {
            root = u;
        }
        if (root instanceof Reused r) {
            if (r.views == null) {
                r.views = new TypedViews();
            }
            return r.views;
        }
        return null;
    }

    /**
     * A buffer over {@code memory} (a pipe's mapping, {@link MappedPipe}), of the class of the device's
     * own and with its typed views kept as theirs: a second class of direct buffer, loaded at the first
     * pipe, sent 86 compiled methods of the decoder, the dispatcher and the send path back to the
     * interpreter (Netty's getters had been compiled for one class), and MpiJavaBench's first ping-pong
     * row through a pipe (128 KiB) took 280-410 us a way instead of ~20. Never freed: its owner unmaps it.
     */
    static ByteBuf over(ByteBuffer memory) {
        return new Reused(memory);
    }

    /** A direct buffer that goes back to its allocator's free list when released (or one {@link #over} memory). */
    private static final class Reused extends UnpooledDirectByteBuf {
        /** Null for a buffer {@link #over} memory of another's. */
        private final FrameBuffers owner;
        /** Made at the buffer's first copy of elements of more than a byte ({@link #viewsOf}). */
        private TypedViews views;

        Reused(FrameBuffers owner, int capacity, int maxCapacity) {
            super(owner, capacity, maxCapacity);
            this.owner = owner;
        }

        Reused(ByteBuffer memory) {
            super(UNPOOLED, memory, memory.capacity());
            this.owner = null;
        }

        void reuse(int maxCapacity) {
            resetRefCnt();
            clear();
            maxCapacity(maxCapacity);
        }

        @Override
        protected void deallocate() {
            if (owner == null || !owner.keep(this)) {
                super.deallocate();
            }
        }
    }
}
