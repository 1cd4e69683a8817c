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
import io.netty.channel.socket.SocketChannel;
import java.net.InetSocketAddress;
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
        ServerBootstrap b = new ServerBootstrap().group(loop, loop).channelFactory(() -> listener)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        pipeline(ch, -1);
                    }
                });
        childOptions(b);
        b.register();
    }

    /** Connects to {@code peerRank}, retrying until it listens or {@code mpj.tcp.connectTimeoutMs} passes. */
    void connect(int peerRank, InetSocketAddress address) {
        connect(peerRank, address, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(settings.connectTimeoutMs));
    }

    private void connect(int peerRank, InetSocketAddress address, long deadlineNanos) {
        Bootstrap b = new Bootstrap().group(loop).channel(transport.socketChannel())
                .option(ChannelOption.TCP_NODELAY, settings.noDelay)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, settings.connectTimeoutMs)
                .option(ChannelOption.WRITE_BUFFER_WATER_MARK, waterMark())
                .option(ChannelOption.RCVBUF_ALLOCATOR, reads())
                .option(ChannelOption.ALLOCATOR, device.alloc)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        pipeline(ch, peerRank);
                    }
                });
        if (settings.sendBufferBytes > 0) {
            b.option(ChannelOption.SO_SNDBUF, settings.sendBufferBytes);
        }
        if (settings.receiveBufferBytes > 0) {
            b.option(ChannelOption.SO_RCVBUF, settings.receiveBufferBytes);
        }
        b.connect(address).addListener((ChannelFuture f) -> {
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

    private void childOptions(ServerBootstrap b) {
        b.childOption(ChannelOption.TCP_NODELAY, settings.noDelay)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, waterMark())
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

    /** Closes the listening socket and every connection. */
    void closeAll(Peer[] peers, ServerChannel listener) {
        for (Peer p : peers) {
            if (p != null) {
                Channel c = p.channel;
                if (c != null) {
                    c.close();
                }
                p.release();
            }
        }
        listener.close();
    }
}
