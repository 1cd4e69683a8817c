package mpi;

import org.mpj.core.Bootstrap;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;
import org.mpj.core.RankContext;
import org.mpj.core.datatype.BaseType;
import org.mpj.core.group.ProcessGroup;
import org.mpj.core.match.MatchConstants;
import org.mpj.core.op.PredefinedOp;
import org.mpj.core.topo.Topology;

/**
 * The entry point of the mpiJava 1.2 API: start and end, the world communicator, the predefined
 * datatypes and operators, and the constants. Each rank has its own copy of these statics (ranks
 * that are threads of one JVM load this class separately), so a program keeps state in statics as
 * every MPI program does. A program that keeps no per-rank state in statics may run with
 * {@code mpjrun --shared-classes}: its classes and these are then loaded once for all thread ranks
 * (compiled once by the JIT), and COMM_WORLD and COMM_SELF stand for the calling rank's.
 *
 * <pre>{@code
 * public static void main(String[] args) throws MPIException {
 *     String[] appArgs = MPI.Init(args);
 *     int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
 *     System.out.println("Hello from " + rank + " of " + size);
 *     MPI.Finalize();
 * }
 * }</pre>
 */
public class MPI {
    public static final Datatype BYTE = new Datatype(BaseType.BYTE);
    public static final Datatype CHAR = new Datatype(BaseType.CHAR);
    public static final Datatype SHORT = new Datatype(BaseType.SHORT);
    public static final Datatype BOOLEAN = new Datatype(BaseType.BOOLEAN);
    public static final Datatype INT = new Datatype(BaseType.INT);
    public static final Datatype LONG = new Datatype(BaseType.LONG);
    public static final Datatype FLOAT = new Datatype(BaseType.FLOAT);
    public static final Datatype DOUBLE = new Datatype(BaseType.DOUBLE);
    /** Serializable objects in an {@code Object[]}. */
    public static final Datatype OBJECT = new Datatype(BaseType.OBJECT);
    /** Bytes made by {@code Comm.Pack}, in a {@code byte[]}. */
    public static final Datatype PACKED = new Datatype(BaseType.PACKED);
    /** Markers for Datatype.Struct: the displacement of an LB (UB) entry is the type's lower (upper) bound. */
    public static final Datatype LB = Datatype.marker(false);
    public static final Datatype UB = Datatype.marker(true);
    /** (value, index) pairs for MAXLOC and MINLOC. */
    public static final Datatype SHORT2 = Datatype.Contiguous(2, SHORT);
    public static final Datatype INT2 = Datatype.Contiguous(2, INT);
    public static final Datatype LONG2 = Datatype.Contiguous(2, LONG);
    public static final Datatype FLOAT2 = Datatype.Contiguous(2, FLOAT);
    public static final Datatype DOUBLE2 = Datatype.Contiguous(2, DOUBLE);

    public static final Op MAX = new Op(PredefinedOp.Kind.MAX);
    public static final Op MIN = new Op(PredefinedOp.Kind.MIN);
    public static final Op SUM = new Op(PredefinedOp.Kind.SUM);
    public static final Op PROD = new Op(PredefinedOp.Kind.PROD);
    public static final Op LAND = new Op(PredefinedOp.Kind.LAND);
    public static final Op BAND = new Op(PredefinedOp.Kind.BAND);
    public static final Op LOR = new Op(PredefinedOp.Kind.LOR);
    public static final Op BOR = new Op(PredefinedOp.Kind.BOR);
    public static final Op LXOR = new Op(PredefinedOp.Kind.LXOR);
    public static final Op BXOR = new Op(PredefinedOp.Kind.BXOR);
    public static final Op MAXLOC = new Op(PredefinedOp.Kind.MAXLOC);
    public static final Op MINLOC = new Op(PredefinedOp.Kind.MINLOC);

    public static final int ANY_SOURCE = MatchConstants.ANY_SOURCE;
    public static final int ANY_TAG = MatchConstants.ANY_TAG;
    public static final int PROC_NULL = MatchConstants.PROC_NULL;
    public static final int UNDEFINED = MatchConstants.UNDEFINED;
    /**
     * The largest tag a message may carry, and also the key of {@code Comm.Attr_get} that returns it
     * (the key and the value are the same number, so code that uses either meaning works).
     */
    public static final int TAG_UB = MatchConstants.TAG_UB;
    /** Key of {@code Comm.Attr_get}: the rank of the host process; MPI.PROC_NULL, as there is none. */
    public static final int HOST = 1;
    /** Key of {@code Comm.Attr_get}: a rank that can do I/O; MPI.ANY_SOURCE, as every rank can. */
    public static final int IO = 2;
    /**
     * Key of {@code Comm.Attr_get}: 1 when {@link #Wtime()} is synchronized across ranks; 0 here, as
     * each rank counts from its own start.
     */
    public static final int WTIME_IS_GLOBAL = 3;
    public static final int BSEND_OVERHEAD = RankContext.bsendOverheadBytes();

    /** Results of {@code Comm.Compare}. */
    public static final int IDENT = 0;
    public static final int CONGRUENT = 1;
    public static final int SIMILAR = 2;
    public static final int UNEQUAL = 3;

    /** Results of {@code Comm.Topo_test} (and MPI.UNDEFINED for no topology). */
    public static final int GRAPH = Topology.GRAPH;
    public static final int CART = Topology.CART;

    /** The group with no members. */
    public static final Group GROUP_EMPTY = new Group(ProcessGroup.EMPTY);

    /**
     * What a rank that is left out of a new communicator receives from Split (color MPI.UNDEFINED),
     * Create, Create_cart and Create_graph: {@code null}, so both {@code c == null} and
     * {@code c == MPI.COMM_NULL} test for it.
     */
    public static final Comm COMM_NULL = null;

    /**
     * A request that is null from the start (mpiJava 1.2): {@code Is_null()} is true, Wait and Test
     * return an empty status at once, and the Wait/Test any/some/all calls skip it.
     */
    public static final Request REQUEST_NULL = new Request(null, null);

    /** The default error handler: an error throws MPIException, which left uncaught ends the job. */
    public static final Errhandler ERRORS_ARE_FATAL = Errhandler.FATAL;
    /** An error throws MPIException, which the program catches and handles. */
    public static final Errhandler ERRORS_RETURN = Errhandler.RETURN;

    /** Processors available to this JVM; MPJ Express defines it and its multithreaded programs read it. */
    public static final int NUM_OF_PROCESSORS = Runtime.getRuntime().availableProcessors();

    /** Thread support levels, lowest to highest. MPJ provides THREAD_MULTIPLE. */
    public static final int THREAD_SINGLE = 0;
    public static final int THREAD_FUNNELED = 1;
    public static final int THREAD_SERIALIZED = 2;
    public static final int THREAD_MULTIPLE = 3;

    public static final int SUCCESS = ErrorClass.SUCCESS;
    public static final int ERR_BUFFER = ErrorClass.ERR_BUFFER;
    public static final int ERR_COUNT = ErrorClass.ERR_COUNT;
    public static final int ERR_TYPE = ErrorClass.ERR_TYPE;
    public static final int ERR_TAG = ErrorClass.ERR_TAG;
    public static final int ERR_COMM = ErrorClass.ERR_COMM;
    public static final int ERR_RANK = ErrorClass.ERR_RANK;
    public static final int ERR_ROOT = ErrorClass.ERR_ROOT;
    public static final int ERR_GROUP = ErrorClass.ERR_GROUP;
    public static final int ERR_OP = ErrorClass.ERR_OP;
    public static final int ERR_TOPOLOGY = ErrorClass.ERR_TOPOLOGY;
    public static final int ERR_DIMS = ErrorClass.ERR_DIMS;
    public static final int ERR_ARG = ErrorClass.ERR_ARG;
    public static final int ERR_UNKNOWN = ErrorClass.ERR_UNKNOWN;
    public static final int ERR_TRUNCATE = ErrorClass.ERR_TRUNCATE;
    public static final int ERR_OTHER = ErrorClass.ERR_OTHER;
    public static final int ERR_INTERN = ErrorClass.ERR_INTERN;
    public static final int ERR_IN_STATUS = ErrorClass.ERR_IN_STATUS;
    public static final int ERR_PENDING = ErrorClass.ERR_PENDING;
    public static final int ERR_REQUEST = ErrorClass.ERR_REQUEST;
    public static final int ERR_LASTCODE = ErrorClass.ERR_LASTCODE;

    /** All ranks of the job. Usable between Init and Finalize; a call outside them raises MPIException. */
    public static Intracomm COMM_WORLD = new Intracomm("MPI.COMM_WORLD", 0);
    /** This rank alone. */
    public static Intracomm COMM_SELF = new Intracomm("MPI.COMM_SELF", 1);

    /**
     * This facade's rank, set by Init; null where one facade serves every thread rank of the JVM
     * ({@code mpjrun --shared-classes}), which find theirs through {@link Bootstrap#sharedRank}.
     */
    private static RankContext rank;
    /** Set by the first Init of a shared facade: a call from a thread of no rank then says so. */
    private static volatile boolean shared;
    private static final long START_NS = System.nanoTime();

    /**
     * Starts MPI on this rank and returns the application's own arguments (mpjrun has already
     * removed its options).
     */
    public static String[] Init(String[] args) throws MPIException {
        start(THREAD_SINGLE);
        return args == null ? new String[0] : args.clone();
    }

    /** Starts MPI asking for a thread level; returns the level provided (THREAD_MULTIPLE). */
    public static int Init_thread(String[] args, int required) throws MPIException {
        start(required);
        return THREAD_MULTIPLE;
    }

    private static void start(int threadLevel) {
        try {
            ClassLoader own = MPI.class.getClassLoader();
            RankContext r = Bootstrap.contextFor(own);
            if (r == Bootstrap.sharedRank()) {
                shared = true;
                // One facade for every rank: COMM_WORLD and COMM_SELF stay unbound and find the calling
                // rank's communicators (Comm.engine); objects arrive through the job's class loader.
                r.init(Thread.currentThread().getContextClassLoader(), threadLevel, e -> Comm.wrap(e, COMM_WORLD));
                return;
            }
            r.init(own, threadLevel, e -> Comm.wrap(e, COMM_WORLD));
            rank = r;
            COMM_WORLD.bind(r.world());
            COMM_SELF.bind(r.self());
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /** Ends MPI on this rank; waits for the other ranks to reach Finalize too. */
    public static void Finalize() throws MPIException {
        try {
            RankContext r = rank();
            if (r == null || !r.isInitialized()) {
                throw new MpjException(ErrorClass.ERR_OTHER, notInitialized("MPI.Finalize"));
            }
            r.finish();
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    public static boolean Initialized() throws MPIException {
        RankContext r = rank();
        return r != null && r.isInitialized();
    }

    /** The thread level provided: THREAD_MULTIPLE. */
    public static int Query_thread() throws MPIException {
        return THREAD_MULTIPLE;
    }

    /** True on the thread that called Init. */
    public static boolean Is_thread_main() throws MPIException {
        RankContext r = rank();
        return r != null && r.mainThread() == Thread.currentThread();
    }

    /** Seconds since an arbitrary origin, with nanosecond resolution. */
    public static double Wtime() {
        return (System.nanoTime() - START_NS) * 1e-9;
    }

    /** Resolution of {@link #Wtime()}, in seconds. */
    public static double Wtick() {
        return 1e-9;
    }

    public static String Get_processor_name() throws MPIException {
        return RankContext.processorName();
    }

    /** Attaches a buffer for buffered sends ({@code Bsend}); its length is the budget in bytes. */
    public static void Buffer_attach(byte[] buffer) throws MPIException {
        attach(buffer, buffer == null ? -1 : buffer.length);
    }

    /** MPJ Express's form: the buffer's capacity is the budget in bytes. */
    public static void Buffer_attach(java.nio.ByteBuffer buffer) throws MPIException {
        attach(buffer, buffer == null ? -1 : buffer.capacity());
    }

    private static void attach(Object buffer, long bytes) {
        try {
            if (buffer == null) {
                throw new MpjException(ErrorClass.ERR_BUFFER, "Buffer_attach: the buffer is null");
            }
            requireRank("MPI.Buffer_attach").bufferAttach(buffer, bytes);
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    /**
     * Waits until every buffered message has been delivered, then detaches the buffer and returns it
     * (null if it was attached as a ByteBuffer or none was attached).
     */
    public static byte[] Buffer_detach() throws MPIException {
        try {
            Object b = requireRank("MPI.Buffer_detach").bufferDetach();
            return b instanceof byte[] bytes ? bytes : null;
        } catch (MpjException e) {
            throw MPIException.of(e);
        }
    }

    static RankContext requireRank(String call) {
        RankContext r = rank();
        if (r == null || !r.isInitialized()) {
            throw new MpjException(ErrorClass.ERR_OTHER, notInitialized(call));
        }
        return r;
    }

    /**
     * Why {@code call} has no initialized rank: before its Init, or, where one facade serves every
     * thread rank, from a thread that belongs to no rank (a rank's threads inherit its context class
     * loader, which names the rank; a pool the whole JVM shares, such as the common ForkJoinPool that
     * parallel streams use, may run tasks of any rank on one thread).
     */
    static String notInitialized(String call) {
        if (shared && Bootstrap.sharedRank() == null) {
            return call + " called from thread '" + Thread.currentThread().getName() + "', which belongs to no"
                    + " rank: with mpjrun --shared-classes a thread finds its rank through its context class"
                    + " loader, which the threads a rank starts inherit; threads of a pool shared by the whole JVM"
                    + " (the common ForkJoinPool, parallel streams) have none, so make MPI calls from the rank's"
                    + " own threads or run without --shared-classes";
        }
        return call + " called before MPI.Init";
    }

    /** The calling rank: this facade's own, or the calling thread's where the facade is shared. */
    static RankContext rank() {
        RankContext r = rank;
        return r != null ? r : Bootstrap.sharedRank();
    }
}
