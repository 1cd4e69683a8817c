package org.mpj.examples.npb;

import java.util.Arrays;
import mpi.MPI;
import mpi.MPIException;

/**
 * NPB CG: estimates the smallest eigenvalue of a random sparse symmetric matrix by inverse power
 * iteration, each step solving A z = x with 25 unpreconditioned conjugate-gradient iterations.
 * As NPB's MPI CG does, the ranks form a 2-D grid (nprows x npcols, npcols = nprows or 2 nprows);
 * a rank holds the block of A at its grid row and column and the vectors' pieces for its columns.
 * A.p is summed across the grid row by recursive halving/doubling exchanges, then sent to the
 * transpose rank so that it lands in column layout again; dot products sum across the grid row.
 *
 * <pre>bin/mpjrun -np 4 -cp examples/target/classes org.mpj.examples.npb.CG [S|W|A|B] [SEED]</pre>
 */
public final class CG {
    private static final int CG_ITERATIONS = 25;
    private static final double RCOND = 0.1;
    private static final int TAG_TRANSPOSE = 100;

    private final int na;
    private final int nonzer;
    private final double shift;

    private final int me;
    private final int npcols;
    private final int nprows;
    private int firstRow; // global rows [firstRow, lastRow] and columns held here, 0-based inclusive
    private int lastRow;
    private int firstCol;
    private int lastCol;
    private int sendStart;
    private int sendLen;
    private int exchProc;
    private int l2npcols;
    private int[] reduceExchProc;
    private int[] reduceSendStarts;
    private int[] reduceSendLengths;
    private int[] reduceRecvStarts;
    private int[] reduceRecvLengths;

    private int[] rowstr;
    private int[] colidx;
    private double[] a;

    private final double[] x;
    private final double[] z;
    private final double[] p;
    private final double[] q;
    private final double[] r;
    private final double[] w;
    private final double[] out = new double[2];
    private final double[] in = new double[2];

    private CG(char cls, int me, int nprocs) {
        na = cls == 'S' ? 1400 : cls == 'W' ? 7000 : cls == 'A' ? 14000 : 75000;
        nonzer = cls == 'S' ? 7 : cls == 'W' ? 8 : cls == 'A' ? 11 : 13;
        shift = cls == 'S' ? 10.0 : cls == 'W' ? 12.0 : cls == 'A' ? 20.0 : 60.0;
        this.me = me;
        int log2 = Integer.numberOfTrailingZeros(nprocs);
        nprows = 1 << (log2 / 2);
        npcols = nprocs / nprows;
        setupSubmatrix();
        int len = Math.max(lastRow - firstRow + 1, lastCol - firstCol + 1) + 2;
        x = new double[len];
        z = new double[len];
        p = new double[len];
        q = new double[len];
        r = new double[len];
        w = new double[len];
    }

    /** Which block of A this rank holds, and the partners and ranges of its exchanges (NPB's scheme). */
    private void setupSubmatrix() {
        int procRow = me / npcols;
        int procCol = me - procRow * npcols;
        int fr;
        int lr;
        int fc;
        int lc; // 1-based as in NPB's formulas
        if (na / npcols * npcols == na) {
            int colSize = na / npcols;
            fc = procCol * colSize + 1;
            lc = fc - 1 + colSize;
            int rowSize = na / nprows;
            fr = procRow * rowSize + 1;
            lr = fr - 1 + rowSize;
        } else {
            int rowRem = na - na / nprows * nprows;
            if (procRow < rowRem) {
                int rowSize = na / nprows + 1;
                fr = procRow * rowSize + 1;
            } else {
                int rowSize = na / nprows;
                fr = rowRem * (rowSize + 1) + (procRow - rowRem) * rowSize + 1;
            }
            lr = fr - 1 + (procRow < rowRem ? na / nprows + 1 : na / nprows);
            int groups = npcols == nprows ? npcols : npcols / 2;
            int group = npcols == nprows ? procCol : procCol / 2;
            int colRem = na - na / groups * groups;
            int colSize = group < colRem ? na / groups + 1 : na / groups;
            fc = group < colRem ? group * colSize + 1 : colRem * (colSize + 1) + (group - colRem) * colSize + 1;
            lc = fc - 1 + colSize;
            if (npcols != nprows) { // two ranks of a grid row share a column group: halve it
                if (me % 2 == 0) {
                    lc = fc - 1 + (colSize - 1) / 2 + 1;
                } else {
                    fc = fc + (colSize - 1) / 2 + 1;
                    lc = fc - 1 + colSize / 2;
                }
            }
        }
        firstRow = fr - 1;
        lastRow = lr - 1;
        firstCol = fc - 1;
        lastCol = lc - 1;
        int nrows = lr - fr + 1;

        int start; // 1-based
        if (npcols == nprows) {
            start = 1;
            sendLen = nrows;
        } else if (me % 2 == 0) {
            start = 1;
            sendLen = (1 + nrows) / 2;
        } else {
            start = (1 + nrows) / 2 + 1;
            sendLen = nrows / 2;
        }
        sendStart = start - 1;
        exchProc = npcols == nprows
                ? (me % nprows) * nprows + me / nprows
                : 2 * ((me / 2) % nprows * nprows + me / 2 / nprows) + me % 2;

        l2npcols = Integer.numberOfTrailingZeros(npcols);
        reduceExchProc = new int[l2npcols];
        reduceSendStarts = new int[l2npcols];
        reduceSendLengths = new int[l2npcols];
        reduceRecvStarts = new int[l2npcols];
        reduceRecvLengths = new int[l2npcols];
        int div = npcols;
        for (int i = 0; i < l2npcols; i++) {
            int j = (procCol + div / 2) % div + procCol / div * div;
            reduceExchProc[i] = procRow * npcols + j;
            div /= 2;
        }
        for (int i = l2npcols - 1; i >= 0; i--) {
            if (nprows == npcols) {
                reduceSendStarts[i] = sendStart;
                reduceSendLengths[i] = sendLen;
                reduceRecvLengths[i] = nrows;
            } else {
                reduceRecvLengths[i] = sendLen;
                if (i == l2npcols - 1) { // the first exchange swaps the halves of the rows
                    reduceSendLengths[i] = nrows - sendLen;
                    reduceSendStarts[i] = me % 2 == 0 ? sendStart + sendLen : 0;
                } else {
                    reduceSendLengths[i] = sendLen;
                    reduceSendStarts[i] = sendStart;
                }
            }
            reduceRecvStarts[i] = sendStart;
        }
    }

    public static void main(String[] args) throws MPIException {
        String[] app = MPI.Init(args);
        int me = MPI.COMM_WORLD.Rank();
        int nprocs = MPI.COMM_WORLD.Size();
        char cls = Npb.problemClass("CG", app, "SWAB");
        long seed = Npb.seed("CG", app, Npb.SEED);
        Npb.requirePowerOfTwo("CG", nprocs, 1024);
        int niter = cls == 'B' ? 75 : 15;
        double zetaRef = cls == 'S' ? 8.5971775078648 : cls == 'W' ? 10.362595087124
                : cls == 'A' ? 17.130235054029 : 22.712745482631;
        CG cg = new CG(cls, me, nprocs);
        if (me == 0) {
            System.out.printf("%n NAS Parallel Benchmarks (MPJ) -- CG Benchmark%n%n Size: %10d  (class %c)%n"
                    + " Iterations: %5d%n Number of nonzeroes per row: %8d%n Eigenvalue shift: %9.3f%n"
                    + " Total number of processes: %6d%n", cg.na, cls, niter, cg.nonzer, cg.shift, nprocs);
        }
        Randlc gen = new Randlc(seed, Randlc.A);
        gen.next(); // NPB draws one number before makea
        cg.makea(gen);

        Arrays.fill(cg.x, 1.0);
        cg.powerStep(); // one step untimed, as NPB does, to touch all data and code
        Arrays.fill(cg.x, 1.0);
        MPI.COMM_WORLD.Barrier();
        double t0 = Npb.seconds();
        double zeta = 0;
        // Each iteration's line is printed after the timed loop, as FT prints its checksums: formatting
        // one took rank 0 0.5-1 ms inside the loop while the other ranks waited at the next exchange
        // (class A, 2 thread ranks: 10-16 ms of a 0.33-0.39 s run).
        double[] rnorms = new double[niter + 1], zetas = new double[niter + 1];
        for (int it = 1; it <= niter; it++) {
            double[] step = cg.powerStep();
            zeta = cg.shift + 1.0 / step[1];
            rnorms[it] = step[0];
            zetas[it] = zeta;
        }
        double[] time = {Npb.seconds() - t0};
        if (me == 0) {
            System.out.printf("%n   iteration           ||r||                 zeta%n");
            for (int it = 1; it <= niter; it++) {
                System.out.printf("    %5d       %20.14e%20.13f%n", it, rnorms[it], zetas[it]);
            }
        }
        MPI.COMM_WORLD.Allreduce(time, 0, time, 0, 1, MPI.DOUBLE, MPI.MAX);

        double err = Math.abs(zeta - zetaRef) / zetaRef;
        boolean verified = err <= 1e-10; // false for NaN too
        if (me == 0) {
            System.out.printf(" Zeta is    %20.13e%n Error is   %20.13e%n", zeta, err);
            double nz = cg.nonzer * (cg.nonzer + 1.0);
            double mflops = 1e-6 * 2 * niter * cg.na * (3.0 + nz + 25.0 * (5.0 + nz) + 3.0) / time[0];
            Npb.report("CG", cls, Integer.toString(cg.na), niter, time[0], mflops, nprocs, "floating point", verified);
        }
        MPI.Finalize();
        Npb.requireVerified("CG", cls, verified);
    }

    /**
     * One step of inverse power iteration: z = A^-1 x by CG, then x = z / ||z||. Returns
     * {||x - A z||, x.z} with x before normalisation.
     */
    private double[] powerStep() throws MPIException {
        double rnorm = conjGrad();
        int ncols = lastCol - firstCol + 1;
        out[0] = dot(x, z, ncols);
        out[1] = dot(z, z, ncols);
        rowSum2();
        axpby(x, z, 1.0 / Math.sqrt(out[1]), 0.0, ncols); // x = z / ||z||
        return new double[] {rnorm, out[0]};
    }

    /** Solves A z = x approximately with 25 CG iterations; returns ||x - A z||. */
    private double conjGrad() throws MPIException {
        int ncols = lastCol - firstCol + 1;
        startVectors(x, q, z, r, p, w);
        double rho = rowSum(dot(r, r, ncols));
        for (int cgit = 0; cgit < CG_ITERATIONS; cgit++) {
            multiply(p, q);
            double alpha = rho / rowSum(dot(p, q, ncols));
            double rho0 = rho;
            axpyPair(z, r, p, q, alpha, ncols);
            rho = rowSum(dot(r, r, ncols));
            axpby(p, r, 1.0, rho / rho0, ncols); // p = r + beta p
        }
        multiply(z, r); // r = A.z
        axpby(r, x, 1.0, -1.0, ncols); // r = x - r, exactly
        return Math.sqrt(rowSum(dot(r, r, ncols)));
    }

    // Each loop of the solver is a small method of its own: every rank's copy of this class is compiled
    // separately, and small methods called hundreds of times get compiled code within the first
    // iterations, where loops inside conjGrad (called 16 times) ran from on-stack-replacement code.
    // startVectors and the final residual, run once per step, use the JDK's fill and arraycopy and the
    // solver's own axpby and dot, compiled in the untimed first step; loops of their own were compiled
    // during the timed steps, on cores the ranks needed (class A, 2 thread ranks on 2 cores, five
    // alternating runs: 0.32-0.37 s before, 0.30-0.37 after; 4 ranks 0.40-0.41 before, 0.34-0.38 after).
    // So is the normalisation of x, once a step: as a loop of its own it was compiled in the second
    // timed step, by every rank's copy, taking 3-5 ms of a core each time (2 ranks, six alternating
    // runs: medians 0.395 s before, 0.37 after).

    /** q = z = w = 0, r = p = x. */
    private static void startVectors(double[] x, double[] q, double[] z, double[] r, double[] p, double[] w) {
        Arrays.fill(q, 0.0);
        Arrays.fill(z, 0.0);
        Arrays.fill(w, 0.0);
        System.arraycopy(x, 0, r, 0, x.length);
        System.arraycopy(x, 0, p, 0, x.length);
    }

    private static double dot(double[] u, double[] v, int n) {
        double sum = 0;
        for (int j = 0; j < n; j++) {
            sum += u[j] * v[j];
        }
        return sum;
    }

    /** z += alpha p, r -= alpha q. */
    private static void axpyPair(double[] z, double[] r, double[] p, double[] q, double alpha, int n) {
        for (int j = 0; j < n; j++) {
            z[j] += alpha * p[j];
            r[j] -= alpha * q[j];
        }
    }

    /** y = a x + b y (with b = 0, y = a x: y holds finite values). */
    private static void axpby(double[] y, double[] x, double a, double b, int n) {
        for (int j = 0; j < n; j++) {
            y[j] = a * x[j] + b * y[j];
        }
    }

    /** w[0..nrows) = this rank's block of the matrix times v. */
    private static void multiplyBlock(int[] rowstr, int[] colidx, double[] a, double[] v, double[] w, int nrows) {
        for (int j = 0; j < nrows; j++) {
            double s = 0;
            for (int k = rowstr[j], end = rowstr[j + 1]; k < end; k++) {
                s += a[k] * v[colidx[k]];
            }
            w[j] = s;
        }
    }

    /** w[from..to) += v[from..to). */
    private static void addInto(double[] w, double[] v, int from, int to) {
        for (int j = from; j < to; j++) {
            w[j] += v[j];
        }
    }

    private void multiply(double[] v, double[] result) throws MPIException {
        multiplyBlock(rowstr, colidx, a, v, w, lastRow - firstRow + 1);
        for (int i = l2npcols - 1; i >= 0; i--) {
            MPI.COMM_WORLD.Sendrecv(w, reduceSendStarts[i], reduceSendLengths[i], MPI.DOUBLE, reduceExchProc[i], i + 1,
                    result, reduceRecvStarts[i], reduceRecvLengths[i], MPI.DOUBLE, reduceExchProc[i], i + 1);
            addInto(w, result, sendStart, sendStart + reduceRecvLengths[i]);
        }
        int ncols = lastCol - firstCol + 1;
        if (l2npcols != 0) {
            MPI.COMM_WORLD.Sendrecv(w, sendStart, sendLen, MPI.DOUBLE, exchProc, TAG_TRANSPOSE,
                    result, 0, ncols, MPI.DOUBLE, exchProc, TAG_TRANSPOSE);
        } else {
            System.arraycopy(w, 0, result, 0, ncols);
        }
    }

    /** Sum over the grid row (whose ranks together hold a whole vector) by recursive doubling. */
    private double rowSum(double v) throws MPIException {
        for (int i = 0; i < l2npcols; i++) {
            out[0] = v;
            MPI.COMM_WORLD.Sendrecv(out, 0, 1, MPI.DOUBLE, reduceExchProc[i], i + 1, in, 0, 1, MPI.DOUBLE,
                    reduceExchProc[i], i + 1);
            v += in[0];
        }
        return v;
    }

    /** rowSum of the pair in out[0..2), left in out. */
    private void rowSum2() throws MPIException {
        for (int i = 0; i < l2npcols; i++) {
            MPI.COMM_WORLD.Sendrecv(out, 0, 2, MPI.DOUBLE, reduceExchProc[i], i + 1, in, 0, 2, MPI.DOUBLE,
                    reduceExchProc[i], i + 1);
            out[0] += in[0];
            out[1] += in[1];
        }
    }

    /**
     * NPB's makea: A = sum over i of size_i * v_i v_i^T for random sparse vectors v_i (with a 0.5 at
     * position i), sizes falling geometrically to RCOND, plus (RCOND - shift) I. Every rank draws
     * the whole sequence and keeps the elements of its block.
     */
    private void makea(Randlc gen) {
        int n = na;
        int nn1 = 1;
        while (nn1 < n) {
            nn1 *= 2;
        }
        double ratio = Math.pow(RCOND, 1.0 / n);
        double size = 1.0;
        double[] v = new double[nonzer + 2];
        int[] iv = new int[nonzer + 2];
        boolean[] mark = new boolean[n];
        int cap = Math.max(16, n * (nonzer + 1) * (nonzer + 1) / Math.max(1, npcols * nprows) + 2 * n);
        int[] arow = new int[cap];
        int[] acol = new int[cap];
        double[] aelt = new double[cap];
        int nnza = 0;
        for (int iouter = 0; iouter < n; iouter++) {
            // A random sparse vector with nonzer distinct positions...
            int nzv = 0;
            while (nzv < nonzer) {
                double vecelt = gen.next();
                int i = (int) (nn1 * gen.next());
                if (i >= n || mark[i]) {
                    continue;
                }
                mark[i] = true;
                v[nzv] = vecelt;
                iv[nzv++] = i;
            }
            for (int k = 0; k < nzv; k++) {
                mark[iv[k]] = false;
            }
            // ... with 0.5 at position iouter.
            boolean set = false;
            for (int k = 0; k < nzv; k++) {
                if (iv[k] == iouter) {
                    v[k] = 0.5;
                    set = true;
                }
            }
            if (!set) {
                v[nzv] = 0.5;
                iv[nzv++] = iouter;
            }
            for (int e = 0; e < nzv; e++) {
                int jcol = iv[e];
                if (jcol < firstCol || jcol > lastCol) {
                    continue;
                }
                double scale = size * v[e];
                for (int e1 = 0; e1 < nzv; e1++) {
                    int irow = iv[e1];
                    if (irow >= firstRow && irow <= lastRow) {
                        if (nnza == cap) {
                            cap *= 2;
                            arow = Arrays.copyOf(arow, cap);
                            acol = Arrays.copyOf(acol, cap);
                            aelt = Arrays.copyOf(aelt, cap);
                        }
                        acol[nnza] = jcol;
                        arow[nnza] = irow;
                        aelt[nnza++] = v[e1] * scale;
                    }
                }
            }
            size *= ratio;
        }
        for (int i = firstRow; i <= lastRow; i++) { // bound the smallest eigenvalue below by RCOND
            if (i >= firstCol && i <= lastCol) {
                if (nnza == cap) {
                    cap *= 2;
                    arow = Arrays.copyOf(arow, cap);
                    acol = Arrays.copyOf(acol, cap);
                    aelt = Arrays.copyOf(aelt, cap);
                }
                acol[nnza] = i;
                arow[nnza] = i;
                aelt[nnza++] = RCOND - shift;
            }
        }
        sparse(arow, acol, aelt, nnza);
    }

    /** Builds the CSR block from the triples, summing duplicates; columns become local. */
    private void sparse(int[] arow, int[] acol, double[] aelt, int nnza) {
        int nrows = lastRow - firstRow + 1;
        rowstr = new int[nrows + 1];
        colidx = new int[nnza];
        a = new double[nnza];
        for (int t = 0; t < nnza; t++) {
            rowstr[arow[t] - firstRow + 1]++;
        }
        for (int j = 1; j <= nrows; j++) {
            rowstr[j] += rowstr[j - 1];
        }
        int[] fill = Arrays.copyOf(rowstr, nrows);
        for (int t = 0; t < nnza; t++) {
            int k = fill[arow[t] - firstRow]++;
            a[k] = aelt[t];
            colidx[k] = acol[t];
        }
        // Sum the duplicates of each row, keeping the columns in order of first appearance.
        double[] acc = new double[na];
        boolean[] mark = new boolean[na];
        int[] nzloc = new int[na];
        int nza = 0;
        int rowStart = rowstr[0];
        for (int j = 0; j < nrows; j++) {
            int nzrow = 0;
            for (int k = rowStart; k < rowstr[j + 1]; k++) {
                int i = colidx[k];
                acc[i] += a[k];
                if (!mark[i] && acc[i] != 0.0) {
                    mark[i] = true;
                    nzloc[nzrow++] = i;
                }
            }
            for (int k = 0; k < nzrow; k++) {
                int i = nzloc[k];
                mark[i] = false;
                double xi = acc[i];
                acc[i] = 0;
                if (xi != 0.0) {
                    a[nza] = xi;
                    colidx[nza++] = i - firstCol;
                }
            }
            rowStart = rowstr[j + 1];
            rowstr[j + 1] = nza;
        }
    }
}
