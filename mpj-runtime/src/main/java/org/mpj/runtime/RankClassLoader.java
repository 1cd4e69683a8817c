package org.mpj.runtime;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import org.mpj.core.RankBinding;
import org.mpj.core.RankContext;

/**
 * The class loader of one thread rank. It loads the {@code mpi} facade and the application's classes
 * itself (child first), so every rank has its own statics; the JDK, MPJ's engine
 * and any extra shared prefixes come from the parent, once for the JVM. {@code mpi.MPI.Init} finds
 * its rank through {@link #rankContext()}. In a job that shares classes ({@link #sharing}) it loads
 * nothing itself: every class comes from the job's loader, and the loader only carries the rank as
 * its thread's context class loader.
 */
final class RankClassLoader extends URLClassLoader implements RankBinding {
    /**
     * Prefixes always loaded by the parent: the platform and MPJ's engine. MPJ's own MPI programs
     * (examples, benchmarks) are applications and are loaded per rank like any other.
     */
    static final List<String> ALWAYS_SHARED = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.",
            "org.mpj.core.", "org.mpj.device.", "org.mpj.coll.", "org.mpj.runtime.");

    static {
        registerAsParallelCapable();
    }

    private final RankContext rank;
    private final List<String> shared;
    private final boolean sharesAll;

    RankClassLoader(int worldRank, URL[] classPath, ClassLoader parent, RankContext rank, List<String> extraShared) {
        this(worldRank, classPath, parent, rank, extraShared, false);
    }

    private RankClassLoader(int worldRank, URL[] classPath, ClassLoader parent, RankContext rank,
                            List<String> extraShared, boolean sharesAll) {
        super("mpj-rank-" + worldRank, classPath, parent);
        this.rank = rank;
        List<String> s = new ArrayList<>(ALWAYS_SHARED);
        s.addAll(extraShared);
        this.shared = List.copyOf(s);
        this.sharesAll = sharesAll;
    }

    /** The loader of a rank whose classes all come from {@code jobLoader}, loaded once for every rank. */
    static RankClassLoader sharing(int worldRank, ClassLoader jobLoader, RankContext rank) {
        return new RankClassLoader(worldRank, new URL[0], jobLoader, rank, List.of(), true);
    }

    @Override
    public RankContext rankContext() {
        return rank;
    }

    @Override
    public boolean sharesClasses() {
        return sharesAll;
    }

    private boolean isShared(String name) {
        if (sharesAll) {
            return true;
        }
        for (String prefix : shared) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                if (isShared(name)) {
                    c = getParent().loadClass(name);
                } else {
                    try {
                        c = findClass(name);
                    } catch (ClassNotFoundException notHere) {
                        c = getParent().loadClass(name);
                    }
                }
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    @Override
    public URL getResource(String name) {
        String asClass = name.replace('/', '.');
        if (!isShared(asClass)) {
            URL u = findResource(name);
            if (u != null) {
                return u;
            }
        }
        return getParent().getResource(name);
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        List<URL> all = new ArrayList<>(Collections.list(findResources(name)));
        for (URL u : Collections.list(getParent().getResources(name))) {
            if (!all.contains(u)) {
                all.add(u);
            }
        }
        return Collections.enumeration(all);
    }
}
