package org.mpj.device.tcp;

import io.netty.channel.Channel;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollDomainSocketChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.epoll.LinuxSocket;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.util.ResourceLeakDetector;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.mpj.core.ErrorClass;
import org.mpj.core.MpjException;

/**
 * Native epoll where the platform has it (fewer copies and system calls per poll), NIO otherwise.
 * Listening sockets are bound here, on the thread that builds the job, before the rank threads that
 * will own the event loops exist: every rank must know every peer's port before any rank starts.
 * The bound socket is then handed to Netty as an already-listening server channel.
 */
final class Transport {
    /** Pending connections a listening socket holds before its rank accepts them. */
    static final int BACKLOG = 1024;

    /** Netty's own settings; where one is set, Netty does as it says. */
    static final String LEAK_DETECTION = "io.netty.leakDetection.level";
    static final String JFR = "io.netty.jfr.enabled";

    static {
        // Netty's buffer allocators register JFR events when they first allocate, and Java then
        // generates the events' handler classes: 250 ms of a tcp rank JVM's first message (the first
        // round trip took 310-365 ms, without them 65-83). Set before Netty reads it (PlatformDependent).
        if (System.getProperty(JFR) == null) {
            System.setProperty(JFR, "false");
        }
        // By default Netty tracks one buffer allocation in 128 for leaks and records the allocating
        // stack each time: 0.7% of all samples of a 4-rank 1 MiB Allreduce went to
        // Throwable.fillInStackTrace. The device releases every buffer it takes, so tracking is off
        // unless asked for. Both settings are JVM-wide: other Netty users of this JVM get them too.
        if (System.getProperty(LEAK_DETECTION) == null) {
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        }
    }

    final boolean epoll;

    private Transport(boolean epoll) {
        this.epoll = epoll;
    }

    /** The transport that setting {@code mpj.tcp.transport} asks for. */
    static Transport choose(String setting) {
        boolean available = Epoll.isAvailable();
        if (setting.equals("epoll") && !available) {
            throw new MpjException(ErrorClass.ERR_ARG, TcpSettings.TRANSPORT + "=epoll, but native epoll is not available here: "
                    + Epoll.unavailabilityCause() + " (use auto or nio)");
        }
        return new Transport(!setting.equals("nio") && available);
    }

    String name() {
        return epoll ? "epoll" : "nio";
    }

    IoHandlerFactory handlerFactory() {
        return epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    }

    Class<? extends SocketChannel> socketChannel() {
        return epoll ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    /** The channel class for connections to ranks on this host ({@link #listenLocal}). */
    Class<? extends Channel> localChannel() {
        return EpollDomainSocketChannel.class;
    }

    /**
     * The Unix domain socket of the rank that listens on TCP {@code address}: one name per host and
     * port, so a peer that knows the TCP address knows this one. In a directory of this user's, that
     * only they may enter; null where there is none to be had.
     */
    static Path localPath(InetSocketAddress address) {
        Path dir = localDirectory();
        return dir == null ? null : dir.resolve(address.getAddress().getHostAddress() + "-" + address.getPort() + ".sock");
    }

    /** The directory of this user's sockets (made if need be), mode 700; null where there is none to be had. */
    static Path localDirectory() {
        Path dir = Path.of(System.getProperty("java.io.tmpdir"), "mpj-" + System.getProperty("user.name"));
        try {
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            }
            if (!Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS).getName().equals(System.getProperty("user.name"))
                    || !Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS).equals(PosixFilePermissions.fromString("rwx------"))) {
                return null; // someone else's, or open to others: not a place for a job's sockets
            }
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
        return dir;
    }

    /**
     * A server channel listening from now on on the Unix domain socket of the rank that listens on
     * TCP {@code address} ({@link #localPath}); null where this transport has none (NIO) or it cannot
     * be made: its peers then reach it by TCP.
     */
    ServerChannel listenLocal(InetSocketAddress address) {
        Path path = epoll ? localPath(address) : null;
        if (path == null) {
            return null;
        }
        LinuxSocket s = null;
        try {
            Files.deleteIfExists(path); // left by a job that was killed; this rank holds the TCP port it is named for
            s = LinuxSocket.newSocketDomain();
            s.bind(new DomainSocketAddress(path.toString()));
            s.listen(BACKLOG);
            return new EpollServerDomainSocketChannel(s.intValue(), true); // listening already: active
        } catch (IOException | RuntimeException e) {
            if (s != null) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // nothing more to do: TCP it is
                }
            }
            return null;
        }
    }

    /** A server channel listening on {@code address} (port 0: any free port) from now on. */
    ServerChannel listen(InetSocketAddress address) {
        try {
            if (epoll) {
                LinuxSocket s = LinuxSocket.newSocketStream();
                try {
                    s.setReuseAddress(true);
                    s.bind(address);
                    s.listen(BACKLOG);
                } catch (IOException e) {
                    s.close();
                    throw e;
                }
                return new EpollServerSocketChannel(s.intValue());
            }
            ServerSocketChannel ch = ServerSocketChannel.open();
            try {
                ch.bind(address, BACKLOG);
            } catch (IOException e) {
                ch.close();
                throw e;
            }
            return new NioServerSocketChannel(ch);
        } catch (IOException e) {
            throw new MpjException(ErrorClass.ERR_OTHER, "tcp: cannot listen on " + address + " (" + name() + "): " + e, e);
        }
    }
}
