package org.mpj.device.tcp;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ManualIoEventLoop;
import io.netty.channel.ServerChannel;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.channel.unix.ServerDomainSocketChannel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Opens and closes one rank's connections: the pipeline of every connection (frame decoder, then
 * handshake, then, once the peer is proven, the dispatcher), the socket options from the settings,
 * the listening socket, and connecting to a peer with retries until it listens.
 */
final class Wiring {
    /** Pause between attempts to connect to a peer that does not listen yet. */
    private static final long CONNECT_RETRY_MS = 50;

    private final TcpDevice device;
    private final Transport transport;
    private final ManualIoEventLoop loop;
    private final TcpSettings settings;

    Wiring(TcpDevice device, Transport transport, ManualIoEventLoop loop) {
        this.device = device;
        this.transport = transport;
        this.loop = loop;
        this.settings = device.settings;
    }

    /**
     * Registers the already listening socket with the loop; accepting starts when the owner first
     * runs the loop. Until then the kernel holds incoming connections in the backlog.
     */
    void listen(ServerChannel listener) {
        boolean local = listener instanceof ServerDomainSocketChannel;
        ServerBootstrap b = new ServerBootstrap().group(loop, loop).channelFactory(() -> listener)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        pipeline(ch, -1);
                    }
                });
        childOptions(b, local);
        b.register();
    }

    /**
     * Connects to {@code peerRank}, retrying until it listens or {@code mpj.tcp.connectTimeoutMs} passes:
     * through its Unix domain socket where it is on this host and both have one, else by TCP.
     */
    void connect(int peerRank, InetSocketAddress address) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(settings.connectTimeoutMs);
        Path local = device.localListener == null || !address.getAddress().equals(device.table.address(device.rank).getAddress())
                ? null : Transport.localPath(address);
        if (local == null) {
            connect(peerRank, address, deadline);
            return;
        }
        // The peer bound its socket before the job's addresses went round; where it has none (it could
        // not make one), TCP at once.
        bootstrap(peerRank, transport.localChannel()).connect(new DomainSocketAddress(local.toString()))
                .addListener((ChannelFuture f) -> {
                    if (!f.isSuccess() && !loop.isShuttingDown()) {
                        connect(peerRank, address, deadline);
                    }
                });
    }

    private void connect(int peerRank, InetSocketAddress address, long deadlineNanos) {
        bootstrap(peerRank, transport.socketChannel()).option(ChannelOption.TCP_NODELAY, settings.noDelay)
                .connect(address).addListener((ChannelFuture f) -> {
                    if (f.isSuccess() || loop.isShuttingDown()) {
                        return;
                    }
                    if (System.nanoTime() - deadlineNanos < 0) {
                        loop.schedule(() -> connect(peerRank, address, deadlineNanos), CONNECT_RETRY_MS, TimeUnit.MILLISECONDS);
                    } else {
                        device.linkFailed(peerRank, "tcp: rank " + device.rank + " cannot connect to rank " + peerRank + " ("
                                + address + ") within " + settings.connectTimeoutMs + " ms (" + TcpSettings.CONNECT_TIMEOUT_MS
                                + "): " + f.cause());
                    }
                });
    }

    /** A connection's options and pipeline, for either kind of socket. */
    private Bootstrap bootstrap(int peerRank, Class<? extends Channel> channel) {
        Bootstrap b = new Bootstrap().group(loop).channel(channel)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, settings.connectTimeoutMs)
                .option(ChannelOption.WRITE_BUFFER_WATER_MARK, waterMark())
                .option(ChannelOption.RCVBUF_ALLOCATOR, reads())
                .option(ChannelOption.ALLOCATOR, device.alloc)
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        pipeline(ch, peerRank);
                    }
                });
        if (settings.sendBufferBytes > 0) {
            b.option(ChannelOption.SO_SNDBUF, settings.sendBufferBytes);
        }
        if (settings.receiveBufferBytes > 0) {
            b.option(ChannelOption.SO_RCVBUF, settings.receiveBufferBytes);
        }
        return b;
    }

    private void childOptions(ServerBootstrap b, boolean local) {
        if (!local) {
            b.childOption(ChannelOption.TCP_NODELAY, settings.noDelay);
        }
        b.childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, waterMark())
                .childOption(ChannelOption.RCVBUF_ALLOCATOR, reads())
                .childOption(ChannelOption.ALLOCATOR, device.alloc);
        if (settings.sendBufferBytes > 0) {
            b.childOption(ChannelOption.SO_SNDBUF, settings.sendBufferBytes);
        }
        if (settings.receiveBufferBytes > 0) {
            b.childOption(ChannelOption.SO_RCVBUF, settings.receiveBufferBytes);
        }
    }

    private AdaptiveRecvByteBufAllocator reads() {
        return new AdaptiveRecvByteBufAllocator(64, 2048, settings.maxReadBytes);
    }

    private WriteBufferWaterMark waterMark() {
        return new WriteBufferWaterMark(settings.writeHighWaterBytes / 2, settings.writeHighWaterBytes);
    }

    /** Decoder, then handshake; {@code wanted} is the rank connected to, or -1 for an accepted connection. */
    private void pipeline(Channel ch, int wanted) {
        FrameDecoder decoder = new FrameDecoder(settings.maxFrameBytes, settings.maxMessageBytes);
        ch.pipeline().addLast("frames", decoder);
        ch.pipeline().addLast("handshake", new HandshakeHandler(device, decoder, device.rank, wanted));
    }

    /** Closes the listening sockets (removing the Unix one's name) and every connection. */
    void closeAll(Peer[] peers, ServerChannel listener, ServerChannel localListener) {
        for (Peer p : peers) {
            if (p != null) {
                Channel c = p.channel;
                if (c != null) {
                    c.close();
                }
                p.release();
            }
        }
        close(listener, localListener);
    }

    /** Closes a rank's listening sockets; the Unix one's name goes with it. */
    static void close(ServerChannel listener, ServerChannel localListener) {
        Path path = localListener == null ? null : Transport.localPath((InetSocketAddress) listener.localAddress());
        listener.close();
        if (localListener != null) {
            localListener.close();
            if (path != null) {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException ignored) {
                    // the next job that takes this port removes it before binding
                }
            }
        }
    }
}
