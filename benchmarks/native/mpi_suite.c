/* The MPJ benchmark suite (org.mpj.bench.Suite) written in C against MPI, so that Open MPI's figures
 * come out in the same table and CSV as MPJ's, test for test and size for size.
 *
 *   mpirun -np N mpi_suite [--tests LIST] [--types byte|double|byte,double] [--sizes SPEC] [--reps N] [--warmup N]
 *                          [--stat mean|median] [--csv FILE] [--label NAME]
 *
 * Same meaning as the Java suite: tests pingpong (BYTE; DOUBLE with --types double), ring, pairs and the
 * collectives by the selector's keys; sizes pow2 | models | a comma list of N[K|M] and LO-HI[:4] ranges;
 * repetitions by size unless --reps; warm-up calls, a barrier before every timed collective call,
 * min / avg / max across ranks of each rank's average (ping-pong: across 5 batches of half round trips). */
#include <mpi.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIZES 64
#define BATCHES 5
#define SPREAD_LIMIT 0.05

static int sizes[MAX_SIZES], nsizes;
static int opt_reps = 0, opt_warmup = -1, opt_median = 0;
static const char *opt_csv = NULL, *opt_label = "openmpi", *opt_types = "byte";
static char opt_tests[1024] = "pingpong";
static FILE *csv;

static const char *COLLECTIVES[] = {"barrier", "bcast", "gather", "gatherv", "scatter", "scatterv", "allgather",
    "allgatherv", "alltoall", "alltoallv", "reduce", "allreduce", "reduce_scatter", "scan", NULL};

static void die(int rank, const char *fmt, const char *arg) {
    if (rank == 0) { fprintf(stderr, "mpi_suite: "); fprintf(stderr, fmt, arg); fprintf(stderr, "\n"); }
    MPI_Finalize();
    exit(2);
}

static int reps_for(int bytes) {
    if (opt_reps > 0) return opt_reps;
    return bytes <= 8192 ? 1000 : bytes <= (256 << 10) ? 200 : bytes <= (4 << 20) ? 30 : 10;
}

static int warmup_for(int reps) { return opt_warmup >= 0 ? opt_warmup : reps / 10 + 1; }

static void add_size(int s) {
    for (int i = 0; i < nsizes; i++) if (sizes[i] == s) return;
    if (nsizes < MAX_SIZES) sizes[nsizes++] = s;
}

static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static long parse_one(const char *t, int rank) {
    char *end; long v = strtol(t, &end, 10);
    if (end == t || v < 0) die(rank, "--sizes: '%s' is not a size (digits with an optional K, M or G suffix)", t);
    if (*end == 'K' || *end == 'k') { v <<= 10; end++; }
    else if (*end == 'M' || *end == 'm') { v <<= 20; end++; }
    else if (*end == 'G' || *end == 'g') { v <<= 30; end++; }
    if (*end != 0 && *end != '-' && *end != ':') die(rank, "--sizes: '%s' is not a size (digits with an optional K, M or G suffix)", t);
    if (v > (1L << 30)) die(rank, "--sizes: %s is over the limit of 1G", t);
    return v;
}

static void range(long lo, long hi, int f) {
    long s = lo;
    if (s == 0) { add_size(0); s = 1; }
    for (; s <= hi; s *= f) add_size((int)s);
}

static void parse_sizes(const char *spec, int rank) {
    nsizes = 0;
    if (!strcmp(spec, "pow2")) { range(0, 1 << 20, 2); }
    else if (!strcmp(spec, "models")) { range(0, 4 << 20, 4); }
    else {
        char buf[1024]; snprintf(buf, sizeof buf, "%s", spec);
        for (char *item = strtok(buf, ","); item; item = strtok(NULL, ",")) {
            char *dash = strchr(item + 1, '-');
            if (!dash) { add_size((int)parse_one(item, rank)); continue; }
            *dash = 0;
            char *colon = strchr(dash + 1, ':');
            int f = 2;
            if (colon) { *colon = 0; f = atoi(colon + 1); if (f != 2 && f != 4) die(rank, "--sizes: step ':%s' must be :2 or :4", colon + 1); }
            range(parse_one(item, rank), parse_one(dash + 1, rank), f);
        }
    }
    qsort(sizes, nsizes, sizeof(int), cmp_int);
}

static int known_test(const char *t) {
    if (!strcmp(t, "pingpong") || !strcmp(t, "ring") || !strcmp(t, "pairs")) return 1;
    for (int i = 0; COLLECTIVES[i]; i++) if (!strcmp(t, COLLECTIVES[i])) return 1;
    return 0;
}

static int reduces(const char *t) {
    return !strcmp(t, "reduce") || !strcmp(t, "allreduce") || !strcmp(t, "reduce_scatter") || !strcmp(t, "scan");
}

static void header(const char *test, const char *type, int p) {
    printf("\n# Open MPI %s, %s, %d ranks, algorithm %s, device %s\n", test, type, p, opt_label,
           strcmp(test, "pingpong") ? "all ranks" : "ranks 0 and 1");
    printf("# %10s %8s %12s %12s %12s %12s %7s\n", "bytes", "reps", "t_min[us]", "t_avg[us]", "t_max[us]",
           strcmp(test, "pingpong") ? "agg MB/s" : "MB/s", "spread");
}

static void row(const char *test, const char *type, const char *alg, int p, int bytes, int reps, double mn, double avg, double mx, double mbs) {
    double spread = avg == 0 ? 0 : (mx - mn) / avg;
    printf("  %10d %8d %12.2f %12.2f %12.2f %12.1f %6.1f%%%s\n", bytes, reps, mn, avg, mx, mbs, 100 * spread, spread > SPREAD_LIMIT ? " *" : "");
    if (csv) {
        fprintf(csv, "%s,%s,%s,%d,%d,%d,%.3f,%.3f,%.3f,%.2f,%.4f,%s\n", test, type, alg, p, bytes, reps, mn, avg, mx, mbs, spread,
                spread > SPREAD_LIMIT ? "true" : "false");
        fflush(csv);
    }
}

static double half_round_trip_us(int rank, void *a, void *b, int count, MPI_Datatype t, int reps) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < reps; i++) {
        if (rank == 0) { MPI_Send(a, count, t, 1, 1, MPI_COMM_WORLD); MPI_Recv(b, count, t, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
        else if (rank == 1) { MPI_Recv(b, count, t, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE); MPI_Send(a, count, t, 0, 1, MPI_COMM_WORLD); }
    }
    return (MPI_Wtime() - t0) * 1e6 / reps / 2;
}

static void ping_pong(int rank, int p, int bytes, int dbl) {
    MPI_Datatype t = dbl ? MPI_DOUBLE : MPI_BYTE;
    int count = dbl ? bytes / 8 : bytes;
    char *a = calloc(bytes + 8, 1), *b = calloc(bytes + 8, 1);
    int reps = reps_for(bytes); if (reps < BATCHES) reps = BATCHES;
    int batch = reps / BATCHES;
    half_round_trip_us(rank, a, b, count, t, warmup_for(reps));
    double mn = 1e300, mx = 0, sum = 0;
    for (int k = 0; k < BATCHES; k++) {
        double us = half_round_trip_us(rank, a, b, count, t, batch);
        if (us < mn) mn = us;
        if (us > mx) mx = us;
        sum += us;
    }
    if (rank == 0) row("pingpong", dbl ? "DOUBLE" : "BYTE", opt_label, p, bytes, batch * BATCHES, mn, sum / BATCHES, mx, bytes / (sum / BATCHES));
    free(a); free(b);
}

/* One call of a collective or pattern at `bytes` (the selector's size metric; see CollectiveOps.java). */
static void call(const char *test, int bytes, int rank, int p, char *one, char *all, char *in, double *x, double *y,
                 int *counts, int *displs, int *rc) {
    int n = reduces(test) ? bytes / 8 : bytes;
    MPI_Comm w = MPI_COMM_WORLD;
    if (!strcmp(test, "barrier")) MPI_Barrier(w);
    else if (!strcmp(test, "bcast")) MPI_Bcast(one, n, MPI_BYTE, 0, w);
    else if (!strcmp(test, "gather")) MPI_Gather(one, n, MPI_BYTE, all, n, MPI_BYTE, 0, w);
    else if (!strcmp(test, "gatherv")) MPI_Gatherv(one, n, MPI_BYTE, all, counts, displs, MPI_BYTE, 0, w);
    else if (!strcmp(test, "scatter")) MPI_Scatter(all, n, MPI_BYTE, one, n, MPI_BYTE, 0, w);
    else if (!strcmp(test, "scatterv")) MPI_Scatterv(all, counts, displs, MPI_BYTE, one, n, MPI_BYTE, 0, w);
    else if (!strcmp(test, "allgather")) MPI_Allgather(one, n, MPI_BYTE, all, n, MPI_BYTE, w);
    else if (!strcmp(test, "allgatherv")) MPI_Allgatherv(one, n, MPI_BYTE, all, counts, displs, MPI_BYTE, w);
    else if (!strcmp(test, "alltoall")) MPI_Alltoall(all, n, MPI_BYTE, in, n, MPI_BYTE, w);
    else if (!strcmp(test, "alltoallv")) MPI_Alltoallv(all, counts, displs, MPI_BYTE, in, counts, displs, MPI_BYTE, w);
    else if (!strcmp(test, "reduce")) MPI_Reduce(x, y, n, MPI_DOUBLE, MPI_SUM, 0, w);
    else if (!strcmp(test, "allreduce")) MPI_Allreduce(x, y, n, MPI_DOUBLE, MPI_SUM, w);
    else if (!strcmp(test, "scan")) MPI_Scan(x, y, n, MPI_DOUBLE, MPI_SUM, w);
    else if (!strcmp(test, "reduce_scatter")) MPI_Reduce_scatter(x, y, rc, MPI_DOUBLE, MPI_SUM, w);
    else if (!strcmp(test, "ring"))
        MPI_Sendrecv(one, bytes, MPI_BYTE, (rank + 1) % p, 7, in, bytes, MPI_BYTE, (rank - 1 + p) % p, 7, w, MPI_STATUS_IGNORE);
    else if (!strcmp(test, "pairs"))
        for (int k = 1; k < p; k++)
            MPI_Sendrecv(one, bytes, MPI_BYTE, (rank + k) % p, 8, in, bytes, MPI_BYTE, (rank - k + p) % p, 8, w, MPI_STATUS_IGNORE);
}

static void collective(const char *test, int rank, int p, int bytes) {
    int n = reduces(test) ? bytes / 8 : bytes;
    char *one = calloc(n + 1, 1), *all = calloc((size_t)n * p + 1, 1), *in = calloc((size_t)n * p + 1, 1);
    double *x = calloc(n + 1, 8), *y = calloc(n + 1, 8);
    int *counts = malloc(p * sizeof(int)), *displs = malloc(p * sizeof(int)), *rc = malloc(p * sizeof(int));
    for (int i = 0; i < p; i++) { counts[i] = n; displs[i] = i * n; rc[i] = n / p + (i < n % p ? 1 : 0); }
    int reps = reps_for(bytes);
    double sum_t = 0, *each = malloc(reps * sizeof(double));
    for (int i = -warmup_for(reps); i < reps; i++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t = MPI_Wtime();
        call(test, bytes, rank, p, one, all, in, x, y, counts, displs, rc);
        if (i >= 0) { each[i] = MPI_Wtime() - t; sum_t += each[i]; }
    }
    if (opt_median) qsort(each, reps, sizeof(double), cmp_double);
    double mine = (opt_median ? each[reps / 2] : sum_t / reps) * 1e6, mn, mx, sum;
    free(each);
    MPI_Reduce(&mine, &mn, 1, MPI_DOUBLE, MPI_MIN, 0, MPI_COMM_WORLD);
    MPI_Reduce(&mine, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Reduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    double avg = sum / p;
    int p2p = !strcmp(test, "ring") || !strcmp(test, "pairs");
    if (rank == 0) row(test, reduces(test) ? "DOUBLE" : "BYTE", p2p ? "p2p" : opt_label, p, bytes, reps, mn, avg, mx, avg == 0 ? 0 : (double)bytes * p / avg);
    free(one); free(all); free(in); free(x); free(y); free(counts); free(displs); free(rc);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, p;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    parse_sizes("pow2", rank);
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        if (i + 1 >= argc) die(rank, "%s needs a value", o);
        const char *v = argv[++i];
        if (!strcmp(o, "--tests")) snprintf(opt_tests, sizeof opt_tests, "%s", v);
        else if (!strcmp(o, "--sizes")) parse_sizes(v, rank);
        else if (!strcmp(o, "--types")) opt_types = v;
        else if (!strcmp(o, "--reps")) { opt_reps = atoi(v); if (opt_reps < 1) die(rank, "--reps: '%s' is not a whole number >= 1", v); }
        else if (!strcmp(o, "--warmup")) opt_warmup = atoi(v);
        else if (!strcmp(o, "--csv")) opt_csv = v;
        else if (!strcmp(o, "--label")) opt_label = v;
        else if (!strcmp(o, "--stat")) {
            if (strcmp(v, "mean") && strcmp(v, "median")) die(rank, "--stat: '%s' is not mean or median", v);
            opt_median = !strcmp(v, "median");
        }
        else die(rank, "unknown option '%s'", o);
    }
    if (strcmp(opt_types, "byte") && strcmp(opt_types, "double") && strcmp(opt_types, "byte,double"))
        die(rank, "--types: '%s' is not byte, double or byte,double (the C suite sends those two)", opt_types);
    char tests[1024]; snprintf(tests, sizeof tests, "%s", opt_tests);
    if (!strcmp(tests, "all")) {
        strcpy(tests, "pingpong,ring,pairs");
        for (int i = 0; COLLECTIVES[i]; i++) { strcat(tests, ","); strcat(tests, COLLECTIVES[i]); }
    } else if (!strcmp(tests, "collectives")) {
        tests[0] = 0;
        for (int i = 0; COLLECTIVES[i]; i++) { if (i) strcat(tests, ","); strcat(tests, COLLECTIVES[i]); }
    }
    if (rank == 0 && opt_csv) {
        csv = fopen(opt_csv, "w");
        if (!csv) die(rank, "--csv %s: cannot write the file", opt_csv);
        fprintf(csv, "test,type,algorithm,ranks,bytes,reps,t_min_us,t_avg_us,t_max_us,mb_per_s,spread,flagged\n");
    }
    char copy[1024]; snprintf(copy, sizeof copy, "%s", tests);
    for (char *t = strtok(copy, ","); t; t = strtok(NULL, ",")) if (!known_test(t)) die(rank, "--tests: unknown test '%s'", t);
    snprintf(copy, sizeof copy, "%s", tests);
    char *save;
    for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (rank == 0) { fprintf(stderr, "[mpi_suite] %s, %d ranks, %d sizes\n", t, p, nsizes); }
        if (!strcmp(t, "pingpong")) {
            if (p < 2) die(rank, "pingpong needs at least 2 ranks%s", "");
            for (int dbl = 0; dbl < 2; dbl++) {
                if ((dbl && !strstr(opt_types, "double")) || (!dbl && !strstr(opt_types, "byte"))) continue;
                if (rank == 0) header(t, dbl ? "DOUBLE" : "BYTE", p);
                for (int s = 0; s < nsizes; s++) if (!dbl || sizes[s] % 8 == 0) ping_pong(rank, p, sizes[s], dbl);
            }
            continue;
        }
        if (rank == 0) header(t, reduces(t) ? "DOUBLE" : "BYTE", p);
        for (int s = 0; s < nsizes; s++) {
            int b = sizes[s];
            if (!strcmp(t, "barrier") ? b != 0 : reduces(t) && b % 8 != 0) continue;
            collective(t, rank, p, b);
        }
    }
    if (rank == 0) printf("\n# * spread (max - min) / avg over 5%%: a noisy point\n");
    if (csv) fclose(csv);
    MPI_Finalize();
    return 0;
}
