package org.mpj.examples.npb;

import mpi.MPI;
import mpi.MPIException;

/**
 * NPB FT: solves a 3-D diffusion equation spectrally. A random complex field is transformed
 * forward once; each of the time steps multiplies the spectrum by exp(-4 alpha pi^2 |k|^2) and
 * transforms back, and a checksum of 1024 points is compared with NPB's. The ranks hold slabs of
 * z-planes for the x and y transforms; an Alltoall transposes to slabs of y-rows, which hold whole
 * z-lines for the z transforms, and another transposes back.
 *
 * <pre>bin/mpjrun -np 4 -cp examples/target/classes org.mpj.examples.npb.FT [S|W|A|B] [SEED]</pre>
 */
public final class FT {
    private static final double ALPHA = 1.0e-6;

    private static final double[][] S_SUMS = {
        {5.546087004964e+02, 4.845363331978e+02}, {5.546385409189e+02, 4.865304269511e+02},
        {5.546148406171e+02, 4.883910722336e+02}, {5.545423607415e+02, 4.901273169046e+02},
        {5.544255039624e+02, 4.917475857993e+02}, {5.542683411902e+02, 4.932597244941e+02}};
    private static final double[][] W_SUMS = {
        {5.673612178944e+02, 5.293246849175e+02}, {5.631436885271e+02, 5.282149986629e+02},
        {5.594024089970e+02, 5.270996558037e+02}, {5.560698047020e+02, 5.260027904925e+02},
        {5.530898991250e+02, 5.249400845633e+02}, {5.504159734538e+02, 5.239212247086e+02}};
    private static final double[][] A_SUMS = {
        {5.046735008193e+02, 5.114047905510e+02}, {5.059412319734e+02, 5.098809666433e+02},
        {5.069376896287e+02, 5.098144042213e+02}, {5.077892868474e+02, 5.101336130759e+02},
        {5.085233095391e+02, 5.104914655194e+02}, {5.091487099959e+02, 5.107917842803e+02}};
    private static final double[][] B_SUMS = {
        {5.177643571579e+02, 5.077803458597e+02}, {5.154521291263e+02, 5.088249431599e+02},
        {5.146409228649e+02, 5.096208912659e+02}, {5.142378756213e+02, 5.101023387619e+02},
        {5.139626667737e+02, 5.103976610617e+02}, {5.137423460082e+02, 5.105948019802e+02},
        {5.135547056878e+02, 5.107404165783e+02}, {5.133910925466e+02, 5.108576573661e+02},
        {5.132470705390e+02, 5.109577278523e+02}, {5.131197729984e+02, 5.110460304483e+02},
        {5.130070319283e+02, 5.111252433800e+02}, {5.129070537032e+02, 5.111968077718e+02},
        {5.128182883502e+02, 5.112616233064e+02}, {5.127393733383e+02, 5.113203605551e+02},
        {5.126691062020e+02, 5.113735928093e+02}, {5.126064276004e+02, 5.114218460548e+02},
        {5.125504076570e+02, 5.114656139760e+02}, {5.125002331720e+02, 5.115053595966e+02},
        {5.124551951846e+02, 5.115415130407e+02}, {5.124146770029e+02, 5.115744692211e+02}};

    private final int nx;
    private final int ny;
    private final int nz;
    private final int rank;
    private final int size;
    private final int nzl; // z-planes per rank in the spatial layout [z][y][x]
    private final int nyl; // y-rows per rank in the spectral layout [y][z][x]

    // Complex arrays as interleaved (re, im) doubles.
    private final double[] spatial;   // [nzl][ny][nx]
    private final double[] spectrum;  // [nyl][nz][nx], u0 of NPB
    private final double[] work;      // [nyl][nz][nx], u1 of NPB
    private final double[] twiddle;   // [nyl][nz][nx], one real factor per point
    private final double[] sendBuf;
    private final double[] recvBuf;
    private final double[] line;
    private final Fft fftX;
    private final Fft fftY;
    private final Fft fftZ;

    private FT(char cls, int rank, int size) {
        nx = cls == 'S' ? 64 : cls == 'W' ? 128 : cls == 'A' ? 256 : 512;
        ny = cls == 'S' ? 64 : cls == 'W' ? 128 : 256;
        nz = cls == 'S' ? 64 : cls == 'W' ? 32 : cls == 'A' ? 128 : 256;
        if (size > nz) {
            throw new IllegalArgumentException("FT class " + cls + " takes at most " + nz + " ranks, got " + size);
        }
        this.rank = rank;
        this.size = size;
        nzl = nz / size;
        nyl = ny / size;
        int local = 2 * nx * ny * nzl;
        spatial = new double[local];
        spectrum = new double[local];
        work = new double[local];
        twiddle = new double[local / 2];
        sendBuf = new double[local];
        recvBuf = new double[local];
        line = new double[2 * Math.max(nx, Math.max(ny, nz))];
        fftX = new Fft(nx);
        fftY = new Fft(ny);
        fftZ = new Fft(nz);
    }

    /** NPB's compute_indexmap: the factor exp(-4 alpha pi^2 |k|^2) of each point of this rank's spectrum. */
    private void indexMap() {
        double ap = -4.0 * ALPHA * Math.PI * Math.PI;
        for (int yl = 0; yl < nyl; yl++) {
            int y = rank * nyl + yl;
            int ky = (y + ny / 2) % ny - ny / 2;
            for (int z = 0; z < nz; z++) {
                int kz = (z + nz / 2) % nz - nz / 2;
                for (int x = 0; x < nx; x++) {
                    int kx = (x + nx / 2) % nx - nx / 2;
                    twiddle[(yl * nz + z) * nx + x] = Math.exp(ap * (kx * kx + ky * ky + kz * kz));
                }
            }
        }
    }

    public static void main(String[] args) throws MPIException {
        String[] app = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        char cls = Npb.problemClass("FT", app, "SWAB");
        long seed = Npb.seed("FT", app, Npb.SEED);
        Npb.requirePowerOfTwo("FT", size, 1 << 15);
        FT ft = new FT(cls, rank, size);
        double[][] ref = cls == 'S' ? S_SUMS : cls == 'W' ? W_SUMS : cls == 'A' ? A_SUMS : B_SUMS;
        int niter = ref.length;
        if (rank == 0) {
            System.out.printf("%n NAS Parallel Benchmarks (MPJ) -- FT Benchmark%n%n Size                : %4dx%4dx%4d%n"
                    + " Iterations          :     %7d%n Number of processes :     %7d%n", ft.nx, ft.ny, ft.nz, niter, size);
        }
        ft.indexMap(); // once untimed, as NPB does, to touch all data and code
        ft.initialConditions(seed);
        ft.forward();

        // NPB times FT's setup too ("all operations must be timed"): the index map and the initial
        // conditions again, then the forward transform and the iterations.
        MPI.COMM_WORLD.Barrier();
        double t0 = Npb.seconds();
        ft.indexMap();
        ft.initialConditions(seed);
        ft.forward();
        double[] sums = new double[2 * niter];
        for (int it = 0; it < niter; it++) {
            ft.evolve();
            ft.inverse();
            ft.checksum(sums, it);
        }
        double[] time = {Npb.seconds() - t0};
        MPI.COMM_WORLD.Allreduce(time, 0, time, 0, 1, MPI.DOUBLE, MPI.MAX);

        boolean verified = true;
        for (int it = 0; it < niter; it++) {
            double dr = sums[2 * it] - ref[it][0];
            double di = sums[2 * it + 1] - ref[it][1];
            double err = Math.hypot(dr, di) / Math.hypot(ref[it][0], ref[it][1]);
            if (!(err <= 1e-12)) {
                verified = false;
            }
            if (rank == 0) {
                System.out.printf(" T =%5d     Checksum =%22.12e%22.12e%n", it + 1, sums[2 * it], sums[2 * it + 1]);
            }
        }
        if (rank == 0) {
            double ntotal = (double) ft.nx * ft.ny * ft.nz;
            double mflops = 1e-6 * ntotal * (14.8157 + 7.19641 * Math.log(ntotal)
                    + (5.23518 + 7.21113 * Math.log(ntotal)) * niter) / time[0];
            Npb.report("FT", cls, ft.nx + "x" + ft.ny + "x" + ft.nz, niter, time[0], mflops, size,
                    "floating point", verified);
        }
        MPI.Finalize();
        Npb.requireVerified("FT", cls, verified);
    }

    /** NPB's field: the numbers of one sequence, (re, im) pairs, x fastest; this rank's z-planes. */
    private void initialConditions(long seed) {
        long first = 2L * nx * ny * nzl * rank;
        new Randlc(Randlc.skip(seed, Randlc.A, first), Randlc.A).fill(spatial, 0, spatial.length);
    }

    /** spectrum = FFT(spatial): x and y in z-slabs, transpose, z in y-slabs. */
    private void forward() throws MPIException {
        fftXY(spatial, -1);
        transposeToRows(spatial, spectrum);
        fftZ(spectrum, -1);
    }

    /** spatial = inverse FFT(work), unnormalised as in NPB. */
    private void inverse() throws MPIException {
        fftZ(work, 1);
        transposeToSlabs(work, spatial);
        fftXY(spatial, 1);
    }

    /** spectrum *= twiddle; work = spectrum. */
    private void evolve() {
        for (int i = 0, n = twiddle.length; i < n; i++) {
            double t = twiddle[i];
            spectrum[2 * i] *= t;
            spectrum[2 * i + 1] *= t;
        }
        System.arraycopy(spectrum, 0, work, 0, spectrum.length);
    }

    /** NPB's checksum: the sum of 1024 scattered points divided by the number of points. */
    private void checksum(double[] sums, int it) throws MPIException {
        double[] chk = new double[2];
        for (int j = 1; j <= 1024; j++) {
            int x = j % nx;
            int y = 3 * j % ny;
            int z = 5 * j % nz;
            if (z / nzl == rank) {
                int i = 2 * (((z - rank * nzl) * ny + y) * nx + x);
                chk[0] += spatial[i];
                chk[1] += spatial[i + 1];
            }
        }
        MPI.COMM_WORLD.Allreduce(chk, 0, chk, 0, 2, MPI.DOUBLE, MPI.SUM);
        double ntotal = (double) nx * ny * nz;
        sums[2 * it] = chk[0] / ntotal;
        sums[2 * it + 1] = chk[1] / ntotal;
    }

    /** Transforms every x-line and y-line of the z-slab layout [nzl][ny][nx]. */
    private void fftXY(double[] a, int sign) {
        for (int zl = 0; zl < nzl; zl++) {
            for (int y = 0; y < ny; y++) {
                fftX.transform(a, 2 * (zl * ny + y) * nx, sign);
            }
            for (int x = 0; x < nx; x++) {
                int base = 2 * (zl * ny * nx + x);
                gather(a, base, 2 * nx, ny);
                fftY.transform(line, 0, sign);
                scatter(a, base, 2 * nx, ny);
            }
        }
    }

    /** Transforms every z-line of the y-row layout [nyl][nz][nx]. */
    private void fftZ(double[] a, int sign) {
        for (int yl = 0; yl < nyl; yl++) {
            for (int x = 0; x < nx; x++) {
                int base = 2 * (yl * nz * nx + x);
                gather(a, base, 2 * nx, nz);
                fftZ.transform(line, 0, sign);
                scatter(a, base, 2 * nx, nz);
            }
        }
    }

    private void gather(double[] a, int base, int stride, int n) {
        for (int i = 0, k = base; i < n; i++, k += stride) {
            line[2 * i] = a[k];
            line[2 * i + 1] = a[k + 1];
        }
    }

    private void scatter(double[] a, int base, int stride, int n) {
        for (int i = 0, k = base; i < n; i++, k += stride) {
            a[k] = line[2 * i];
            a[k + 1] = line[2 * i + 1];
        }
    }

    /** [nzl][ny][nx] z-slabs to [nyl][nz][nx] y-rows: rank s gets my planes' rows of its y range. */
    private void transposeToRows(double[] slabs, double[] rows) throws MPIException {
        int rowLen = 2 * nx;
        int block = nzl * nyl * rowLen;
        for (int s = 0; s < size; s++) {
            for (int zl = 0; zl < nzl; zl++) {
                for (int yl = 0; yl < nyl; yl++) {
                    System.arraycopy(slabs, ((zl * ny) + s * nyl + yl) * rowLen, sendBuf, s * block + (zl * nyl + yl) * rowLen, rowLen);
                }
            }
        }
        MPI.COMM_WORLD.Alltoall(sendBuf, 0, block, MPI.DOUBLE, recvBuf, 0, block, MPI.DOUBLE);
        for (int r = 0; r < size; r++) {
            for (int zl = 0; zl < nzl; zl++) {
                for (int yl = 0; yl < nyl; yl++) {
                    System.arraycopy(recvBuf, r * block + (zl * nyl + yl) * rowLen, rows, (yl * nz + r * nzl + zl) * rowLen, rowLen);
                }
            }
        }
    }

    /** The inverse of {@link #transposeToRows}. */
    private void transposeToSlabs(double[] rows, double[] slabs) throws MPIException {
        int rowLen = 2 * nx;
        int block = nzl * nyl * rowLen;
        for (int s = 0; s < size; s++) {
            for (int zl = 0; zl < nzl; zl++) {
                for (int yl = 0; yl < nyl; yl++) {
                    System.arraycopy(rows, (yl * nz + s * nzl + zl) * rowLen, sendBuf, s * block + (zl * nyl + yl) * rowLen, rowLen);
                }
            }
        }
        MPI.COMM_WORLD.Alltoall(sendBuf, 0, block, MPI.DOUBLE, recvBuf, 0, block, MPI.DOUBLE);
        for (int r = 0; r < size; r++) {
            for (int zl = 0; zl < nzl; zl++) {
                for (int yl = 0; yl < nyl; yl++) {
                    System.arraycopy(recvBuf, r * block + (zl * nyl + yl) * rowLen, slabs, ((zl * ny) + r * nyl + yl) * rowLen, rowLen);
                }
            }
        }
    }

    /** An unnormalised radix-2 complex FFT of one length, on interleaved (re, im) data. */
    static final class Fft {
        private final int n;
        private final int log2;
        private final double[] cos;
        private final double[] sin;
        private final int[] reversed;

        Fft(int n) {
            if (Integer.bitCount(n) != 1) {
                throw new IllegalArgumentException("FFT length must be a power of two, got " + n);
            }
            this.n = n;
            log2 = Integer.numberOfTrailingZeros(n);
            cos = new double[n / 2];
            sin = new double[n / 2];
            for (int k = 0; k < n / 2; k++) {
                cos[k] = Math.cos(2 * Math.PI * k / n);
                sin[k] = Math.sin(2 * Math.PI * k / n);
            }
            reversed = new int[n];
            for (int i = 0; i < n; i++) {
                reversed[i] = log2 == 0 ? 0 : Integer.reverse(i) >>> (32 - log2);
            }
        }

        /** In place: a[off + 2k] + i a[off + 2k + 1] = sum_j x_j exp(sign 2 pi i jk / n). */
        void transform(double[] a, int off, int sign) {
            for (int i = 0; i < n; i++) {
                int j = reversed[i];
                if (j > i) {
                    int p = off + 2 * i;
                    int q = off + 2 * j;
                    double t = a[p];
                    a[p] = a[q];
                    a[q] = t;
                    t = a[p + 1];
                    a[p + 1] = a[q + 1];
                    a[q + 1] = t;
                }
            }
            for (int half = 1, step = n / 2; half < n; half *= 2, step /= 2) {
                for (int start = 0; start < n; start += 2 * half) {
                    for (int k = 0; k < half; k++) {
                        double wr = cos[k * step];
                        double wi = sign * sin[k * step];
                        int p = off + 2 * (start + k);
                        int q = p + 2 * half;
                        double xr = a[q] * wr - a[q + 1] * wi;
                        double xi = a[q] * wi + a[q + 1] * wr;
                        a[q] = a[p] - xr;
                        a[q + 1] = a[p + 1] - xi;
                        a[p] += xr;
                        a[p + 1] += xi;
                    }
                }
            }
        }
    }
}
