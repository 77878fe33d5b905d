package dev.singletable.engine.internal.transport;

import dev.singletable.engine.model.HttpLimits;
import dev.singletable.engine.internal.protocol.Dispatcher;
import java.io.IOException;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One client connection, served on its own thread with blocking reads and writes: requests are read, answered on
 * that thread and written back, one after another, while the client keeps the connection open. Each phase has a
 * time limit that the endpoint's watchdog enforces through {@link #expireIfLate(long)}, so a client that stalls
 * holds only its own connection, never another client's.
 */
final class Connection implements Runnable {
    /** What the connection is doing, and so which time limit applies. */
    private enum State {
        /** Waiting for the next request (idle timeout). */
        IDLE,
        /** Between a request's first byte and the end of its body (request timeout). */
        READING,
        /** The engine is answering: no limit, the engine's own work is not the client's fault. */
        ANSWERING,
        /** Writing an answer (response timeout). */
        WRITING,
        /** Refused a request and reading what the client still sends, before closing (request timeout). */
        DRAINING,
        /** Idle too long: closed, nothing to answer. */
        EXPIRED_IDLE,
        /** A request too slow to arrive: answered 408 by the connection's thread, then closed. */
        EXPIRED_READING,
        /** Closed by the watchdog or the endpoint's close. */
        EXPIRED
    }

    /** The state and when it began, replaced as a whole so the watchdog's compare-and-set sees one phase. */
    private record Phase(State state, long since) {
    }

    private final Socket socket;
    private final RequestHandler handler;
    private final HttpLimits limits;
    private final AtomicReference<Phase> phase = new AtomicReference<>(new Phase(State.IDLE, System.nanoTime()));

    Connection(Socket socket, RequestHandler handler, HttpLimits limits) {
        this.socket = socket;
        this.handler = handler;
        this.limits = limits;
    }

    @Override
    public void run() {
        try (socket) {
            RequestReader reader = new RequestReader(socket.getInputStream(), limits);
            ReplyWriter writer = new ReplyWriter(socket.getOutputStream());
            serve(reader, writer);
        } catch (IOException closed) {
            // the client went away, or the watchdog closed a connection that ran out of time
        }
    }

    private void serve(RequestReader reader, ReplyWriter writer) throws IOException {
        while (enter(State.IDLE) && reader.awaitRequest() && enter(State.READING)) {
            Reply reply;
            try {
                reply = read(reader, writer);
            } catch (HttpError refused) {
                sendAndClose(new Reply(refused.status(), new byte[0]), reader, writer);
                return;
            } catch (IOException e) {
                if (state() == State.EXPIRED_READING) {
                    sendAndClose(new Reply(408, new byte[0]), reader, writer);
                }
                return;
            } catch (RuntimeException bug) {
                // answered as DynamoDB answers its own failures, so that a client sees an error and not a reset
                sendAndClose(new Reply(500, new byte[0]), reader, writer);
                return;
            }
            if (reply.closes()) {
                sendAndClose(reply, reader, writer);
                return;
            }
            if (!enter(State.WRITING)) {
                return;
            }
            writer.write(reply);
        }
    }

    /** Reads one request and answers it; the reply closes the connection when the rest cannot be read. */
    private Reply read(RequestReader reader, ReplyWriter writer) throws IOException, HttpError {
        RequestReader.Head head = reader.readHead();
        long length = RequestReader.declaredLength(head.headers());
        if (!RequestHandler.isOperation(head)) {
            // health checks, preflights and 404s: a body, if any, is read and ignored
            if (length > Dispatcher.MAX_BODY_BYTES) {
                throw new HttpError(413, "a body over 16 MB");
            }
            if (length < 0) {
                reader.readChunked(Dispatcher.MAX_BODY_BYTES);
            } else {
                reader.readBody((int) length);
            }
            finishReading();
            return keepAliveOrNot(head, handler.outsideProtocol(head));
        }
        if (length > Dispatcher.MAX_BODY_BYTES) {
            return handler.tooLarge(head.headers()).closing(); // DynamoDB refuses such a body without reading it
        }
        if (head.headers().lists("Expect", "100-continue")) {
            writer.writeContinue();
        }
        byte[] body;
        try {
            body = length < 0 ? reader.readChunked(Dispatcher.MAX_BODY_BYTES) : reader.readBody((int) length);
        } catch (HttpError refused) {
            if (refused.status() == 413) {
                return handler.tooLarge(head.headers()).closing();
            }
            throw refused;
        }
        finishReading();
        return keepAliveOrNot(head, handler.operation(head, body));
    }

    /** The request is read: the engine's turn, unless the request timeout passed first. */
    private void finishReading() throws IOException {
        if (!enter(State.ANSWERING)) {
            throw new IOException("the request took longer than the request timeout");
        }
    }

    private static Reply keepAliveOrNot(RequestReader.Head head, Reply reply) {
        if (!head.keepAlive()) {
            return reply.closing();
        }
        return head.version().equals("HTTP/1.0") ? reply.header("Connection", "keep-alive") : reply;
    }

    /**
     * Sends a last reply and closes: reads what the client still sends until it closes too (or the request timeout
     * passes), since closing with unread bytes would reset the connection and the client could lose the reply.
     */
    private void sendAndClose(Reply reply, RequestReader reader, ReplyWriter writer) throws IOException {
        if (enter(State.WRITING)) {
            writer.write(reply.closing());
        }
        if (enter(State.DRAINING) && !socket.isInputShutdown()) {
            socket.shutdownOutput();
            reader.discardRest();
        }
    }

    private State state() {
        return phase.get().state();
    }

    /**
     * Moves to the next phase, unless the watchdog expired the connection first; a request that ran out of time
     * may still be answered (its 408), within the response timeout.
     */
    private boolean enter(State next) {
        Phase current = phase.get();
        State state = current.state();
        if (state == State.EXPIRED || state == State.EXPIRED_IDLE
                || state == State.EXPIRED_READING && next != State.WRITING) {
            return false;
        }
        return phase.compareAndSet(current, new Phase(next, System.nanoTime()));
    }

    /**
     * Called by the watchdog: ends a phase that ran out of time. A request that stalls gets its 408 from the
     * connection's own thread (woken by shutting the input); an idle connection or an unread answer is closed.
     */
    void expireIfLate(long now) {
        Phase current = phase.get();
        long allowed = switch (current.state()) {
            case IDLE -> limits.idleTimeout().toNanos();
            case READING, DRAINING -> limits.requestTimeout().toNanos();
            case WRITING -> limits.responseTimeout().toNanos();
            default -> Long.MAX_VALUE;
        };
        if (now - current.since() <= allowed) {
            return;
        }
        State expired = switch (current.state()) {
            case IDLE -> State.EXPIRED_IDLE;
            case READING -> State.EXPIRED_READING;
            default -> State.EXPIRED;
        };
        if (phase.compareAndSet(current, new Phase(expired, now))) {
            try {
                if (expired == State.EXPIRED_READING) {
                    socket.shutdownInput();
                } else {
                    socket.close();
                }
            } catch (IOException alreadyClosed) {
                // nothing left to end
            }
        }
    }

    /** Closes the connection whatever it is doing (the endpoint is stopping). */
    void close() {
        phase.set(new Phase(State.EXPIRED, System.nanoTime()));
        try {
            socket.close();
        } catch (IOException alreadyClosed) {
            // nothing left to end
        }
    }
}
