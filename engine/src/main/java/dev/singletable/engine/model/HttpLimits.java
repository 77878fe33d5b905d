package dev.singletable.engine.model;

import java.time.Duration;
import java.util.Objects;

/**
 * What the HTTP endpoint tolerates from a client before it answers with an error or closes the connection, so that
 * no client — a slow one, a stuck one or a hostile one — keeps the endpoint from serving the others. The defaults
 * are far above what any SDK, the AWS CLI or a test suite sends, and suit a server on a developer machine:
 *
 * <table>
 *   <caption>Limits and their defaults</caption>
 *   <tr><th>limit</th><th>default</th><th>beyond it</th></tr>
 *   <tr><td>{@link #maxConnections()}</td><td>512</td><td>a new connection is answered 503 and closed</td></tr>
 *   <tr><td>{@link #maxRequestLineBytes()}</td><td>8 KiB</td><td>414 URI Too Long</td></tr>
 *   <tr><td>{@link #maxHeaderBytes()}</td><td>16 KiB</td><td>431 Request Header Fields Too Large</td></tr>
 *   <tr><td>{@link #requestTimeout()}</td><td>20 s</td><td>408 Request Timeout, from the first byte of a request
 *       to the last byte of its body</td></tr>
 *   <tr><td>{@link #responseTimeout()}</td><td>20 s</td><td>the connection is closed when a client does not read
 *       its response in that time</td></tr>
 *   <tr><td>{@link #idleTimeout()}</td><td>120 s</td><td>an idle keep-alive connection is closed (longer than the
 *       SDK's connection pool keeps one, so a client never picks a connection the server is closing)</td></tr>
 * </table>
 *
 * <p>Request bodies are limited to 16 MB, as DynamoDB limits them (413 beyond). Immutable; every {@code with}
 * method returns a copy.
 *
 * <pre>{@code
 * DynamoDbEngine.builder().httpLimits(HttpLimits.defaults().withMaxConnections(64)).build();
 * }</pre>
 */
public final class HttpLimits {
    private static final HttpLimits DEFAULTS = new HttpLimits(512, 8 * 1024, 16 * 1024, Duration.ofSeconds(20),
            Duration.ofSeconds(20), Duration.ofSeconds(120));

    private final int maxConnections;
    private final int maxRequestLineBytes;
    private final int maxHeaderBytes;
    private final Duration requestTimeout;
    private final Duration responseTimeout;
    private final Duration idleTimeout;

    private HttpLimits(int maxConnections, int maxRequestLineBytes, int maxHeaderBytes, Duration requestTimeout,
                       Duration responseTimeout, Duration idleTimeout) {
        this.maxConnections = positive("maxConnections", maxConnections);
        this.maxRequestLineBytes = positive("maxRequestLineBytes", maxRequestLineBytes);
        this.maxHeaderBytes = positive("maxHeaderBytes", maxHeaderBytes);
        this.requestTimeout = positive("requestTimeout", requestTimeout);
        this.responseTimeout = positive("responseTimeout", responseTimeout);
        this.idleTimeout = positive("idleTimeout", idleTimeout);
    }

    /** The defaults in the table above. */
    public static HttpLimits defaults() {
        return DEFAULTS;
    }

    /** How many connections may be open at once. */
    public int maxConnections() {
        return maxConnections;
    }

    /** The longest request line (method, target and version) accepted, in bytes. */
    public int maxRequestLineBytes() {
        return maxRequestLineBytes;
    }

    /** The largest header section (every header line after the request line) accepted, in bytes. */
    public int maxHeaderBytes() {
        return maxHeaderBytes;
    }

    /** How long a client may take to send one request, from its first byte to the last byte of its body. */
    public Duration requestTimeout() {
        return requestTimeout;
    }

    /** How long a client may take to read one response. */
    public Duration responseTimeout() {
        return responseTimeout;
    }

    /** How long a keep-alive connection may wait for its next request. */
    public Duration idleTimeout() {
        return idleTimeout;
    }

    public HttpLimits withMaxConnections(int connections) {
        return new HttpLimits(connections, maxRequestLineBytes, maxHeaderBytes, requestTimeout, responseTimeout,
                idleTimeout);
    }

    public HttpLimits withMaxRequestLineBytes(int bytes) {
        return new HttpLimits(maxConnections, bytes, maxHeaderBytes, requestTimeout, responseTimeout, idleTimeout);
    }

    public HttpLimits withMaxHeaderBytes(int bytes) {
        return new HttpLimits(maxConnections, maxRequestLineBytes, bytes, requestTimeout, responseTimeout,
                idleTimeout);
    }

    public HttpLimits withRequestTimeout(Duration timeout) {
        return new HttpLimits(maxConnections, maxRequestLineBytes, maxHeaderBytes, timeout, responseTimeout,
                idleTimeout);
    }

    public HttpLimits withResponseTimeout(Duration timeout) {
        return new HttpLimits(maxConnections, maxRequestLineBytes, maxHeaderBytes, requestTimeout, timeout,
                idleTimeout);
    }

    public HttpLimits withIdleTimeout(Duration timeout) {
        return new HttpLimits(maxConnections, maxRequestLineBytes, maxHeaderBytes, requestTimeout, responseTimeout,
                timeout);
    }

    private static int positive(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, was " + value);
        }
        return value;
    }

    private static Duration positive(String name, Duration value) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be longer than zero, was " + value);
        }
        return value;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof HttpLimits that && maxConnections == that.maxConnections
                && maxRequestLineBytes == that.maxRequestLineBytes && maxHeaderBytes == that.maxHeaderBytes
                && requestTimeout.equals(that.requestTimeout) && responseTimeout.equals(that.responseTimeout)
                && idleTimeout.equals(that.idleTimeout);
    }

    @Override
    public int hashCode() {
        return Objects.hash(maxConnections, maxRequestLineBytes, maxHeaderBytes, requestTimeout, responseTimeout,
                idleTimeout);
    }

    @Override
    public String toString() {
        return "HttpLimits[maxConnections=" + maxConnections + ", maxRequestLineBytes=" + maxRequestLineBytes
                + ", maxHeaderBytes=" + maxHeaderBytes + ", requestTimeout=" + requestTimeout + ", responseTimeout="
                + responseTimeout + ", idleTimeout=" + idleTimeout + "]";
    }
}
